"""Why a move is refused: each rule of the rules page, and agreement with the move generator (a move has
no reason exactly when it is legal)."""

from __future__ import annotations

import random

import pytest

from xiangqi.core import Move, Position
from xiangqi.core.move_reason import IllegalReason, illegal_reason

R = IllegalReason


def reason(fen: str, iccs: str) -> IllegalReason | None:
    return illegal_reason(Position.from_fen(fen), Move.from_iccs(iccs))


START = Position.STARTING_FEN


@pytest.mark.parametrize(("fen", "iccs", "expected"), [
    (START, "h2e2", None),
    (START, "e4e5", R.NO_PIECE),
    (START, "h7e7", R.NOT_YOUR_PIECE),
    (START, "a0b0", R.OWN_PIECE),
    (START, "h0h2", R.OWN_PIECE),
    (START, "a0a4", R.PATH_BLOCKED),                 # the rook over its own pawn
    (START, "h2h9", None),                           # 炮二进七: over the cannon, takes the horse
    ("4k4/4a4/4r4/9/9/9/9/4N4/4C4/3K5 w - - 0 1", "e1e8", R.CANNON_SCREEN),   # two pieces between
    (START, "h2h7", R.CANNON_SCREEN),                # no screen at all
    (START, "b2b9", None),                           # over exactly one piece: takes the horse
    (START, "b2b8", R.PATH_BLOCKED),                 # a cannon not capturing cannot jump
    (START, "h0g1", R.NOT_ITS_MOVE),
    (START, "h0f1", R.HORSE_LEG),                    # the leg g0 holds the elephant
    (START, "a3a2", R.PAWN_BACKWARD),
    (START, "a3b3", R.PAWN_SIDEWAYS),                # not across the river yet
    (START, "e0e1", None),
    (START, "e0d0", R.OWN_PIECE),
    (START, "d0c1", R.LEAVES_PALACE),
    (START, "c0a2", None),
    ("3k5/9/9/9/9/2B6/9/4B4/9/4K4 w - - 0 1", "c4e6", R.CROSSES_RIVER),
    ("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", R.ELEPHANT_EYE),     # 塞象眼
    ("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", "b0c2", R.HORSE_LEG),       # 蹩马腿: the leg b1 is taken
    ("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1", "b0c2", None),
    ("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1", "b0c3", R.NOT_ITS_MOVE),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0e0", R.KINGS_FACE),          # 飞将
    ("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e1d3", R.KINGS_FACE),         # the horse leaves the file
    ("5k3/9/9/9/9/9/9/9/9/r2K5 w - - 0 1", "d0d1", None),
    ("5k3/9/9/9/9/9/9/9/9/r2K5 w - - 0 1", "d0e0", R.IN_CHECK),
    ("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", "d0e0", R.LEAVES_KING_ATTACKED),  # 送将: walks into the rook
    ("4k4/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1", "f0e1", None),
    ("5k3/9/9/9/9/9/9/4R4/9/r2K5 w - - 0 1", "e2e3", R.IN_CHECK),           # checked by the rook: must answer
    ("5k3/9/9/9/9/9/9/9/4R4/1r1K5 w - - 0 1", "e1e2", R.IN_CHECK),
    ("4k4/4a4/9/9/9/9/9/9/4p4/3K5 w - - 0 1", "d0d1", R.LEAVES_KING_ATTACKED),  # beside the pawn across the river
])
def test_the_reason_a_player_is_told(fen: str, iccs: str, expected: IllegalReason | None) -> None:
    assert reason(fen, iccs) is expected


def test_a_black_pawn_across_the_river_goes_sideways_never_back() -> None:
    fen = "4k4/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1"
    assert reason(fen, "e4d4") is None
    assert reason(fen, "e4e5") is R.PAWN_BACKWARD
    assert reason(fen, "e4e3") is None


@pytest.mark.parametrize("seed", range(3))
def test_no_reason_exactly_for_the_legal_moves(seed: int) -> None:
    """Every from/to pair of the side to move's pieces, along random games: the finder and the move
    generator agree."""
    rng = random.Random(seed)
    position = Position()
    for _ in range(40):
        legal = set(position.legal_moves())
        if not legal:
            break
        for from_sq in range(90):
            if position.piece_at(from_sq) == 0:
                continue
            for to_sq in range(90):
                if to_sq != from_sq:
                    move = Move(from_sq, to_sq)
                    assert (illegal_reason(position, move) is None) == (move in legal), (position.fen(), move)
        position.push(rng.choice(sorted(legal, key=Move.iccs)))
