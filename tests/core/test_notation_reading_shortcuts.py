"""The shortcuts of reading move texts give the plain answers: single-move legality with the check status
remembered or not yet known, move texts parsed once and remembered (never their moves: those depend on the
position), and positions made from a FEN read once."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.core import FenError, Move, NotationError, Position
from xiangqi.core.notation import Notation, text_to_move
from xiangqi.core.notation import chinese, wxf

from test_core_fast_paths import legality_mismatches, own_squares
from test_core_perft import perft_rows

CN = Notation.CHINESE
# Red rook e1 in front of its king e0 on an open file: free to go, or pinned by the black rook on e8.
FREE = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"
PINNED = "3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1"


def test_legality_with_the_check_status_remembered_matches_move_generation(shared_data: Path) -> None:
    mismatches = []
    for fen, _counts in perft_rows(shared_data):
        position = Position.from_fen(fen)
        position.is_check()  # remembered: is_legal takes the line shortcut when not in check
        mismatches += legality_mismatches(position, range(90))
        for move in position.legal_moves():
            position.push(move)
            position.is_check()
            mismatches += legality_mismatches(position, own_squares(position))
            position.pop()
    assert mismatches == []


def test_a_remembered_reading_names_the_move_of_each_position() -> None:
    assert text_to_move(Position.from_fen(FREE), "车五平四", CN) == Move.from_iccs("e1f1")
    with pytest.raises(NotationError, match="illegal"):  # the same text, now the rook is pinned
        text_to_move(Position.from_fen(PINNED), "车五平四", CN)
    with pytest.raises(NotationError, match="no such"):
        text_to_move(Position.from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), "车五平四", CN)
    assert text_to_move(Position.from_fen(FREE), "车五平四", CN) == Move.from_iccs("e1f1")


def test_illegal_texts_stay_errors_when_read_again() -> None:
    for _ in range(2):
        with pytest.raises(NotationError, match="illegal"):
            text_to_move(Position(), "车一进三", CN)  # onto its own pawn
        with pytest.raises(NotationError, match="cannot read"):
            chinese.parse("车一进")
        with pytest.raises(NotationError, match="cannot read"):
            wxf.parse("R1+")


def test_parse_gives_a_fresh_list_each_time() -> None:
    for parse, text in ((chinese.parse, "炮二平五"), (wxf.parse, "C2.5")):
        first = parse(text)
        first.clear()
        assert parse(text) != [] and parse(text) is not parse(text)


def test_a_move_out_of_check_must_answer_the_check() -> None:
    # The red king e0 is checked by the black rook e8 down the open file (asked or not before reading).
    fen = "3k5/4r4/9/9/9/9/9/9/R8/4K4 w - - 0 1"
    for asked in (False, True):
        position = Position.from_fen(fen)
        if asked:
            assert position.is_check()
        with pytest.raises(NotationError, match="illegal"):
            text_to_move(position, "车九进二", CN)  # a rook move elsewhere leaves the king in check
        assert text_to_move(position, "车九平五", CN) == Move.from_iccs("a1e1")  # the block


def test_positions_from_one_fen_are_independent() -> None:
    first, second = Position.from_fen(FREE), Position.from_fen(FREE)
    first.push(Move.from_iccs("e1f1"))
    assert second.fen() == FREE and second.piece_at(Move.from_iccs("e1f1").from_sq) == 5
    assert first.zobrist != second.zobrist and second.zobrist == Position.from_fen(FREE).zobrist
    assert Position().fen() == Position.STARTING_FEN
    for _ in range(2):
        with pytest.raises(FenError):
            Position.from_fen("3k5/9/9/9/9/9/9/9/9/9 w - - 0 1")  # no red king
