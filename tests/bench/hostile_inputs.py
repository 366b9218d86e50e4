"""Issue 22 items 1-5: hostile inputs for the record readers at 1x, 4x and 16x their base size, and the time
and peak memory of ``python -m xiangqi pgn`` on each (with the growth ratio against the 1x run).

    .venv/bin/python tests/bench/hostile_inputs.py OUT_DIR [--tree PATH] [--timeout S] [--only NAME ...]
        [--scales 1 4 16]

``--tree`` runs the command of another checkout (e.g. ``git worktree add /tmp/readers_before 0686c5e``)
through PYTHONPATH; the files are written by this checkout's generators either way. A run that exceeds
``--timeout`` (60 s) is killed and shown as ``>60 s``. Peak memory is the child's own maximum resident
set and CPU time its user + system time (``os.wait4``: on a busy machine the CPU time is the fairer figure;
the growth ratio is of CPU times). Not collected by pytest: it measures wall-clock time.

The generators are plain functions (``GENERATORS[name](scale) -> bytes``, ``write_input``) so that the
app-side bench can open the same files.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.record.game import Game  # noqa: E402
from xiangqi.record.xqf_writer import xqf_header  # noqa: E402

SCALES = (1, 4, 16)
HTML_HEAD = "<!DOCTYPE html>\n<html><head><title>棋谱</title></head><body>\n"
HTML_TAIL = "\n</body></html>\n"
# Red's and black's horses out and back (b0c2 h9g7 c2b0 g7h9): legal for ever.
DHTMLXQ_CYCLE = "1927706227196270"
XQF_CYCLE = ((10, 22), (79, 67), (22, 10), (67, 79))   # the same four moves, XQF squares (file*10+rank)
GAME = ("[DhtmlXQ]\n[DhtmlXQ_title]第{i}局[/DhtmlXQ_title]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n"
        "[DhtmlXQ_black]胡荣华[/DhtmlXQ_black]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n"
        "[DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]\n"
        "[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]\n[/DhtmlXQ]\n<p>forum text between games</p>\n")


def letters(scale: int) -> bytes:
    """Item 1: a text file of 4,096 x scale letters and nothing else (16x: the issue's 65,536 letters)."""
    return b"a" * (4096 * scale)


def page_with_letters(scale: int) -> bytes:
    """Item 1: a web page (1.25 MB x scale; 16x: 20 MB) that is one run of letters before its game."""
    run = "x" * (1_250_000 * scale)
    return (HTML_HEAD + run + "\n" + GAME.format(i=1) + HTML_TAIL).encode()


def dhtmlxq_games(scale: int) -> bytes:
    """Item 2: a page of 500 x scale DhtmlXQ games (16x: 8,000 games, ~3 MB)."""
    return (HTML_HEAD + "".join(GAME.format(i=i) for i in range(500 * scale)) + HTML_TAIL).encode()


def unclosed_blocks(scale: int) -> bytes:
    """Item 2: 1,000 x scale ``[DhtmlXQ]`` blocks that are never closed, each with an unclosed move list
    (16x: 16,000 blocks, ~500 KB)."""
    return ("[DhtmlXQ][DhtmlXQ_movelist]77477062\n" * (1000 * scale)).encode()


def xqf_file(records: list[bytes]) -> bytes:
    """A plain (version 0x0A) XQF file of the start position with these move records after the root."""
    root = bytes((24, 32, 0xF0 if records else 0, 0)) + bytes(4)
    return xqf_header(Game()) + root + b"".join(records)


def _xqf_record(source: int, target: int, has_next: bool, has_variation: bool) -> bytes:
    flags = (0xF0 if has_next else 0) | (0x0F if has_variation else 0)
    return bytes((source + 24, target + 32, flags, 0)) + bytes(4)


def xqf_plies(scale: int) -> bytes:
    """Item 4: one XQF line of 125,000 x scale legal plies (16x: 2,000,000 plies, 16 MB)."""
    count = 125_000 * scale
    return xqf_file([_xqf_record(*XQF_CYCLE[i % 4], i + 1 < count, False) for i in range(count)])


def xqf_variations(scale: int) -> bytes:
    """Item 4: one first move with 62,500 x scale variations of itself (16x: 1,000,000 variations, 8 MB)."""
    count = 62_500 * scale
    return xqf_file([_xqf_record(*XQF_CYCLE[0], False, i + 1 < count) for i in range(count)])


def pgn_tag_value(scale: int) -> bytes:
    """Item 4: a PGN game whose Event tag is 640 KB x scale long (16x: 10 MB)."""
    return ('[Event "' + "x" * (655_360 * scale) + '"]\n[Red "red"]\n\n1. h2e2 h9g7 *\n').encode()


def dhtmlxq_movelist(scale: int) -> bytes:
    """Item 4: one DhtmlXQ game whose move list is 1.25 MB x scale of legal moves (16x: 20 MB)."""
    moves = DHTMLXQ_CYCLE * (1_250_000 * scale // len(DHTMLXQ_CYCLE))
    return f"[DhtmlXQ]\n[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n".encode()


def dhtmlxq_page_moves(scale: int) -> bytes:
    """Item 4: a page of 4 x scale DhtmlXQ games of 50,000 legal moves each (16x: 64 games, 3.2 million
    moves, 13 MB): every game within the game bound, every game read (issue 30 §4: no page bound but the
    file size)."""
    moves = DHTMLXQ_CYCLE * (50_000 // 4)
    game = ("[DhtmlXQ]\n[DhtmlXQ_title]第{i}局[/DhtmlXQ_title]\n"
            "[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n")
    games = "".join(game.format(i=i, moves=moves) for i in range(4 * scale))
    return (HTML_HEAD + games + HTML_TAIL).encode()


def late_game(scale: int) -> bytes:
    """Item 5: a DhtmlXQ game after 100 KB x scale of scripts and styles (16x: 1.6 MB)."""
    script = "<script>var forum = {theme: 'dark', posts: [1, 2, 3]};</script>\n<style>p {margin: 0}</style>\n"
    chrome = script * (100_000 * scale // len(script))
    return (HTML_HEAD + chrome + GAME.format(i=1) + HTML_TAIL).encode()


GENERATORS: dict[str, Callable[[int], bytes]] = {
    "1-letters": letters,
    "1-page-letters": page_with_letters,
    "2-games": dhtmlxq_games,
    "2-unclosed": unclosed_blocks,
    "4-xqf-plies": xqf_plies,
    "4-xqf-variations": xqf_variations,
    "4-pgn-tag": pgn_tag_value,
    "4-dhtmlxq-movelist": dhtmlxq_movelist,
    "4-dhtmlxq-page-moves": dhtmlxq_page_moves,
    "5-late-game": late_game,
}
SUFFIXES = {"4-xqf-plies": ".xqf", "4-xqf-variations": ".xqf", "4-pgn-tag": ".pgn"}   # else .html
# Item 3: files that are no regular file (made, not generated; one size).
SPECIAL = ("3-fifo", "3-dev-zero")


def write_input(folder: Path, name: str, scale: int) -> Path:
    """The file of input ``name`` at ``scale`` in ``folder`` (written once, reused)."""
    path = folder / f"{name}-{scale}x{SUFFIXES.get(name, '.html')}"
    if not path.exists():
        path.write_bytes(GENERATORS[name](scale))
    return path


def write_in_child(folder: Path, name: str, scale: int) -> Path:
    """``write_input`` in a child process: a child forked from a process that grew while generating
    would inherit its peak RSS (Linux keeps the high-water mark across fork and exec)."""
    suffix = SUFFIXES.get(name, ".html")
    if (folder / f"{name}-{scale}x{suffix}").exists():
        return folder / f"{name}-{scale}x{suffix}"
    code = "import sys; from hostile_inputs import write_input; from pathlib import Path; " \
           "write_input(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]))"
    subprocess.run([sys.executable, "-c", code, str(folder), name, str(scale)], check=True,
                   cwd=Path(__file__).parent)
    return folder / f"{name}-{scale}x{suffix}"


def special_input(folder: Path, name: str) -> Path:
    """Item 3: a FIFO nobody writes to, or /dev/zero."""
    if name == "3-dev-zero":
        return Path("/dev/zero")
    fifo = folder / "3-fifo.pgn"
    if not (fifo.exists() and stat.S_ISFIFO(fifo.stat().st_mode)):
        fifo.unlink(missing_ok=True)
        os.mkfifo(fifo)
    return fifo


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu_seconds: float   # user + system time of the child: what the run costs on a machine that is not busy
    peak_mb: float
    status: str   # exit code, or "killed" after the timeout
    first_error: str


def run_pgn(path: Path, tree: Path, timeout: float) -> Run:
    """``python -m xiangqi pgn PATH`` with PYTHONPATH=tree; its time, own peak RSS and first stderr line."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    started = time.perf_counter()
    with open(os.devnull, "wb") as sink, subprocess.Popen(
        [sys.executable, "-m", "xiangqi", "pgn", str(path)], stdout=sink, stderr=subprocess.PIPE, env=env,
        cwd=tree, start_new_session=True,
    ) as child:
        assert child.stderr is not None
        os.set_blocking(child.stderr.fileno(), False)
        error = b""
        while True:
            pid, wait_status, usage = os.wait4(child.pid, os.WNOHANG)
            error += child.stderr.read(4096) or b""
            if pid:
                break
            if time.perf_counter() - started > timeout:
                os.killpg(child.pid, signal.SIGKILL)
                pid, wait_status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.02)
        child.returncode = os.waitstatus_to_exitcode(wait_status)
    seconds = time.perf_counter() - started
    status = "killed" if seconds > timeout else str(child.returncode)
    line = error.decode("utf-8", "replace").strip().splitlines()[:1]
    cpu = usage.ru_utime + usage.ru_stime
    return Run(seconds, cpu, usage.ru_maxrss / 1024, status, line[0][:110] if line else "")


def show(name: str, size: int, run: Run, timeout: float, reference: float | None) -> None:
    shown = f">{timeout:.0f} s" if run.status == "killed" else f"{run.seconds:.2f} s"
    ratio = f"{run.cpu_seconds / reference:6.1f}x" if reference and run.status != "killed" else "     -"
    print(f"{name:22} {size / 1e6:9.3f} MB {shown:>9} {run.cpu_seconds:7.2f} s cpu {run.peak_mb:6.0f} MB {ratio} "
          f"exit {run.status:6} {run.first_error}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--tree", type=Path, default=REPO, help="the checkout whose `pgn` is run")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--scales", nargs="*", type=int, default=list(SCALES))
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))   # a runaway child stops at 8 GB
    print(f"pgn of {args.tree}; wall time, CPU time, peak RSS, CPU-time ratio to the 1x run; "
          f"load average {os.getloadavg()[0]:.1f}")
    for name in [*GENERATORS, *SPECIAL]:
        if args.only and name not in args.only:
            continue
        if name in SPECIAL:
            path = special_input(args.folder, name)
            show(name, 0, run_pgn(path, args.tree, args.timeout), args.timeout, None)
            continue
        reference = None
        for scale in args.scales:
            path = write_in_child(args.folder, name, scale)
            run = run_pgn(path, args.tree, args.timeout)
            show(f"{name} {scale}x", path.stat().st_size, run, args.timeout, reference)
            reference = reference or (run.cpu_seconds if run.status != "killed" else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
