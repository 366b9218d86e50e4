"""The game database window (棋谱库): the search form on the left, the games found on the right (a table
read a page at a time, sortable by any column, with a quick filter over the rows read), and above them
the database's name, its size and whether it can be written. Double-clicking a game opens it in the main
window at the searched position.

The window only shows and asks: ``DatabaseUi`` opens the database, runs the imports and opens the games."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal, SignalInstance
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
                               QScrollArea, QSizePolicy, QSplitter, QTableView, QVBoxLayout, QWidget)

from xiangqi.database import Hit
from xiangqi.ui.database.results_model import (BLACK, DATE, ECCO, EVENT, HIT_ROLE, ID, LENGTH, PLY, RED, RESULT,
                                               ResultsModel, ResultsProxy)
from xiangqi.ui.database.search_form import SearchForm

FORM_WIDTH = 300     # px the search form starts with (the splitter moves it)
MIN_WINDOW = (640, 420)
ROW_PADDING = 6      # px around a row's text (the style's default rows are twice as tall as the text)
AUTO_FILL_ROWS = 20_000   # rows read without scrolling to fill the table (a filter hiding most of them)


class DatabaseWindow(QDialog):
    """What the user sees of the open database; the owner connects its signals."""

    game_chosen = Signal(object)         # Hit: open this game at its ply
    import_files_asked = Signal()
    import_folder_asked = Signal()
    open_asked = Signal()

    def __init__(self, model: ResultsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Game database"))
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.setMinimumSize(*MIN_WINDOW)
        self.model = model
        self.form = SearchForm(self)
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.heading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.open_button = self._button(self.tr("&Open…"), self.open_asked)
        self.import_button = self._button(self.tr("&Import files…"), self.import_files_asked)
        self.folder_button = self._button(self.tr("Import a &folder…"), self.import_folder_asked)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText(self.tr("Filter the games shown (any column)"))
        self.filter.setClearButtonEnabled(True)
        self.proxy = ResultsProxy(self)
        self.proxy.setSourceModel(model)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = self._make_table()
        self._lay_out()
        self._fill_timer = QTimer(self)   # the next page once the rows read are laid out
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(0)
        self._fill_timer.timeout.connect(self._fill_view)
        # methods of this window (not lambdas): disconnected when it is deleted, the model living on
        model.counted.connect(self._counted)
        model.page_arrived.connect(self._page_arrived)
        model.failed.connect(self.status.setText)
        model.modelReset.connect(self.show_status)

    def _button(self, text: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton(text, self)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _checked=False: signal.emit())
        return button

    def _make_table(self) -> QTableView:
        table = QTableView(self)
        table.setModel(self.proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)   # the search's order (import order) at first
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.verticalHeader().hide()
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + ROW_PADDING)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(EVENT, QHeaderView.ResizeMode.Stretch)   # the rest of the width
        digit = table.fontMetrics().horizontalAdvance("0")
        for column, digits in ((ID, 7), (PLY, 4), (RED, 9), (BLACK, 9), (RESULT, 8), (DATE, 11), (ECCO, 5),
                               (LENGTH, 5)):
            table.setColumnWidth(column, digits * digit + ROW_PADDING * 2)
        table.activated.connect(self._open_row)     # a double-click, or Enter on the row
        return table

    def _lay_out(self) -> None:
        scroll = QScrollArea(self)   # a small screen: the form scrolls rather than squeezing its fields
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.filter)
        column.addWidget(self.table, 1)
        column.addWidget(self.status)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(scroll)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([FORM_WIDTH, 2 * FORM_WIDTH])
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        for button in (self.open_button, self.import_button, self.folder_button):
            top.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

    # ----------------------------------------------------------------- what the owner sets
    def show_database(self, name: str, games: int | None, read_only: bool) -> None:
        text = self.tr("{0}: {1} games").format(name, games) if games is not None else name
        if read_only:
            text += " " + self.tr("(read-only: searching only, no import)")
        self.heading.setText(text)
        self.setWindowTitle(self.tr("Game database – {0}").format(name))
        self.import_button.setEnabled(not read_only)
        self.folder_button.setEnabled(not read_only)

    def show_status(self) -> None:
        model = self.model
        if model.query is None:
            self.status.setText(self.tr("Choose what to search for, then Search."))
        elif model.total is None:
            self.status.setText(self.tr("Searching…"))
        elif model.total == 0:
            self.status.setText(self.tr("No game found."))
        elif len(model.hits) < model.total:
            self.status.setText(self.tr("{0} games found; {1} read (scroll for more; sorting and the filter "
                                        "apply to the games read)").format(model.total, len(model.hits)))
        else:
            self.status.setText(self.tr("{0} games found.").format(model.total))

    def _counted(self, _total: int) -> None:
        self.show_status()

    def _page_arrived(self) -> None:
        self.show_status()
        self._fill_timer.start()

    def _fill_view(self) -> None:
        """Read the next page while the last row read is on screen (the view asks only when scrolled, and a
        page that arrives later than it asked would leave the table short)."""
        rows = self.proxy.rowCount()
        last = self.table.visualRect(self.proxy.index(rows - 1, 0)) if rows else None
        wanted = last is None or self.table.viewport().rect().intersects(last)
        if wanted and self.model.canFetchMore() and len(self.model.hits) < AUTO_FILL_ROWS:
            self.model.fetchMore()

    # ----------------------------------------------------------------- the user
    def _open_row(self, index: QModelIndex | QPersistentModelIndex) -> None:
        hit = self.proxy.data(self.proxy.index(index.row(), 0), HIT_ROLE)
        if isinstance(hit, Hit):
            self.game_chosen.emit(hit)


__all__ = ["DatabaseWindow"]
