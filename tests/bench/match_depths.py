"""Depth and time per move of each engine in a ``python -m xiangqi match`` PGN (its ``{[%eval ..] dN T s}``).

    .venv/bin/python tests/bench/match_depths.py games.pgn

Prints, per engine (the Red/Black tag of each game): moves, mean and median depth, the depth range, mean
seconds a move, and the results.  Used to show what limits the built-in engine against ElephantEye at
1 s a move (engines/builtin.md).  Not collected by pytest.
"""

from __future__ import annotations

import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

COMMENT = re.compile(r"\{[^}]*?\bd(\d+) (\d+\.\d+)s")


def main() -> int:
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    depths: dict[str, list[int]] = defaultdict(list)
    seconds: dict[str, list[float]] = defaultdict(list)
    results: dict[str, list[str]] = defaultdict(list)
    for block in text.split("[Game ")[1:]:
        red = re.search(r'\[Red "([^"]*)"\]', block)
        black = re.search(r'\[Black "([^"]*)"\]', block)
        result = re.search(r'\[Result "([^"]*)"\]', block)
        if not (red and black and result):
            continue
        body = block.split("\n\n", 1)[1] if "\n\n" in block else ""
        movers = (red[1], black[1])
        # Comments alternate with the moves; the opening's comment says "opening" and has no depth.
        ply_comments = re.findall(r"\{[^}]*\}", body)
        engine_plies = [c for c in ply_comments if COMMENT.search(c)]
        first_is_red = _first_engine_move_is_red(body)
        for index, comment in enumerate(engine_plies):
            found = COMMENT.search(comment)
            assert found is not None
            name = movers[(index + (0 if first_is_red else 1)) % 2]
            depths[name].append(int(found[1]))
            seconds[name].append(float(found[2]))
        score = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}.get(result[1])
        if score:
            results[red[1]].append(f"{score[0]:g}")
            results[black[1]].append(f"{score[1]:g}")
    for name in depths:
        d = depths[name]
        points = sum(float(r) for r in results[name])
        print(f"{name}: {len(d)} moves, depth mean {statistics.mean(d):.1f} median {statistics.median(d):g} "
              f"range {min(d)}-{max(d)}, {statistics.mean(seconds[name]):.2f} s a move; "
              f"{points:g}/{len(results[name])} points")
    return 0


def _first_engine_move_is_red(body: str) -> bool:
    """Whether the first move after the opening comment is red's (an opening of whole moves) or black's."""
    head = body.split("{opening}", 1)
    if len(head) < 2:
        return True
    after = head[1].lstrip()
    return not re.match(r"\d+\.\s{3,}", after)


if __name__ == "__main__":
    sys.exit(main())
