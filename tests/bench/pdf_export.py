"""Benchmark: the printable sheet (``python -m xiangqi image FILE --pdf``) of long games, each in a child
process of its own: its CPU time, wall time, peak resident memory (``os.wait4``'s ru_maxrss), the pages
written and the bytes it printed on stderr (Qt warnings would show there).

    .venv/bin/python tests/bench/pdf_export.py [--cases 20000:10,2000:1,2000:shapes]

A case is PLIES:EVERY (a diagram every EVERY moves) or PLIES:shapes (a drawn arrow on every move, diagrams
only where shapes are). The game: the horses going out and back. Issue 30 before: 20,000 plies 197 s and
1.76 GB; 2,000 plies --every 1 195 s and 1.73 GB; a shape on every move printed 594 MB of Qt warnings.
A sheet prints at most ``MAX_SHEET_PLIES`` plies and ``MAX_SHEET_DIAGRAMS`` diagrams (and says so).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CYCLE = ("h0g2", "h9g7", "g2h0", "g7h9")


def game_pgn(plies: int, shapes: bool) -> str:
    moves = []
    for ply in range(plies):
        move = CYCLE[ply % 4]
        number = f"{ply // 2 + 1}. " if ply % 2 == 0 else ""
        moves.append(f"{number}{move}" + (f" {{[%cal G{move}]}}" if shapes else ""))
    return '[Event "bench"]\n[Red "A"]\n[Black "B"]\n\n' + " ".join(moves) + " *\n"


def pages(path: Path) -> int:
    data = path.read_bytes()
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


def run(plies: int, every: str, folder: Path) -> str:
    shapes = every == "shapes"
    record = folder / f"game{plies}.pgn"
    record.write_text(game_pgn(plies, shapes), encoding="utf-8")
    out = folder / "sheet.pdf"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    command = [sys.executable, "-m", "xiangqi", "image", str(record), "--pdf", "--every",
               "0" if shapes else every, "-o", str(out)]
    wall = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=REPO)
    assert process.stderr is not None
    stderr = process.stderr.read()
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - wall
    written = pages(out) if out.exists() else 0
    return (f"{plies:>6} plies, {'a shape on every move' if shapes else f'--every {every}':<21}: "
            f"{usage.ru_utime + usage.ru_stime:6.1f} s CPU, {wall:6.1f} s wall, peak RSS "
            f"{usage.ru_maxrss / 1024:5.0f} MiB, exit {os.waitstatus_to_exitcode(status)}, {written} pages, "
            f"stderr {len(stderr)} bytes: {stderr.decode(errors='replace').strip()[:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="20000:10,2000:1,2000:shapes")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        for case in args.cases.split(","):
            plies, every = case.split(":")
            print(run(int(plies), every, Path(folder)), flush=True)


if __name__ == "__main__":
    main()
