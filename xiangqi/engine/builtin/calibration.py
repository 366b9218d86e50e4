"""The built-in levels' approximate Elo, from the calibration table in ``engines/builtin.md`` (no Qt).

The "about" column of "Measured strength (match CLI)": each level's Elo difference against
Fairy-Stockfish at a fixed ``UCI_Elo`` (200 ms a move), added to that ``UCI_Elo``. Fairy-Stockfish's
scale, only a rough guide to human ratings. Measure again and update both places together
(``tests/ui/test_match_finishing.py`` checks they agree).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

APPROXIMATE_ELO: Mapping[int, str] = MappingProxyType({1: "< 1200", 2: "1400", 3: "1450", 4: "1800", 5: "1850"})


def approximate_elo(level: int) -> str:
    """The level's approximate Elo as the table gives it ("" for a level it does not list)."""
    return APPROXIMATE_ELO.get(level, "")
