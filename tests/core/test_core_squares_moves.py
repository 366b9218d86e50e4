"""Square numbering, ICCS names, pieces and Move text."""

from __future__ import annotations

import pytest

from xiangqi.core import (
    SQUARES,
    Color,
    Move,
    NotationError,
    PieceType,
    color_of,
    file_of,
    parse_square,
    piece_value,
    rank_of,
    square,
    square_name,
    type_of,
)


def test_square_numbering_matches_the_contract() -> None:
    assert (parse_square("a0"), parse_square("i0"), parse_square("e0"), parse_square("e9")) == (0, 8, 4, 85)
    assert square(7, 2) == 25 and square_name(25) == "h2"
    assert all(square(file_of(sq), rank_of(sq)) == sq for sq in SQUARES)
    assert all(parse_square(square_name(sq).upper()) == sq for sq in SQUARES)
    assert len(SQUARES) == 90


@pytest.mark.parametrize("text", ["", "j1", "a10", "e", "11", "a٣"])
def test_bad_square_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("[", r"\[")):
        parse_square(text)


def test_pieces() -> None:
    assert Color.RED.other is Color.BLACK and Color.BLACK.other is Color.RED
    assert piece_value(Color.BLACK, PieceType.CANNON) == -6 and piece_value(Color.RED, PieceType.PAWN) == 7
    assert color_of(-3) is Color.BLACK and color_of(4) is Color.RED and color_of(0) is None
    assert type_of(-5) is PieceType.ROOK and type_of(0) is None


@pytest.mark.parametrize("text", ["h2e2", "H2-E2", "h2-e2", " h2e2 "])
def test_move_from_iccs(text: str) -> None:
    move = Move.from_iccs(text)
    assert move == Move(25, 22) and move.iccs() == str(move) == "h2e2"


@pytest.mark.parametrize("text", ["h2", "h2e", "z2e2", "h2h2", "h2e2x", "h2--e2"])
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        Move.from_iccs(text)


def test_moves_are_values() -> None:
    assert Move(1, 2) == Move(1, 2) and len({Move(1, 2), Move(1, 2)}) == 1
    with pytest.raises(AttributeError):
        Move(1, 2).from_sq = 3  # type: ignore[misc]
