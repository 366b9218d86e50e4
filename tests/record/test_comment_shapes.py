"""Shapes drawn on the board as comment commands (``[%cal Rb0c2]`` arrows, ``[%csl Ge5]`` circles): read,
written, toggled like lichess, and kept by every record format that has comments."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.record import Game, read_pgn, read_xqf
from xiangqi.record.ccbridge import read_cbr
from xiangqi.record.comment_commands import (MAX_SHAPE_ITEMS_READ, MAX_SHAPES_PER_MOVE, Brush, Shape, ShapeReading,
                                             comment_words, read_shape_commands, read_shapes, shape_commands,
                                             toggled, with_shapes)
from xiangqi.record.dhtmlxq import game_to_dhtmlxq, read_dhtmlxq
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.record.winboard import game_to_winboard
from xiangqi.record.xqf_writer import game_to_xqf

B0, C2, H2, E2, E5 = 1, 20, 25, 22, 49


def test_shapes_are_read_from_cal_and_csl_in_order() -> None:
    comment = "[%eval 0.30] [%cal Gb0c2, Rh2e2] 中炮 [%csl Ye5,bA0]"
    assert read_shapes(comment) == (Shape(Brush.GREEN, B0, C2), Shape(Brush.RED, H2, E2),
                                    Shape.circle(Brush.YELLOW, E5), Shape.circle(Brush.BLUE, 0))


def test_bad_items_are_skipped_not_fatal() -> None:
    # a colour we do not know, a square off the board, an arrow to its own square, an arrow in csl
    comment = "[%cal Xb0c2,Gz0c2,Gb0b0,Gb0c2] [%csl Gb0c2,Ge5,] [%cal]"
    assert read_shapes(comment) == (Shape(Brush.GREEN, B0, C2), Shape.circle(Brush.GREEN, E5))


def test_shapes_are_written_arrows_first_and_replace_the_old_ones() -> None:
    shapes = (Shape.circle(Brush.GREEN, E5), Shape(Brush.RED, B0, C2))
    assert shape_commands(shapes) == "[%cal Rb0c2] [%csl Ge5]"
    assert shape_commands(()) == ""
    comment = "[%eval 0.30] [%cal Gh2e2] 好棋"
    assert with_shapes(comment, shapes) == "[%eval 0.30] [%cal Rb0c2] [%csl Ge5] 好棋"
    assert with_shapes(comment, ()) == "[%eval 0.30] 好棋"
    assert with_shapes("", shapes) == "[%cal Rb0c2] [%csl Ge5]"
    assert read_shapes(with_shapes(comment, shapes)) == (Shape(Brush.RED, B0, C2), Shape.circle(Brush.GREEN, E5))


def test_drawing_toggles_like_lichess() -> None:
    arrow = Shape(Brush.GREEN, B0, C2)
    assert toggled((), arrow) == (arrow,)
    assert toggled((arrow,), arrow) == ()                                    # the same shape again: gone
    red = Shape(Brush.RED, B0, C2)
    assert toggled((arrow, Shape.circle(Brush.RED, E5)), red) == (red, Shape.circle(Brush.RED, E5))  # recoloured
    assert toggled((arrow,), Shape(Brush.GREEN, C2, B0)) == (arrow, Shape(Brush.GREEN, C2, B0))  # other way


def test_readers_see_the_words_only() -> None:
    assert comment_words("[%cal Rb0c2] [%csl Ge5] 中炮对屏风马") == "中炮对屏风马"
    assert comment_words("plain words [not a command]") == "plain words [not a command]"


def _game_with_shapes() -> tuple[Game, list[str]]:
    game = Game()
    position = Position.from_fen(Position.STARTING_FEN)
    first = game.add_move(game.root, Move.from_iccs("h2e2"), position)
    position.push(Move.from_iccs("h2e2"))
    second = game.add_move(first, Move.from_iccs("h9g7"), position)
    game.root.comment = "[%csl Ge5]"
    first.comment = "[%eval 0.30] [%cal Gb0c2,Rh2e2] [%csl Ye5] 中炮"
    second.comment = "[%cal Bh9g7] 屏风马"
    return game, [node.comment for node in game.root.walk()]


@pytest.mark.parametrize("fmt", ["pgn", "xqf", "dhtmlxq", "winboard"])
def test_every_format_with_comments_keeps_the_shapes(fmt: str) -> None:
    game, comments = _game_with_shapes()
    if fmt == "pgn":
        back = read_pgn(game_to_pgn(game))[0]
    elif fmt == "xqf":
        back = read_xqf(game_to_xqf(game))
    elif fmt == "dhtmlxq":
        back = read_dhtmlxq(game_to_dhtmlxq(game))[0]
    else:
        back = read_pgn(game_to_winboard(game))[0]
    assert back.errors == []
    assert [node.comment for node in back.root.walk()] == comments
    assert read_shapes(back.mainline()[0].comment)[1] == Shape(Brush.RED, H2, E2)


def test_a_ccbridge_comment_with_shapes_is_read(shared_data: Path) -> None:
    """CCBridge is read only (no writer): a comment of a real CBR given shapes, as CCBridge stores it
    (a length, then UTF-16), comes out with them."""
    data = (shared_data / "games/ccbridge/test.cbr").read_bytes()
    words = "不急用平车压马，黑有炮8平9，马3退5变化。"
    old = words.encode("utf-16-le")
    at = data.index(old)
    assert struct.unpack("<i", data[at - 4:at]) == (len(old),)
    new = f"[%cal Rb0c2] [%csl Ge5] {words}".encode("utf-16-le")
    game = read_cbr(data[:at - 4] + struct.pack("<i", len(new)) + new + data[at + len(old):], "shapes.cbr")
    assert game is not None and game.errors == []
    (node,) = [node for node in game.root.walk() if words in node.comment]
    assert read_shapes(node.comment) == (Shape(Brush.RED, B0, C2), Shape.circle(Brush.GREEN, E5))
    assert comment_words(node.comment) == words


def test_repeated_items_are_one_shape_each_and_not_crowded() -> None:
    comment = "[%cal Gb0c2,Rh2e2] 好 " * 150_000             # 3 MB of the same two arrows
    assert read_shape_commands(comment) == ShapeReading((Shape(Brush.GREEN, B0, C2), Shape(Brush.RED, H2, E2)))


def test_a_move_shows_at_most_the_limit_the_first_ones_kept() -> None:
    every = [Shape(brush, start, end) for brush in Brush for start in range(90) for end in range(90)]
    reading = read_shape_commands(shape_commands(every))
    assert len(every) == 32_400 and reading.crowded
    arrows = [shape for shape in every if not shape.is_circle]
    assert reading.shapes == tuple(arrows[:MAX_SHAPES_PER_MOVE])
    exact = read_shape_commands(shape_commands(arrows[:MAX_SHAPES_PER_MOVE]) + " [%cal Gb0c1]")  # a repeat
    assert not exact.crowded and len(exact.shapes) == MAX_SHAPES_PER_MOVE


def test_junk_past_the_reading_limit_is_left_unread() -> None:
    junk = " ".join(f"[%cal q{n}]" for n in range(MAX_SHAPE_ITEMS_READ + 1)) + " [%csl Ge5]"
    assert read_shape_commands(junk) == ShapeReading((), crowded=True)
    items = "[%csl " + ",".join(f"q{n}" for n in range(MAX_SHAPE_ITEMS_READ)) + ",Ge5]"
    assert read_shape_commands(items) == ShapeReading((), crowded=True)
    assert read_shape_commands("[%CAL GB0C2] [%csl ge5]").shapes == (Shape(Brush.GREEN, B0, C2),
                                                                     Shape.circle(Brush.GREEN, E5))
