"""The move list: numbered rounds (red, black) in the chosen notation. Clicking a move shows the
position after it; a bar then offers to go back to the game or to play on from there. A move that has
alternatives in the game record (variations) carries a small branch mark and lists them in its tooltip;
the comments panel beside it shows and opens the variations."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QPolygonF
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Color, Move, NotationError, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.game.notation_text import GameNotation
from xiangqi.record import GameNode
from xiangqi.record.pgn_reader import SUFFIX_NAGS
from xiangqi.ui.i18n import traditional_moves

if TYPE_CHECKING:
    from xiangqi.ui.controller import GameController

PLY_ROLE = Qt.ItemDataRole.UserRole
BRANCH_COLOR = QColor("#1e88e5")
BRANCH_ICON_PX = 12
# moves of the shown line -> {ply: the other moves the record has at that ply}
AlternativesFinder = Callable[[list[Move]], dict[int, list[Move]]]
MOVE_MARKS = {nag: symbol for symbol, nag in SUFFIX_NAGS.items()}   # NAG 2 -> "?", 4 -> "??", 6 -> "?!"...


def _line_marks(head: GameNode) -> list[str]:
    """For each move from the start to ``head``: its move marks (``?!``, ``?``, ``??``, ``!``…, from the
    record's NAGs, as a review writes them), "" for none."""
    marks = []
    node: GameNode | None = head
    while node is not None and node.parent is not None:
        marks.append("".join(MOVE_MARKS.get(nag, "") for nag in node.nags))
        node = node.parent
    return marks[::-1]


def branch_icon() -> QIcon:
    """A small fork: one stem splitting in two (the move has variations)."""
    size = BRANCH_ICON_PX
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BRANCH_COLOR)
    painter.drawPolygon(QPolygonF([QPointF(size * 0.15, size * 0.1), QPointF(size * 0.9, size * 0.5),
                                   QPointF(size * 0.15, size * 0.9)]))
    painter.end()
    return QIcon(pixmap)


class MoveList(QWidget):
    play_from_here = Signal()     # the user wants to continue from the viewed position (confirm first)

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.notation = Notation.CHINESE
        self._notation_cache = GameNotation()
        self._alternatives: AlternativesFinder | None = None
        self._branch_icon = branch_icon()
        self.table = QTableWidget(0, 2, self)
        self.table.setHorizontalHeaderLabels([self.tr("Red"), self.tr("Black")])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.cellClicked.connect(self._on_cell_clicked)
        self.view_label = QLabel(self)
        self.back_button = QPushButton(self.tr("Back to game"), self)
        self.back_button.clicked.connect(lambda: controller.view(None))
        self.from_here_button = QPushButton(self.tr("Play from here"), self)
        self.from_here_button.clicked.connect(self.play_from_here)
        bar = QHBoxLayout()
        bar.addWidget(self.view_label, 1)
        bar.addWidget(self.back_button)
        bar.addWidget(self.from_here_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(bar)
        controller.changed.connect(self.refresh)
        self.refresh()

    def set_alternatives(self, finder: AlternativesFinder | None) -> None:
        """Where the record's variations come from (the records UI sets it); None: no marks."""
        self._alternatives = finder
        self.refresh()

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self.refresh()

    def refresh(self) -> None:
        game = self.controller.game
        texts = self._notation_cache.texts(game.start_fen, game.moves, self.notation, traditional=traditional_moves())
        texts = [text + marks for text, marks in zip(texts, _line_marks(game.head), strict=True)]
        black_first = game.position_at(0).turn is Color.BLACK if texts else False
        offset = 1 if black_first else 0
        rows = (len(texts) + offset + 1) // 2
        self.table.setRowCount(rows)
        first_round = game.position_at(0).fullmove_number if texts else 1
        self.table.setVerticalHeaderLabels([str(first_round + r) for r in range(rows)])
        for index in range(rows * 2):
            ply = index - offset + 1     # the position after this many moves
            text = texts[ply - 1] if 1 <= ply <= len(texts) else ("…" if ply < 1 else "")
            self._set_cell(index // 2, index % 2, text, ply if 1 <= ply <= len(texts) else None)
        self._mark_branches()
        self._show_view_state(len(texts))

    def _mark_branches(self) -> None:
        game = self.controller.game
        found = self._alternatives(list(game.moves)) if self._alternatives is not None else {}
        for row in range(self.table.rowCount()):
            for col in range(2):
                item = self.table.item(row, col)
                if item is None:
                    continue
                ply = item.data(PLY_ROLE)
                others = found.get(ply) if ply else None
                item.setIcon(self._branch_icon if others else QIcon())
                item.setToolTip(self.tr("Other moves here: {0}").format(
                    self._moves_text(game.position_at(ply - 1), others)) if others else "")

    def _moves_text(self, position: Position, moves: list[Move]) -> str:
        texts = []
        for move in moves:
            try:
                texts.append(move_to_text(position, move, self.notation, traditional=traditional_moves()))
            except NotationError:
                texts.append(move.iccs())
        return ", ".join(texts)

    def branch_plies(self) -> list[int]:
        """The plies shown with the branch mark (for tests and the status bar)."""
        return sorted(int(item.data(PLY_ROLE)) for row in range(self.table.rowCount()) for col in range(2)
                      if (item := self.table.item(row, col)) is not None and item.data(PLY_ROLE)
                      and not item.icon().isNull())

    def _set_cell(self, row: int, col: int, text: str, ply: int | None) -> None:
        item = self.table.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, col, item)
        if item.text() != text:
            item.setText(text)
        item.setData(PLY_ROLE, ply)
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable if ply else Qt.ItemFlag.NoItemFlags
        item.setFlags(flags)

    def _show_view_state(self, plies: int) -> None:
        viewing = self.controller.view_ply
        current = plies if viewing is None else viewing
        self.table.clearSelection()
        item = self.item_for_ply(current)
        if item is not None:
            item.setSelected(True)
            self.table.scrollToItem(item)
        for widget in (self.view_label, self.back_button, self.from_here_button):
            widget.setVisible(viewing is not None)
        if viewing is not None:
            self.view_label.setText(self.tr("Viewing move {0} of {1}").format(viewing, plies))

    def item_for_ply(self, ply: int) -> QTableWidgetItem | None:
        for row in range(self.table.rowCount()):
            for col in range(2):
                item = self.table.item(row, col)
                if item is not None and item.data(PLY_ROLE) == ply:
                    return item
        return None

    def _on_cell_clicked(self, row: int, col: int) -> None:
        item = self.table.item(row, col)
        ply = item.data(PLY_ROLE) if item is not None else None
        if ply:
            self.controller.view(int(ply))
