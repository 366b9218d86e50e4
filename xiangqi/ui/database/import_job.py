"""Importing into a database on a Python worker thread, with its own connection (SQLite's connections
belong to their thread); the signals arrive on the GUI thread, queued.

Cancel is honoured between two commits (a block of ``importer.COMMIT_GAMES`` games or a file): what was
committed stays in the database, and importing the same files again goes on where it stopped (files
imported whole are skipped, the games of a file cut short are recognised). Building the starter database
runs the same way (``StarterBuilder``: ``xiangqi.database.starter`` once it is there), and a repair."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from xiangqi.core.errors import Cancelled
from xiangqi.database import DatabaseError, GameDatabase, ImportReport, import_files
from xiangqi.database.repair import repair


def stored_games(database: GameDatabase) -> int:
    return int(database.connection.execute("SELECT count(*) FROM games").fetchone()[0])


class ImportCancelled(Cancelled):
    """Raised from the progress callback after a commit: the import stops there (nothing half-written)."""


class StarterBuilder(Protocol):
    """The starter database (the CCPD master games shipped compressed), built on first use."""

    def available(self) -> bool: ...

    def build(self, path: Path, progress: Callable[[int, int], None], cancelled: Callable[[], bool]
              ) -> ImportReport: ...


class ShippedStarter:
    """``xiangqi.database.starter`` (the ``ecco`` work) when the package has it; else none is available."""

    def available(self) -> bool:
        try:
            from xiangqi.database import starter  # type: ignore[attr-defined, unused-ignore]
        except ImportError:
            return False
        return bool(starter.starter_available())

    def build(self, path: Path, progress: Callable[[int, int], None], cancelled: Callable[[], bool]
              ) -> ImportReport:
        from xiangqi.database import starter  # type: ignore[attr-defined, unused-ignore]

        report: ImportReport = starter.build_starter(path, progress, cancelled)
        return report


class DatabaseJob(QObject):
    """One write job on a worker thread: an import of files, or the starter database's build."""

    progressed = Signal(str, int, int)   # a line of progress, done, total (0 total: not known)
    finished = Signal(object)            # ImportReport (a repair: the repaired copy's Path)
    failed = Signal(str)                 # why (DatabaseError / OSError words, naming the file)
    cancelled = Signal(object)           # ImportReport of what was committed before Cancel

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.report = ImportReport()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    def start_import(self, files: Sequence[str]) -> None:
        self._start(lambda: self._import(list(files)))

    def start_starter(self, builder: StarterBuilder) -> None:
        def run() -> None:
            self.report = builder.build(self.path, self._counted, self._cancel.is_set)
            if self._cancel.is_set():
                raise ImportCancelled()
        self._start(run)

    def start_repair(self) -> None:
        """Copy what can be read of the damaged database into a new file beside it (``database.repair``)."""
        def run() -> object:
            return repair(self.path)
        self._thread = threading.Thread(target=self._run_call, args=(run,), name="database-repair", daemon=True)
        self._thread.start()

    def _run_call(self, work: Callable[[], object]) -> None:
        try:
            value = work()
        except Exception as error:  # noqa: BLE001 - every failure is reported; the thread must not die silently
            self.failed.emit(self._words(error))
        else:
            self.finished.emit(value)

    def _start(self, work: Callable[[], None]) -> None:
        self._thread = threading.Thread(target=self._run, args=(work,), name="database-import", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, seconds: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(seconds)

    def _line(self, text: str) -> None:
        self.progressed.emit(text, self.report.files, 0)
        if self._cancel.is_set():
            raise ImportCancelled()

    def _counted(self, done: int, total: int) -> None:
        self.progressed.emit("", done, total)

    def _import(self, files: list[str]) -> None:
        with GameDatabase(self.path, create=True, check=True) as database:
            before = stored_games(database)
            try:
                self.report = import_files(database, files, progress=self._line)
            except ImportCancelled:   # what the import's own report had counted is gone with it
                self.report = ImportReport(games=stored_games(database) - before)
                raise

    def _run(self, work: Callable[[], None]) -> None:
        try:
            work()
        except ImportCancelled:
            self.cancelled.emit(self.report)
        except Exception as error:  # noqa: BLE001 - a failure left uncaught would leave the progress dialog open
            self.failed.emit(self._words(error))
        else:
            self.finished.emit(self.report)

    def _words(self, error: Exception) -> str:
        """A failure in words naming the database: its own message (DatabaseError, the starter's StarterError),
        an OSError's reason, or SQLite's (disk full, locked too long …) with the file it happened to."""
        if isinstance(error, DatabaseError | ValueError):
            return str(error)
        if isinstance(error, OSError):
            return f"{self.path.name}: {error.strerror or error}"
        return f"{self.path.name}: {type(error).__name__}: {error}"


__all__ = ["DatabaseJob", "ImportCancelled", "ShippedStarter", "StarterBuilder"]
