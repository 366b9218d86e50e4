"""Insufficient material: when neither side has a rook, horse, cannon or pawn, no king can ever be
attacked, and the referee calls the game a draw at once (not at the 60-move limit)."""

from __future__ import annotations

import pytest

from xiangqi.core import Move, Outcome, Position, Termination
from xiangqi.core.outcome import insufficient_material


@pytest.mark.parametrize("fen", [
    "3ak4/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1",                 # 仕 vs 士
    "2ba1kb2/4a4/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1",      # full defences, nothing else
    "5k3/9/9/9/9/9/9/9/9/4K4 b - - 0 1",                   # bare kings
])
def test_only_kings_advisors_and_elephants_is_a_draw(fen: str) -> None:
    outcome = Position.from_fen(fen).outcome()
    assert outcome == Outcome(Termination.INSUFFICIENT_MATERIAL, None) and outcome.result == "1/2-1/2"


@pytest.mark.parametrize("extra", ["p", "P", "r", "N", "c"])
def test_one_piece_that_crosses_the_river_keeps_the_game_going(extra: str) -> None:
    fen = f"3ak4/9/9/9/{extra}8/9/9/9/9/3K1A3 w - - 0 1"
    assert Position.from_fen(fen).outcome() is None


def test_the_capture_of_the_last_attacker_ends_the_game() -> None:
    position = Position.from_fen("3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1")   # a black pawn checks red's king
    assert position.outcome() is None
    position.push(Move.from_iccs("e0e1"))                                  # 帅吃卒: only the kings are left
    assert position.outcome() == Outcome(Termination.INSUFFICIENT_MATERIAL, None)


def test_the_cells_check_alone() -> None:
    start = Position()
    assert not insufficient_material([start.piece_at(sq) for sq in range(90)])
    assert insufficient_material([1, -1, 2, -3] + [0] * 86)
