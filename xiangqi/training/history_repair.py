"""Repairing a damaged training history (no Qt): what can be read goes into a fresh file, and the damaged
file is kept beside it under a dated name (``training.sqlite.damaged-20261128``), never deleted.

SQLite has no salvage in its Python module (the CLI's ``.recover`` is not at hand everywhere), so rows are
copied table by table in row-id order; where a damaged page stops the scan, the copy seeks past it in
growing steps (``MAX_SKIP_PROBES`` seeks at most, each a b-tree descent) and goes on from the next row it
can read. The tables come from the damaged file's own schema; a file whose schema cannot be read gives a
fresh, empty history (and the old file, kept).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from urllib.parse import quote

from xiangqi.training.database import TrainingDatabase, TrainingError

DAMAGED_MARK = ".damaged-"
SIDECARS = ("-wal", "-shm", "-journal")   # SQLite's files beside a database, named after it
MAX_SKIP_PROBES = 64                      # seeks past one damaged stretch of a table (steps 1, 2, 4, ... 2**63)
MAX_DAMAGED_STRETCHES = 1_000            # damaged stretches one table is read past
FETCH_ROWS = 500


@dataclass(frozen=True)
class RepairReport:
    """What a repair kept: the fresh history, the damaged file's new name, the rows copied per table and
    what could not be read."""

    path: Path
    kept: Path
    rows: tuple[tuple[str, int], ...]
    problems: tuple[str, ...]

    @property
    def salvaged(self) -> int:
        return sum(count for _, count in self.rows)


def damaged_name(path: Path, today: date | None = None) -> Path:
    """``training.sqlite.damaged-YYYYMMDD`` beside ``path`` (``-2``, ``-3`` ... when taken)."""
    stamp = (today or date.today()).strftime("%Y%m%d")
    candidate = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}-{number}")
        number += 1
    return candidate


def repair_history(path: Path, today: date | None = None) -> RepairReport:
    """Move the damaged history at ``path`` aside (with its log), copy what can be read into a fresh
    history at ``path``. TrainingError when the file cannot be moved (nothing changed then)."""
    kept = damaged_name(path, today)
    try:
        os.replace(path, kept)
        for sidecar in SIDECARS:
            if Path(f"{path}{sidecar}").exists():
                os.replace(f"{path}{sidecar}", f"{kept}{sidecar}")
    except OSError as error:
        raise TrainingError(f"{path}: cannot move the damaged history aside to {kept.name}: "
                            f"{error.strerror or error}; check the folder's permissions") from error
    problems: list[str] = []
    rows: list[tuple[str, int]] = []
    fresh = sqlite3.connect(path, isolation_level=None)
    try:
        fresh.execute("PRAGMA journal_mode=WAL")
        with _open_damaged(kept, problems) as source:
            if source is not None:
                for name, sql in _tables(source, problems):
                    rows.append((name, _copy_table(source, fresh, name, sql, problems)))
    finally:
        fresh.close()
    TrainingDatabase(path).close()     # a sound history now (raises if even the fresh file is not)
    return RepairReport(path, kept, tuple(rows), tuple(problems))


@contextmanager
def _open_damaged(path: Path, problems: list[str]) -> Iterator[sqlite3.Connection | None]:
    """The damaged file opened read-only, or None (the problem noted) when SQLite cannot open it."""
    try:
        connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    except sqlite3.Error as error:
        problems.append(f"{path}: cannot be opened: {error}")
        yield None
        return
    try:
        yield connection
    finally:
        connection.close()


def _tables(source: sqlite3.Connection, problems: list[str]) -> list[tuple[str, str]]:
    """The damaged file's tables and their definitions (none when its schema cannot be read)."""
    try:
        found = source.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                               "AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL").fetchall()
    except sqlite3.Error as error:
        problems.append(f"the list of tables cannot be read ({error}): nothing could be kept")
        return []
    return [(str(name), str(sql)) for name, sql in found]


def _copy_table(source: sqlite3.Connection, fresh: sqlite3.Connection, name: str, sql: str,
                problems: list[str]) -> int:
    """The readable rows of ``name`` copied into ``fresh`` (one transaction); how many."""
    try:
        fresh.execute(sql)
        columns = [str(r[1]) for r in source.execute(f'PRAGMA table_info("{name}")')]
    except sqlite3.Error as error:
        problems.append(f"table {name}: cannot be made again ({error}): its rows are lost")
        return 0
    insert = (f'INSERT OR IGNORE INTO "{name}" ({", ".join(columns)}) '
              f'VALUES ({", ".join("?" for _ in columns)})')
    copied = 0
    fresh.execute("BEGIN")
    for row in _readable_rows(source, name, columns, problems):
        copied += fresh.execute(insert, row).rowcount
    fresh.execute("COMMIT")
    return copied


def _readable_rows(source: sqlite3.Connection, name: str, columns: list[str],
                   problems: list[str]) -> Iterator[tuple[object, ...]]:
    """Every row of ``name`` that can be read, in row-id order, seeking past damaged pages."""
    query = f'SELECT rowid, {", ".join(columns)} FROM "{name}" WHERE rowid > ? ORDER BY rowid'
    after: int | None = -(1 << 63)
    failed_after: int | None = None
    damaged = 0
    for damaged in range(MAX_DAMAGED_STRETCHES):
        if after is None:
            break
        try:
            cursor = source.execute(query, (after,))
            while batch := cursor.fetchmany(FETCH_ROWS):
                for row in batch:
                    after = int(row[0])
                    yield tuple(row[1:])
            break
        except sqlite3.Error as error:
            if damaged == 0:
                where = "from its start" if after == -(1 << 63) else f"after row id {after}"
                problems.append(f"table {name}: rows {where} damaged ({error})")
            stuck = after == failed_after          # the row the last seek found cannot be read itself
            failed_after = after
            after = _next_readable(source, name, after + 1 if stuck else after)
    else:
        problems.append(f"table {name}: more than {MAX_DAMAGED_STRETCHES} damaged rows: the rest is lost")
    if damaged > 1:
        problems.append(f"table {name}: {damaged} damaged places skipped in all")


def _next_readable(source: sqlite3.Connection, name: str, after: int) -> int | None:
    """A row id to go on from past a damaged stretch after ``after`` (the row before the next one that
    can be read), or None when none is found within MAX_SKIP_PROBES seeks."""
    step = 1
    for _ in range(MAX_SKIP_PROBES):
        start = after + step
        if start >= (1 << 63) - 1:
            return None
        try:
            found = source.execute(f'SELECT rowid FROM "{name}" WHERE rowid > ? ORDER BY rowid LIMIT 1',
                                   (start,)).fetchone()
            return None if found is None else int(found[0]) - 1
        except sqlite3.Error:
            step *= 2
    return None
