"""Shapes on the board: the arrows and circles the user draws with the right button (kept in the shown
move's comment as ``[%cal]`` / ``[%csl]``, see ``xiangqi.record.comment_commands``) and the analysis's best
lines as arrows graded by score.

As on lichess: a right-drag from one point to another draws an arrow, a right-click a circle; the keys held
pick the colour (none: green, Shift or Ctrl: red, Alt or Meta: blue, both: yellow); drawing the same shape
again takes it away; a left click on the board clears the shown move's shapes. The board widget only
forwards its mouse events and one paint call to a ``ShapeLayer``; the shapes themselves live where the
``ShapeStore`` keeps them (the record), so a picture or a printed sheet draws the same ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QPixmap

from xiangqi.core import Move
from xiangqi.engine.messages import Score
from xiangqi.record.comment_commands import Brush, Shape, toggled
from xiangqi.ui.board import board_paint as bp
from xiangqi.ui.board.board_geometry import BoardGeometry

# lichess's brushes (chessground's defaults), a little translucent so the pieces under them stay readable
BRUSH_COLORS = {Brush.GREEN: "#15781b", Brush.RED: "#882020", Brush.BLUE: "#003088", Brush.YELLOW: "#e68f00"}
SHAPE_ALPHA = 170
ANALYSIS_COLOR = "#003088"
THREAT_COLOR = "#882020"     # the other side's threat (显示威胁): lichess draws it red
ANALYSIS_ALPHA = (45, 125)   # faintest .. best: paler than a drawn blue arrow (lichess's "paleBlue")
ARROW_WIDTH = 0.16        # of a cell, as the hint arrow
CIRCLE_WIDTH = 1 / 14     # of a cell
GRADE_PAWNS = 3.0         # a line this many pawns worse than the best is drawn as faint as it gets
MIN_WEIGHT = 0.15
MATE_CP = 100_000         # a mate counts as more than any centipawn score (sooner mates more)
CACHED_FROM = 8           # more shapes than this are drawn once on a layer kept for the repaints after


def brush_for(modifiers: Qt.KeyboardModifier) -> Brush:
    """The colour the keys held pick (chessground's ``eventBrush``)."""
    first = bool(modifiers & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier))
    second = bool(modifiers & (Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier))
    return (Brush.GREEN, Brush.RED, Brush.BLUE, Brush.YELLOW)[first + 2 * second]


def brush_color(brush: Brush, alpha: int = SHAPE_ALPHA) -> QColor:
    color = QColor(BRUSH_COLORS[brush])
    color.setAlpha(alpha)
    return color


@dataclass(frozen=True)
class GradedArrow:
    """An analysis line's first move; ``weight`` 1 for the best line, down to ``MIN_WEIGHT`` for a much
    worse one (thinner and fainter); ``color`` red for a threat, blue for the side to move's lines."""

    move: Move
    weight: float
    color: str = ANALYSIS_COLOR


def score_value(score: Score | None) -> float | None:
    """A score as one number to compare lines by (the side to move's view), None when it is no evaluation."""
    if score is None:
        return None
    if score.mate is not None:
        return float(MATE_CP - abs(score.mate)) * (1 if score.mate > 0 else -1)
    return float(score.cp) if score.cp is not None else None


def graded_arrows(lines: Sequence[tuple[Move, Score | None]], color: str = ANALYSIS_COLOR) -> tuple[GradedArrow, ...]:
    """The first moves of the analysis lines (best first) graded by how far each is behind the best line;
    a line with no comparable score gets the faintest arrow. One arrow per move (the best grade)."""
    values = [score_value(score) for _move, score in lines]
    known = [value for value in values if value is not None]
    best = max(known) if known else None
    arrows: dict[Move, float] = {}
    for (move, _score), value in zip(lines, values, strict=True):
        if best is None or value is None:
            weight = 1.0 if best is None and not arrows else MIN_WEIGHT
        else:
            weight = max(MIN_WEIGHT, 1.0 - (best - value) / (GRADE_PAWNS * 100))
        arrows[move] = max(weight, arrows.get(move, 0.0))
    return tuple(GradedArrow(move, weight, color) for move, weight in arrows.items())


# ----------------------------------------------------------------------------------- painting
def paint_shape(painter: QPainter, geo: BoardGeometry, shape: Shape, alpha: int = SHAPE_ALPHA) -> None:
    color = brush_color(shape.brush, alpha)
    if shape.is_circle:
        width = max(2.0, geo.cell * CIRCLE_WIDTH)
        painter.setPen(QPen(color, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = geo.piece_diameter / 2 + width / 2
        painter.drawEllipse(geo.point(shape.from_sq), radius, radius)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPolygon(bp.arrow_polygon(*bp.arrow_ends(geo, shape.from_sq, shape.to_sq), geo.cell * ARROW_WIDTH))


def paint_shapes(painter: QPainter, geo: BoardGeometry, shapes: Sequence[Shape]) -> None:
    """Circles first, then arrows over them (an arrow into a circled point stays whole)."""
    painter.save()
    for shape in sorted(shapes, key=lambda s: not s.is_circle):
        paint_shape(painter, geo, shape)
    painter.restore()


def paint_graded(painter: QPainter, geo: BoardGeometry, arrows: Sequence[GradedArrow]) -> None:
    """The analysis arrows, faintest first so the best one lies on top."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    for arrow in sorted(arrows, key=lambda a: a.weight):
        color = QColor(arrow.color)
        color.setAlpha(round(ANALYSIS_ALPHA[0] + (ANALYSIS_ALPHA[1] - ANALYSIS_ALPHA[0]) * arrow.weight))
        painter.setBrush(color)
        width = geo.cell * ARROW_WIDTH * (0.45 + 0.55 * arrow.weight)
        painter.drawPolygon(bp.arrow_polygon(*bp.arrow_ends(geo, arrow.move.from_sq, arrow.move.to_sq), width))
    painter.restore()


# ----------------------------------------------------------------------------------- the board's layer
class ShapeStore(Protocol):
    """Where the shown position's drawn shapes are kept (the shown move's comment)."""

    def shapes(self) -> tuple[Shape, ...]: ...
    def set_shapes(self, shapes: tuple[Shape, ...]) -> None: ...


class ShapeLayer:
    """The board's shapes: the drawing under way (right button held), the store's shapes and the analysis
    arrows. Its mouse methods return True when they took the event (the board then only repaints)."""

    def __init__(self) -> None:
        self.store: ShapeStore | None = None      # None: nothing can be drawn (the position editor)
        self.analysis: tuple[GradedArrow, ...] = ()
        self.show_analysis = True
        self._start: int | None = None
        self._end: int | None = None
        self._brush = Brush.GREEN
        self._cached: tuple[tuple[Shape, ...], tuple[BoardGeometry, int, int, float], QPixmap] | None = None

    def shapes(self) -> tuple[Shape, ...]:
        return self.store.shapes() if self.store is not None else ()

    def pending(self) -> Shape | None:
        """The shape the right button would draw if let go now."""
        if self._start is None:
            return None
        return Shape(self._brush, self._start, self._start if self._end is None else self._end)

    def set_analysis(self, arrows: tuple[GradedArrow, ...]) -> None:
        self.analysis = arrows

    def press(self, event: QMouseEvent, geo: BoardGeometry) -> bool:
        """Right button: a drawing starts on the point under it. Left button: the shapes go (not taken)."""
        sq = geo.square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if self.store is None or sq is None:
                return False
            self._start, self._end, self._brush = sq, sq, brush_for(event.modifiers())
            return True
        if event.button() == Qt.MouseButton.LeftButton and sq is not None and self.shapes():
            assert self.store is not None
            self.store.set_shapes(())
        return False

    def move(self, event: QMouseEvent, geo: BoardGeometry) -> bool:
        if self._start is None:
            return False
        sq = geo.square_at(event.position())
        self._end = self._start if sq is None else sq
        return True

    def release(self, event: QMouseEvent, geo: BoardGeometry) -> bool:
        if event.button() != Qt.MouseButton.RightButton or self._start is None:
            return False
        self.move(event, geo)
        shape = self.pending()
        self._start = self._end = None
        if shape is not None and self.store is not None:
            self.store.set_shapes(toggled(self.store.shapes(), shape))
        return True

    def paint(self, painter: QPainter, geo: BoardGeometry) -> None:
        if self.show_analysis and self.analysis:
            paint_graded(painter, geo, self.analysis)
        shapes = self.shapes()
        pending = self.pending()
        if pending is not None:
            paint_shapes(painter, geo, (*shapes, pending))
        elif len(shapes) > CACHED_FROM:
            painter.drawPixmap(0, 0, self._layer(painter, geo, shapes))
        elif shapes:
            paint_shapes(painter, geo, shapes)

    def _layer(self, painter: QPainter, geo: BoardGeometry, shapes: tuple[Shape, ...]) -> QPixmap:
        """The shapes drawn once on a transparent layer, kept while the same shapes are shown at the same
        size: a repaint (a click, a hover) copies it instead of filling up to 200 arrows again."""
        device = painter.device()
        ratio = device.devicePixelRatioF()
        key = (geo, device.width(), device.height(), ratio)
        cached = self._cached
        if cached is not None and cached[0] is shapes and cached[1] == key:
            return cached[2]
        layer = QPixmap(round(device.width() * ratio), round(device.height() * ratio))
        layer.setDevicePixelRatio(ratio)
        layer.fill(Qt.GlobalColor.transparent)
        layer_painter = QPainter(layer)
        layer_painter.setRenderHints(painter.renderHints())
        paint_shapes(layer_painter, geo, shapes)
        layer_painter.end()
        self._cached = (shapes, key, layer)
        return layer

