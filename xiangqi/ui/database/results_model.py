"""The search results as a table the view pages through: the rows are read ``PAGE_ROWS`` at a time, on the
query worker's thread, when the view scrolls near the end of what was read (``canFetchMore`` /
``fetchMore``), so a search of a million games shows its first rows at once and scrolls without a stall;
the number of games found comes from ``count`` beside the first page.

Sorting and the quick filter (``ResultsProxy``) work on the rows read so far; the status line says how many
those are of how many found.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import (QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel,
                            Qt, Signal)

from xiangqi.database import Hit, Query
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP
from xiangqi.ui.database.query_worker import QueryWorker

PAGE_ROWS = 500          # rows read at a time (a screen shows ~40; a page is a few ms of SQLite)
ID, PLY, RED, BLACK, RESULT, DATE, EVENT, ECCO, LENGTH = range(9)
HEADERS = (QT_TRANSLATE_NOOP("ResultsModel", "ID"), QT_TRANSLATE_NOOP("ResultsModel", "Ply"),
           QT_TRANSLATE_NOOP("ResultsModel", "Red"), QT_TRANSLATE_NOOP("ResultsModel", "Black"),
           QT_TRANSLATE_NOOP("ResultsModel", "Result"), QT_TRANSLATE_NOOP("ResultsModel", "Date"),
           QT_TRANSLATE_NOOP("ResultsModel", "Event"), QT_TRANSLATE_NOOP("ResultsModel", "ECCO"),
           QT_TRANSLATE_NOOP("ResultsModel", "Plies"))
HIT_ROLE = Qt.ItemDataRole.UserRole + 1
_Index = QModelIndex | QPersistentModelIndex


def cell(hit: Hit, column: int) -> str | int:
    """What a column shows of a game (numbers stay numbers, so they sort as numbers)."""
    values: tuple[str | int, ...] = (hit.game_id, hit.ply if hit.ply is not None else "", hit.red, hit.black,
                                     hit.result, hit.date, hit.event, hit.ecco, hit.plies)
    return values[column]


class ResultsModel(QAbstractTableModel):
    """The games found by the current query, read a page at a time from ``worker``."""

    counted = Signal(int)        # the games found (the whole search, not only the rows read)
    failed = Signal(str)         # the search could not run (QueryError / DatabaseError message)
    page_arrived = Signal()      # rows were added (tests wait on it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker: QueryWorker | None = None
        self.query: Query | None = None
        self.hits: list[Hit] = []
        self.total: int | None = 0         # None: still counting
        self._page_ticket: int | None = None
        self._count_ticket: int | None = None
        self._exhausted = True

    def use_worker(self, worker: QueryWorker | None) -> None:
        """Read from ``worker`` (another database) from now on; the rows shown go."""
        if self.worker is not None:
            self.worker.finished.disconnect(self._answered)
            self.worker.failed.disconnect(self._failed)
            self.worker.damaged.disconnect(self._failed)
            self.worker.cancelled.disconnect(self._cancelled)
        self.worker = worker
        if worker is not None:
            worker.finished.connect(self._answered)
            worker.failed.connect(self._failed)
            worker.damaged.connect(self._failed)   # said in the status line too (the owner offers a repair)
            worker.cancelled.connect(self._cancelled)
        self.clear()

    # ----------------------------------------------------------------- the query
    def set_query(self, query: Query) -> None:
        """Show the games of ``query`` (the rows of the previous one go; a search still running stops)."""
        if self.worker is None:
            return
        if self.searching:
            self.worker.cancel({self._page_ticket, self._count_ticket})
        self.beginResetModel()
        self.query, self.hits, self.total, self._exhausted = query, [], None, False
        self._page_ticket = None
        self.endResetModel()
        self._count_ticket = self.worker.count(replace(query, offset=0))
        self._request_page()

    def clear(self) -> None:
        self.beginResetModel()
        self.query, self.hits, self.total, self._exhausted = None, [], 0, True
        self._page_ticket = self._count_ticket = None
        self.endResetModel()

    @property
    def searching(self) -> bool:
        return self._page_ticket is not None or self._count_ticket is not None

    def _request_page(self) -> None:
        if self.query is None or self._page_ticket is not None or self._exhausted or self.worker is None:
            return
        self._page_ticket = self.worker.search_page(replace(self.query, offset=len(self.hits), limit=PAGE_ROWS))

    def _answered(self, ticket: int, value: object) -> None:
        if ticket == self._count_ticket and isinstance(value, int):
            self._count_ticket = None
            self.total = value
            self.counted.emit(value)
        elif ticket == self._page_ticket and isinstance(value, list):
            self._page_ticket = None
            hits = [hit for hit in value if isinstance(hit, Hit)]
            self._exhausted = len(hits) < PAGE_ROWS
            if hits:
                self.beginInsertRows(QModelIndex(), len(self.hits), len(self.hits) + len(hits) - 1)
                self.hits.extend(hits)
                self.endInsertRows()
            self.page_arrived.emit()

    def _failed(self, ticket: int, error: object) -> None:
        if ticket in (self._page_ticket, self._count_ticket):
            self._page_ticket = self._count_ticket = None
            self._exhausted = True
            self.failed.emit(str(error))

    def _cancelled(self, ticket: int) -> None:
        """A read of the query shown cancelled (the window closing): it reads no further."""
        if ticket in (self._page_ticket, self._count_ticket):
            self._page_ticket = self._count_ticket = None
            self._exhausted = True

    # ----------------------------------------------------------------- paging (Qt asks)
    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008, N802 - Qt's signature
        return not parent.isValid() and self.query is not None and not self._exhausted

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008, N802 - Qt's signature
        if not parent.isValid():
            self._request_page()

    # ----------------------------------------------------------------- the table
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's signature
        return 0 if parent.isValid() else len(self.hits)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's signature
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's name)
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(HEADERS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.hits):
            return None
        hit = self.hits[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return cell(hit, index.column())
        if role == HIT_ROLE:
            return hit
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (ID, PLY, LENGTH):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ResultsProxy(QSortFilterProxyModel):
    """Sorting by any column and a quick filter (any column containing the text) over the rows read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setSortRole(Qt.ItemDataRole.DisplayRole)


__all__ = ["HIT_ROLE", "PAGE_ROWS", "ResultsModel", "ResultsProxy"]
