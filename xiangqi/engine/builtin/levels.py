"""Playing levels 1-5 of the built-in engine (``setoption level N``) and the ``randomness`` option.

A level caps the search depth and adds randomness: the engine picks at random among the root moves
whose score is within ``margin`` of the best one (closer moves more likely).  Level 5 is full strength.
Documented for users in engines/builtin.md.
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
    1: Level(1, "beginner", 1, 250, 2_000),
    2: Level(2, "casual", 2, 120, 20_000),
    3: Level(3, "club", 3, 50, 100_000),
    4: Level(4, "strong", 5, 15, 600_000),
    5: Level(5, "full strength", None, 0, None),
}
DEFAULT_LEVEL = 5

RANDOMNESS: dict[str, int] = {"none": 0, "small": 10, "medium": 30, "large": 80}


def level(number: int) -> Level:
    """The level for ``number``, clamped to 1..5."""
    return LEVELS[min(max(number, 1), 5)]
