"""FEN reading (lenient form, strict content) and writing (canonical)."""

from __future__ import annotations

import pytest

from xiangqi.core import Color, FenError, Position, PieceType, parse_square, piece_value

START = Position.STARTING_FEN
START_BOARD = START.split()[0]


@pytest.mark.parametrize(
    "text, expected",
    [
        (START, START),
        (f"{START_BOARD} w", START),
        (f"{START_BOARD} r", START),
        (f"{START_BOARD} W - - 0 1", START),
        (f"{START_BOARD} w 0 1", START),
        (f"{START_BOARD} b - - 3 7", f"{START_BOARD} b - - 3 7"),
        ("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w", START),
        (f"  {START}  ", START),
    ],
)
def test_accepted_forms_are_written_canonically(text: str, expected: str) -> None:
    assert Position.from_fen(text).fen() == expected


def test_board_read_from_fen() -> None:
    position = Position.from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 5 9")
    assert position.turn is Color.BLACK
    assert position.halfmove_clock == 5 and position.fullmove_number == 9
    assert position.piece_at(parse_square("e1")) == piece_value(Color.RED, PieceType.ADVISOR)
    assert position.king_square(Color.RED) == parse_square("d0")
    assert position.king_square(Color.BLACK) == parse_square("e9") == 85
    assert int(position.board.sum()) == 1 + 2 - 1
    assert position.board.dtype.name == "int8" and position.board.shape == (90,)


def test_start_position_board_values() -> None:
    board = Position().board
    assert list(board[:9]) == [5, 4, 3, 2, 1, 2, 3, 4, 5]
    assert list(board[81:]) == [-5, -4, -3, -2, -1, -2, -3, -4, -5]
    assert board[parse_square("b2")] == 6 and board[parse_square("c6")] == -7
    with pytest.raises(ValueError):
        board[0] = 0  # the public board is read-only


@pytest.mark.parametrize(
    "fen, quoted",
    [
        ("", ["empty FEN"]),
        (START_BOARD, ["no side-to-move field", START_BOARD]),
        (f"{START_BOARD} x", ["field 2", "'x'"]),
        (f"{START_BOARD} w - - a 1", ["field 5", "'a'"]),
        (f"{START_BOARD} w - - 0 x", ["field 6", "'x'"]),
        (f"{START_BOARD} w - - 0 1 7", ["7 fields"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", ["9 ranks"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", ["11 ranks"]),
        ("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ["rank 8", "'8'", "8 files"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", ["rank 0", "10 files"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", ["rank 0", "'X'", "unknown"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2R2C1/9/RNBAKABNR w", ["3 red rooks", "'R'"]),
        ("rnbakabnr/9/1c2c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ["3 black cannons", "'c'"]),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4P4/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ["6 red pawns"]),
        ("4k4/9/9/9/9/9/9/9/3K5/4K4 w", ["2 red kings", "'K'"]),
        ("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ["no black king", "'k'"]),
        ("3k5/9/9/9/9/9/9/9/9/2K6 w", ["red king on c0", "outside its palace"]),
        ("9/3k5/9/9/9/9/9/9/9/6K2 w", ["red king on g0"]),
        ("9/9/9/3k5/9/9/9/9/9/4K4 w", ["black king on d6", "outside its palace"]),
        ("4k4/9/9/9/9/9/9/9/9/3KA4 w", ["red advisor on e0", "never reach"]),
        ("3k5/4a4/4a4/9/9/9/9/9/9/4K4 w", ["black advisor on e7", "never reach"]),
        ("4k4/9/9/9/9/9/9/9/9/1B2K4 w", ["red elephant on b0", "never reach"]),
        ("4k4/9/9/9/4B4/9/9/9/9/4K4 w", ["red elephant on e5", "never reach"]),
        ("4k4/9/9/9/9/9/4b4/9/9/4K4 w", ["black elephant on e3", "never reach"]),
        ("4k4/9/9/9/9/9/9/9/P8/4K4 w", ["red pawn on a1", "behind its starting rank"]),
        ("4k4/9/9/9/9/9/1P7/9/9/4K4 w", ["red pawn on b3", "behind"]),
        ("4k4/9/9/9/9/3P5/9/9/9/4K4 w", ["red pawn on d4", "behind"]),
        ("4k4/9/p8/9/9/9/9/9/9/3K5 w", ["black pawn on a7", "behind"]),
        ("4k4/9/9/5p3/9/9/9/9/9/3K5 w", ["black pawn on f6", "behind"]),
        ("4k4/9/9/9/1p7/9/9/9/9/3K5 w", ["black pawn on b5", "behind"]),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", ["kings face each other", "red to move"]),
        ("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", None),  # black to move in check: fine
        ("R2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ["black is in check", "red to move"]),
        ("4k4/9/9/9/9/9/9/9/4r4/3K5 w", None),  # red to move in check: fine
        ("3k5/9/9/9/9/9/9/3n5/9/4K4 b", ["red is in check", "black to move"]),
    ],
)
def test_rejected_fens_say_where_and_why(fen: str, quoted: list[str] | None) -> None:
    if quoted is None:
        Position.from_fen(fen)
        return
    with pytest.raises(FenError) as caught:
        Position.from_fen(fen)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    for fragment in quoted:
        assert fragment in message
    if fen:
        assert repr(fen) in message or repr(fen.split()[0]) in message or repr(fen.split()[1]) in message


def test_pawns_on_their_home_and_advanced_squares_are_accepted() -> None:
    fen = "4k4/9/9/pP7/9/1p7/P7P/9/9/3K5 w - - 0 1"
    assert Position.from_fen(fen).fen() == fen
