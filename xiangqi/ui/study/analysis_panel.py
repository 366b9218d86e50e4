"""The analysis panel (分析): the analysing engine's lines for the position shown.

Up to five lines (multi-PV), each with its depth, score from red's point of view (pawns, ``#5`` when red
mates in 5, ``#-5`` when black does), nodes per second and the moves in the chosen notation. A line wraps
over as many text lines as it needs, never widening the panel, so the panel cannot push the board aside.
Info lines arrive far faster than anyone reads; they are kept as they come and drawn at most every
``REFRESH_MS``.

The panel only shows and asks: ``engine_chosen``, ``lines_wanted``, ``pause_toggled``, ``close_requested`` and
``line_chosen`` (the moves of a clicked line, from the analysed position), ``threat_toggled``,
``move_excluded`` / ``exclusions_cleared`` (a line's context menu) and ``line_hovered`` (the moves up to the
one under the mouse: the caller shows that position without analysing it) are for whoever runs the
analysis (``xiangqi.ui.study.study_analysis``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QMenu,
                               QSizePolicy, QSpinBox, QToolButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout,
                               QWidget)

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import Info
from xiangqi.ui.engines.engine_panel import NPS_COLUMN
from xiangqi.ui.engines.wrapped_lines import move_at, wrap_lines
from xiangqi.ui.engines.score_text import nps_text, pawns_text, score_header, score_header_tip
from xiangqi.game.notation_text import line_text
from xiangqi.ui.common.i18n import traditional_moves

MAX_LINES = 5
PV_SHOWN = 12      # moves of a line shown (wrapped: a few text lines in a narrow column)
REFRESH_MS = 100   # at most ten redraws a second, whatever the engine sends
LINE_COLUMN = 3
ROWS_PER_LINE = 6   # text lines a wrapped line of moves takes in a narrow column, about
SLACK = 16   # px: spacing and margins


class AnalysisPanel(QWidget):
    engine_chosen = Signal(int)     # index into the list given to set_engines
    lines_wanted = Signal(int)      # how many lines (MultiPV) the user wants
    pause_toggled = Signal(bool)    # True: pause, False: go on
    line_chosen = Signal(object)    # tuple[Move, ...]: a clicked line, from the analysed position
    close_requested = Signal()      # the user closes the analysis (its engine retires)
    lines_shown = Signal(object)    # tuple[tuple[Move, Score | None], ...]: each line's first move, best first
    threat_toggled = Signal(bool)   # show the other side's threat (True) or the position as it is
    move_excluded = Signal(object)  # Move: leave it out of the search
    exclusions_cleared = Signal()   # search every move again
    line_hovered = Signal(object)   # tuple[Move, ...]: a line up to the move under the mouse; () when none

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notation = Notation.CHINESE
        self.position: Position | None = None
        self._infos: dict[int, Info] = {}     # latest info per line (0-based), drawn on the timer
        self._lines: dict[int, tuple[Move, ...]] = {}   # the moves of each line drawn
        self._texts: dict[int, list[str]] = {}          # each line's moves as drawn, in the notation
        self._hovered: tuple[Move, ...] = ()
        self._refresh = QTimer(self, singleShot=True, interval=REFRESH_MS)
        self._refresh.timeout.connect(self._draw)
        self._build()

    def _build(self) -> None:
        self.engine_box = QComboBox(self)
        self.engine_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.engine_box.setMinimumContentsLength(4)   # names are elided: a narrow dock stays narrow
        self.engine_box.setToolTip(self.tr("The engine that analyses (independent of the opponent)"))
        self.engine_box.activated.connect(self.engine_chosen)
        self.lines_box = QSpinBox(self)
        self.lines_box.setRange(1, MAX_LINES)
        self.lines_box.setPrefix(self.tr("Lines: "))
        self.lines_box.valueChanged.connect(self._on_lines_changed)
        self.pause_button = QToolButton(self)
        self.pause_button.setCheckable(True)
        self.pause_button.setText(self.tr("Pause"))
        self.pause_button.toggled.connect(self._on_pause_toggled)
        self.threat_button = QToolButton(self)
        self.threat_button.setCheckable(True)
        self.threat_button.setText(self.tr("Threat"))
        self.threat_button.setToolTip(self.tr("Show what the other side threatens: the position analysed with "
                                              "the other side to move (X)"))
        self.threat_button.toggled.connect(self.threat_toggled)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Stop analysing"))
        self.close_button.clicked.connect(lambda _checked=False: self.close_requested.emit())
        self.state_label = QLabel(self)
        self.state_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.excluded_label = QLabel(self)   # the moves left out, with a link that brings them back
        self.excluded_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.excluded_label.setWordWrap(True)
        self.excluded_label.linkActivated.connect(lambda _link: self.exclusions_cleared.emit())
        self.excluded_label.hide()
        self.note_label = QLabel(self)       # what the best line is named (a threat's 杀法), when it is
        self.note_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note_label.setWordWrap(True)
        self.note_label.hide()
        self.tree = QTreeWidget(self)
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("Depth"), score_header(), self.tr("N/s"), self.tr("Line")])
        self.tree.headerItem().setToolTip(1, score_header_tip())
        wrap_lines(self.tree, LINE_COLUMN, NPS_COLUMN)   # each line over as many text lines as it needs
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tree.setToolTip(self.tr("Click a line to play it on the board as a variation; point at a move to "
                                     "see its position; right-click to leave a move out"))
        self.tree.itemClicked.connect(self._on_item_clicked)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._on_context_menu)
        self.tree.setMouseTracking(True)
        self.tree.viewport().installEventFilter(self)
        header = self.tree.header()
        header.setStretchLastSection(True)
        for column in range(LINE_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        top = QHBoxLayout()
        top.addWidget(self.engine_box, 1)
        top.addWidget(self.lines_box)
        top.addWidget(self.threat_button)
        top.addWidget(self.pause_button)
        top.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.state_label)
        layout.addWidget(self.note_label)
        layout.addWidget(self.excluded_label)
        layout.addWidget(self.tree)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Room for the lines asked for, each wrapped over a few text lines."""
        rows = self.lines_box.value() * ROWS_PER_LINE * self.tree.fontMetrics().lineSpacing()
        above = self.engine_box.sizeHint().height() + self.state_label.sizeHint().height()
        return QSize(super().sizeHint().width(), above + self.tree.header().sizeHint().height() + rows
                     + 2 * self.tree.frameWidth() + SLACK)

    # ----------------------------------------------------------------- set up
    def set_engines(self, names: Sequence[str], current: int) -> None:
        """The engines offered for analysis and the one analysing (no signal)."""
        self.engine_box.blockSignals(True)
        self.engine_box.clear()
        self.engine_box.addItems(list(names))
        self.engine_box.setCurrentIndex(current)
        self.engine_box.blockSignals(False)

    def set_lines_supported(self, supported: bool) -> None:
        """Whether the engine can show more than one line (it offers MultiPV)."""
        self.lines_box.setEnabled(supported)

    def set_state(self, text: str) -> None:
        self.state_label.setText(text)

    def set_paused(self, paused: bool) -> None:
        self.pause_button.blockSignals(True)
        self.pause_button.setChecked(paused)
        self.pause_button.setText(self.tr("Resume") if paused else self.tr("Pause"))
        self.pause_button.blockSignals(False)

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self._lines.clear()
        self._draw()

    def set_threat(self, shown: bool) -> None:
        """The threat button as the analysis has it (no signal)."""
        self.threat_button.blockSignals(True)
        self.threat_button.setChecked(shown)
        self.threat_button.blockSignals(False)

    def set_note(self, text: str) -> None:
        """A line about the best line (e.g. the threat's name); hidden when empty."""
        self.note_label.setText(text)
        self.note_label.setVisible(bool(text))

    def set_excluded(self, moves: Sequence[Move]) -> None:
        """The moves left out of the search of the position analysed, in the panel's notation."""
        if not moves or self.position is None:
            self.excluded_label.hide()
            return
        names = "  ".join(self._move_text(move) for move in moves)
        self.excluded_label.setText(self.tr("Left out: {moves}").format(moves=names)
                                    + f' · <a href="all">{self.tr("search every move")}</a>')
        self.excluded_label.show()

    def _move_text(self, move: Move) -> str:
        assert self.position is not None
        return line_text(self.position, [move], self.notation, traditional=traditional_moves())[0]

    # ----------------------------------------------------------------- lines
    def set_position(self, position: Position | None) -> None:
        """A new position is analysed: the old lines go."""
        self.position = position.copy() if position is not None else None
        self._infos.clear()
        self._lines.clear()
        self._texts.clear()
        self.tree.clear()
        self.excluded_label.hide()
        self.set_note("")
        self._hover(())
        self.lines_shown.emit(())

    def show_info(self, info: Info) -> None:
        """One ``info`` of the analysed position (scores from the side to move's point of view)."""
        if not info.pv or self.position is None:
            return   # currmove / nps-only lines: nothing to show in a row
        index = (info.multipv or 1) - 1
        if index >= self.lines_box.value() or index >= MAX_LINES:
            return
        self._infos[index] = info
        if not self._refresh.isActive():
            self._refresh.start()

    def line_texts(self) -> list[list[str]]:
        """The rows as shown: depth, score, nodes/s, line (for tests and accessibility)."""
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [[item.text(c) for c in range(LINE_COLUMN + 1)] for item in items if item is not None]

    def line_moves(self, index: int) -> tuple[Move, ...]:
        """The moves of line ``index`` (0: the best) as drawn, () when there is none."""
        return self._lines.get(index, ())

    def _draw(self) -> None:
        position = self.position
        if position is None:
            return
        red_sign = 1 if position.turn is Color.RED else -1
        for index in sorted(self._infos):
            info = self._infos[index]
            while self.tree.topLevelItemCount() <= index:
                self.tree.addTopLevelItem(QTreeWidgetItem(["", "", "", ""]))
            item = self.tree.topLevelItem(index)
            assert item is not None
            if self._lines.get(index) != info.pv:
                self._lines[index] = info.pv
                texts = line_text(position, info.pv[:PV_SHOWN], self.notation, traditional=traditional_moves())
                self._texts[index] = texts
                item.setText(LINE_COLUMN, " ".join(texts))
                item.setToolTip(LINE_COLUMN, " ".join(texts))   # whole, when the line is cut with …
            item.setText(0, str(info.depth or ""))
            item.setText(1, pawns_text(info.score, red_sign))
            item.setText(2, nps_text(info.nps))
        self.lines_shown.emit(tuple((info.pv[0], info.score) for _i, info in sorted(self._infos.items())))

    def _on_item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        moves = self._lines.get(self.tree.indexOfTopLevelItem(item))
        if moves:
            self.line_chosen.emit(moves)

    def _on_lines_changed(self, count: int) -> None:
        for index in [i for i in self._infos if i >= count]:
            del self._infos[index]
            self._lines.pop(index, None)
            self._texts.pop(index, None)
        while self.tree.topLevelItemCount() > count:
            self.tree.takeTopLevelItem(self.tree.topLevelItemCount() - 1)
        self.lines_wanted.emit(count)

    def _on_pause_toggled(self, paused: bool) -> None:
        self.pause_button.setText(self.tr("Resume") if paused else self.tr("Pause"))
        self.pause_toggled.emit(paused)

    # ----------------------------------------------------------------- pointing at a line
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The mouse over a move of a line: that line up to the move goes out (``line_hovered``)."""
        if watched is self.tree.viewport():
            if isinstance(event, QMouseEvent) and event.type() == QEvent.Type.MouseMove:
                self._hover(self._line_at(event.position().toPoint()))
            elif event.type() in (QEvent.Type.Leave, QEvent.Type.Hide):
                self._hover(())
        return False

    def _line_at(self, point: QPoint) -> tuple[Move, ...]:
        """The moves of the line under ``point`` up to the move under it (() off the moves)."""
        item = self.tree.itemAt(point)
        index = self.tree.indexOfTopLevelItem(item) if item is not None else -1
        moves, texts = self._lines.get(index), self._texts.get(index)
        if item is None or not moves or not texts:
            return ()
        cell = self.tree.visualItemRect(item)
        header = self.tree.header()
        cell.setLeft(header.sectionViewportPosition(LINE_COLUMN))
        cell.setWidth(header.sectionSize(LINE_COLUMN))
        shown = move_at(self.tree, LINE_COLUMN, cell, texts, point)
        return moves[:shown + 1] if shown is not None else ()

    def _hover(self, moves: tuple[Move, ...]) -> None:
        if moves != self._hovered:
            self._hovered = moves
            self.line_hovered.emit(moves)

    def _on_context_menu(self, point: QPoint) -> None:
        menu = self.context_menu(point)
        if menu.isEmpty():
            menu.deleteLater()
            return
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.tree.viewport().mapToGlobal(point))

    def context_menu(self, point: QPoint) -> QMenu:
        """A line's menu: leave its first move out of the search; search every move again."""
        item = self.tree.itemAt(point)
        moves = self._lines.get(self.tree.indexOfTopLevelItem(item)) if item is not None else None
        menu = QMenu(self)
        if moves:
            first = moves[0]
            menu.addAction(self.tr("Leave {move} out of the analysis").format(move=self._move_text(first)),
                           lambda: self.move_excluded.emit(first))
        if not self.excluded_label.isHidden():
            menu.addAction(self.tr("Search every move again"), self.exclusions_cleared.emit)
        return menu
