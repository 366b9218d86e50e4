"""Painting the board's unchanging layer (background, lines, palaces, position marks, river text,
coordinates), the pieces and the marks drawn under and over them (last move, check, selection, legal-move
hints, the hint arrow). Pure functions of a QPainter, the geometry and the theme: the widget only orders
them, and the exported pictures (``board_render``) are painted by the same functions."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient

from xiangqi.core import Move
from xiangqi.ui.board.board_geometry import FILES, RANKS, BoardGeometry
from xiangqi.ui.board.glyphs import glyph_path
from xiangqi.ui.board.themes import BoardLook, PieceLook

CHINESE_NUMERALS = "一二三四五六七八九"
DIGIT_FILES = "digits"   # the traditional labels in digits: the board of a move list in WXF or ICCS
CANNON_POINTS = ((1, 2), (7, 2), (1, 7), (7, 7))                       # (file, rank)
PAWN_POINTS = tuple((f, r) for r in (3, 6) for f in (0, 2, 4, 6, 8))


def text_path(text: str, center: QPointF, height: float) -> QPainterPath:
    """Board text from the shipped glyph outlines (no system font needed)."""
    return glyph_path(text, center, height)


def line_width(geo: BoardGeometry) -> float:
    return max(1.0, geo.cell / 60)


def paint_static(painter: QPainter, geo: BoardGeometry, theme: BoardLook, coordinates: str) -> None:
    painter.save()
    painter.setClipRect(geo.board_rect())   # a texture (wood grain) never spills outside the board
    theme.paint_background(painter, geo.board_rect())
    painter.restore()
    paint_grid(painter, geo, theme.line)
    paint_marks(painter, geo, theme.line)
    paint_river(painter, geo, theme.river_text)
    if coordinates != "none":
        paint_coordinates(painter, geo, theme.coordinate_text, coordinates)


def paint_grid(painter: QPainter, geo: BoardGeometry, color: QColor) -> None:
    width = line_width(geo)
    painter.setPen(QPen(color, width))
    g = geo.grid_point
    for row in range(RANKS):
        painter.drawLine(QLineF(g(0, row), g(FILES - 1, row)))
    for col in range(FILES):
        if col in (0, FILES - 1):
            painter.drawLine(QLineF(g(col, 0), g(col, RANKS - 1)))
        else:   # inner files stop at the river
            painter.drawLine(QLineF(g(col, 0), g(col, 4)))
            painter.drawLine(QLineF(g(col, 5), g(col, RANKS - 1)))
    for top in (0, 7):   # palace diagonals
        painter.drawLine(QLineF(g(3, top), g(5, top + 2)))
        painter.drawLine(QLineF(g(5, top), g(3, top + 2)))
    frame = geo.cell * 0.12
    painter.setPen(QPen(color, width * 2.5))
    corner = g(0, 0)
    # QRectF: the int overload this used to hit truncated the frame off the float grid by up to a pixel.
    painter.drawRect(QRectF(corner.x() - frame, corner.y() - frame, (FILES - 1) * geo.cell + 2 * frame,
                            (RANKS - 1) * geo.cell + 2 * frame))


def paint_marks(painter: QPainter, geo: BoardGeometry, color: QColor) -> None:
    """The small corner marks at the cannon and pawn points (only inside the board at the edges)."""
    painter.setPen(QPen(color, line_width(geo)))
    gap, arm = geo.cell * 0.08, geo.cell * 0.2
    for file, rank in CANNON_POINTS + PAWN_POINTS:
        c = geo.point(rank * FILES + file)
        for dx in (-1, 1):
            col = geo.column_row(rank * FILES + file)[0]
            if (col == 0 and dx < 0) or (col == FILES - 1 and dx > 0):
                continue
            for dy in (-1, 1):
                x, y = c.x() + dx * gap, c.y() + dy * gap
                painter.drawLine(QLineF(x, y, x + dx * arm, y))
                painter.drawLine(QLineF(x, y, x, y + dy * arm))


def paint_river(painter: QPainter, geo: BoardGeometry, color: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    y = geo.top + 4.5 * geo.cell
    height = geo.cell * 0.55
    for text, col in (("楚", 1.5), ("河", 2.5), ("漢", 5.5), ("界", 6.5)):
        painter.drawPath(text_path(text, QPointF(geo.left + col * geo.cell, y), height))


def coordinate_labels(coordinates: str) -> tuple[list[str], list[str]]:
    """Labels per file for red's edge and black's edge ("traditional": 九…一 / 1…9; "digits": 9…1 / 1…9,
    the traditional numbering as WXF writes it; or ICCS a–i)."""
    if coordinates == "iccs":
        letters = [chr(ord("a") + f) for f in range(FILES)]
        return letters, letters
    if coordinates == DIGIT_FILES:
        return [str(FILES - f) for f in range(FILES)], [str(f + 1) for f in range(FILES)]
    return [CHINESE_NUMERALS[FILES - 1 - f] for f in range(FILES)], [str(f + 1) for f in range(FILES)]


def paint_coordinates(painter: QPainter, geo: BoardGeometry, color: QColor, coordinates: str) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    height = geo.cell * 0.28
    offset = geo.cell * 0.72
    red_labels, black_labels = coordinate_labels(coordinates)
    bottom_y, top_y = geo.top + (RANKS - 1) * geo.cell + offset, geo.top - offset
    red_y, black_y = (top_y, bottom_y) if geo.flipped else (bottom_y, top_y)
    for file in range(FILES):
        x = geo.point(file).x()
        painter.drawPath(text_path(red_labels[file], QPointF(x, red_y), height))
        painter.drawPath(text_path(black_labels[file], QPointF(x, black_y), height))
    if coordinates == "iccs":
        x = geo.left - offset
        for rank in range(RANKS):
            painter.drawPath(text_path(str(rank), QPointF(x, geo.point(rank * FILES).y()), height))


def paint_under_pieces(painter: QPainter, geo: BoardGeometry, theme: BoardLook, last_move: Move | None,
                       check_square: int | None) -> None:
    """The marks under the pieces: the last move's corner brackets and the glow under a king in check."""
    if last_move is not None:
        paint_square_corners(painter, geo, last_move.from_sq, theme.highlight)
        paint_square_corners(painter, geo, last_move.to_sq, theme.highlight)
    if check_square is not None:
        paint_check(painter, geo, check_square, theme.check)


def paint_piece(painter: QPainter, pieces: PieceLook, piece: int, rect: QRectF, dpr: float) -> None:
    """One piece from the current piece set, drawn into ``rect``."""
    size = max(1, round(rect.width()))
    painter.drawPixmap(rect, pieces.pixmap(piece, size, dpr), QRectF())


def paint_square_corners(painter: QPainter, geo: BoardGeometry, sq: int, color: QColor) -> None:
    """Corner brackets around a point: the traditional last-move mark."""
    painter.setPen(QPen(color, max(1.5, geo.cell / 30)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    c, half, arm = geo.point(sq), geo.cell * 0.47, geo.cell * 0.16
    for dx in (-1, 1):
        for dy in (-1, 1):
            x, y = c.x() + dx * half, c.y() + dy * half
            painter.drawLine(QLineF(x, y, x - dx * arm, y))
            painter.drawLine(QLineF(x, y, x, y - dy * arm))


def paint_ring(painter: QPainter, geo: BoardGeometry, sq: int, color: QColor, width: float) -> None:
    painter.setPen(QPen(color, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    radius = geo.piece_diameter / 2 + width / 2
    painter.drawEllipse(geo.point(sq), radius, radius)


def paint_hints(painter: QPainter, geo: BoardGeometry, targets: list[int], occupied: set[int],
                color: QColor) -> None:
    """Legal targets of the selected piece: a dot on empty points, a ring on capturable pieces."""
    for sq in targets:
        if sq in occupied:
            paint_ring(painter, geo, sq, color, max(2.0, geo.cell / 18))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(color)
            radius = geo.cell * 0.11
            painter.drawEllipse(geo.point(sq), radius, radius)


def paint_check(painter: QPainter, geo: BoardGeometry, sq: int, color: QColor) -> None:
    """A glow under the king in check."""
    center, radius = geo.point(sq), geo.cell * 0.7
    gradient = QRadialGradient(center, radius)
    inner = QColor(color)
    inner.setAlpha(220)
    outer = QColor(color)
    outer.setAlpha(0)
    gradient.setColorAt(0.55, inner)
    gradient.setColorAt(1.0, outer)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(gradient))
    painter.drawEllipse(center, radius, radius)


def arrow_polygon(start: QPointF, end: QPointF, width: float) -> QPolygonF:
    """An arrow from ``start`` to ``end`` with a head three widths long."""
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    head = min(width * 3, length * 0.6)
    neck = QPointF(end.x() - ux * head, end.y() - uy * head)

    def at(base: QPointF, across: float) -> QPointF:
        return QPointF(base.x() + px * across, base.y() + py * across)

    return QPolygonF([at(start, width / 2), at(neck, width / 2), at(neck, width * 1.5), end,
                      at(neck, -width * 1.5), at(neck, -width / 2), at(start, -width / 2)])


ARROW_ALPHA = 150   # translucent: the pieces under the arrow's path stay readable


def arrow_ends(geo: BoardGeometry, from_sq: int, to_sq: int) -> tuple[QPointF, QPointF]:
    """The arrow starts at the rim of the piece that moves, so the piece itself is never covered."""
    start, end = geo.point(from_sq), geo.point(to_sq)
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy) or 1.0
    rim = geo.piece_diameter / 2
    return QPointF(start.x() + dx / length * rim, start.y() + dy / length * rim), end


def paint_arrow(painter: QPainter, geo: BoardGeometry, from_sq: int, to_sq: int, color: QColor) -> None:
    fill = QColor(color)
    fill.setAlpha(ARROW_ALPHA)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawPolygon(arrow_polygon(*arrow_ends(geo, from_sq, to_sq), geo.cell * 0.16))
