"""The board as a picture, away from the screen: a position with the board theme and piece set, coordinates,
last-move marks and the shapes drawn on it (arrows, circles), turned or not, at any size, to a ``QImage``
(PNG, GIF frames, the clipboard) or to SVG through ``QSvgGenerator``. Painted by the board widget's own
functions (``board_paint``, ``shapes``) in the widget's order, so a picture looks like the board on screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from xiangqi.core import Color, Move
from xiangqi.record.comment_commands import Shape
from xiangqi.ui.board import board_paint as bp
from xiangqi.ui.board.board_geometry import FILES, MARGIN_CELLS, RANKS, BoardGeometry
from xiangqi.ui.board.shapes import paint_shapes
from xiangqi.ui.board.themes import BoardLook, PieceLook

ASPECT = (RANKS - 1 + 2 * MARGIN_CELLS) / (FILES - 1 + 2 * MARGIN_CELLS)   # height / width of the board
CSS_DPI = 96
SVG_PIECE_DPR = 2.0   # the pieces are bitmaps inside the SVG: twice the size so a zoomed view stays sharp


class PicturedPosition(Protocol):
    """What a picture reads of a position (``xiangqi.core.Position``)."""

    @property
    def turn(self) -> Color: ...

    def cells(self) -> tuple[int, ...]: ...
    def is_check(self) -> bool: ...
    def king_square(self, color: Color) -> int: ...


@dataclass(frozen=True)
class BoardPicture:
    """What one picture shows: the 90 cells, the move that led there and the marks drawn over the board."""

    cells: tuple[int, ...]
    last_move: Move | None = None
    check_square: int | None = None     # the king in check (a glow under it)
    shapes: tuple[Shape, ...] = ()      # drawn on the board: the move's [%cal] arrows and [%csl] circles

    @classmethod
    def of(cls, position: PicturedPosition, last_move: Move | None = None,
           shapes: tuple[Shape, ...] = ()) -> BoardPicture:
        check = position.king_square(position.turn) if position.is_check() else None
        return cls(position.cells(), last_move, check, shapes)


@dataclass(frozen=True)
class PictureStyle:
    """How pictures look: the theme, the piece set, coordinates ("traditional", "iccs", "none"), which side
    is at the bottom, whether the last move is marked."""

    board: BoardLook = field(compare=False)
    pieces: PieceLook = field(compare=False)
    coordinates: str = "traditional"
    flipped: bool = False
    last_move_marks: bool = True


def picture_size(width: int) -> QSize:
    """The picture of a board ``width`` px wide: the board's own proportions, no margin around it."""
    return QSize(width, round(width * ASPECT))


def paint_picture(painter: QPainter, rect: QRect, picture: BoardPicture, style: PictureStyle,
                  piece_dpr: float = 1.0) -> None:
    """The whole board in ``rect``: what the widget paints, minus its live marks (selection, drag)."""
    geo = BoardGeometry.fit(rect.width(), rect.height(), style.flipped)
    painter.save()
    painter.translate(rect.topLeft())
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
    bp.paint_static(painter, geo, style.board, style.coordinates)
    last = picture.last_move if style.last_move_marks else None
    bp.paint_under_pieces(painter, geo, style.board, last, picture.check_square)
    for sq, piece in enumerate(picture.cells):
        if piece:
            bp.paint_piece(painter, style.pieces, piece, geo.piece_rect(sq), piece_dpr)
    if picture.shapes:
        paint_shapes(painter, geo, picture.shapes)
    painter.restore()


def render_image(picture: BoardPicture, style: PictureStyle, width: int) -> QImage:
    """The picture ``width`` px wide (height from the board's proportions), opaque."""
    size = picture_size(width)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():     # no memory for it: painting a null image floods stderr with Qt's warnings
        raise MemoryError(f"no memory for a picture of {size.width()} x {size.height()} px")
    image.fill(QColor(style.board.background))
    painter = QPainter(image)
    paint_picture(painter, QRect(0, 0, size.width(), size.height()), picture, style)
    painter.end()
    return image


def render_svg(picture: BoardPicture, style: PictureStyle, width: int, title: str = "") -> bytes:
    """The picture as an SVG document ``width`` px wide: lines, marks and text as vector paths."""
    size = picture_size(width)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setResolution(CSS_DPI)   # the size is written in mm: at the web's 96 dpi it is ``width`` px
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setTitle(title or "xiangqi")
    painter = QPainter(generator)
    painter.fillRect(QRect(0, 0, size.width(), size.height()), QColor(style.board.background))
    paint_picture(painter, QRect(0, 0, size.width(), size.height()), picture, style, SVG_PIECE_DPR)
    painter.end()
    buffer.close()
    return bytes(data.data())


__all__ = ["ASPECT", "BoardPicture", "PicturedPosition", "PictureStyle", "paint_picture", "picture_size",
           "render_image", "render_svg"]
