"""The database's reads off the GUI thread: one worker thread owns its own SQLite connection (a connection
belongs to the thread that made it) and runs the searches, counts and trees the window asks for, one at a
time, in the order asked; each answer comes back to the GUI thread as a queued signal.

A request carries a ``ticket``: the window forgets the tickets of a query it replaced, so a late answer
to an old search is dropped, and a search still running when a new one is asked for is cancelled
(``sqlite3.Connection.interrupt`` is the one call SQLite allows from another thread).

Why not a ``BackgroundJob`` a read: a read is short and many come one after another (a tree at each move
shown), in the order asked, on the one thread that owns the connection, each cancelled when a newer one
replaces it; one-shot jobs would each open the database on a thread of their own and race each other. The
worker speaks the jobs' words instead: ``finished``, ``failed(error)``, ``cancelled``, and a cancelled read
ends ``cancelled`` (as a read that raises ``core.errors.Cancelled`` does), never as a failure.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Position
from xiangqi.core.errors import Cancelled
from xiangqi.database import DamagedDatabaseError, DatabaseError, GameDatabase, Hit, Query, QueryError, search
from xiangqi.database.search import count
from xiangqi.database.tree import TreeMove, tree

Job = Callable[[GameDatabase], object]


class QueryWorker(QObject):
    """Reads of one database file on a worker thread; each ends as one queued signal with its ticket."""

    finished = Signal(int, object)    # ticket, the read's value
    failed = Signal(int, object)      # ticket, the DatabaseError / QueryError (its message names the input)
    damaged = Signal(int, object)     # ticket, the DamagedDatabaseError (the file named; never changed)
    cancelled = Signal(int)           # ticket: cancelled while it ran (a newer read replaced it)

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
        self._cancelled: int | None = None   # the ticket cancel() interrupted

    def _run(self, ticket: int, job: Job) -> None:
        self._running = ticket
        try:
            if self._database is None:
                self._database = GameDatabase(self.path, read_only=True)
            value = job(self._database)
        except Cancelled:
            self.cancelled.emit(ticket)
        except DamagedDatabaseError as error:
            self.damaged.emit(ticket, error)
        except (QueryError, DatabaseError) as error:
            self.failed.emit(ticket, error)
        except sqlite3.Error as error:   # a read's own (the readers do not wrap them): interrupted, damaged …
            self._sqlite_failed(ticket, error)
        else:
            self.finished.emit(ticket, value)
        finally:
            self._running = None

    def _sqlite_failed(self, ticket: int, error: sqlite3.Error) -> None:
        if self._cancelled == ticket and error.sqlite_errorname == "SQLITE_INTERRUPT":
            self.cancelled.emit(ticket)
            return
        explained = self._database.explain(error) if self._database is not None else DatabaseError(str(error))
        if isinstance(explained, DamagedDatabaseError):
            self.damaged.emit(ticket, explained)
        else:
            self.failed.emit(ticket, explained)

    def submit(self, job: Job) -> int:
        """Run ``job`` on the worker thread; its ticket."""
        self._tickets += 1
        if not self._closed:
            future = self._executor.submit(self._run, self._tickets, job)
            self._waiting.add(future)
            future.add_done_callback(self._waiting.discard)
        return self._tickets

    def cancel(self, tickets: set[int | None] | None = None) -> None:
        """Stop the read running now if its ticket is one of ``tickets`` (None: any); it ends ``cancelled``.
        The reads waiting still run."""
        database, running = self._database, self._running
        if database is not None and running is not None and (tickets is None or running in tickets):
            self._cancelled = running
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
        self.cancel()
        self._executor.submit(self._close_connection)
        self._executor.shutdown(wait=False)

    def _close_connection(self) -> None:
        if self._database is not None:
            self._database.close()
            self._database = None


__all__ = ["Hit", "QueryWorker", "TreeMove"]
