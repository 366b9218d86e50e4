"""Benchmark: read a CCBridge library (.CBL) with our reader and with the ``cchess`` library's, same file.

    .venv/bin/python tests/bench/cbl_read.py [--repeat 5] [FILE.CBL]

Both read every record and check every move (cchess validates each move on its board; ours replays the
tree with legality checks). The default file is the shared 35-game library. Times are CPU seconds of this
process, the best of --repeat runs; the target is ours at least 5x faster. (cchess also reads the
library's deleted record, index flag 5, so it counts a few more moves on the shared file.)
"""

from __future__ import annotations

import argparse
import importlib.metadata
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.record import load_games  # noqa: E402

DEFAULT = REPO.parent / "shared" / "data" / "games" / "ccbridge" / "1989年龙化杯象棋名师邀请赛35局.CBL"
clock = time.process_time


def best_of(repeat: int, work: Callable[[], int]) -> tuple[float, int]:
    times, count = [], 0
    for _ in range(repeat):
        start = clock()
        count = work()
        times.append(clock() - start)
    return min(times), count


def ours(path: Path) -> int:
    return sum(sum(1 for _ in game.root.walk()) - 1 for game in load_games(path))


def theirs(path: Path) -> int:
    from cchess.read_cbr import read_from_cbl

    library = read_from_cbl(str(path))
    total = 0
    for game in library["games"]:
        stack = [game.first_move] if game.first_move else []
        while stack:
            move = stack.pop()
            siblings = move.get_siblings(include_me=True) if move is game.first_move else [move]
            for each in siblings:
                total += 1
                if each.next_move is not None:
                    stack.extend(each.next_move.get_siblings(include_me=True))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    size = args.file.stat().st_size
    print(f"file: {args.file.name} ({size:,} bytes); cchess {importlib.metadata.version('cchess')}")
    our_time, our_moves = best_of(args.repeat, lambda: ours(args.file))
    their_time, their_moves = best_of(args.repeat, lambda: theirs(args.file))
    print(f"ours:   {our_time * 1000:8.1f} ms CPU  {our_moves:6d} moves  {our_moves / our_time:10,.0f} moves/s")
    print(f"cchess: {their_time * 1000:8.1f} ms CPU  {their_moves:6d} moves  {their_moves / their_time:10,.0f} moves/s")
    print(f"ratio (cchess time / ours): {their_time / our_time:.1f}x  (target >= 5x)")


if __name__ == "__main__":
    main()
