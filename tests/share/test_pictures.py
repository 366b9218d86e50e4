"""Pictures of the board (ui.board.board_render, ui.share.pictures): what the pixels, the SVG and the GIF show."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer

from xiangqi.core import Move, Position
from xiangqi.ui.board.board_geometry import BoardGeometry
from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, picture_size, render_image, render_svg
from xiangqi.ui.share import pictures as pics

RED_KING = 4          # e0: red's king at the start


@pytest.fixture
def style(qapp: object) -> PictureStyle:
    return pics.shipped_style("wood", "engraved")


def red_pixels(image: QImage, sq: int, flipped: bool) -> int:
    """How many clearly red pixels the piece disc on ``sq`` holds (the red pieces' ink)."""
    rect = BoardGeometry.fit(image.width(), image.height(), flipped).piece_rect(sq).toRect()
    count = 0
    for x in range(rect.left(), rect.right()):
        for y in range(rect.top(), rect.bottom()):
            color = image.pixelColor(x, y)
            count += color.red() > color.green() + 70 and color.red() > color.blue() + 70
    return count


def start_line() -> pics.GameLine:
    moves = tuple(Move.from_iccs(m) for m in ("h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"))
    return pics.GameLine(Position().fen(), moves)


def test_the_picture_has_the_width_asked_and_the_boards_proportions(style: PictureStyle) -> None:
    image = render_image(BoardPicture.of(Position()), style, 300)
    assert (image.width(), image.height()) == (300, 330) == (picture_size(300).width(), picture_size(300).height())


def test_a_red_piece_is_red_where_it_stands_and_the_flipped_board_puts_it_on_top(style: PictureStyle) -> None:
    picture = BoardPicture.of(Position())
    image = render_image(picture, style, 400)
    assert red_pixels(image, RED_KING, False) > 50
    king = BoardGeometry.fit(400, 440, False).point(RED_KING)
    assert king.y() > 300                                   # red at the bottom
    flipped = render_image(picture, PictureStyle(style.board, style.pieces, flipped=True), 400)
    assert red_pixels(flipped, RED_KING, True) > 50
    assert BoardGeometry.fit(400, 440, True).point(RED_KING).y() < 140   # ... and at the top when flipped
    assert red_pixels(flipped, RED_KING, False) == 0        # the bottom centre now holds black's king


def test_the_last_move_is_marked_in_the_theme_colour_and_can_be_left_out(style: PictureStyle) -> None:
    picture = start_line().picture_at(1)                   # h2e2: the cannon left h2, an empty point now
    geo = BoardGeometry.fit(400, 440, False)
    box = geo.piece_rect(Move.from_iccs("h2e2").from_sq).adjusted(-3, -3, 3, 3).toRect()
    marked = render_image(picture, style, 400)
    plain = render_image(picture, PictureStyle(style.board, style.pieces, last_move_marks=False), 400)
    bluer = [(x, y) for x in range(box.left(), box.right()) for y in range(box.top(), box.bottom())
             if marked.pixelColor(x, y).blue() > plain.pixelColor(x, y).blue() + 60]
    assert len(bluer) > 20                                 # the wood theme's blue corner brackets
    assert render_image(picture, style, 400) == marked     # the same picture twice: the same pixels


def test_the_svg_is_valid_and_holds_every_piece_at_the_size_asked(style: PictureStyle) -> None:
    data = render_svg(BoardPicture.of(Position()), style, 400)
    renderer = QSvgRenderer(QByteArray(data))
    assert renderer.isValid()
    assert renderer.viewBox().width() == 400 and renderer.viewBox().height() == 440
    assert data.count(b"<image") == 32
    after = render_svg(start_line().picture_at(6), style, 400)
    assert after.count(b"<image") == 32


def test_the_gif_has_one_frame_per_position_and_holds_the_last(style: PictureStyle, tmp_path) -> None:
    line = start_line()
    target = tmp_path / "game.gif"
    assert pics.write_gif(target, line, 0, line.plies, style, 200, 300) == line.plies + 1
    with Image.open(target) as gif:
        assert gif.n_frames == line.plies + 1
        assert gif.size == (200, 220)
        durations = []
        for index in range(gif.n_frames):
            gif.seek(index)
            durations.append(gif.info["duration"])
    assert durations[:-1] == [300] * line.plies and durations[-1] >= 900


def test_a_range_of_plies_and_its_frames(style: PictureStyle, tmp_path) -> None:
    target = tmp_path / "range.gif"
    assert pics.write_gif(target, start_line(), 2, 4, style, 120, 100) == 3
    with Image.open(target) as gif:
        assert gif.n_frames == 3


def test_frames_written_one_by_one_show_each_position_whole(style: PictureStyle, tmp_path) -> None:
    """Each frame after the first stores only its changed part: the viewer's composed frame is the
    position drawn whole (in the GIF's palette)."""
    line = start_line()
    target = tmp_path / "game.gif"
    pics.write_gif(target, line, 0, line.plies, style, 160, 100)
    ends = [pics.pil_image(render_image(line.picture_at(ply), style, 160)) for ply in (0, line.plies)]
    palette = pics.gif_palette(ends[0], ends[1], style)
    with Image.open(target) as gif:
        for ply in (0, 3, line.plies):
            gif.seek(ply)
            shown = gif.convert("RGB")
            expected = pics.pil_image(render_image(line.picture_at(ply), style, 160)).quantize(
                palette=palette, dither=Image.Dither.NONE).convert("RGB")
            assert ImageChops.difference(shown, expected).getbbox() is None, ply


def test_too_many_frames_are_refused_before_anything_is_drawn(style: PictureStyle, tmp_path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pics, "MAX_GIF_FRAMES", 4)
    target = tmp_path / "long.gif"
    target.write_bytes(b"the user's old file")
    with pytest.raises(pics.ImageError, match=r"7 positions to animate: a GIF holds 1 … 4 frames"):
        pics.write_gif(target, start_line(), 0, 6, style, 120, 100)
    assert target.read_bytes() == b"the user's old file" and list(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("first, last", [(0, 7), (-1, 3), (4, 2)])
def test_a_range_outside_the_game_is_refused_by_its_plies(first: int, last: int) -> None:
    with pytest.raises(pics.ImageError, match=str(last if last > 6 else first)):
        list(start_line().pictures(first, last))


def test_bad_sizes_delays_and_kinds_are_named(style: PictureStyle, tmp_path) -> None:
    picture = BoardPicture.of(Position())
    with pytest.raises(pics.ImageError, match="size 10 px"):
        pics.write_position(tmp_path / "a.png", picture, style, 10)
    with pytest.raises(pics.ImageError, match="delay 5 ms"):
        pics.write_gif(tmp_path / "a.gif", start_line(), 0, 1, style, 100, 5)
    assert not (tmp_path / "a.gif").exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(pics.ImageError, match=r"a\.jpg.*'jpg'"):
        pics.write_position(tmp_path / "a.jpg", picture, style, 100)
    with pytest.raises(pics.ImageError, match="no board theme 'oak'"):
        pics.shipped_style("oak")
