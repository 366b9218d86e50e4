"""The game list of a multi-game PGN file: players, event, date and result from the record package's
index (no game is parsed until one is chosen), filtered as you type. A big file is indexed on a worker
thread while the list shows the progress, so the window never freezes."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from collections.abc import Sequence
import weakref
from pathlib import Path

from PySide6.QtCore import (QAbstractTableModel, QCoreApplication, QEvent, QModelIndex, QObject,
                            QPersistentModelIndex, Qt, QTimer, Signal)
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel,
                               QLineEdit, QProgressBar, QTableView, QVBoxLayout, QWidget)

from xiangqi.core.notation import Notation
from xiangqi.game.model import prepare_main_line_end
from xiangqi.record import Game, GameEntry, PgnFile
from xiangqi.core.errors import Cancelled
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP
from xiangqi.ui.record.quick_switches import quick_switches

Index = QModelIndex | QPersistentModelIndex
FORMAT_TAGS = {"iccs": Notation.ICCS, "wxf": Notation.WXF, "chinese": Notation.CHINESE}
_ICCS_MOVE = re.compile(r"\b[a-i][0-9]-?[a-i][0-9]\b", re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SPACES = re.compile(r"\s*")
SHOWN_CELL_CHARS = 120     # of a tag in the list (real names and events are far shorter)
MAX_COLUMN_PX = 320        # a column's width at most (a long event is cut)
MIN_SHARED_PX = 60         # a name's or the event's width at least when they share a narrow list
WHOLE_COLUMNS = (0, 4, 5, 6)  # number, date, ECCO, result: shown whole
SHARED_COLUMNS = (1, 2, 3)   # red, black, event: share what is left
COLUMNS = (QT_TRANSLATE_NOOP("GameTableModel", "#"), QT_TRANSLATE_NOOP("GameTableModel", "Red"),
           QT_TRANSLATE_NOOP("GameTableModel", "Black"), QT_TRANSLATE_NOOP("GameTableModel", "Event"),
           QT_TRANSLATE_NOOP("GameTableModel", "Date"), QT_TRANSLATE_NOOP("GameTableModel", "ECCO"),
           QT_TRANSLATE_NOOP("GameTableModel", "Result"))


@dataclass(frozen=True)
class IndexedFile:
    """A PGN file indexed on a worker thread, with its only game read there too when it holds one."""

    pgn: PgnFile
    only_game: Game | None


def indexing_job(path: Path) -> BackgroundJob:
    """Decodes and indexes a PGN file on a worker thread: ``finished`` with an IndexedFile."""

    def work(keep_going: KeepGoing) -> IndexedFile:
        with collector_paused():
            pgn = PgnFile.open(path, keep_going)
            only_game = None
            if job.cancel_requested:
                raise Cancelled(str(path))
            prepare_rows(pgn)    # the table's cells too, here rather than on the GUI thread
            if len(pgn) == 1 and not job.cancel_requested:
                only_game = pgn.game(0)            # shown at once: read here, not on the GUI thread
                prepare_main_line_end(only_game)   # and played to its end here
                source_notation(pgn, 0)            # and its notation told here (it reads the game's text)
        return IndexedFile(pgn, only_game)

    job = BackgroundJob(work, f"index {path.name}", context=quick_switches)
    return job


class StartWhenPainted(QObject):
    """Calls ``start`` once ``widget`` has been painted, ``settle_ms`` later (or after ``latest_ms`` if it is
    never painted). Why: a game list shown while the indexer already ran froze for 70-170 ms, once, on its
    first show; no Python frame ran on the GUI thread then, and a 1 ms switch interval shrank it to ~37 ms.
    The first show calls each new widget's virtual methods for the first time, and for widgets made from
    Python each such call takes the interpreter lock (to look for a Python override), which a worker busy
    in Python holds up to the switch interval (5 ms) each time. Started after the first paint, the indexer
    competes only with the progress updates (measured: no stall > 30 ms)."""

    def __init__(self, widget: QWidget, start: Callable[[], None], settle_ms: int = 50,
                 latest_ms: int = 1000) -> None:
        super().__init__(widget)
        self._widget = widget
        self._start: Callable[[], None] | None = start
        self._settle_ms = settle_ms
        widget.installEventFilter(self)
        QTimer.singleShot(latest_ms, self, self.fire)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self._start is not None:
            QTimer.singleShot(self._settle_ms, self, self.fire)
        return False

    def fire(self) -> None:
        self._widget.removeEventFilter(self)    # the window's later events stay out of Python
        start, self._start = self._start, None
        if start is not None:
            start()


@contextmanager
def collector_paused() -> Iterator[None]:
    """No full garbage collection while a million rows are made: each one walks the growing lists
    while holding the interpreter, which stalls the GUI thread (measured: 300 ms pauses). The rows
    hold no reference cycles (they are freed by reference counting); afterwards what exists is moved
    out of the collector's sight (gc.freeze), so later collections do not walk it either."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


_PREPARED: weakref.WeakKeyDictionary[PgnFile, tuple[list[tuple[str, ...]], list[str]]] = \
    weakref.WeakKeyDictionary()


def prepare_rows(pgn: PgnFile) -> tuple[list[tuple[str, ...]], list[str]]:
    """The table cells and filter keys of every game (a million games take seconds: a worker does it)."""
    prepared = _PREPARED.get(pgn)
    if prepared is None:
        cells = [entry_cells(entry) for entry in pgn.entries]
        prepared = cells, [" ".join(row[1:]).casefold() for row in cells]
        _PREPARED[pgn] = prepared
    return prepared


_NOTATIONS: weakref.WeakKeyDictionary[PgnFile, dict[int, Notation]] = weakref.WeakKeyDictionary()


def source_notation(pgn: PgnFile, index: int) -> Notation:
    """The notation game ``index`` was written in (Save keeps it): its [Format] tag, else what its moves
    look like. Remembered per file: the worker that reads a big file's only game tells it there, and
    the GUI thread, which asks again when it shows the game, does not decode the game's text anew."""
    known = _NOTATIONS.setdefault(pgn, {})
    notation = known.get(index)
    if notation is None:
        notation = known[index] = _told_notation(pgn, index)
    return notation


def _told_notation(pgn: PgnFile, index: int) -> Notation:
    tag = pgn.entries[index].tag("Format").strip().lower()
    if tag in FORMAT_TAGS:
        return FORMAT_TAGS[tag]
    text = pgn.game_text(index)
    moves = text[tags_end(text):]
    if _CJK.search(moves):
        return Notation.CHINESE
    return Notation.ICCS if _ICCS_MOVE.search(moves) else Notation.CHINESE


def tags_end(text: str) -> int:
    """Where the tag lines (``[Name "value"]``, spaces between) before a game's moves end. A tag is ``[``
    to the next ``]`` on the same line; found with ``str.find``, not a regular expression stepping
    through every character of a tag megabytes long."""
    end = 0
    while True:
        spaces = _SPACES.match(text, end)
        start = spaces.end() if spaces is not None else end
        if not text.startswith("[", start):
            return end
        close = text.find("]", start)
        newline = text.find("\n", start, close if close >= 0 else len(text))
        if close < 0 or newline >= 0:
            return end
        end = close + 1


def entry_cells(entry: GameEntry) -> tuple[str, ...]:
    """A game's row; a tag value is cut to ``SHOWN_CELL_CHARS`` (Qt measures and elides a cell's whole
    text each time it is painted or the columns are fitted: tens of ms for a tag of 10,000 characters)."""
    cells = (entry.red, entry.black, entry.event, entry.tag("Date"), entry.tag("ECCO"), entry.result)
    return (str(entry.index + 1), *(text if len(text) <= SHOWN_CELL_CHARS else text[:SHOWN_CELL_CHARS] + "…"
                                    for text in cells))


class GameTableModel(QAbstractTableModel):
    """The index entries, with a fast substring filter over every column (all words must match)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cells: list[tuple[str, ...]] = []
        self._keys: list[str] = []
        self.rows: Sequence[int] = []      # visible entry numbers, in display order
        self._needle: list[str] = []
        self._sort: tuple[int, bool] = (0, False)     # column, descending

    def set_entries(self, entries: list[GameEntry]) -> None:
        cells = [entry_cells(entry) for entry in entries]
        self.set_rows(cells, [" ".join(row[1:]).casefold() for row in cells])

    def set_rows(self, cells: list[tuple[str, ...]], keys: list[str]) -> None:
        """Prepared rows (``prepare_rows``): only what is shown is touched here, so a million games
        do not stall the window."""
        self.beginResetModel()
        self.cells, self._keys = cells, keys
        self.rows = self._matching()
        self.endResetModel()

    def set_filter(self, text: str) -> None:
        self.beginResetModel()
        self._needle = text.casefold().split()
        self.rows = self._matching()
        self.endResetModel()

    def _matching(self) -> Sequence[int]:
        needle = self._needle
        if not needle and self._sort == (0, False):
            return range(len(self._keys))   # no list of a million numbers built on the GUI thread
        rows = [i for i, key in enumerate(self._keys) if all(word in key for word in needle)]
        return self._sorted(rows)

    def _sorted(self, rows: Sequence[int]) -> list[int]:
        column, descending = self._sort
        if column == 0:
            return sorted(rows, reverse=descending)
        return sorted(rows, key=lambda i: self.cells[i][column].casefold(), reverse=descending)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return self.cells[self.rows[index.row()]][index.column()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("GameTableModel", COLUMNS[section])
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order == Qt.SortOrder.DescendingOrder)
        self.rows = self._sorted(self.rows)
        self.layoutChanged.emit()

    def entry_at(self, row: int) -> int:
        return self.rows[row]


class GameListDialog(QDialog):
    game_chosen = Signal(int)          # the entry number in the file

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.pgn: PgnFile | None = None
        self.setWindowTitle(self.tr("Games in {0}").format(path.name))
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by player, event, date or result"))
        self.filter_edit.setClearButtonEnabled(True)
        self.model = GameTableModel(self)
        self.table = self._make_table()
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.status = QLabel(self.tr("Reading the file…"), self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        self.open_button = buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setEnabled(False)
        buttons.accepted.connect(self.choose_selected)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.filter_edit, self.table, self.progress, self.status, buttons):
            layout.addWidget(widget)
        self.filter_edit.textChanged.connect(self._filter)
        self.resize(760, 520)

    def _make_table(self) -> QTableView:
        table = QTableView(self)
        table.setModel(self.model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSortingEnabled(True)
        table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        table.doubleClicked.connect(lambda index: self.choose_row(index.row()))
        return table

    # ----------------------------------------------------------------- index
    def show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        percent = 100 * done // total if total else 100
        self.status.setText(self.tr("Indexing… {0}%").format(percent))

    def set_index(self, pgn: PgnFile) -> None:
        self.pgn = pgn
        self.model.set_rows(*prepare_rows(pgn))
        self.progress.hide()
        self._fit_columns()
        self._update_status()
        if self.model.rows:
            self.table.selectRow(0)
        self.open_button.setEnabled(bool(self.model.rows))
        self.filter_edit.setFocus()

    def _fit_columns(self, sample: int = 200) -> None:
        """Widths from the first rows' text (Qt's resizeColumnToContents asks the model for 1000 rows
        and styles each: most of a second on a big file, with the window frozen), within the table's
        width: the number, date, ECCO code and result whole, the names and the event sharing the rest (cut with …),
        so no column needs the list scrolled sideways."""
        metrics = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        rows = self.model.rows[:sample]
        wanted = []
        for column in range(len(COLUMNS)):
            texts = [self.model.cells[row][column] for row in rows] + [self.model.headerData(
                column, Qt.Orientation.Horizontal)]
            width = max(metrics.horizontalAdvance(str(text)) for text in texts)
            wanted.append(min(width + 2 * metrics.averageCharWidth() + 8, MAX_COLUMN_PX))
        wanted[-1] = max(wanted[-1], header.defaultSectionSize())   # the last one stretches, from this width
        room = self.table.viewport().width() - sum(wanted[column] for column in WHOLE_COLUMNS)
        shared = sum(wanted[column] for column in SHARED_COLUMNS)
        for column in SHARED_COLUMNS:
            if shared > room:
                wanted[column] = max(MIN_SHARED_PX, wanted[column] * room // shared)
        for column in range(len(COLUMNS) - 1):   # the last (result) stretches to the edge
            header.resizeSection(column, wanted[column])

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.model.cells:   # once the table has its new width
            QTimer.singleShot(0, self, self._fit_columns)

    def _filter(self, text: str) -> None:
        self.model.set_filter(text)
        if self.model.rows:
            self.table.selectRow(0)
        self.open_button.setEnabled(bool(self.model.rows))
        self._update_status()

    def _update_status(self) -> None:
        total, shown = len(self.model.cells), len(self.model.rows)
        if shown == total:
            self.status.setText(self.tr("{0} games").format(total))
        else:
            self.status.setText(self.tr("{0} of {1} games").format(shown, total))

    # ----------------------------------------------------------------- choosing
    def visible_row_count(self) -> int:
        return self.model.rowCount()

    def choose_row(self, row: int) -> None:
        if 0 <= row < len(self.model.rows):
            self.game_chosen.emit(self.model.entry_at(row))
            self.accept()

    def choose_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        self.choose_row(rows[0].row() if rows else 0)
