"""Benchmark: reading the opening drill's repertoire is linear and costs little over the record reader.

    .venv/bin/python tests/bench/opening_repertoire.py [--copies 1 2 4] [--repeat 3]

The corpus is the bundled repertoire (assets/openings/ccpd_openings.pgn: CCPD's 953 opening lines),
written 1, 2 and 4 times into one temporary PGN file (the same lines again: the tree merges them, the
reading does all the work again). For each size: "parse" reads every game through the record readers
alone (what any use of the file costs), "repertoire" is ``read_repertoire`` on the same file (parse, walk
each game tree on one Position, count). CPU seconds of this process (``time.process_time``), best of
--repeat interleaved runs (the machine is shared). Targets: repertoire/parse <= 2.0 at every size (the
walk and count cost less than the reading), and the time per game of the biggest size within 1.3 times
that of the smallest (linear).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from xiangqi.record.files import read_records
from xiangqi.training.opening_drill import bundled_repertoire, read_repertoire


def cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    text = bundled_repertoire().read_text(encoding="utf-8")
    games = sum(1 for _ in read_records(bundled_repertoire()))
    per_game: list[float] = []
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        for copies in options.copies:
            path = Path(folder) / f"lines_{copies}.pgn"
            path.write_text("\n".join([text] * copies), encoding="utf-8")
            parse, build = float("inf"), float("inf")
            for _ in range(options.repeat):
                parse = min(parse, cpu(lambda path=path: sum(1 for _ in read_records(path))))
                build = min(build, cpu(lambda path=path: read_repertoire([path], path.name)))
            tree = read_repertoire([path], path.name)
            ratio = build / parse
            per_game.append(build / (games * copies))
            print(f"{games * copies:6d} games  parse {parse:6.2f} s  repertoire {build:6.2f} s  "
                  f"repertoire/parse {ratio:4.2f}  {per_game[-1] * 1000:5.2f} ms/game  "
                  f"{tree.positions:,} positions")
            ok = ok and ratio <= 2.0
    growth = per_game[-1] / per_game[0]
    print(f"time per game, biggest / smallest: {growth:.2f} (linear: <= 1.3)")
    ok = ok and growth <= 1.3
    print("OK" if ok else "OVER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
