"""Pictures draw the shapes of the move they show: ``python -m xiangqi image`` (its ``main``, in this
process) from a PGN whose comments hold ``[%cal]`` / ``[%csl]`` (PNG, SVG, GIF), and the renderer itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QColor
from test_image_command import image_here

from xiangqi.record import load_games
from xiangqi.record.comment_commands import Brush, Shape
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.ui.board.board_geometry import BoardGeometry
from xiangqi.ui.board.board_render import picture_size
from xiangqi.ui.board.shapes import BRUSH_COLORS, SHAPE_ALPHA
from xiangqi.ui.share import pictures as pics

WIDTH = 300
ARROW = Shape(Brush.RED, 4, 49)         # e0 -> e5 (the red king's file, up to the river)


def blended(brush: Brush, under: tuple[int, ...]) -> list[float]:
    color, alpha = QColor(BRUSH_COLORS[brush]), SHAPE_ALPHA / 255
    return [alpha * c + (1 - alpha) * u for c, u in zip(color.getRgb()[:3], under[:3], strict=True)]


def close(got: tuple[int, ...], want: list[float]) -> bool:
    return all(abs(g - w) < 25 for g, w in zip(got[:3], want, strict=True))


def arrow_middle() -> tuple[int, int]:
    geo = BoardGeometry.fit(WIDTH, picture_size(WIDTH).height())
    start, end = geo.point(ARROW.from_sq), geo.point(ARROW.to_sq)
    return round((start.x() + end.x()) / 2), round((start.y() + end.y()) / 2)


@pytest.fixture(scope="module")
def drawn_pgn(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SAMPLE.XQF as PGN with a red arrow e0→e5 after ply 75 (the end) and a blue circle after ply 3."""
    (game,) = load_games(shared_data / "games" / "eleeye" / "SAMPLE.XQF")
    line = game.mainline()
    line[-1].comment = f"[%cal Re0e5] {line[-1].comment}".strip()
    line[2].comment = "[%csl Be5] 看这里"
    out = tmp_path_factory.mktemp("shapes") / "drawn.pgn"
    out.write_text(game_to_pgn(game), encoding="utf-8")
    return out


def test_png_and_gif_from_a_pgn_draw_its_shapes(drawn_pgn: Path, shared_data: Path, tmp_path: Path,
                                                 qapp: object) -> None:
    plain, drawn = tmp_path / "plain.png", tmp_path / "drawn.png"
    for source, out in ((shared_data / "games/eleeye/SAMPLE.XQF", plain), (drawn_pgn, drawn)):
        done = image_here(str(source), "--size", str(WIDTH), "-o", str(out))
        assert done.returncode == 0, done.stderr
    x, y = arrow_middle()
    with Image.open(plain) as a, Image.open(drawn) as b:
        under, over = a.convert("RGB").getpixel((x, y)), b.convert("RGB").getpixel((x, y))
    assert isinstance(under, tuple) and isinstance(over, tuple)
    assert close(over, blended(Brush.RED, under)), (over, under)
    gif = tmp_path / "drawn.gif"
    done = image_here(str(drawn_pgn), "--gif", "--from", "2", "--to", "4", "--size", str(WIDTH), "-o", str(gif))
    assert done.returncode == 0, done.stderr
    geo = BoardGeometry.fit(WIDTH, picture_size(WIDTH).height())
    rim = geo.point(49)
    ring = (round(rim.x() + geo.piece_diameter / 2 + 1), round(rim.y()))
    with Image.open(gif) as image:
        frames = []
        for index in range(3):
            image.seek(index)
            frames.append(image.convert("RGB").getpixel(ring))
    assert frames[0] == frames[2] != frames[1]                   # only ply 3 has the circle
    assert isinstance(frames[1], tuple) and isinstance(frames[0], tuple)
    assert close(frames[1], blended(Brush.BLUE, frames[0])), frames


def test_svg_from_a_pgn_draws_its_shapes(drawn_pgn: Path, tmp_path: Path, qapp: object) -> None:
    svg = tmp_path / "drawn.svg"
    done = image_here(str(drawn_pgn), "--size", str(WIDTH), "-o", str(svg))
    assert done.returncode == 0, done.stderr
    assert BRUSH_COLORS[Brush.RED] in svg.read_text(encoding="utf-8")
    plain = tmp_path / "plain.svg"
    assert image_here(str(drawn_pgn), "--ply", "74", "-o", str(plain)).returncode == 0
    assert BRUSH_COLORS[Brush.RED] not in plain.read_text(encoding="utf-8")


def test_a_game_line_reads_the_shapes_of_each_node(drawn_pgn: Path) -> None:
    (game,) = load_games(drawn_pgn)
    line = pics.GameLine.of_nodes(game.start_fen, game.root, game.mainline())
    assert line.plies == 75 and line.shapes_at(3) == (Shape.circle(Brush.BLUE, 49),)
    assert line.picture_at(75).shapes == (ARROW,) and line.picture_at(74).shapes == ()
    assert [p.shapes for p in line.pictures(2, 4)] == [(), (Shape.circle(Brush.BLUE, 49),), ()]
