"""The database's reads off the GUI thread: one worker thread owns its own SQLite connection (a connection
belongs to the thread that made it) and runs the searches, counts and trees the window asks for, one at a
time, in the order asked; each answer comes back to the GUI thread as a queued signal.

A request carries a ``ticket``: the window forgets the tickets of a query it replaced, so a late answer
to an old search is dropped, and a search still running when a new one is asked for is interrupted
(``sqlite3.Connection.interrupt`` is the one call SQLite allows from another thread).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Position
from xiangqi.database import DamagedDatabaseError, DatabaseError, GameDatabase, Hit, Query, QueryError, search
from xiangqi.database.search import count
from xiangqi.database.tree import TreeMove, tree

Job = Callable[[GameDatabase], object]


class QueryWorker(QObject):
    """Reads of one database file on a worker thread; answers as (ticket, value) or (ticket, error)."""

    answered = Signal(int, object)    # ticket, the job's value
    failed = Signal(int, str)         # ticket, why (QueryError, DatabaseError: their messages name the input)
    damaged = Signal(int, str)        # ticket, why: SQLite met a damaged page (the file named; never changed)

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self._database: GameDatabase | None = None
        self._opened = threading.Event()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="database-reads")
        self._tickets = 0
        self._closed = False
        self._waiting: set[Future[None]] = set()
        self._running: int | None = None     # the ticket being read now (set on the worker thread)

    def _run(self, ticket: int, job: Job) -> None:
        self._running = ticket
        try:
            if self._database is None:
                self._database = GameDatabase(self.path, read_only=True)
            value = job(self._database)
        except DamagedDatabaseError as error:
            self.damaged.emit(ticket, str(error))
        except (QueryError, DatabaseError) as error:
            self.failed.emit(ticket, str(error))
        except sqlite3.Error as error:   # a read's own (the readers do not wrap them): interrupted, damaged …
            self._sqlite_failed(ticket, error)
        else:
            self.answered.emit(ticket, value)
        finally:
            self._running = None

    def _sqlite_failed(self, ticket: int, error: sqlite3.Error) -> None:
        explained = self._database.explain(error) if self._database is not None else DatabaseError(str(error))
        if isinstance(explained, DamagedDatabaseError):
            self.damaged.emit(ticket, str(explained))
        else:
            self.failed.emit(ticket, str(explained))

    def submit(self, job: Job) -> int:
        """Run ``job`` on the worker thread; its ticket."""
        self._tickets += 1
        if not self._closed:
            future = self._executor.submit(self._run, self._tickets, job)
            self._waiting.add(future)
            future.add_done_callback(self._waiting.discard)
        return self._tickets

    def interrupt(self, tickets: set[int | None] | None = None) -> None:
        """Stop the read running now if its ticket is one of ``tickets`` (None: any); it fails with
        'interrupted'. The reads waiting still run."""
        database = self._database
        if database is not None and (tickets is None or self._running in tickets):
            database.connection.interrupt()

    def search_page(self, query: Query) -> int:
        return self.submit(lambda database: list(search(database, query)))

    def count(self, query: Query) -> int:
        return self.submit(lambda database: count(database, query))

    def tree(self, position: Position) -> int:
        shown = position.copy()
        return self.submit(lambda database: (shown, tree(database, shown)))

    def close(self) -> None:
        """Stop after the read running now; the connection is closed on the worker thread."""
        if self._closed:
            return
        self._closed = True
        for future in list(self._waiting):
            future.cancel()
        self.interrupt()
        self._executor.submit(self._close_connection)
        self._executor.shutdown(wait=False)

    def _close_connection(self) -> None:
        if self._database is not None:
            self._database.close()
            self._database = None


__all__ = ["Hit", "QueryWorker", "TreeMove"]
