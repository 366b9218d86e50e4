"""Generate the hostile and huge PGN inputs of issue 16 (items 6, 7, 8) in a folder, and optionally time
``python -m xiangqi pgn`` on each with ``/usr/bin/time -v`` (wall time and peak memory).

    .venv/bin/python tests/bench/hostile_pgn.py OUT_DIR [--run] [--only NAME ...] [--games N]

Never commit the files it writes: they are up to 60 MB each (and ~300 MB for the million-game file).
Not collected by pytest: it measures wall-clock time.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEADER = '[Event "bench"]\n[Red "red"]\n[Black "black"]\n'
GAME = ('[Event "Bench {i}"]\n[Red "许银川"]\n[Black "胡荣华"]\n[Date "2024.01.01"]\n[Result "1-0"]\n'
        "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 1-0\n\n")


def nested_line(depth: int) -> tuple[str, list[Any]]:
    """"a (b c (d e (f …": ``depth`` variations each opened inside the previous one, one ply deeper each
    time (b is the alternative to a, c follows b, d is the alternative to c…), every move legal. The PGN
    text and the deepest line (b, d, f…, ``depth`` moves). Shared with the tests of issue 16 item 7."""
    sys.path.insert(0, str(REPO))
    from xiangqi.core import Position

    position, words, line = Position(), [], []
    for _ in range(depth):
        moves = sorted(position.legal_moves(), key=lambda m: m.iccs())
        quiet = [m for m in moves if position.board[m.to_sq] == 0] or moves
        words.append(f"{quiet[0].iccs()} ({quiet[-1].iccs()}")
        line.append(quiet[-1])
        position.push(quiet[-1])
    return HEADER + " ".join(words) + ")" * depth + " *\n", line


def nested_variations(depth: int) -> bytes:
    return nested_line(depth)[0].encode()


def semicolon_comments(lines: int) -> bytes:
    return (HEADER + "1. h2e2\n" + "; a comment line\n" * lines + "h9g7 *\n").encode()


def unmatched_closing(size: int) -> bytes:
    return (HEADER + "1. h2e2 " + ")" * size + " *\n").encode()


def huge_tag_value(size: int) -> bytes:
    return ('[Event "' + "x" * size + '"]\n1. h2e2 *\n').encode()


def huge_bad_move(size: int) -> bytes:
    return (HEADER + "1. " + "Z" * size + " *\n").encode()


def nuls(size: int) -> bytes:
    return b"\0" * size


def many_games(count: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("wb") as out:
            for start in range(0, count, 1000):
                out.write("".join(GAME.format(i=i) for i in range(start, min(count, start + 1000))).encode())
    return write


def cases(games: int) -> dict[str, Callable[[Path], None] | bytes]:
    return {
        "nested3000.pgn": nested_variations(3000),
        "nested6000.pgn": nested_variations(6000),
        "semicolons2M.pgn": semicolon_comments(2_000_000),
        "unmatched200k.pgn": unmatched_closing(200_000),
        "tag30M.pgn": huge_tag_value(30_000_000),
        "badmove5M.pgn": huge_bad_move(5_000_000),
        "nuls50M.pgn": nuls(50_000_000),
        f"games{games}.pgn": many_games(games),
    }


def write_case(folder: Path, name: str, make: Callable[[Path], None] | bytes) -> Path:
    path = folder / name
    if not path.exists():
        if isinstance(make, bytes):
            path.write_bytes(make)
        else:
            make(path)
    return path


def measure(path: Path, repo: Path = REPO, timeout: float = 600) -> str:
    """Wall time, peak memory and output size of ``python -m xiangqi pgn PATH`` (run in ``repo``)."""
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "xiangqi", "pgn", str(path)]
    try:
        run = subprocess.run(command, cwd=repo, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"{path.name}: did not finish in {timeout:.0f} s"
    report = run.stderr.decode("utf-8", "replace")
    wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", report)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    stderr_bytes = len(run.stderr) - len(report[report.rfind("\tCommand being timed"):].encode())
    return (f"{path.name}: exit {run.returncode}, wall {wall.group(1) if wall else '?'}, "
            f"peak {int(peak.group(1)) // 1024 if peak else '?'} MB, stdout {len(run.stdout)} bytes, "
            f"stderr ~{max(stderr_bytes, 0)} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--run", action="store_true", help="time `python -m xiangqi pgn` on each file")
    parser.add_argument("--only", nargs="*", default=None, help="file names to make (default: all)")
    parser.add_argument("--games", type=int, default=100_000, help="games in the many-games file")
    parser.add_argument("--repo", type=Path, default=REPO, help="checkout to run (e.g. an older one to compare)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a run counts as hung")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    for name, make in cases(args.games).items():
        if args.only and name not in args.only:
            continue
        path = write_case(args.folder, name, make)
        print(measure(path, args.repo, args.timeout) if args.run else path, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
