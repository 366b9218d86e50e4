"""Hostile inputs for the exporters (issue 30 §1): animated GIFs of long games, printed sheets of long games
with a diagram or a drawn shape on every move, and outputs that cannot be written. Each case checks the
named bound and that a refused or failed export leaves no file (the user's old one untouched)."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.core import Move
from xiangqi.record import Game

CYCLE = tuple(Move.from_iccs(text) for text in ("h0g2", "h9g7", "g2h0", "g7h9"))


def long_game(plies: int, comment: str = "") -> Game:
    """``plies`` legal moves (the horses out and back), each with ``comment``."""
    game = Game({"Red": "A", "Black": "B"})
    node = game.root
    for ply in range(plies):
        node = node.add_child(CYCLE[ply % 4], comment)
    return game


@hostile("exports.gif_too_many_frames", target="export.gif", bound="MAX_GIF_FRAMES = 10,000")
def gif_too_many_frames(folder: Path, scale: int) -> None:
    from xiangqi.ui.share import pictures as pics
    pics.picture_application()
    target = folder / "long.gif"
    target.write_bytes(b"old")
    plies = pics.MAX_GIF_FRAMES * scale
    line = pics.GameLine("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                         tuple(CYCLE[ply % 4] for ply in range(plies)))
    try:
        pics.write_gif(target, line, 0, plies, pics.shipped_style(), 100, 100)
    except pics.ImageError as error:
        assert f"{plies + 1} positions to animate" in str(error)
    else:
        raise AssertionError("a GIF past MAX_GIF_FRAMES was written")
    assert target.read_bytes() == b"old" and sorted(folder.iterdir()) == [target]


@hostile("exports.gif_frames_streamed", target="export.gif", bound="one frame held at a time (GifStream)")
def gif_frames_streamed(folder: Path, scale: int) -> None:
    from PIL import Image

    from xiangqi.ui.share import pictures as pics
    pics.picture_application()
    plies = 8 * scale
    game = long_game(plies, "[%cal Gb0c2]")
    line = pics.GameLine.of_nodes(game.start_position().fen(), game.root, game.mainline())
    target = folder / "game.gif"
    assert pics.write_gif(target, line, 0, plies, pics.shipped_style(), 80, 100) == plies + 1
    with Image.open(target) as gif:
        assert gif.n_frames == plies + 1


@hostile("exports.sheet_long_game", target="export.pdf", bound="MAX_SHEET_PLIES = 1,000; MAX_SHEET_DIAGRAMS = 50")
def sheet_long_game(folder: Path, scale: int) -> None:
    from xiangqi.ui.share import sheet as sh
    game = long_game(2_000 * scale, "[%cal Gb0c2] 好")
    blocks = sh.sheet_blocks(game, sh.SheetOptions(diagram_every=1))
    assert sum(isinstance(block, sh.Diagram) for block in blocks) == sh.MAX_SHEET_DIAGRAMS
    assert blocks[-1] == sh.Cut(2_000 * scale - sh.MAX_SHEET_PLIES, sh.MAX_SHEET_PLIES - sh.MAX_SHEET_DIAGRAMS)


@hostile("exports.sheet_huge_comment", target="export.pdf", bound="MAX_COMMENT_CHARS = 4,000")
def sheet_huge_comment(folder: Path, scale: int) -> None:
    from xiangqi.ui.share import sheet as sh
    game = long_game(2, "长" * (1_000_000 * scale))
    comments = [block.text for block in sh.sheet_blocks(game, sh.SheetOptions()) if isinstance(block, sh.Comment)]
    assert comments and all(len(text) <= sh.MAX_COMMENT_CHARS + 2 for text in comments)


@hostile("exports.unwritable_output", target="export.image", bound="errors name the user's file")
def unwritable_output(folder: Path, scale: int) -> None:
    from xiangqi.core import Position
    from xiangqi.ui.board.board_render import BoardPicture
    from xiangqi.ui.share import pictures as pics
    pics.picture_application()
    blocked = folder / "not-a-folder"
    blocked.write_bytes(b"a file where the output's folder should be")
    target = blocked / "x.png"
    try:
        pics.write_position(target, BoardPicture.of(Position()), pics.shipped_style(), 100)
    except OSError as error:
        assert str(blocked) in str(error.filename) and ".tmp" not in str(error), error
    else:
        raise AssertionError("a picture was written inside a file")
