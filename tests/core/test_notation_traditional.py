"""Chinese notation in traditional characters (the 繁體 interface): red's 俥傌炮, black's 車馬砲, 進, 後;
every move written so reads back as the same move."""

from __future__ import annotations

import pytest

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, move_to_text, text_to_move

SIMPLIFIED_ONLY = set("车马帅将进后")
POSITIONS = [
    Position().fen(),
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "3k5/4P4/3P5/4P4/3P5/9/9/2C6/2C6/4K4 w - - 0 1",       # tandem cannons, several pawns on two files
    "3k5/9/2c6/2c6/9/9/9/9/9/4K4 b - - 0 1",
]


@pytest.mark.parametrize("fen", POSITIONS)
def test_every_legal_move_in_traditional_characters_reads_back(fen: str) -> None:
    position = Position.from_fen(fen)
    for move in position.legal_moves():
        text = move_to_text(position, move, Notation.CHINESE, traditional=True)
        assert not SIMPLIFIED_ONLY & set(text), text
        assert text_to_move(position, text) == move, text


def test_red_and_black_pieces_have_their_own_characters() -> None:
    position = Position()
    assert [move_to_text(position, Move.from_iccs(m), Notation.CHINESE, traditional=True)
            for m in ("h2e2", "b0c2", "a0a1")] == ["炮二平五", "傌八進七", "俥九進一"]
    position.push(Move.from_iccs("h2e2"))
    assert [move_to_text(position, Move.from_iccs(m), Notation.CHINESE, traditional=True)
            for m in ("h7e7", "b9c7", "a9a8")] == ["砲8平5", "馬2進3", "車1進1"]


def test_the_rear_of_two_is_written_hou_in_traditional() -> None:
    position = Position.from_fen("3k5/9/9/9/9/9/9/2C6/2C6/4K4 w - - 0 1")
    assert move_to_text(position, Move.from_iccs("c1c0"), Notation.CHINESE, traditional=True) == "後炮退一"
    assert move_to_text(position, Move.from_iccs("c1c0"), Notation.CHINESE) == "后炮退一"


def test_simplified_stays_the_default() -> None:
    assert move_to_text(Position(), Move.from_iccs("b0c2"), Notation.CHINESE) == "马八进七"
