"""Hostile drawn shapes (``[%cal]`` / ``[%csl]`` in a move's comment, issue 30 §1): every possible shape on
one move, megabytes of repeated items, and distinct junk, read and drawn in bounded work."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.record.comment_commands import (MAX_SHAPE_ITEMS_READ, MAX_SHAPES_PER_MOVE, Brush, Shape,
                                             read_shape_commands, shape_commands)


def every_shape() -> list[Shape]:
    """The 32,400 shapes a move can carry: 4 colours x (90 x 89 arrows + 90 circles)."""
    return [Shape(brush, start, end) for brush in Brush for start in range(90) for end in range(90)]


@hostile("shapes.every_shape", target="record.shapes",
         bound=f"MAX_SHAPES_PER_MOVE = {MAX_SHAPES_PER_MOVE}")
def every_shape_on_a_move(folder: Path, scale: int) -> None:
    comment = " ".join([shape_commands(every_shape())] * scale)
    reading = read_shape_commands(comment)
    assert reading.crowded and len(reading.shapes) == MAX_SHAPES_PER_MOVE


@hostile("shapes.repeated_items", target="record.shapes", bound="repeats dropped by dict (linear)")
def repeated_items(folder: Path, scale: int) -> None:
    comment = "[%cal Gb0c2,Rh2e2] [%csl Ye5]" * (20_000 * scale)      # 0.6 MB a scale
    reading = read_shape_commands(comment)
    assert not reading.crowded and len(reading.shapes) == 3


@hostile("shapes.distinct_junk", target="record.shapes",
         bound=f"MAX_SHAPE_ITEMS_READ = {MAX_SHAPE_ITEMS_READ}")
def distinct_junk(folder: Path, scale: int) -> None:
    commands = " ".join(f"[%cal x{n}]" for n in range(20_000 * scale))
    items = "[%csl " + ",".join(f"q{n}" for n in range(20_000 * scale)) + "]"
    for comment in (commands, items):
        reading = read_shape_commands(comment + " [%csl Ge5]")
        assert reading.crowded and reading.shapes == ()


@hostile("shapes.picture_of_every_shape", target="export.image",
         bound=f"MAX_SHAPES_PER_MOVE = {MAX_SHAPES_PER_MOVE} shapes painted")
def picture_of_every_shape(folder: Path, scale: int) -> None:
    from xiangqi.record import read_pgn
    from xiangqi.ui.share import pictures as pics

    record = f'[Event "x"]\n\n1. h2e2 {{{shape_commands(every_shape() * scale)}}} h9g7 *\n'
    game = read_pgn(record)[0]
    pics.picture_application()
    line = pics.GameLine.of_nodes(game.start_position().fen(), game.root, game.mainline())
    assert line.crowded == (1,) and len(line.shapes_at(1)) == MAX_SHAPES_PER_MOVE
    out = folder / "crowded.png"
    pics.write_position(out, line.picture_at(1), pics.shipped_style(), 200)
    assert out.stat().st_size > 0
