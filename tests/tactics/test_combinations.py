"""The tactics detectors on hand-made lines (FENs built and checked by eye), each with a near miss."""

from __future__ import annotations

import pytest

from xiangqi.core import Move, Position
from xiangqi.tactics import Line, replay
from xiangqi.tactics import combinations as rules



def _line(fen: str, moves: str) -> Line:
    return replay(Position(fen), [Move.from_iccs(move) for move in moves.split()])


# (rule, FEN, line that shows it, line or FEN that does not)
CASES = [
    # horse b4-c6 attacks rook b8 and cannon d8; the rook runs, the horse takes the cannon
    (rules.fork, "4k4/1r1c5/9/9/9/1N7/9/9/4A4/4K4 w", "b4c6 b8b1 c6d8", "b4a6 b8b1 a6b8"),
    # the horse takes the rook on c6 and opens the rook e2's check
    (rules.discovered_check, "4k4/9/9/2r6/4N4/9/9/4R4/3K5/9 w", "e5c6 e9f9", "e5g6 e9f9"),
    # the rook to e2 pins the horse e6 to the king, then takes it
    (rules.pin, "4k4/9/9/p3n4/9/9/9/R8/9/3K5 w", "a2e2 a6a5 e2e6", "a2d2 a6a5 d2d9"),
    # the cannon is given on g6 to bring the rook there; the horse takes it with discovered check
    (rules.sacrifice, "4k1r2/9/9/9/4N4/9/9/4R1C2/3K5/9 w", "g2g6 g9g6 e5g6", "g2g5 g9g8 e5g6"),
]


@pytest.mark.parametrize(("rule", "fen", "shows", "misses"), CASES, ids=[case[0].__name__ for case in CASES])
def test_rule_names_its_line_and_not_the_near_miss(rule: rules.LineRule, fen: str, shows: str,
                                                     misses: str) -> None:
    shown, missed = _line(fen, shows), _line(fen, misses)
    assert len(shown.moves) == len(shows.split()) and len(missed.moves) == len(misses.split())
    assert rule(shown)
    assert not rule(missed)


def test_a_quiet_line_has_no_tactic() -> None:
    assert rules.line_motifs(_line(Position.STARTING_FEN, "h2e2 h9g7 h0g2")) == frozenset()
