#!/usr/bin/env bash
# Start the built bundle (packaging/build_bundle.py) on a virtual X screen, as a machine without Python
# would: a bare environment (no venv, no PYTHONPATH, PATH=/usr/bin:/bin), from an empty folder, with a
# settings file of its own. Checks: --version, the main window 象棋 appears and is mapped, the built-in
# engine (the bundle running itself as `-u -m xiangqi ucci`) answers, and the app quits cleanly.
# usage: packaging/check_bundle.sh [BUNDLE_DIR] [--shot FILE.png]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundle=$here/dist/bundle/xiangqi; shot=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --shot) shot=$2; shift 2;;
    *) bundle=$1; shift;;
  esac
done
program=$bundle/xiangqi
[[ -x $program ]] || { echo "check_bundle: no program at $program (run packaging/build_bundle.py)" >&2; exit 1; }
work=$(mktemp -d); xpid=""; app=""
cleanup() { set +e; [[ -n $app ]] && kill "$app" 2>/dev/null; [[ -n $xpid ]] && kill "$xpid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
bare=(env -i HOME="$work" PATH=/usr/bin:/bin LANG=C.UTF-8 XIANGQI_CONFIG="$work/config.toml")

version=$(cd "$work" && "${bare[@]}" "$program" --version)
echo "version: $version"; [[ $version == "xiangqi "* ]]

answer=$(cd "$work" && printf 'ucci\nquit\n' | timeout 60 "${bare[@]}" "$program" -u -m xiangqi ucci | head -n 20)
grep -q '^ucciok' <<<"$answer" || { echo "check_bundle: the built-in engine did not answer ucciok" >&2; exit 1; }
echo "built-in engine: ucciok"

dfile=$work/display
Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp 3>"$dfile" >/dev/null 2>&1 &
xpid=$!
for _ in $(seq 1 50); do [[ -s $dfile ]] && break; sleep 0.1; done
display=:$(head -n 1 "$dfile")
(cd "$work" && exec "${bare[@]}" DISPLAY="$display" "$program") >"$work/app.log" 2>&1 &
app=$!
window=""
for _ in $(seq 1 120); do
  # the main window: class "xiangqi", title naming the game ("未命名对局 — 中国象棋", "… — Xiangqi")
  window=$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -E '"[^"]*(象棋|Xiangqi)[^"]*": \("xiangqi" "xiangqi"\)' \
           | head -n 1 || true)
  [[ -n $window ]] && break
  kill -0 "$app" 2>/dev/null || { cat "$work/app.log" >&2; echo "check_bundle: the program exited" >&2; exit 1; }
  sleep 0.5
done
[[ -n $window ]] || { cat "$work/app.log" >&2; echo "check_bundle: no window after 60 s" >&2; exit 1; }
echo "window: $window"
sleep 3
if [[ -n $shot ]]; then
  if command -v import >/dev/null; then DISPLAY=$display import -window root "$shot" && echo "screenshot: $shot"
  else echo "check_bundle: no 'import' (ImageMagick) for --shot" >&2; fi
fi
kill "$app"; wait "$app" 2>/dev/null || true; app=""
echo "check_bundle: ok"
