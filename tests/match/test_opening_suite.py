"""The shipped opening suite ``ccpd-balanced`` (assets/openings/ccpd-balanced.epd): read by name, every
position legal and 6-10 plies into a CCPD line, within ±50 cp by its recorded score, no two the same
position, and credited."""

from __future__ import annotations

import re

from xiangqi.core import Position
from xiangqi.match.schedule import load_openings, shipped_suite, shipped_suites

MIN_POSITIONS = 100   # the suite made in this session has more; fewer means a broken file


def test_the_suite_is_shipped_and_balanced() -> None:
    assert "ccpd-balanced" in shipped_suites()
    path = shipped_suite("ccpd-balanced")
    assert path is not None and shipped_suite("no-such-suite") is None
    text = path.read_text(encoding="utf-8")
    assert "Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0" in text
    errors: list[str] = []
    openings = load_openings(path, errors)
    assert errors == [] and len(openings) >= MIN_POSITIONS
    keys = set()
    for opening in openings:
        position = Position.from_fen(opening.fen)
        assert position.outcome() is None and position.legal_moves()
        keys.add(position.zobrist)
        ply = int(re.search(r"ply (\d+)$", opening.name).group(1))  # type: ignore[union-attr]
        assert 6 <= ply <= 10 and opening.name.startswith("CCPD 開局 #"), opening.name
    assert len(keys) == len(openings)   # no two transpose to the same position
    scores = [int(score) for score in re.findall(r" ce (-?\d+);", text)]
    assert len(scores) == len(openings) and all(abs(score) <= 50 for score in scores)
