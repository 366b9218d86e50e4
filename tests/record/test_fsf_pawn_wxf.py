"""WXF as Fairy-Stockfish writes it for three or more pawns on one file (``15=6``, ``35+1``: the pawn's place
from the front instead of the letter): read as that pawn's move, refused when the text also names another
legal move (a WXF digit code: 1 = king), never silently read as a different move. Stand-alone annotation
tokens in PGN are kept and do not end the game."""

from __future__ import annotations

import random

import pytest

from xiangqi.core import FenError, Move, NotationError, Position
from xiangqi.core.notation import Notation, text_to_move
from xiangqi.record import parse_game


def fsf_wxf(position: Position, move: Move) -> str:
    """Fairy-Stockfish's WXF text of a move of a pawn that has two or more others on its file (its rules:
    the place from the front + 1, the mover's file number, =/+/-, then the file or the rank count)."""
    cells, red = position.board.tolist(), position.turn.value == 0
    pawn = 7 if red else -7
    src, dst = move.from_sq, move.to_sq
    file_index, rank = src % 9, src // 9
    ahead = [r for r in range(10) if cells[r * 9 + file_index] == pawn and (r > rank if red else r < rank)]
    number = lambda f: str(9 - f if red else f + 1)  # noqa: E731
    to_rank = dst // 9
    op = "=" if to_rank == rank else "+" if (to_rank > rank) == red else "-"
    target = str(abs(to_rank - rank)) if dst % 9 == file_index else number(dst % 9)
    return f"{len(ahead) + 1}{number(file_index)}{op}{target}"


def _random_position(rng: random.Random) -> Position:
    """Kings in their palaces, three to five pawns of the side to move on one file, a few more pieces."""
    cells = ["" for _ in range(90)]
    red_king = rng.choice([3, 4, 5, 12, 13])
    black_king = rng.choice([84, 85, 86, 76])
    cells[red_king], cells[black_king] = "K", "k"
    red = rng.random() < 0.5
    file_index = rng.choice([4, 4, 2, 6, 0, 8, red_king % 9])
    ranks = rng.sample(range(5, 10) if red else range(0, 5), rng.randint(3, 5))
    for r in ranks:
        sq = r * 9 + file_index
        if not cells[sq]:
            cells[sq] = "P" if red else "p"
    for letter in rng.sample("RNCAaBbrncP p", 5):
        sq = rng.randrange(90)
        if letter != " " and not cells[sq]:
            cells[sq] = letter
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for letter in cells[r * 9 : r * 9 + 9]:
            if letter:
                row += (str(empty) if empty else "") + letter
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return Position("/".join(rows) + (" w" if red else " b"))


def test_fairy_stockfish_pawn_numbers_are_never_read_as_another_move() -> None:
    rng = random.Random(14)
    read, refused, texts = 0, 0, 0
    for _ in range(3000):
        try:
            position = _random_position(rng)
        except FenError:  # a piece where it can never stand: draw again
            continue
        cells = position.board.tolist()
        pawn = 7 if position.turn.value == 0 else -7
        for move in position.legal_moves():
            column = [cells[r * 9 + move.from_sq % 9] for r in range(10)]
            if cells[move.from_sq] != pawn or column.count(pawn) < 3:
                continue
            text = fsf_wxf(position, move)
            texts += 1
            try:
                got = text_to_move(position, text, Notation.WXF)
            except NotationError as exc:
                assert "ambiguous" in str(exc) and move.iccs() in str(exc), (position.fen(), text, str(exc))
                refused += 1
                continue
            assert got == move, (position.fen(), text, got.iccs(), move.iccs())
            read += 1
    assert texts > 500 and read > 0.9 * texts
    print(f"{texts} texts: {read} read as the pawn move, {refused} refused as ambiguous")


def test_front_pawn_sideways_and_a_king_clash() -> None:
    three = Position("4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1")  # red pawns e7 e6 e5, king d0
    assert text_to_move(three, "15=6", Notation.WXF).iccs() == "e7d7"
    assert text_to_move(three, "35=4", Notation.WXF).iccs() == "e5f5"
    clash = Position("3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1")  # pawns e6 e5 e4; king e0 can step up too
    with pytest.raises(NotationError, match=r"ambiguous: the pawn numbering gives e6e7; WXF piece codes gives e0e1"):
        text_to_move(clash, "15+1", Notation.WXF)


def test_stand_alone_annotations_are_kept_and_do_not_end_the_game() -> None:
    game = parse_game("1. 炮二平五 ! 马８进７ ? 2. 马二进三 $1 !? 车９平８ *")
    assert game.errors == [] and game.ply_count() == 4
    assert [node.nags for node in game.mainline()] == [[1], [2], [1, 5], []]
