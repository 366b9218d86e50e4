"""Theme folders: every shipped one loads, broken ones are skipped with a reason, a new folder is a new
theme, and switching theme changes what the board widget paints."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from xiangqi.ui.board.themes import PIECE_LETTERS, ThemeLibrary, board_preview, piece_preview

from appearance_paths import ASSETS


def alpha_box(image: QImage) -> tuple[int, int, int, int]:
    """Bounding box (left, top, right, bottom) of the pixels that are not transparent (alpha > 40)."""
    argb = image.convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(argb.constBits(), dtype=np.uint32).reshape(argb.height(), argb.bytesPerLine() // 4)
    ys, xs = np.nonzero((rows[:, :argb.width()] >> 24) > 40)
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def test_every_shipped_theme_folder_loads(library):
    board_dirs = {p.name for p in (ASSETS / "themes" / "boards").iterdir() if p.is_dir()}
    piece_dirs = {p.name for p in (ASSETS / "themes" / "pieces").iterdir() if p.is_dir()}
    assert library.errors == []
    assert set(library.boards) == board_dirs and len(board_dirs) >= 3
    assert set(library.pieces) == piece_dirs and len(piece_dirs) >= 3
    for theme in library.boards.values():
        assert {"zh_CN", "zh_TW", "en"} <= set(theme.names)
        assert theme.background.isValid() and theme.line != theme.background
    for pieces in library.pieces.values():
        assert {"zh_CN", "zh_TW", "en"} <= set(pieces.names)
        assert set(pieces.files()) == set(PIECE_LETTERS)


@pytest.mark.parametrize("size", [22, 96])
def test_every_piece_renders_round_and_centred(library, size):
    for pieces in library.pieces.values():
        for piece in PIECE_LETTERS:
            image = pieces.pixmap(piece, size).toImage()
            assert image.width() == size
            left, top, right, bottom = alpha_box(image)
            # the disc fills the square and sits in its middle (a drop shadow may add ~2 %)
            assert (right - left + 1) >= 0.9 * size and (bottom - top + 1) >= 0.9 * size
            assert abs((left + right) / 2 - (size - 1) / 2) <= 0.04 * size + 0.5, (pieces.id, piece)
            assert abs((top + bottom) / 2 - (size - 1) / 2) <= 0.04 * size + 0.5, (pieces.id, piece)


def test_pixmap_follows_device_pixel_ratio_and_is_cached(library):
    pieces = library.piece_set("engraved")
    sharp = pieces.pixmap(1, 40, 2.0)
    assert sharp.width() == 80 and sharp.devicePixelRatio() == 2.0
    assert pieces.pixmap(1, 40, 2.0) is sharp


def break_and_load(themes, kind: str, name: str, damage) -> ThemeLibrary:
    damage(themes / kind / name)
    return ThemeLibrary.load(themes)


@pytest.mark.parametrize("kind, name, damage, words", [
    ("boards", "wood", lambda d: (d / "texture.svg").unlink(), ["texture.svg", "file not found"]),
    ("boards", "paper", lambda d: (d / "theme.toml").write_text("[names\nen = 'x'"), ["theme.toml"]),
    ("boards", "dark", lambda d: (d / "theme.toml").write_text(
        (d / "theme.toml").read_text().replace('line = "#9aa4b1"', 'line = "greyish"')),
     ["[colors] line", "greyish"]),
    ("pieces", "flat", lambda d: (d / "red_horse.svg").unlink(), ["red_horse.svg", "file not found"]),
    ("pieces", "letters", lambda d: (d / "black_rook.svg").write_text("<svg this is not"),
     ["black_rook.svg", "not a valid SVG"]),
    ("pieces", "engraved", lambda d: (d / "theme.toml").unlink(), ["theme.toml", "missing"]),
])
def test_broken_folder_is_skipped_with_a_reason(qapp, themes_copy, kind, name, damage, words):
    library = break_and_load(themes_copy, kind, name, damage)
    loaded = library.boards if kind == "boards" else library.pieces
    assert name not in loaded
    assert len(loaded) == len(list((themes_copy / kind).iterdir())) - 1   # the others still load
    assert len(library.errors) == 1
    assert name in library.errors[0] and all(w in library.errors[0] for w in words), library.errors


def test_adding_a_folder_adds_a_theme(qapp, themes_copy):
    new = themes_copy / "boards" / "jade"
    shutil.copytree(themes_copy / "boards" / "paper", new)
    toml = (new / "theme.toml").read_text().replace('"#f7f3e8"', '"#cfe8d8"').replace("Plain paper", "Jade")
    (new / "theme.toml").write_text(toml)
    library = ThemeLibrary.load(themes_copy)
    assert library.board("jade").names["en"] == "Jade"
    assert library.board("jade").background == QColor("#cfe8d8")
    assert library.board("no-such-theme").id == "wood"     # unknown id: the default


def test_previews_differ_between_themes(library):
    boards = [board_preview(t).toImage() for t in library.boards.values()]
    pieces = [piece_preview(p).toImage() for p in library.pieces.values()]
    assert boards[0] != boards[1] != boards[2] and pieces[0] != pieces[1] != pieces[2]


def test_texture_is_painted_over_the_background(library):
    image = QImage(90, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    library.board("wood").paint_background(painter, QRectF(0, 0, 90, 100))
    painter.end()
    colours = {image.pixel(x, 50) for x in range(90)}
    assert len(colours) > 5            # grain, not a flat fill


def grab(window) -> QImage:
    return window.board.grab().toImage()


def test_switching_theme_changes_what_the_board_paints(qtbot, window, store):
    menus = window.appearance_ui.menus
    wood = grab(window)
    menus.actions[("appearance", "board_theme")]["dark"].trigger()
    dark = grab(window)
    menus.actions[("appearance", "piece_set")]["letters"].trigger()
    letters = grab(window)
    assert wood != dark != letters
    # the board area itself turned dark: the median pixel of the board (its texture is clipped to it) is dark now
    area = window.board.board_geometry().board_rect().toRect()

    def brightness(img):
        values = sorted(QColor(img.pixel(x, y)).value() for x in range(area.left(), area.right(), 7)
                        for y in range(area.top(), area.bottom(), 7))
        return values[len(values) // 2]
    assert brightness(wood) > 150 > 80 > brightness(dark)
    assert window.board.theme.id == "dark" and window.board.pieces.id == "letters"
    assert store.settings.appearance.board_theme == "dark"
    menus.actions[("appearance", "board_theme")]["wood"].trigger()
    menus.actions[("appearance", "piece_set")]["engraved"].trigger()
    assert grab(window) == wood                       # back to the same picture


def test_a_texture_is_rendered_once_per_size_and_read_once_per_file(qapp, themes_copy, monkeypatch):
    """The board's wood grain is rendered once for each of the latest sizes (a panel shown and hidden again
    gives the board back a size it had) and looks as rendered directly; a picture asked for again (each
    window loads the theme library anew) is the one read before, and a file changed since is read again."""
    from xiangqi.ui.board import themes

    texture = themes_copy / "boards" / "wood" / "texture.svg"
    picture = themes.Picture.of(texture)
    assert themes.Picture.of(texture) is picture
    renders: list[QRectF] = []
    paint = themes.Picture.paint
    monkeypatch.setattr(themes.Picture, "paint", lambda self, painter, rect: (renders.append(rect),
                                                                            paint(self, painter, rect)))

    def cached(width: int, height: int) -> QImage:
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        picture.paint_cached(painter, QRectF(0, 0, width, height))
        painter.end()
        return image

    first = cached(300, 200)
    assert cached(300, 200) == first and len(renders) == 1
    cached(310, 220)   # the same size step (rendered at 320x256, scaled down)
    assert len(renders) == 1
    for size in ((64, 48), (64, 48)):   # a menu's preview: rendered each time, not kept
        cached(*size)
    assert len(renders) == 3
    for size in ((200, 150), (260, 150), (330, 150), (300, 200)):   # three sizes kept: 300x200 was the oldest
        cached(*size)
    assert len(renders) == 7
    direct = QImage(300, 200, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(direct)
    paint(picture, painter, QRectF(0, 0, 300, 200))
    painter.end()

    def reds(image: QImage) -> list[int]:
        return [image.pixelColor(x, y).red() for x in range(0, 300, 7) for y in range(0, 200, 7)]

    assert abs(sum(reds(first)) - sum(reds(direct))) / len(reds(first)) <= 4   # the same wood, on average
    assert len(set(reds(first))) > 5                                          # grain, not a flat fill
    texture.write_text(texture.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert themes.Picture.of(texture) is not picture
