"""The move list: numbered rounds (red, black) in the chosen notation. Clicking a move shows the
position after it; a bar then offers to go back to the game or to play on from there."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.ui.notation_text import GameNotation

PLY_ROLE = Qt.ItemDataRole.UserRole


class MoveList(QWidget):
    play_from_here = Signal()     # the user wants to continue from the viewed position (confirm first)

    def __init__(self, controller: object, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.notation = Notation.CHINESE
        self._notation_cache = GameNotation()
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

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self.refresh()

    def refresh(self) -> None:
        game = self.controller.game
        texts = self._notation_cache.texts(game.start_fen, game.moves, self.notation)
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
        self._show_view_state(len(texts))

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
