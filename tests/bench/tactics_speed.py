"""CPU time of all the tactics detectors on one position and its line (issue 32: at most 5 ms).

Run: ``.venv/bin/python tests/bench/tactics_speed.py [PUZZLE_SET]``

Times ``xiangqi.tactics.motifs(position, line)`` (the 杀法 of the mated position, every line tactic, the
phase and endgame type) on every puzzle of the shipped set (``assets/puzzles/starter.puzzles`` unless
another set is named) and on the hand-made cases of ``tests/tactics``, each call repeated, in CPU seconds
of this process (``time.process_time``: a busy machine slows the wall clock, not this). Prints the mean,
the 95th percentile and the worst call, and how often each motif was found. Exit status 1 when the 95th
percentile is over ``TARGET_MS``.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from tactics.test_combinations import CASES  # noqa: E402
from tactics.test_mates import MATES  # noqa: E402

from xiangqi.core import Move, Position  # noqa: E402
from xiangqi.tactics import motifs  # noqa: E402
from xiangqi.training.puzzles import read_puzzle_set  # noqa: E402

TARGET_MS = 5.0
REPEATS = 5


def cases(puzzle_file: Path) -> list[tuple[str, Position, tuple[Move, ...]]]:
    found = [(puzzle.puzzle_id, puzzle.position(), puzzle.line)
             for puzzle in read_puzzle_set(puzzle_file).puzzles]
    found += [(name, Position(fen), tuple(Move.from_iccs(m) for m in line.split()))
              for name, (fen, line, _) in MATES.items()]
    found += [(rule.__name__, Position(fen), tuple(Move.from_iccs(m) for m in line.split()))
              for rule, fen, line, _ in CASES]
    return found


def main() -> int:
    puzzle_file = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "assets" / "puzzles" / "starter.puzzles"
    timings, counts = [], Counter[str]()
    for _name, position, line in cases(puzzle_file):
        start = time.process_time()
        for _ in range(REPEATS):
            found = motifs(position, line)
        timings.append((time.process_time() - start) / REPEATS * 1000)
        counts.update(motif.value for motif in found)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)]
    print(f"{len(timings)} positions with their lines, {REPEATS} calls each (CPU ms per call): "
          f"mean {sum(timings) / len(timings):.2f}, 95th percentile {p95:.2f}, worst {timings[-1]:.2f} "
          f"(target {TARGET_MS:g})")
    print("found:", ", ".join(f"{name} {count}" for name, count in counts.most_common()))
    return 0 if p95 <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
