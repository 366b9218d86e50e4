"""The move list: numbered rounds (red, black) in the chosen notation. Clicking a move (or moving to it
with the keys) shows the position after it; a bar then offers to go back to the game or to play on from
there. A move that has alternatives in the game record (variations) carries a small branch mark and lists
them in its tooltip; the comments panel beside it shows and opens the variations. The rows are a model
(``move_table_model``): only the moves on screen are written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QPointF, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QPolygonF
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy,
                               QTableView, QVBoxLayout, QWidget)

from xiangqi.core.notation import Notation
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.play.move_table_model import PLY_ROLE, AlternativesFinder, MoveTableModel, node_marks

if TYPE_CHECKING:
    from xiangqi.game.model import GameModel
    from xiangqi.play.controller import GameController

__all__ = ["PLY_ROLE", "AlternativesFinder", "MoveList", "branch_icon"]
BRANCH_COLOR = QColor("#1e88e5")
BRANCH_ICON_PX = 12
ROW_PADDING = 6   # px above and below a row's text (Qt's default row is 30 px whatever the font: 2 rows in 5 lost)


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


def moves_name() -> str:
    """The view's accessible name, the one the window's accessibility names it by (the same words)."""
    return QCoreApplication.translate("Accessibility", "Moves")


class MoveList(QWidget):
    play_from_here = Signal()     # the user wants to continue from the viewed position (confirm first)
    notation_changed = Signal(object)   # Notation: every view of the record's moves writes them anew

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.notation = Notation.CHINESE
        self.model = MoveTableModel(branch_icon(), self)
        self.table = self._make_table()
        self.view_label = QLabel(self)
        self.back_button = QPushButton(self.tr("Back to game"), self)
        self.back_button.clicked.connect(lambda: controller.study.view(None))
        self.from_here_button = QPushButton(self.tr("Play from here"), self)
        self.from_here_button.clicked.connect(self.play_from_here)
        # The browse bar is always there (its buttons enabled while an earlier move is shown), and its text
        # wraps: showing or leaving a move never changes the side column's size, so never the board's.
        self.view_label.setWordWrap(True)
        self.view_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        retained = self.view_label.sizePolicy()
        retained.setRetainSizeWhenHidden(True)
        self.view_label.setSizePolicy(retained)
        bar = QHBoxLayout()
        bar.addWidget(self.back_button)
        bar.addWidget(self.from_here_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addWidget(self.view_label)
        layout.addLayout(bar)
        self._following = False     # the selection is being set to the shown ply (not the user's choice)
        controller.shown_changed.connect(self._on_game_changed)
        self.refresh()

    def _make_table(self) -> QTableView:
        table = QTableView(self)
        table.setModel(self.model)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # Rows of one fixed height: Qt never measures them (a game may have 10,000).
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._fit_rows(table, table.fontMetrics().lineSpacing())
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setAccessibleName(moves_name())
        table.clicked.connect(self._on_cell_chosen)
        table.selectionModel().currentChanged.connect(self._on_current_changed)
        return table

    @staticmethod
    def _fit_rows(table: QTableView, line: int) -> None:
        """Rows as high as a ``line`` of text (and the branch mark) needs, at the present text size."""
        height = max(line, BRANCH_ICON_PX) + ROW_PADDING
        table.verticalHeader().setMinimumSectionSize(height)
        table.verticalHeader().setDefaultSectionSize(height)

    def rows_height(self, rows: int) -> int:
        """The list's height when its table shows ``rows`` whole rows (header, frame and browse bar included)."""
        table = self.table
        return self.height() - table.viewport().height() + rows * table.verticalHeader().defaultSectionSize()

    def set_alternatives(self, finder: AlternativesFinder | None) -> None:
        """Where the record's variations come from (the records UI sets it); None: no marks."""
        self.model.alternatives = finder
        self.refresh()

    def set_notation(self, notation: Notation) -> None:
        changed = notation is not self.notation
        self.notation = notation
        self.refresh()
        if changed:
            self.notation_changed.emit(notation)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Another language: the moves are written anew (繁體 writes 俥傌, 简体 车马)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.table.setAccessibleName(moves_name())
            self.refresh()
        elif event.type() == QEvent.Type.FontChange:   # the text size setting: rows follow
            self._fit_rows(self.table, self.fontMetrics().lineSpacing())
        super().changeEvent(event)

    def _on_game_changed(self) -> None:
        """The controller changed something: another game is shown anew; along the same game only the
        moves after the ones the old and new lines share change, and moving the view only moves the
        selection."""
        game: GameModel = self.controller.game
        if self.model.game is not game:
            self.refresh()
            return
        shown_head = self.model.nodes[-1] if self.model.nodes else game.record.root
        if shown_head is not game.head:
            with self._following_the_game():
                self.model.follow_head()
        self._show_view_state()

    def refresh(self) -> None:
        """Write every move anew (another game, notation or language, or the record's variations changed)."""
        with self._following_the_game():
            self.model.show_game(self.controller.game, self.notation, traditional_moves())
        self._show_view_state()

    @contextmanager
    def _following_the_game(self) -> Iterator[None]:
        """The rows or the selection change because the game did: Qt then moves the current cell too (off
        a row removed), which is no choice of the user's."""
        following, self._following = self._following, True
        try:
            yield
        finally:
            self._following = following

    def branch_plies(self) -> list[int]:
        """The plies shown with the branch mark (for tests and the status bar)."""
        model = self.model
        return [ply for ply in range(1, len(model.nodes) + 1)
                if model.data(model.index_for_ply(ply), Qt.ItemDataRole.DecorationRole) is not None]

    def cell_text(self, row: int, column: int) -> str:
        """What the cell shows ("" for an empty one)."""
        text = self.model.index(row, column).data()
        return text if isinstance(text, str) else ""

    def selected_plies(self) -> list[int]:
        """The plies of the selected cells (the shown move's, or none at the start)."""
        return sorted(int(index.data(PLY_ROLE)) for index in self.table.selectionModel().selectedIndexes())

    def _show_view_state(self) -> None:
        plies = len(self.model.nodes)
        viewing = self.controller.view_ply
        current = plies if viewing is None else viewing
        index = self.index_for_ply(current)
        selection = self.table.selectionModel()
        with self._following_the_game():
            if index.isValid():
                selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
                self.table.scrollTo(index)
            else:
                selection.clear()
        self.view_label.setVisible(viewing is not None)
        for button in (self.back_button, self.from_here_button):
            button.setEnabled(viewing is not None)
        if viewing is not None:
            text = self.tr("Viewing move {0} of {1}").format(viewing, plies)
            better = self.model.better_text(viewing) if 1 <= viewing <= len(self.model.nodes) else ""
            if better:   # a move a review marked: its mark and the better move, in words
                text += f" · {node_marks(self.model.nodes[viewing - 1])} {better}"
            self.view_label.setText(text)

    def index_for_ply(self, ply: int) -> QModelIndex:
        """The cell of the move that leads to ``ply`` (invalid for the start and past the line)."""
        return self.model.index_for_ply(ply)

    def _on_cell_chosen(self, index: QModelIndex) -> None:
        ply = self.model.ply_at(index)
        if ply is not None and ply != self._shown_ply():
            self.controller.study.view(ply)

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        """The user moved to another cell (arrow keys, Page Up/Down, Home/End): show that move."""
        if not self._following:
            self._on_cell_chosen(current)

    def _shown_ply(self) -> int:
        viewing = self.controller.view_ply
        return len(self.model.nodes) if viewing is None else viewing
