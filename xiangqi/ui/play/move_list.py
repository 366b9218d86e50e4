"""The move list: numbered rounds (red, black) in the chosen notation. Clicking a move shows the
position after it; a bar then offers to go back to the game or to play on from there. A move that has
alternatives in the game record (variations) carries a small branch mark and lists them in its tooltip;
the comments panel beside it shows and opens the variations."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QPolygonF
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.record import GameNode
from xiangqi.record.pgn_reader import SUFFIX_NAGS
from xiangqi.ui.common.i18n import traditional_moves

if TYPE_CHECKING:
    from xiangqi.game.model import GameModel
    from xiangqi.play.controller import GameController

PLY_ROLE = Qt.ItemDataRole.UserRole
BRANCH_COLOR = QColor("#1e88e5")
BRANCH_ICON_PX = 12
# moves of the shown line -> {ply: the other moves the record has at that ply}
AlternativesFinder = Callable[[list[Move]], dict[int, list[Move]]]
MOVE_MARKS = {nag: symbol for symbol, nag in SUFFIX_NAGS.items()}   # NAG 2 -> "?", 4 -> "??", 6 -> "?!"...


def _marks(node: GameNode) -> str:
    """The move marks of ``node`` (``?!``, ``?``, ``??``, ``!``…, from the record's NAGs, as a review
    writes them), "" for none."""
    return "".join(MOVE_MARKS.get(nag, "") for nag in node.nags)


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
    notation_changed = Signal(object)   # Notation: every view of the record's moves writes them anew

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.notation = Notation.CHINESE
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
        self._offset = 0      # 1 when black moves first: the first round's red cell is "…"
        # what the rows show: the game, its head and the number of moves (see ``_on_game_changed``)
        self._built: tuple[GameModel, GameNode, int] | None = None
        controller.changed.connect(self._on_game_changed)
        self.refresh()

    def set_alternatives(self, finder: AlternativesFinder | None) -> None:
        """Where the record's variations come from (the records UI sets it); None: no marks."""
        self._alternatives = finder
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
            self.refresh()
        super().changeEvent(event)

    def _on_game_changed(self) -> None:
        """The controller changed something: the rows are rebuilt only when the game's line did (another
        head); moving the view along the same line only moves the selection."""
        game = self.controller.game
        if self._built is not None and self._built[0] is game and self._built[1] is game.head:
            self._show_view_state(self._built[2])
        else:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the rows from the game's line (its moves, marks and variations)."""
        game = self.controller.game
        nodes = game.head.path()
        found = self._alternatives([node.move for node in nodes if node.move is not None]) \
            if self._alternatives is not None else {}
        start = game.record.start_position()
        texts, tips = self._line_texts(start.copy(), nodes, found)
        self._offset = 1 if texts and start.turn is Color.BLACK else 0
        rows = (len(texts) + self._offset + 1) // 2
        self.table.setRowCount(rows)
        first_round = start.fullmove_number if texts else 1
        self.table.setVerticalHeaderLabels([str(first_round + r) for r in range(rows)])
        for index in range(rows * 2):
            ply = index - self._offset + 1     # the position after this many moves
            text = texts[ply - 1] if 1 <= ply <= len(texts) else ("…" if ply < 1 else "")
            self._set_cell(index // 2, index % 2, text, ply if 1 <= ply <= len(texts) else None, tips.get(ply, ""))
        self._built = (game, game.head, len(texts))
        self._show_view_state(len(texts))

    def _line_texts(self, position: Position, nodes: list[GameNode],
                    found: dict[int, list[Move]]) -> tuple[list[str], dict[int, str]]:
        """The texts of the line's moves (with their marks), and {ply: the tooltip naming the record's
        other moves there}. One position walks the line and the texts come from the model's cache:
        no replay per ply, no renotation of a line already shown."""
        notate = partial(self.controller.game.move_texts.text, notation=self.notation,
                         traditional=traditional_moves())
        texts: list[str] = []
        tips: dict[int, str] = {}
        for ply, node in enumerate(nodes, start=1):
            assert node.move is not None and node.parent is not None
            texts.append(notate(node, position) + _marks(node))
            others = found.get(ply)
            if others:
                words = [notate(other, position) if (other := node.parent.child_for(move)) is not None
                         else move.iccs() for move in others]
                tips[ply] = self.tr("Other moves here: {0}").format(", ".join(words))
            position.push_unchecked(node.move)
        return texts, tips

    def branch_plies(self) -> list[int]:
        """The plies shown with the branch mark (for tests and the status bar)."""
        return sorted(int(item.data(PLY_ROLE)) for row in range(self.table.rowCount()) for col in range(2)
                      if (item := self.table.item(row, col)) is not None and item.data(PLY_ROLE)
                      and not item.icon().isNull())

    def _set_cell(self, row: int, col: int, text: str, ply: int | None, tip: str) -> None:
        item = self.table.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            self.table.setItem(row, col, item)
        if item.text() != text:
            item.setText(text)
        item.setData(PLY_ROLE, ply)
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable if ply else Qt.ItemFlag.NoItemFlags
        item.setFlags(flags)
        if item.toolTip() != tip:   # the branch mark goes with the tooltip naming the other moves
            item.setToolTip(tip)
            item.setIcon(self._branch_icon if tip else QIcon())

    def _show_view_state(self, plies: int) -> None:
        viewing = self.controller.view_ply
        current = plies if viewing is None else viewing
        self.table.clearSelection()
        item = self.item_for_ply(current)
        if item is not None:
            item.setSelected(True)
            self.table.scrollToItem(item)
        self.view_label.setVisible(viewing is not None)
        for button in (self.back_button, self.from_here_button):
            button.setEnabled(viewing is not None)
        if viewing is not None:
            self.view_label.setText(self.tr("Viewing move {0} of {1}").format(viewing, plies))

    def item_for_ply(self, ply: int) -> QTableWidgetItem | None:
        """The cell of the move that leads to ``ply`` (None for the start and past the line)."""
        if ply < 1 or self._built is None or ply > self._built[2]:
            return None
        index = ply - 1 + self._offset
        return self.table.item(index // 2, index % 2)

    def _on_cell_clicked(self, row: int, col: int) -> None:
        item = self.table.item(row, col)
        ply = item.data(PLY_ROLE) if item is not None else None
        if ply:
            self.controller.view(int(ply))
