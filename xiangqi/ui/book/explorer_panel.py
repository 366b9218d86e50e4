"""The opening explorer (开局库) and the database tree in one panel: what the open book, or the open game
database (棋谱库), knows about the position shown; a box above the list chooses the source.

One row per move played there, most played first: the move in the chosen notation, the number of games
(and their share), the score for the side to move (a win 1, a draw ½), a bar of how those games ended:
red wins (red), draws (grey), black wins (dark), and, from a database, the years the move was played.
Clicking a row only selects it (its games and results are spelled out under the list): the book can be
browsed during a game without playing. Double-clicking a row, or 走这步 with one selected, asks for the move
(``move_chosen``); whoever owns the panel plays it. The panel only shows and asks; probing the book is a
B-tree lookup of well under a millisecond, so it runs on the GUI thread; a database's tree replays games
and is asked of the database window's worker thread (``DatabaseTree.request``), the answer shown when it
comes for the position still shown. With a database, 查看棋局 lists the games behind the selected move.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QResizeEvent
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy,
                               QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from xiangqi.book import BookMove, OpeningBook
from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.window_host import DatabaseTree, TreeRow

MOVE_COLUMN, GAMES_COLUMN, SCORE_COLUMN, RESULTS_COLUMN, YEARS_COLUMN = range(5)
RESULTS_ROLE = Qt.ItemDataRole.UserRole + 1    # (red wins, draws, black wins, games) of a row
MOVE_ROLE = Qt.ItemDataRole.UserRole + 2       # the row's Move
BAR_COLOURS = (QColor("#c0392b"), QColor("#9e9e9e"), QColor("#263238"))   # red wins, draws, black wins
BAR_TEXT = QColor("#ffffff")
MIN_PERCENT_WIDTH = 30   # px: a segment narrower than this shows no percentage
MIN_LABEL_WIDTH = 40
YEARS_SHOWN_WIDTH = 400   # px of panel from which the years get a column (narrower: in the row's words only)


def book_row(entry: BookMove) -> TreeRow:
    return TreeRow(entry.move, entry.games, entry.red_wins, entry.draws, entry.black_wins, entry.unknown)


def score_for_mover(entry: TreeRow, red_to_move: bool) -> float | None:
    """The side to move's score in per cent over the games with a result (a draw counts half)."""
    known = entry.red_wins + entry.draws + entry.black_wins
    if known == 0:
        return None
    wins = entry.red_wins if red_to_move else entry.black_wins
    return (wins + entry.draws / 2) * 100 / known


def result_shares(entry: TreeRow | BookMove) -> tuple[float, float, float]:
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
    move_chosen = Signal(object)     # Move: the user clicked this move
    games_wanted = Signal(object)    # Position: the games that reached it (after the selected move)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notation = Notation.CHINESE
        self.book: OpeningBook | None = None
        self.database: DatabaseTree | None = None
        self.position: Position | None = None
        self.entries: list[TreeRow] = []
        self.source_box = QComboBox(self)    # 开局库 / 棋谱库: shown once a database is open
        self.source_box.addItem(self.tr("Opening book"))
        self.source_box.setToolTip(self.tr("Where the moves come from: the opening book or the game database"))
        self.source_box.setVisible(False)
        self.source_box.currentIndexChanged.connect(lambda _index: self._refresh())
        self.title = QLabel(self)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setMinimumWidth(MIN_LABEL_WIDTH)
        self.title.setWordWrap(True)
        self.tree = self._make_tree()
        self.detail = QLabel(self)   # the selected move's games and results, in words
        self.detail.setWordWrap(True)
        self.detail.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.play_button = QPushButton(self.tr("Play this move"), self)
        self.play_button.setToolTip(self.tr("Play the selected move (or double-click it)"))
        self.play_button.clicked.connect(lambda _checked=False: self._choose(self.tree.currentItem()))
        self.games_button = QPushButton(self.tr("Show games"), self)
        self.games_button.setToolTip(self.tr("List the games behind the selected move in the database window"))
        self.games_button.clicked.connect(lambda _checked=False: self._want_games())
        below = QHBoxLayout()
        below.addWidget(self.detail, 1)
        below.addWidget(self.games_button)
        below.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.source_box)
        layout.addWidget(self.title)
        layout.addWidget(self.tree)
        layout.addLayout(below)
        self._refresh()

    def _make_tree(self) -> QTreeWidget:
        tree = QTreeWidget(self)
        tree.setRootIsDecorated(False)
        tree.setHeaderLabels([self.tr("Move"), self.tr("Games"), self.tr("Score"), self.tr("Red · Draw · Black"),
                              self.tr("Years")])
        tree.headerItem().setToolTip(SCORE_COLUMN, self.tr("The score for the side to move: a win 1, a draw ½"))
        header = tree.header()
        header.setStretchLastSection(False)
        for column in (MOVE_COLUMN, GAMES_COLUMN, SCORE_COLUMN, YEARS_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(RESULTS_COLUMN, QHeaderView.ResizeMode.Stretch)
        tree.setItemDelegateForColumn(RESULTS_COLUMN, ResultBarDelegate(tree))
        tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        tree.setMouseTracking(True)
        tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        tree.itemSelectionChanged.connect(self._show_selected)
        tree.itemDoubleClicked.connect(lambda item, _column: self._choose(item))
        return tree

    # ----------------------------------------------------------------- what the owner sets
    def set_book(self, book: OpeningBook | None) -> None:
        self.book = book
        self._refresh()

    def set_database(self, database: DatabaseTree | None, show: bool = True) -> None:
        """The open game database as a second source (None: the book only); ``show``: switch to it."""
        self.database = database
        self.source_box.blockSignals(True)
        while self.source_box.count() > 1:
            self.source_box.removeItem(1)
        if database is not None:
            self.source_box.addItem(self.tr("Game database: {0}").format(database.name))
            if show:
                self.source_box.setCurrentIndex(1)
        self.source_box.blockSignals(False)
        self.source_box.setVisible(database is not None)
        self._refresh()

    def set_position(self, position: Position) -> None:
        self.position = position.copy()
        self._refresh()

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self._refresh()

    @property
    def showing_database(self) -> bool:
        return self.database is not None and self.source_box.currentIndex() == 1

    # ----------------------------------------------------------------- showing
    def _refresh(self) -> None:
        self.tree.clear()
        self.entries = []
        self._show_selected()
        self._show_years_column()
        if self.showing_database:
            assert self.database is not None
            self.title.setText(self.tr("{0}: reading the games…").format(self.database.name))
            if self.position is not None:
                self.database.request(self.position)
            return
        if self.book is None:
            self.title.setText(self.tr("No opening book. Book › Open book… or Build from files…"))
            return
        entries = self.book.moves(self.position) if self.position is not None else []
        self._show_rows(self.book.path.name, [book_row(entry) for entry in entries],
                        self.tr("{0}: this position is not in the book"))

    def _show_years_column(self) -> None:
        self.tree.setColumnHidden(YEARS_COLUMN, not self.showing_database or self.width() < YEARS_SHOWN_WIDTH)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._show_years_column()

    def show_tree(self, position: Position, rows: list[TreeRow]) -> None:
        """The database's moves from ``position`` (dropped when the board shows another one meanwhile)."""
        if not self.showing_database or self.position is None or position.fen() != self.position.fen():
            return
        assert self.database is not None
        self.tree.clear()
        self._show_rows(self.database.name, rows, self.tr("{0}: no game reached this position"))

    def _show_rows(self, name: str, rows: list[TreeRow], none_text: str) -> None:
        self.entries = rows
        total = sum(entry.games for entry in rows)
        if not rows:
            self.title.setText(none_text.format(name))
            return
        self.title.setText(self.tr("{0}: {1} games in this position").format(name, total))
        for entry in rows:
            self.tree.addTopLevelItem(self._row(entry, total))

    def _row(self, entry: TreeRow, total: int) -> QTreeWidgetItem:
        assert self.position is not None
        text = move_to_text(self.position, entry.move, self.notation, traditional=traditional_moves())
        score = score_for_mover(entry, self.position.turn is Color.RED)
        years = "" if entry.first_year is None else (
            str(entry.first_year) if entry.first_year == entry.last_year else f"{entry.first_year}–{entry.last_year}")
        item = QTreeWidgetItem([text, f"{entry.games} ({entry.games * 100 / total:.0f}%)",
                                "" if score is None else f"{score:.0f}%", "", years])
        item.setData(MOVE_COLUMN, MOVE_ROLE, entry.move)
        item.setData(RESULTS_COLUMN, RESULTS_ROLE, result_shares(entry))
        for column in (GAMES_COLUMN, SCORE_COLUMN):
            item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        tip = self.tr("{0}: {1} games; red won {2}, drawn {3}, black won {4}").format(
            text, entry.games, entry.red_wins, entry.draws, entry.black_wins)
        if entry.unknown:
            tip += self.tr("; {0} without a result").format(entry.unknown)
        if years:
            tip += self.tr("; played {0}").format(years)
        for column in range(YEARS_COLUMN + 1):
            item.setToolTip(column, tip)
        return item

    def _selected_item(self) -> QTreeWidgetItem | None:
        chosen = self.tree.selectedItems()
        return chosen[0] if chosen else None

    def _show_selected(self) -> None:
        item = self._selected_item()
        self.detail.setText(item.toolTip(MOVE_COLUMN) if item is not None else "")
        self.play_button.setEnabled(item is not None)
        self.games_button.setVisible(self.showing_database)
        self.games_button.setEnabled(item is not None)

    def _choose(self, item: QTreeWidgetItem | None) -> None:
        move = item.data(MOVE_COLUMN, MOVE_ROLE) if item is not None else None
        if isinstance(move, Move):
            self.move_chosen.emit(move)

    def _want_games(self) -> None:
        item = self._selected_item()
        move = item.data(MOVE_COLUMN, MOVE_ROLE) if item is not None else None
        if isinstance(move, Move) and self.position is not None:
            after = self.position.copy()
            after.push(move)
            self.games_wanted.emit(after)
