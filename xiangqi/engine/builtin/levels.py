"""Playing levels 1-5 of the built-in engine (``setoption level N``) and the ``randomness`` option.

A level caps the search depth and the nodes a move and adds randomness: the engine picks at random among
the root moves whose score is within ``margin`` of the best one (closer moves more likely).  Level 5 is full
strength.  Node caps, not time, make levels 1-4 play the same on a fast or a busy computer, so their
measured strength (calibration.py, engines/builtin.md) holds anywhere the time given is enough to reach
the cap (up to ~0.3 s a move).  Documented for users in engines/builtin.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    max_depth: int | None  # None = no cap (limited only by the go command)
    margin: int  # centipawns; 0 = always the best move found
    max_nodes: int | None  # a node cap keeps weak levels weak on fast machines


LEVELS: dict[int, Level] = {
    1: Level(1, "beginner", 1, 100, 1_000),
    2: Level(2, "casual", 2, 100, 4_000),
    3: Level(3, "club", 3, 40, 12_000),
    4: Level(4, "strong", None, 0, 10_000),  # level 5's search capped at 10,000 nodes (0.15 s on one core)
    5: Level(5, "full strength", None, 0, None),
}
DEFAULT_LEVEL = 5

RANDOMNESS: dict[str, int] = {"none": 0, "small": 10, "medium": 30, "large": 80}


def level(number: int) -> Level:
    """The level for ``number``, clamped to 1..5."""
    return LEVELS[min(max(number, 1), 5)]
