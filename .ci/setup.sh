#!/usr/bin/env bash
# Set up this checkout on a Debian machine: system packages (when run as root), a virtualenv in .venv,
# and the Python packages. Usage: bash .ci/setup.sh app|test
#   app  - what the program needs to run (Qt's X11 libraries, a CJK font, audio library, Fairy-Stockfish)
#   test - the above plus Xvfb and the test/benchmark packages
# Idempotent: a second run installs nothing new.
set -euo pipefail
what=${1:-app}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

sys_pkgs=(python3-venv fairy-stockfish fonts-noto-cjk fontconfig libpulse0 libegl1 libgl1 libfontconfig1 libdbus-1-3
          libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
          libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libglib2.0-0)
[[ $what == test ]] && sys_pkgs+=(xvfb xauth desktop-file-utils)   # desktop-file-validate checks the menu entry

if command -v apt-get >/dev/null 2>&1; then
  missing=()
  for p in "${sys_pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ $(id -u) -eq 0 ]]; then
      echo "setup: installing Debian packages: ${missing[*]}" >&2
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "setup: not root; please install: sudo apt-get install ${missing[*]}" >&2
    fi
  fi
fi

# ElephantEye 3.31 for the real-process engine tests (tests/conftest.py finds it in .engines/eleeye/;
# the tests skip with a reason when it is absent). Built from the shared source, once, in the background
# while pip installs (the compiler and pip each keep one core busy).
eleeye_build=
if [[ $what == test && ! -x .engines/eleeye/eleeye ]]; then
  if [[ -f ../shared/engines/eleeye/build.sh ]]; then
    echo "setup: building ElephantEye into .engines/eleeye" >&2
    bash ../shared/engines/eleeye/build.sh "$here/.engines/eleeye" >/dev/null &
    eleeye_build=$!
  else
    echo "setup: ../shared/engines/eleeye not found; ElephantEye tests will be skipped" >&2
  fi
fi

py=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
  "$py" -m venv .venv
fi
# pip runs only when the venv has not been set up for this pyproject.toml (its hash is kept in .venv):
# a second run skips pip's resolution and the editable build (an isolated build environment each time).
stamp=.venv/.xiangqi-setup-$what
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1) $(.venv/bin/python -V 2>&1)"
if [[ ! -f $stamp || $(cat "$stamp") != "$wanted" ]]; then
  target=.; [[ $what == test ]] && target=".[test]"
  # uv (a PyPI package, put into the venv by pip) downloads and unpacks the ~60 packages in parallel and
  # keeps a cache: on a fresh clone it takes a fifth of pip's time (33 s against 280 s at load 11 here).
  # No --compile-bytecode (19 CPU-s here): a library is compiled when first imported, its .pyc kept (also under
  # PYTHONDONTWRITEBYTECODE, which tests/conftest.py lifts for the programs the tests start).
  # pip stays the way when uv cannot be had or fails (a mirror configured for pip only, say).
  if ! { .venv/bin/python -m pip install -q uv >/dev/null 2>&1 &&
         .venv/bin/uv pip install -q --python .venv/bin/python -e "$target"; }; then
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e "$target"
  fi
  echo "$wanted" > "$stamp"
fi
if [[ -n $eleeye_build ]] && ! wait "$eleeye_build"; then
  echo "setup: ElephantEye did not build; its tests will be skipped" >&2
fi
echo "setup: ready ($what)" >&2
