"""The evaluation graph: the score after every ply from red's point of view, in pawns, as a Qt chart.

Fed by a plain list (index = ply, 0 = the start position; None where nothing is known). Values beyond
``clamp`` are drawn at the edge, which is where the series functions put mates. Red's advantage is
filled red above the zero line, black's dark below it. A click on the chart asks for that ply
(``ply_clicked``); the ply shown on the board is marked by a vertical line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCharts import QAreaSeries, QChart, QChartView, QLineSeries, QScatterSeries, QValueAxis
from PySide6.QtCore import QEvent, QMargins, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QHelpEvent, QMouseEvent, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from xiangqi.review.evaluation import Evaluation
from xiangqi.review.series import graph_values
from xiangqi.ui.common.contrast import mark_colour
from xiangqi.ui.engines.score_text import evaluation_text

DEFAULT_CLAMP = 10.0       # pawns: beyond this an advantage is decisive and drawn at the edge
RED_FILL = QColor(200, 40, 30, 150)
BLACK_FILL = QColor(40, 40, 40, 130)
LINE_COLOUR = QColor(70, 70, 70)
MARKER_COLOUR = QColor(30, 110, 220)
MARK_SYMBOLS = ("?!", "?", "??")   # the review marks drawn as dots, in the move list's colours
MIN_PLIES = 10             # the x axis spans at least this many plies (a short game is not stretched)
Y_AXIS_ROOM = 24           # px of the view beside the plot: margins, the y axis line and its labels' gap
LABEL_GAP = 14             # px between two ply labels of the x axis (closer, Qt cuts them to "…")
NICE_STEPS = (1, 2, 5)     # label steps: 1, 2, 5, 10, 20, 50, ... plies


def label_step(last_ply: int, room: float, label_width: float) -> int:
    """The smallest round step (1, 2, 5, 10, 20, ...) whose labels 0, step, 2·step, … ``last_ply`` fit in
    ``room`` px, each ``label_width`` px wide plus a gap: a long game gets fewer labels, never cut ones."""
    fits = max(2, int(room // (label_width + LABEL_GAP)))
    scale = 1
    while True:
        for base in NICE_STEPS:
            step = base * scale
            if last_ply // step + 1 <= fits:
                return step
        scale *= 10


def clamped(value: float, clamp: float) -> float:
    return max(-clamp, min(clamp, value))


def split_at_zero(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """``points`` with a point added wherever the line crosses zero, so the red and black fills meet
    exactly on the axis."""
    result: list[tuple[float, float]] = []
    for index, (x, y) in enumerate(points):
        if index:
            px, py = points[index - 1]
            if py * y < 0:   # opposite signs: the crossing lies between them
                result.append((px + (x - px) * py / (py - y), 0.0))
        result.append((x, y))
    return result

Y_TICKS, Y_TICKS_SHORT = 5, 3   # labels of the y axis where there is room, and in a short graph
Y_LABEL_ROOM = 2.0   # a y label needs this many of its own heights of the graph's (the x axis, margins)
LABEL_SCALE = 0.8    # the axes' labels, of the window's text size
MIN_LABEL_PT = 6.0
GRAPH_PX = 130       # the graph's height where the column has room
GRAPH_MIN_PX = 80    # and at least (axis labels and the curve still read)


def chart_background(chart: QChart) -> QColor:
    """The colour the chart's theme fills its background with (a gradient's first stop: the light theme
    paints a white-to-white gradient, whose brush colour reads black)."""
    brush = chart.backgroundBrush()
    gradient = brush.gradient()
    stops = gradient.stops() if gradient is not None else []
    return stops[0][1] if stops else brush.color()


class EvalGraph(QChartView):
    """The chart; ``set_values`` draws a series, ``set_current_ply`` moves the marker."""

    ply_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None, clamp: float = DEFAULT_CLAMP) -> None:
        super().__init__(parent)
        self.clamp = clamp
        self.values: list[float | None] = []
        self.labels: list[str] = []   # each ply's value as the engine area words it ("+1.20", "#5")
        self.marks: dict[int, str] = {}
        self.current_ply: int | None = None
        chart = QChart()
        chart.legend().hide()
        chart.setMargins(QMargins(2, 2, 2, 2))
        chart.setBackgroundRoundness(0)
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        self.setChart(chart)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        # 130 px where there is room; less beside an engine on a small screen (the moves keep their rows)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setMinimumHeight(GRAPH_MIN_PX)
        self.setMaximumHeight(GRAPH_PX)
        self.setToolTip(self.tr("Evaluation after each move (red's point of view, pawns); click to go there"))
        self._build_series(chart)

    def _build_series(self, chart: QChart) -> None:
        self.red_upper, self.red_lower = QLineSeries(), QLineSeries()
        self.black_upper, self.black_lower = QLineSeries(), QLineSeries()
        self.red_area = QAreaSeries(self.red_upper, self.red_lower)
        self.black_area = QAreaSeries(self.black_upper, self.black_lower)
        self.line = QLineSeries()
        self.marker = QLineSeries()
        for area, colour in ((self.red_area, RED_FILL), (self.black_area, BLACK_FILL)):
            area.setBrush(QBrush(colour))
            area.setPen(QPen(Qt.PenStyle.NoPen))
        self.line.setPen(QPen(LINE_COLOUR, 1.5))
        self.dots: dict[str, QScatterSeries] = {}
        for symbol in MARK_SYMBOLS:
            colour = mark_colour(symbol, chart_background(chart))
            dots = QScatterSeries()
            dots.setMarkerSize(7.0)
            dots.setColor(colour)
            dots.setBorderColor(colour.darker(130))
            self.dots[symbol] = dots
        self.marker.setPen(QPen(MARKER_COLOUR, 2))
        self.axis_x, self.axis_y = QValueAxis(), QValueAxis()
        self.axis_x.setLabelFormat("%d")
        self.axis_y.setRange(-self.clamp, self.clamp)
        self.axis_y.setTickCount(5)
        self.axis_y.setLabelFormat("%+.0f")
        self._fit_label_fonts()
        chart.addAxis(self.axis_x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.axis_y, Qt.AlignmentFlag.AlignLeft)
        for series in (self.red_area, self.black_area, self.line, self.marker, *self.dots.values()):
            chart.addSeries(series)
            series.attachAxis(self.axis_x)
            series.attachAxis(self.axis_y)
        self._set_x_range(0)

    # ----------------------------------------------------------------- data
    def set_evaluations(self, evaluations: Mapping[int, Evaluation], plies: int) -> None:
        """Draw plies 0..``plies`` from their evaluations (red's view); a point's tool tip says its value
        the way the engine area does (``#5`` for a mate, not the edge of the chart)."""
        if not evaluations:
            self.set_values([])
            return
        self.set_values(graph_values(evaluations, plies, self.clamp),
                        [evaluation_text(e) if (e := evaluations.get(ply)) is not None else ""
                         for ply in range(plies + 1)])

    def set_values(self, values: Sequence[float | None], labels: Sequence[str] = ()) -> None:
        """The evaluation after each ply (index 0 = the start), pawns from red's point of view;
        ``labels``: the tool tip's text per ply (default: the value in pawns)."""
        self.values = list(values)
        self.labels = list(labels) or [f"{v:+.2f}" if v is not None else "" for v in self.values]
        known = [(float(ply), clamped(v, self.clamp)) for ply, v in enumerate(self.values) if v is not None]
        self.line.replace([QPointF(x, y) for x, y in known])
        edges = split_at_zero(known)
        self.red_upper.replace([QPointF(x, max(y, 0.0)) for x, y in edges])
        self.black_upper.replace([QPointF(x, min(y, 0.0)) for x, y in edges])
        zeros = [QPointF(x, 0.0) for x, _ in edges]
        self.red_lower.replace(zeros)
        self.black_lower.replace(zeros)
        self._set_x_range(len(self.values) - 1)
        self._draw_marker()
        self._draw_marks()

    def set_marks(self, marks: Mapping[int, str]) -> None:
        """Dots on the line at the plies of marked moves (``?!``, ``?``, ``??``: yellow, orange, red)."""
        self.marks = dict(marks)
        self._draw_marks()

    def _draw_marks(self) -> None:
        for symbol, dots in self.dots.items():
            plies = [p for p, s in self.marks.items() if s == symbol and 0 <= p < len(self.values)]
            dots.replace([QPointF(p, clamped(v, self.clamp)) for p in plies if (v := self.values[p]) is not None])

    def set_current_ply(self, ply: int | None) -> None:
        """Mark the ply shown on the board (None: no mark)."""
        self.current_ply = ply
        self._draw_marker()

    def clear(self) -> None:
        self.set_values([])

    def _set_x_range(self, last_ply: int) -> None:
        """Labels at round plies, as many as fit the chart's width (Qt elides labels that do not)."""
        last = max(MIN_PLIES, last_ply)
        self.axis_x.setRange(0, last)
        metrics = QFontMetricsF(self.axis_x.labelsFont())
        # The plot's width: the view's less the y axis labels and margins (the chart's own plot area is
        # only laid out later, after a resize).
        room = self.width() - QFontMetricsF(self.axis_y.labelsFont()).horizontalAdvance("+10") - Y_AXIS_ROOM
        self.axis_x.setTickType(QValueAxis.TickType.TicksDynamic)
        self.axis_x.setTickAnchor(0)
        self.axis_x.setTickInterval(label_step(last, room, metrics.horizontalAdvance(str(last))))

    def _fit_label_fonts(self) -> None:
        """The axes' labels a little smaller than the window's present text (their own font does not follow
        the text size setting: 150 % → 100 % left them large, cut to "…" in the graph's height)."""
        font = QFont(self.font())
        if font.pointSizeF() > 0:
            font.setPointSizeF(max(MIN_LABEL_PT, font.pointSizeF() * LABEL_SCALE))
        for axis in (self.axis_x, self.axis_y):
            axis.setLabelsFont(font)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FontChange:   # the text size setting, switched live
            self._fit_label_fonts()
            self._set_x_range(len(self.values) - 1)
            self._fit_y_ticks()
        super().changeEvent(event)

    def x_labels(self) -> list[str]:
        """The ply labels the x axis shows now."""
        step, last = int(self.axis_x.tickInterval()), int(self.axis_x.max())
        return [str(ply) for ply in range(0, last + 1, max(step, 1))]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._set_x_range(len(self.values) - 1)   # the labels that fit the new width
        self._fit_y_ticks()

    def _fit_y_ticks(self) -> None:
        """+10 / 0 / -10 in a short graph (five labels there are cut to "…"), five where they fit."""
        label = QFontMetricsF(self.axis_y.labelsFont()).height()
        self.axis_y.setTickCount(Y_TICKS if self.height() >= Y_TICKS * label * Y_LABEL_ROOM else Y_TICKS_SHORT)

    def _draw_marker(self) -> None:
        ply = self.current_ply
        if ply is None or not self.values or not 0 <= ply < max(len(self.values), 1):
            self.marker.clear()
            return
        self.marker.replace([QPointF(ply, -self.clamp), QPointF(ply, self.clamp)])

    # ----------------------------------------------------------------- clicks
    def ply_at(self, x: float, y: float) -> int | None:
        """The ply under the widget point (``x``, ``y``), or None when no values are shown."""
        if not self.values:
            return None
        chart = self.chart()
        value = chart.mapToValue(chart.mapFromScene(self.mapToScene(int(x), int(y))), self.line)
        return max(0, min(len(self.values) - 1, round(value.x())))

    def point_of_ply(self, ply: int) -> QPointF:
        """Where ``ply`` sits on the zero line, in widget coordinates (for tests and tool tips)."""
        chart = self.chart()
        scene = chart.mapToScene(chart.mapToPosition(QPointF(ply, 0.0), self.line))
        return QPointF(self.mapFromScene(scene))

    def point_text(self, ply: int) -> str:
        """The tool tip over ``ply``: which move it follows and its value."""
        label = self.labels[ply] if 0 <= ply < len(self.labels) else ""
        if ply == 0:
            where = self.tr("Start position")
        else:
            side = self.tr("Red") if ply % 2 else self.tr("Black")
            where = self.tr("Move {0}, {1}").format((ply + 1) // 2, side)
        return f"{where}: {label or self.tr('no evaluation')}"

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name; tool tips go to the viewport)
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            ply = self.ply_at(event.pos().x(), event.pos().y())
            if ply is not None:
                QToolTip.showText(event.globalPos(), self.point_text(ply), self)
                return True
        return super().viewportEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MouseButton.LeftButton:
            ply = self.ply_at(event.position().x(), event.position().y())
            if ply is not None:
                self.ply_clicked.emit(ply)
                event.accept()
                return
        super().mousePressEvent(event)
