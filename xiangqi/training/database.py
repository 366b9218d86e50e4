"""The training history of one profile: an SQLite file beside the settings file (no Qt).

Every training mode keeps its rows here in tables of its own (``<mode>_<what>``), created with
:meth:`TrainingDatabase.ensure_table`, which also registers the table (and its columns) in the file so
that export and import carry it even when the mode that made it is not loaded.

Nothing is lost on a crash or ``kill -9``: SQLite's write-ahead log with ``synchronous=FULL`` makes every
committed transaction durable before :meth:`write` returns, and an interrupted one leaves no trace.

Export writes every registered table as one JSON file (atomically); import merges such a file into this
profile inside one transaction: rows already there (same primary or unique key) are skipped, and a bad
file changes nothing and raises :class:`TrainingError` naming the file and the field.

Rows should refer to each other by their natural keys (a card's kind and key), never by an integer row
id: import gives a row whose ``INTEGER PRIMARY KEY`` is also covered by another unique key a new id.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from xiangqi.atomic import atomic_write

DB_NAME = "training.sqlite"
DEFAULT_SETTINGS_NAME = "config.toml"
HISTORY_FORMAT = "xiangqi-training-history"
HISTORY_VERSION = 1
REGISTRY_TABLE = "training_tables"     # the registered tables and their column definitions
BUSY_TIMEOUT_S = 2.0                   # another process of the same profile writing (rare: one owner)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
Value = int | float | str | None


class TrainingError(Exception):
    """The training history could not be read, written, exported or imported (the message quotes the
    file and the field)."""


@dataclass(frozen=True)
class TableImport:
    """What an import did to one table."""

    table: str
    added: int
    skipped: int     # already there (same key)


@dataclass(frozen=True)
class ImportSummary:
    """What an import merged: per table, the rows added and those already there."""

    path: Path
    tables: tuple[TableImport, ...]

    @property
    def added(self) -> int:
        return sum(t.added for t in self.tables)

    @property
    def skipped(self) -> int:
        return sum(t.skipped for t in self.tables)


def training_db_path(settings_path: Path) -> Path:
    """The training history beside the settings file: ``training.sqlite`` beside ``config.toml``; beside
    another settings file (``$XIANGQI_CONFIG=x.toml``) ``x.training.sqlite``, so two profiles in one
    folder keep apart (as the autosave does)."""
    if settings_path.name == DEFAULT_SETTINGS_NAME:
        return settings_path.with_name(DB_NAME)
    return settings_path.with_name(f"{settings_path.stem}.{DB_NAME}")


def _check_name(name: str, what: str, where: str) -> str:
    if not _NAME.fullmatch(name) or name.lower().startswith("sqlite_"):
        raise TrainingError(f"{where}: {what} {name!r} is not a plain table or column name")
    return name


class TrainingDatabase:
    """One profile's training history (an SQLite file); used from one thread (the GUI's)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        connection: sqlite3.Connection | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            connection.row_factory = sqlite3.Row
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute(f"CREATE TABLE IF NOT EXISTS {REGISTRY_TABLE} "
                               "(name TEXT PRIMARY KEY, columns_sql TEXT NOT NULL)")
        except (OSError, sqlite3.Error) as error:
            if connection is not None:
                connection.close()
            raise TrainingError(f"{path}: cannot open the training history: {error}") from error
        self._connection = connection

    def close(self) -> None:
        self._connection.close()

    def ensure_table(self, name: str, columns_sql: str) -> None:
        """``CREATE TABLE IF NOT EXISTS name (columns_sql)`` and register it for export and import."""
        _check_name(name, "table", str(self.path))
        with self.write() as connection:
            try:
                connection.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns_sql})")
            except sqlite3.Error as error:
                raise TrainingError(f"{self.path}: table {name} ({columns_sql}): {error}") from error
            connection.execute(f"INSERT OR REPLACE INTO {REGISTRY_TABLE} (name, columns_sql) VALUES (?, ?)",
                               (name, columns_sql))

    def write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One atomic transaction: committed when the block ends, rolled back if it raises."""
        return self._transaction()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise TrainingError(f"{self.path}: cannot write the training history: {error}") from error
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        try:
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            connection.execute("ROLLBACK")
            raise TrainingError(f"{self.path}: cannot save the training history: {error}") from error

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        """The rows a query returns."""
        return list(self._connection.execute(sql, tuple(params)).fetchall())

    def tables(self) -> dict[str, str]:
        """The registered tables and their column definitions."""
        return {str(r["name"]): str(r["columns_sql"])
                for r in self.rows(f"SELECT name, columns_sql FROM {REGISTRY_TABLE} ORDER BY name")}

    def integrity_problems(self) -> list[str]:
        """SQLite's integrity check: empty when the file is sound."""
        result = [str(r[0]) for r in self.rows("PRAGMA integrity_check")]
        return [] if result == ["ok"] else result

    # ---- export / import -------------------------------------------------------------------------

    def export_history(self, path: Path) -> int:
        """Every registered table (columns and rows) as one JSON file, written atomically; the rows written."""
        tables: dict[str, object] = {}
        count = 0
        for name, columns_sql in self.tables().items():
            cursor = self._connection.execute(f"SELECT * FROM {name}")
            columns = [d[0] for d in cursor.description]
            rows = [list(row) for row in cursor.fetchall()]
            for row in rows:
                _check_exportable(row, name, columns, self.path)
            tables[name] = {"columns_sql": columns_sql, "columns": columns, "rows": rows}
            count += len(rows)
        document = {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "tables": tables}
        try:
            atomic_write(path, json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"))
        except OSError as error:
            raise TrainingError(f"{path}: cannot write the training history: {error}") from error
        return count

    def import_history(self, path: Path) -> ImportSummary:
        """Merge an exported history: every row not already there (by its key) is added; nothing changes
        when the file is bad (TrainingError naming the file and field)."""
        tables = _read_history(path)
        results: list[TableImport] = []
        with self.write() as connection:
            for name, table in tables.items():
                results.append(self._import_table(connection, path, name, table))
        return ImportSummary(path, tuple(results))

    def _import_table(self, connection: sqlite3.Connection, path: Path, name: str,
                      table: _TableData) -> TableImport:
        where = f"{path}: tables.{name}"
        try:
            connection.execute(f"CREATE TABLE IF NOT EXISTS {name} ({table.columns_sql})")
        except sqlite3.Error as error:
            raise TrainingError(f"{where}.columns_sql: {table.columns_sql!r}: {error}") from error
        connection.execute(f"INSERT OR IGNORE INTO {REGISTRY_TABLE} (name, columns_sql) VALUES (?, ?)",
                           (name, table.columns_sql))
        known = {str(r["name"]): r for r in connection.execute(f"PRAGMA table_info({name})")}
        for index, column in enumerate(table.columns):
            if column not in known:
                raise TrainingError(f"{where}.columns[{index}]: no column {column!r} in table {name}")
        keep = _columns_to_keep(connection, name, table.columns, known)
        placeholders = ", ".join("?" for _ in keep)
        sql = (f"INSERT INTO {name} ({', '.join(table.columns[i] for i in keep)}) VALUES ({placeholders}) "
               "ON CONFLICT DO NOTHING")   # only a key already there is skipped: NOT NULL, CHECK still fail
        added = 0
        for number, row in enumerate(table.rows):
            try:
                added += connection.execute(sql, [row[i] for i in keep]).rowcount
            except sqlite3.Error as error:
                raise TrainingError(f"{where}.rows[{number}]: {row!r}: {error}") from error
        return TableImport(name, added, len(table.rows) - added)


@dataclass(frozen=True)
class _TableData:
    columns_sql: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]


def _check_exportable(row: list[object], table: str, columns: list[str], db: Path) -> None:
    for column, value in zip(columns, row, strict=True):
        if not isinstance(value, (int, float, str)) and value is not None:
            raise TrainingError(f"{db}: {table}.{column}: a {type(value).__name__} value cannot be exported")


def _columns_to_keep(connection: sqlite3.Connection, table: str, columns: tuple[str, ...],
                     known: Mapping[str, sqlite3.Row]) -> list[int]:
    """The imported columns to write: all, except an ``INTEGER PRIMARY KEY`` (a row id) when another
    unique key identifies the rows (their ids are this profile's own business)."""
    row_ids = [n for n, r in known.items() if int(r["pk"]) == 1 and str(r["type"]).upper() == "INTEGER"]
    primary_count = sum(1 for r in known.values() if int(r["pk"]) > 0)
    unique = [r for r in connection.execute(f"PRAGMA index_list({table})") if int(r["unique"]) == 1
              and str(r["origin"]) != "pk"]
    drop = row_ids[0] if row_ids and primary_count == 1 and unique else None
    return [i for i, c in enumerate(columns) if c != drop]


def _read_history(path: Path) -> dict[str, _TableData]:
    """An exported history, checked field by field."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise TrainingError(f"{path}: cannot read the file: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise TrainingError(f"{path}: not a text file (byte {error.start} is not UTF-8)") from error
    except json.JSONDecodeError as error:
        raise TrainingError(f"{path}: line {error.lineno}, column {error.colno}: not JSON: {error.msg}") from error
    if not isinstance(document, dict):
        raise TrainingError(f"{path}: not a training history (expected a JSON object)")
    if document.get("format") != HISTORY_FORMAT:
        raise TrainingError(f"{path}: format: expected {HISTORY_FORMAT!r}, found {document.get('format')!r}")
    if document.get("version") != HISTORY_VERSION:
        raise TrainingError(f"{path}: version: expected {HISTORY_VERSION}, found {document.get('version')!r}")
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise TrainingError(f"{path}: tables: expected an object of tables, found {tables!r}")
    return {_check_name(str(name), "table", f"{path}: tables"): _read_table(path, str(name), table)
            for name, table in tables.items() if name != REGISTRY_TABLE}


def _read_table(path: Path, name: str, table: object) -> _TableData:
    where = f"{path}: tables.{name}"
    if not isinstance(table, dict):
        raise TrainingError(f"{where}: expected an object, found {table!r}")
    columns_sql, columns, rows = table.get("columns_sql"), table.get("columns"), table.get("rows")
    if not isinstance(columns_sql, str) or ";" in columns_sql:
        raise TrainingError(f"{where}.columns_sql: expected column definitions, found {columns_sql!r}")
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
        raise TrainingError(f"{where}.columns: expected a list of column names, found {columns!r}")
    for index, column in enumerate(columns):
        _check_name(column, "column", f"{where}.columns[{index}]")
    if not isinstance(rows, list):
        raise TrainingError(f"{where}.rows: expected a list of rows, found {rows!r}")
    checked: list[tuple[Value, ...]] = []
    for number, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != len(columns):
            raise TrainingError(f"{where}.rows[{number}]: expected {len(columns)} values, found {row!r}")
        for column, value in zip(columns, row, strict=True):
            if not isinstance(value, (int, float, str)) and value is not None:
                raise TrainingError(f"{where}.rows[{number}].{column}: {value!r} is not a number, text or null")
        checked.append(tuple(row))
    return _TableData(columns_sql, tuple(columns), tuple(checked))
