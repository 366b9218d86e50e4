"""Importing into a database on a worker thread (a ``BackgroundJob``), with its own connection (SQLite's
connections belong to their thread); the signals arrive on the GUI thread, queued.

Cancel is honoured between two commits (a block of ``importer.COMMIT_GAMES`` games or a file): what was
committed stays in the database, and importing the same files again goes on where it stopped (files
imported whole are skipped, the games of a file cut short are recognised). Building the starter database
runs the same way (``StarterBuilder``: ``xiangqi.database.starter`` once it is there), and a repair."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from xiangqi.core.errors import Cancelled
from xiangqi.database import DatabaseError, GameDatabase, ImportReport, import_files
from xiangqi.database.repair import repair
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing


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


class DatabaseJob(BackgroundJob):
    """One write job on the database ``path``, a ``BackgroundJob``: an import of files, the starter
    database's build, or a repair. ``progress(done, total, detail)``: a count of games, or (total 0) a line of
    text as detail; ``finished(outcome)``; ``failed(error)``: always a DatabaseError naming the database
    (SQLite's own errors, an OSError, anything: a worker thread never dies silently); ``cancelled()``.
    ``outcome``, readable once the job ended however it ended: the ImportReport of what was committed (a
    cancelled import's too), or the repaired copy's Path."""

    def __init__(self, path: Path, work: Callable[[DatabaseJob, KeepGoing], ImportReport | Path], name: str
                 ) -> None:
        super().__init__(lambda keep_going: self._named(work, keep_going), name)   # no parent: see BackgroundJob
        self.path = path
        self.outcome: ImportReport | Path = ImportReport()

    def _named(self, work: Callable[[DatabaseJob, KeepGoing], ImportReport | Path], keep_going: KeepGoing
               ) -> ImportReport | Path:
        try:
            self.outcome = work(self, keep_going)
        except (Cancelled, DatabaseError):
            raise
        except Exception as error:  # noqa: BLE001 - every failure is said naming the database
            raise DatabaseError(self._words(error)) from error
        return self.outcome

    def _words(self, error: Exception) -> str:
        """A failure in words naming the database: its own message (the starter's ValueError), an OSError's
        reason, or SQLite's (disk full, locked too long …) with the file it happened to."""
        if isinstance(error, ValueError):
            return str(error)
        if isinstance(error, OSError):
            return f"{self.path.name}: {error.strerror or error}"
        return f"{self.path.name}: {type(error).__name__}: {error}"


def importing_job(path: Path, files: Sequence[str]) -> DatabaseJob:
    """Import ``files`` (folders: their records) into ``path`` (created when missing)."""
    return DatabaseJob(path, lambda job, keep_going: _import(job, list(files), keep_going), "database-import")


def starter_job(path: Path, builder: StarterBuilder) -> DatabaseJob:
    """Build the starter database at ``path``."""
    def build(job: DatabaseJob, keep_going: KeepGoing) -> ImportReport:
        def progress(done: int, total: int) -> None:
            keep_going(done, total)   # Cancel is asked through ``cancelled``

        report = builder.build(path, progress, lambda: job.cancel_requested)
        if job.cancel_requested:
            job.outcome = report
            raise ImportCancelled()
        return report
    return DatabaseJob(path, build, "database-starter")


def repair_job(path: Path) -> DatabaseJob:
    """Copy what can be read of the damaged database into a new file beside it (``database.repair``); a
    repair is not cut short: Cancel still leaves the copy as ``outcome``."""
    return DatabaseJob(path, lambda _job, _keep_going: repair(path), "database-repair")


def _import(job: DatabaseJob, files: list[str], keep_going: KeepGoing) -> ImportReport:
    def line(text: str) -> None:
        if not keep_going(0, 0, text):
            raise ImportCancelled()

    with GameDatabase(job.path, create=True, check=True) as database:
        before = stored_games(database)
        try:
            return import_files(database, files, progress=line)
        except ImportCancelled:   # what the import's own report had counted is gone with it
            job.outcome = ImportReport(games=stored_games(database) - before)
            raise


__all__ = ["DatabaseJob", "ImportCancelled", "ShippedStarter", "StarterBuilder", "importing_job", "repair_job",
           "starter_job", "stored_games"]
