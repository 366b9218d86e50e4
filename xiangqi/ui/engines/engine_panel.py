"""The engine panel: engine name and state, and for each principal variation its depth, score (from
red's point of view), nodes per second and the line in the chosen notation."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QSizePolicy, QSpinBox,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import ScoreKind
from xiangqi.ui.engines.score_text import book_move_words, nps_text, pawns_text, score_header, score_header_tip
from xiangqi.engine.seat import SeatInfo
from xiangqi.game.notation_text import line_text
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.engines.wrapped_lines import wrap_lines

MAX_LINES = 5
PV_SHOWN = 12    # moves of a variation shown
LINE_COLUMN = 3
NPS_COLUMN = 2
COMPACT_ROWS = 4   # text lines of variation the panel asks for (it gets more when there is room)
COMPACT_SLACK = 12   # px: spacing and the row's margins
MIN_LABEL_WIDTH = 40   # px: the engine name is cut (not the board squeezed) when room is short
# The engine states main_window.STATE_TEXTS shows here (the same English source strings, translated there).
STATE_WORDS = ("starting…", "ready", "thinking…", "stopping…", "not running")


class EnginePanel(QWidget):
    lines_wanted = Signal(int)     # the user asks for this many variations (MultiPV)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notation = Notation.CHINESE
        self.name_label = QLabel(self.tr("No engine"), self)
        self.state_label = QLabel(self)
        self.lines_box = QSpinBox(self)
        self.lines_box.setRange(1, MAX_LINES)
        self.lines_box.setPrefix(self.tr("Lines: "))
        self.lines_box.setEnabled(False)
        self.lines_box.valueChanged.connect(self.lines_wanted)
        self.tree = QTreeWidget(self)
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("Depth"), score_header(), self.tr("N/s"), self.tr("Line")])
        self.tree.headerItem().setToolTip(1, score_header_tip())
        header = self.tree.header()
        header.setStretchLastSection(True)
        for column in range(3):   # numbers stay narrow; the variation gets the rest
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        wrap_lines(self.tree, LINE_COLUMN, NPS_COLUMN)
        # A long engine name is cut, never widening the panel (and so never narrowing the board); the state
        # label is as wide as its longest word from the start, so a change of state moves nothing either.
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.name_label.setMinimumWidth(MIN_LABEL_WIDTH)
        metrics = self.state_label.fontMetrics()
        self.state_label.setFixedWidth(max(metrics.horizontalAdvance(QCoreApplication.translate("MainWindow", s))
                                           for s in STATE_WORDS) + metrics.averageCharWidth())
        top = QHBoxLayout()
        top.addWidget(self.name_label, 1)
        top.addWidget(self.state_label)
        top.addWidget(self.lines_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.tree)
        self._position_key: str | None = None

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Compact: its top row and about ``COMPACT_ROWS`` text lines of variation (the opponent's line, or
        one engine's in a match)."""
        rows = self.tree.header().sizeHint().height() + COMPACT_ROWS * self.tree.fontMetrics().lineSpacing()
        top = self.name_label.sizeHint().height()
        return QSize(super().sizeHint().width(), top + rows + 2 * self.tree.frameWidth() + COMPACT_SLACK)

    def set_engine_name(self, name: str) -> None:
        """The engine playing ("" when none does)."""
        self.name_label.setText(name or self.tr("No engine"))

    def set_state(self, text: str) -> None:
        self.state_label.setText(text)

    def set_multipv_supported(self, supported: bool) -> None:
        self.lines_box.setEnabled(supported)

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation

    def clear(self) -> None:
        self.tree.clear()
        self._position_key = None

    def show_book_move(self, before: Position, move: Move) -> None:
        """The move the engine played from an opening book, in words where the score would be: a book move
        was not searched, so it has no score."""
        self.tree.clear()
        self._position_key = None
        text = " ".join(line_text(before, (move,), self.notation, traditional=traditional_moves()))
        self.tree.addTopLevelItem(QTreeWidgetItem(["", book_move_words(), "", text]))

    def show_analysis(self, analysis: SeatInfo) -> None:
        info = analysis.info
        if not info.pv and info.score is None:
            return   # currmove / nps-only lines: nothing to show in a variation row
        if info.score is not None and info.score.kind is ScoreKind.BOOK:
            return   # a candidate of the engine's own book (ElephantEye lists each), not the move it plays
        key = analysis.position.fen()
        if key != self._position_key:
            self.tree.clear()
            self._position_key = key
        index = (info.multipv or 1) - 1
        while self.tree.topLevelItemCount() <= index:
            self.tree.addTopLevelItem(QTreeWidgetItem(["", "", "", ""]))
        item = self.tree.topLevelItem(index)
        assert item is not None
        moves = line_text(analysis.position, info.pv[:PV_SHOWN], self.notation, traditional=traditional_moves())
        values = [str(info.depth or ""), pawns_text(info.score, analysis.red_sign), nps_text(info.nps),
                  " ".join(moves)]
        for column, value in enumerate(values):
            if value or column == 3 and info.pv:
                item.setText(column, value)
        item.setToolTip(LINE_COLUMN, values[LINE_COLUMN])   # whole, when the line is cut with …
