"""The opening explorer (开局库): what the open book knows about the position shown.

One row per move played there, most played first: the move in the chosen notation, the number of games
(and their share), and a bar of how those games ended: red wins (red), draws (grey), black wins (dark).
Clicking a row only selects it (its games and results are spelled out under the list): the book can be
browsed during a game without playing. Double-clicking a row, or 走这步 with one selected, asks for the move
(``move_chosen``); whoever owns the panel plays it. The panel only shows and asks; probing the book is a
B-tree lookup of well under a millisecond, so it runs on the GUI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy,
                               QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from xiangqi.book import BookMove, OpeningBook
from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.ui.common.i18n import traditional_moves

MOVE_COLUMN, GAMES_COLUMN, RESULTS_COLUMN = 0, 1, 2
RESULTS_ROLE = Qt.ItemDataRole.UserRole + 1    # (red wins, draws, black wins, games) of a row
MOVE_ROLE = Qt.ItemDataRole.UserRole + 2       # the row's Move
BAR_COLOURS = (QColor("#c0392b"), QColor("#9e9e9e"), QColor("#263238"))   # red wins, draws, black wins
BAR_TEXT = QColor("#ffffff")
MIN_PERCENT_WIDTH = 30   # px: a segment narrower than this shows no percentage
MIN_LABEL_WIDTH = 40


def result_shares(entry: BookMove) -> tuple[float, float, float]:
    """Red wins, draws, black wins as shares of the games with a known result (0s when none has one)."""
    known = entry.red_wins + entry.draws + entry.black_wins
    if known == 0:
        return 0.0, 0.0, 0.0
    return entry.red_wins / known, entry.draws / known, entry.black_wins / known


class ResultBarDelegate(QStyledItemDelegate):
    """Paints the results column as a three-part bar with percentages."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        shares = index.data(RESULTS_ROLE)
        if not shares:
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_MouseOver:
            painter.fillRect(option.rect, option.palette.highlight())
        area: QRect = option.rect.adjusted(2, 3, -2, -3)
        painter.save()
        if sum(shares) == 0:   # no game of this move has a known result: an empty frame says so
            painter.setPen(BAR_COLOURS[1])
            painter.drawRect(area.adjusted(0, 0, -1, -1))
            painter.restore()
            return
        left = area.left()
        for number, (share, colour) in enumerate(zip(shares, BAR_COLOURS, strict=True)):
            width = round(area.width() * share) if number < 2 else area.right() + 1 - left
            if share <= 0 or width <= 0:
                continue
            segment = QRect(left, area.top(), width, area.height())
            painter.fillRect(segment, colour)
            if width >= MIN_PERCENT_WIDTH:
                painter.setPen(BAR_TEXT)
                painter.drawText(segment, Qt.AlignmentFlag.AlignCenter, f"{share * 100:.0f}%")
            left += width
        painter.restore()


class ExplorerPanel(QWidget):
    move_chosen = Signal(object)   # Move: the user clicked this book move

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notation = Notation.CHINESE
        self.book: OpeningBook | None = None
        self.position: Position | None = None
        self.entries: list[BookMove] = []
        self.title = QLabel(self)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setMinimumWidth(MIN_LABEL_WIDTH)
        self.title.setWordWrap(True)
        self.tree = QTreeWidget(self)
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("Move"), self.tr("Games"), self.tr("Red · Draw · Black")])
        header = self.tree.header()
        header.setStretchLastSection(True)
        for column in (MOVE_COLUMN, GAMES_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setItemDelegateForColumn(RESULTS_COLUMN, ResultBarDelegate(self.tree))
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setMouseTracking(True)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.itemSelectionChanged.connect(self._show_selected)
        self.tree.itemDoubleClicked.connect(lambda item, _column: self._choose(item))
        self.detail = QLabel(self)   # the selected move's games and results, in words
        self.detail.setWordWrap(True)
        self.detail.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.play_button = QPushButton(self.tr("Play this move"), self)
        self.play_button.setToolTip(self.tr("Play the selected book move (or double-click it)"))
        self.play_button.clicked.connect(lambda _checked=False: self._choose(self.tree.currentItem()))
        below = QHBoxLayout()
        below.addWidget(self.detail, 1)
        below.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.tree)
        layout.addLayout(below)
        self._refresh()

    # ----------------------------------------------------------------- what the owner sets
    def set_book(self, book: OpeningBook | None) -> None:
        self.book = book
        self._refresh()

    def set_position(self, position: Position) -> None:
        self.position = position.copy()
        self._refresh()

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self._refresh()

    # ----------------------------------------------------------------- showing
    def _refresh(self) -> None:
        self.tree.clear()
        self.entries = []
        self._show_selected()
        if self.book is None:
            self.title.setText(self.tr("No opening book. Book › Open book… or Build from files…"))
            return
        if self.position is not None:
            self.entries = self.book.moves(self.position)
        total = sum(entry.games for entry in self.entries)
        name = self.book.path.name
        if not self.entries:
            self.title.setText(self.tr("{0}: this position is not in the book").format(name))
            return
        self.title.setText(self.tr("{0}: {1} games in this position").format(name, total))
        for entry in self.entries:
            self.tree.addTopLevelItem(self._row(entry, total))

    def _row(self, entry: BookMove, total: int) -> QTreeWidgetItem:
        assert self.position is not None
        text = move_to_text(self.position, entry.move, self.notation, traditional=traditional_moves())
        item = QTreeWidgetItem([text, f"{entry.games} ({entry.games * 100 / total:.0f}%)", ""])
        item.setData(MOVE_COLUMN, MOVE_ROLE, entry.move)
        item.setData(RESULTS_COLUMN, RESULTS_ROLE, result_shares(entry))
        item.setTextAlignment(GAMES_COLUMN, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        tip = self.tr("{0}: {1} games; red won {2}, drawn {3}, black won {4}").format(
            text, entry.games, entry.red_wins, entry.draws, entry.black_wins)
        if entry.unknown:
            tip += self.tr("; {0} without a result").format(entry.unknown)
        for column in range(3):
            item.setToolTip(column, tip)
        return item

    def _selected_item(self) -> QTreeWidgetItem | None:
        chosen = self.tree.selectedItems()
        return chosen[0] if chosen else None

    def _show_selected(self) -> None:
        item = self._selected_item()
        self.detail.setText(item.toolTip(MOVE_COLUMN) if item is not None else "")
        self.play_button.setEnabled(item is not None)

    def _choose(self, item: QTreeWidgetItem | None) -> None:
        move = item.data(MOVE_COLUMN, MOVE_ROLE) if item is not None else None
        if isinstance(move, Move):
            self.move_chosen.emit(move)
