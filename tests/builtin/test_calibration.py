"""The levels' measured strength (calibration.py): every level has a figure from at least 40 games, the
dialog's text is rounded from it, and the figures agree with the level table in engines/builtin.md."""

from __future__ import annotations

import math
import re
from pathlib import Path

from xiangqi.engine.builtin.calibration import APPROXIMATE_ELO, MEASURED, MeasuredStrength, measured_strength
from xiangqi.engine.builtin.levels import LEVELS

BUILTIN_MD = Path(__file__).resolve().parents[2] / "engines" / "builtin.md"


def test_every_level_is_measured_with_an_interval() -> None:
    assert set(MEASURED) == set(LEVELS)
    for level, strength in MEASURED.items():
        assert strength.level == level
        assert strength.games >= 40 or "partial" in strength.rung
        assert strength.low <= strength.elo <= strength.high
        assert measured_strength(level) is strength
    assert measured_strength(9) is None


def test_the_dialog_text_is_the_rounded_figure() -> None:
    strength = MeasuredStrength(3, 1456.4, 1320.0, 1601.0, 40, 23.5, "Fairy-Stockfish UCI_Elo 1500")
    assert strength.about() == "1460"
    assert strength.interval() == "1320-1600"
    lost_all = MeasuredStrength(1, -math.inf, -math.inf, 1180.0, 40, 0, "level 2")
    assert lost_all.about() == "< 1180"
    assert lost_all.interval() == "?-1180"
    assert APPROXIMATE_ELO == {level: m.about() for level, m in MEASURED.items()}


def test_the_table_in_builtin_md_shows_the_same_figures() -> None:
    section = BUILTIN_MD.read_text(encoding="utf-8").split("## Measured strength (level ladder)", 1)[1]
    rows = re.findall(r"^\| (\d)\s+\|.*\|\s*([^|]+?)\s*\|$", section.split("\n## ", 1)[0], flags=re.MULTILINE)
    assert {int(level): about for level, about in rows} == dict(APPROXIMATE_ELO)
