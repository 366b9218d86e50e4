"""Nodes per second and depth reached in one second: the built-in engine beside ElephantEye, same run.

    .venv/bin/python tests/bench/search_speed.py [--seconds 1] [--repeat 3] [--builtin-dir DIR ...]

Each engine gets ``go time T movestogo 1`` (UCCI, milliseconds) from the start position and from a
middlegame, ``--repeat`` times; printed: the deepest completed depth, nodes, nodes/s (wall clock), the engine's
CPU seconds (from /proc: a loaded machine shows up as CPU < wall) and nodes per CPU second (the speed
the engine would have alone on a core).  ``--builtin-dir`` runs
the built-in engine from other checkouts too (e.g. a ``git archive`` of an older commit) so that old and
new are measured under the same load.  ElephantEye runs with ``usebook false``.  Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ELEEYE = Path("/tmp/eleeye/eleeye")
POSITIONS = {
    "start": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "middlegame": "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(command: list[str], cwd: Path, setup: list[str], fen: str, millis: int) -> tuple[int, int, float, float]:
    """(depth, nodes, wall seconds, CPU seconds) of one ``go``."""
    proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    for line in ["ucci", *setup, "isready"]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
    cpu0 = cpu_seconds(proc.pid)
    start = time.perf_counter()
    proc.stdin.write(f"position fen {fen}\ngo time {millis} movestogo 1\n")
    proc.stdin.flush()
    depth = nodes = 0
    for line in proc.stdout:
        words = line.split()
        if line.startswith("info") and "depth" in words and "pv" in words:
            depth = max(depth, int(words[words.index("depth") + 1]))
        if line.startswith("info") and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
        if line.startswith(("bestmove", "nobestmove")):
            break
    wall = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid) - cpu0
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=10)
    return depth, nodes, wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--builtin-dir", type=Path, action="append", help="another checkout's built-in engine")
    args = parser.parse_args()
    engines: list[tuple[str, list[str], Path, list[str]]] = []
    for folder in [REPO, *(args.builtin_dir or [])]:
        name = "built-in" if folder == REPO else f"built-in ({folder})"
        engines.append((name, [sys.executable, "-m", "xiangqi", "ucci"], folder, ["setoption usemillisec true"]))
    if ELEEYE.exists():
        setup = ["setoption usemillisec true", "setoption usebook false"]
        engines.append(("ElephantEye", [str(ELEEYE)], ELEEYE.parent, setup))
    millis = int(args.seconds * 1000)
    print(f"{'engine':40} {'position':11} {'depth':>5} {'nodes':>9} {'nodes/s':>9} {'wall s':>6} {'CPU s':>6} "
          f"{'nodes/CPU s':>11}")
    for _ in range(args.repeat):
        for label, fen in POSITIONS.items():
            for name, command, cwd, setup in engines:
                depth, nodes, wall, cpu = measure(command, cwd, setup, fen, millis)
                print(f"{name:40} {label:11} {depth:5d} {nodes:9d} {nodes / wall:9.0f} {wall:6.2f} {cpu:6.2f} "
                      f"{nodes / max(cpu, 0.01):11.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
