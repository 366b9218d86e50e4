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
import math
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from urllib.parse import quote

from xiangqi.core.errors import Cancelled
from xiangqi.atomic import atomic_write
from xiangqi.record.files import RefusedFileError, check_openable

DB_NAME = "training.sqlite"
DEFAULT_SETTINGS_NAME = "config.toml"
HISTORY_FORMAT = "xiangqi-training-history"
HISTORY_VERSION = 1
REGISTRY_TABLE = "training_tables"     # the registered tables and their column definitions
BUSY_TIMEOUT_S = 2.0                   # another process of the same profile writing (rare: one owner)
MAX_HISTORY_BYTES = 32 << 20          # an exported history bigger than this is refused (~150,000 attempts)
MAX_HISTORY_ROWS = 500_000             # rows of all tables of one exported history
MAX_TEXT_CHARS = 1 << 20               # one text value of an imported row
READ_CHUNK_BYTES = 1 << 20             # an import reads its file in pieces this big (progress, Cancel)
PROGRESS_ROWS = 2_000                  # an import reports its progress (and may stop) every this many rows
SQLITE_INT_MIN, SQLITE_INT_MAX = -(1 << 63), (1 << 63) - 1
MAX_INTEGRITY_MESSAGES = 20            # SQLite's integrity check stops after this many problems
QUOTE_CHARS = 200                      # a message quotes at most this much of a problem or a value
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


class HistoryDamagedError(TrainingError):
    """The history file is damaged (SQLite's integrity check failed, or it is no database, or it is
    empty): nothing was changed; :func:`xiangqi.training.history_repair.repair_history` keeps what can be
    read in a fresh file and the damaged one beside it."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        shown = "; ".join(p[:QUOTE_CHARS] for p in self.problems[:3])
        super().__init__(f"{path}: the training history is damaged ({shown}); repair it to keep what can "
                         f"be read in a fresh file (the damaged file is kept beside it)")


READ_ONLY_FILE = "the file is marked read-only"     # why a history is opened read-only (the UI words them)
READ_ONLY_FOLDER = "its folder cannot be written"


class HistoryReadOnlyError(TrainingError):
    """A write to a history opened read-only (its file is marked read-only, or its folder cannot be written)."""


def _advice(error: sqlite3.Error) -> str:
    """What the user can do about an SQLite error, by its code."""
    code = getattr(error, "sqlite_errorname", "") or ""   # the attribute only sqlite3.Error of 3.11 has
    for prefix, advice in _ADVICE:
        if code.startswith(prefix):
            return advice
    return "try again; if it keeps failing, export the history (Training › Progress) and report the error"


_ADVICE = (
    ("SQLITE_FULL", "the disk is full: free some space and try again"),
    ("SQLITE_READONLY", "the file cannot be written: check its permissions and the disk"),
    ("SQLITE_CORRUPT", "the file is damaged: open Training again to repair it"),
    ("SQLITE_NOTADB", "the file is damaged: open Training again to repair it"),
    ("SQLITE_BUSY", "another program is using the file: close it and try again"),
    ("SQLITE_LOCKED", "another program is using the file: close it and try again"),
    ("SQLITE_IOERR", "the disk failed to read or write: check it and try again"),
    ("SQLITE_CANTOPEN", "the file or its folder cannot be opened: check they exist and their permissions"),
    ("SQLITE_PERM", "no permission: check the file's and folder's permissions"),
)


def describe(path: Path, what: str, error: sqlite3.Error) -> str:
    """A message naming the file, what failed, SQLite's words and what the user can do."""
    return f"{path}: {what}: {error}; {_advice(error)}"


def _is_damage(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorname", "") or ""
    return code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def marked_read_only(path: Path) -> str | None:
    """Why the history at ``path`` must be opened read-only (its file has no owner write bit, which is
    the user's wish even for root; its folder cannot be written), or None."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        raise TrainingError(f"{path}: cannot look at the training history: {error.strerror or error}") from error
    if not mode & stat.S_IWUSR:
        return READ_ONLY_FILE
    if not os.access(path.parent, os.W_OK):
        return READ_ONLY_FOLDER
    return None


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    if not read_only:
        return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)


class TrainingDatabase:
    """One profile's training history (an SQLite file); used from one thread (the GUI's).

    Opening checks the file (SQLite's integrity check: linear in its size; HistoryDamagedError when it
    fails, the file untouched) and opens a file marked read-only read-only (``read_only`` says why; every
    write then raises HistoryReadOnlyError, and a table a mode needs that the file lacks is made in
    memory only). Every SQLite error becomes a TrainingError naming the file, what failed and what the
    user can do."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.read_only = marked_read_only(path)   # why it is opened read-only, or None
        if self._size() == 0:
            raise HistoryDamagedError(path, ["the file is empty (0 bytes): its history is lost"])
        connection: sqlite3.Connection | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = _connect(path, self.read_only is not None)
            connection.row_factory = sqlite3.Row
            self._connection = connection
            self._check_integrity()
            if self.read_only is None:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=FULL")
            self._create(REGISTRY_TABLE, "name TEXT PRIMARY KEY, columns_sql TEXT NOT NULL")
        except (OSError, sqlite3.Error, TrainingError) as error:
            if connection is not None:
                connection.close()
            if isinstance(error, TrainingError):
                raise
            if isinstance(error, sqlite3.Error):
                if _is_damage(error):
                    raise HistoryDamagedError(path, [str(error)]) from error
                raise TrainingError(describe(path, "cannot open the training history", error)) from error
            raise TrainingError(f"{path}: cannot open the training history: {error}") from error

    def _size(self) -> int | None:
        """The history file's size (None: not there yet); TrainingError for what is no regular file (a
        FIFO would block the open for ever)."""
        try:
            return check_openable(self.path)
        except FileNotFoundError:
            return None
        except RefusedFileError as error:
            raise TrainingError(f"{self.path}: not a training history: {error.reason}; move it away and "
                                f"open Training again") from error
        except OSError as error:
            raise TrainingError(f"{self.path}: cannot look at the training history: "
                                f"{error.strerror or error}") from error

    def _check_integrity(self) -> None:
        try:
            result = [str(r[0]) for r in
                      self._connection.execute(f"PRAGMA integrity_check({MAX_INTEGRITY_MESSAGES})")]
        except sqlite3.DatabaseError as error:
            if not _is_damage(error):
                raise
            raise HistoryDamagedError(self.path, [str(error)]) from error
        if result != ["ok"]:
            raise HistoryDamagedError(self.path, result)

    def _create(self, name: str, columns_sql: str) -> None:
        """The table, in the file; in memory only (TEMP) when the file is read-only and lacks it."""
        if self.read_only is None:
            self._connection.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns_sql})")
        elif not self._connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                          (name,)).fetchone():
            self._connection.execute(f"CREATE TEMP TABLE IF NOT EXISTS {name} ({columns_sql})")

    def close(self) -> None:
        self._connection.close()

    def ensure_table(self, name: str, columns_sql: str) -> None:
        """``CREATE TABLE IF NOT EXISTS name (columns_sql)`` and register it for export and import
        (read-only: made in memory when the file lacks it, not registered)."""
        _check_name(name, "table", str(self.path))
        if self.read_only is not None:
            try:
                self._create(name, columns_sql)
            except sqlite3.Error as error:
                raise TrainingError(describe(self.path, f"table {name} ({columns_sql})", error)) from error
            return
        with self.write() as connection:
            try:
                connection.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns_sql})")
            except sqlite3.Error as error:
                raise TrainingError(f"{self.path}: table {name} ({columns_sql}): {error}") from error
            connection.execute(f"INSERT OR REPLACE INTO {REGISTRY_TABLE} (name, columns_sql) VALUES (?, ?)",
                               (name, columns_sql))

    def write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One atomic transaction: committed when the block ends, rolled back if it raises (an SQLite
        error inside becomes a TrainingError naming the file); HistoryReadOnlyError when read-only."""
        self.check_writable()
        return self._transaction()

    def check_writable(self) -> None:
        """HistoryReadOnlyError when the history was opened read-only."""
        if self.read_only is not None:
            raise HistoryReadOnlyError(f"{self.path}: the training history was opened read-only "
                                       f"({self.read_only}): nothing is saved; make the file and its folder "
                                       f"writable and open the program again")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise TrainingError(describe(self.path, "cannot write the training history", error)) from error
        try:
            yield connection
        except BaseException as error:
            self._rollback()
            if isinstance(error, sqlite3.Error):
                raise TrainingError(describe(self.path, "cannot write the training history", error)) from error
            raise
        try:
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise TrainingError(describe(self.path, "cannot save the training history", error)) from error

    def _rollback(self) -> None:
        if self._connection.in_transaction:    # SQLite may have rolled back already (a full disk)
            try:
                self._connection.execute("ROLLBACK")
            except sqlite3.Error:
                pass   # the transaction is gone either way; the error that brought us here is reported

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        """The rows a query returns (TrainingError naming the file when SQLite fails)."""
        try:
            return list(self._connection.execute(sql, tuple(params)).fetchall())
        except sqlite3.Error as error:
            raise TrainingError(describe(self.path, "cannot read the training history", error)) from error

    def backup_to(self, path: Path) -> None:
        """A consistent copy of the whole history in ``path`` (SQLite's backup; written beside, then
        renamed: a copy cut short never takes the name)."""
        temp = path.with_name(path.name + ".partial")
        try:
            temp.unlink(missing_ok=True)
            copy = sqlite3.connect(temp)
            try:
                self._connection.backup(copy)
            finally:
                copy.close()
            os.replace(temp, path)
        except (OSError, sqlite3.Error) as error:
            temp.unlink(missing_ok=True)
            raise TrainingError(f"{path}: cannot copy the training history: {error}") from error

    def restore_from(self, path: Path) -> None:
        """The whole history replaced by the copy in ``path`` (made by :meth:`backup_to`), in one step."""
        self.check_writable()
        try:
            source = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
            try:
                source.backup(self._connection)
            finally:
                source.close()
        except sqlite3.Error as error:
            raise TrainingError(describe(path, "cannot restore the training history from this copy",
                                         error)) from error

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
            try:
                cursor = self._connection.execute(f"SELECT * FROM {name}")
                columns = [d[0] for d in cursor.description]
                rows = [list(row) for row in cursor.fetchall()]
            except sqlite3.Error as error:
                raise TrainingError(describe(self.path, f"cannot read table {name} to export it", error)) from error
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

    def import_history(self, path: Path, rules: Mapping[str, TableRules] | None = None,
                       keep_going: KeepGoing | None = None) -> ImportSummary:
        """Merge an exported history: every row not already there (by its key) is added; nothing changes
        when the file is bad (TrainingError naming the file, the table, the row and the field) or when
        ``keep_going`` answers False (ImportCancelled). ``rules``: the known tables' definitions and field
        checks (see ``xiangqi.training.history_import``)."""
        return self.merge_history(path, read_history_file(path, rules or {}, keep_going), keep_going)

    def merge_history(self, path: Path, tables: Mapping[str, HistoryTable],
                      keep_going: KeepGoing | None = None) -> ImportSummary:
        """The checked tables of ``path`` merged in one transaction (rolled back on any error or cancel)."""
        results: list[TableImport] = []
        total, done = sum(len(t.rows) for t in tables.values()), 0
        with self.write() as connection:
            for name, table in tables.items():
                results.append(self._import_table(connection, path, name, table, (done, total), keep_going))
                done += len(table.rows)
        return ImportSummary(path, tuple(results))

    def _import_table(self, connection: sqlite3.Connection, path: Path, name: str, table: HistoryTable,
                      progress: tuple[int, int], keep_going: KeepGoing | None) -> TableImport:
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
        done, total = progress
        for number, row in enumerate(table.rows):
            if keep_going is not None and number % PROGRESS_ROWS == 0 and not keep_going(
                    ImportStage.WRITE, done + number, total):
                raise ImportCancelled(f"{path}: import cancelled: nothing was imported")
            try:
                added += connection.execute(sql, [row[i] for i in keep]).rowcount
            except sqlite3.Error as error:
                raise TrainingError(f"{where}.rows[{number}]: {_quote(row)}: {error}") from error
        return TableImport(name, added, len(table.rows) - added)


class ImportStage(Enum):
    """What an import is doing, for its progress."""

    READ = "read"          # bytes of the file read
    CHECK = "check"        # rows checked
    BACKUP = "backup"      # the history copied before anything changes
    WRITE = "write"        # rows written


KeepGoing = Callable[[ImportStage, int, int], bool]   # (stage, done, total) -> False to stop
ColumnCheck = Callable[[Value], "str | None"]          # what is wrong with a value, or None


class ImportCancelled(TrainingError, Cancelled):
    """The user cancelled an import: nothing was imported."""


@dataclass(frozen=True)
class TableRules:
    """What a known table must hold: its definition (used whatever the file says) and, per column, a
    check of the value (``None``: fine; otherwise what is wrong, quoted in the refusal)."""

    columns_sql: str
    checks: Mapping[str, ColumnCheck]


@dataclass(frozen=True)
class HistoryTable:
    """One table of an exported history, checked."""

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


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


def _read_bytes(path: Path, keep_going: KeepGoing | None) -> bytes:
    """The file's bytes, refused before opening when it is no regular file or over MAX_HISTORY_BYTES."""
    try:
        size = check_openable(path)
    except RefusedFileError as error:
        raise TrainingError(f"{path}: {error.reason}") from error
    except OSError as error:
        raise TrainingError(f"{path}: cannot read the file: {error.strerror or error}") from error
    if size > MAX_HISTORY_BYTES:
        raise TrainingError(f"{path}: {size:,} bytes, over the limit of {MAX_HISTORY_BYTES:,} bytes "
                            f"({MAX_HISTORY_BYTES >> 20} MiB) for a training history")
    chunks: list[bytes] = []
    done = 0
    try:
        with open(path, "rb") as stream:
            while chunk := stream.read(READ_CHUNK_BYTES):
                chunks.append(chunk)
                done += len(chunk)
                if done > MAX_HISTORY_BYTES:
                    raise TrainingError(f"{path}: grew over the limit of {MAX_HISTORY_BYTES:,} bytes while read")
                if keep_going is not None and not keep_going(ImportStage.READ, done, size):
                    raise ImportCancelled(f"{path}: import cancelled: nothing was imported")
    except OSError as error:
        raise TrainingError(f"{path}: cannot read the file: {error.strerror or error}") from error
    return b"".join(chunks)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a history holds")


def _parse(path: Path, data: bytes) -> object:
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError as error:
        raise TrainingError(f"{path}: not a text file (byte {error.start} is not UTF-8)") from error
    except json.JSONDecodeError as error:
        raise TrainingError(f"{path}: line {error.lineno}, column {error.colno}: not JSON: {error.msg}") from error
    except RecursionError as error:
        raise TrainingError(f"{path}: not a training history: its JSON is nested too deeply") from error
    except ValueError as error:     # NaN / Infinity, an integer of more than 4,300 digits
        raise TrainingError(f"{path}: not JSON this program reads: {_quote(str(error))}") from error


def read_history_file(path: Path, rules: Mapping[str, TableRules], keep_going: KeepGoing | None = None,
                      known_only: bool = False) -> dict[str, HistoryTable]:
    """An exported history, checked field by field before anything is written: the file's kind and size
    (MAX_HISTORY_BYTES), JSON (nesting, NaN), every value's type, that numbers are finite and fit SQLite
    (64 bits), text within MAX_TEXT_CHARS, MAX_HISTORY_ROWS rows in all, and the ``rules`` of known tables
    (``known_only``: a table without rules is refused). TrainingError naming the file, the table, the row
    and the column."""
    document = _parse(path, _read_bytes(path, keep_going))
    if not isinstance(document, dict):
        raise TrainingError(f"{path}: not a training history (expected a JSON object)")
    if document.get("format") != HISTORY_FORMAT:
        raise TrainingError(f"{path}: format: expected {HISTORY_FORMAT!r}, found {_quote(document.get('format'))}")
    if document.get("version") != HISTORY_VERSION:
        raise TrainingError(f"{path}: version: expected {HISTORY_VERSION}, found {_quote(document.get('version'))}")
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise TrainingError(f"{path}: tables: expected an object of tables, found {_quote(tables)}")
    counted = sum(len(t["rows"]) for t in tables.values() if isinstance(t, dict) and isinstance(t.get("rows"), list))
    if counted > MAX_HISTORY_ROWS:
        raise TrainingError(f"{path}: {counted:,} rows, over the limit of {MAX_HISTORY_ROWS:,} rows a history imports")
    checked: dict[str, HistoryTable] = {}
    progress = [0, counted]
    for name, table in tables.items():
        if name == REGISTRY_TABLE:
            continue
        _check_name(str(name), "table", f"{path}: tables")
        if known_only and name not in rules:
            raise TrainingError(f"{path}: tables.{name}: not a table of this program's training history "
                                f"(made by a newer version?); known: {', '.join(sorted(rules))}")
        checked[name] = _read_table(path, name, table, rules.get(name), keep_going, progress)
    return checked


def _read_table(path: Path, name: str, table: object, rules: TableRules | None,
                keep_going: KeepGoing | None, progress: list[int]) -> HistoryTable:
    where = f"{path}: tables.{name}"
    if not isinstance(table, dict):
        raise TrainingError(f"{where}: expected an object, found {_quote(table)}")
    columns_sql, columns, rows = table.get("columns_sql"), table.get("columns"), table.get("rows")
    if not isinstance(columns_sql, str) or ";" in columns_sql:
        raise TrainingError(f"{where}.columns_sql: expected column definitions, found {_quote(columns_sql)}")
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
        raise TrainingError(f"{where}.columns: expected a list of column names, found {_quote(columns)}")
    for index, column in enumerate(columns):
        _check_name(column, "column", f"{where}.columns[{index}]")
        if rules is not None and column not in rules.checks:
            raise TrainingError(f"{where}.columns[{index}]: {column!r} is no column of table {name}")
    if not isinstance(rows, list):
        raise TrainingError(f"{where}.rows: expected a list of rows, found {_quote(rows)}")
    checked: list[tuple[Value, ...]] = []
    for number, row in enumerate(rows):
        if keep_going is not None and progress[0] % PROGRESS_ROWS == 0 and not keep_going(
                ImportStage.CHECK, progress[0], progress[1]):
            raise ImportCancelled(f"{path}: import cancelled: nothing was imported")
        progress[0] += 1
        checked.append(_read_row(f"{where}.rows[{number}]", columns, row, rules))
    return HistoryTable(rules.columns_sql if rules is not None else columns_sql, tuple(columns), tuple(checked))


def _read_row(where: str, columns: list[str], row: object, rules: TableRules | None) -> tuple[Value, ...]:
    if not isinstance(row, list) or len(row) != len(columns):
        raise TrainingError(f"{where}: expected {len(columns)} values, found {_quote(row)}")
    for column, value in zip(columns, row, strict=True):
        problem = _value_problem(value)
        if problem is None and rules is not None:
            problem = rules.checks[column](value)
        if problem is not None:
            raise TrainingError(f"{where}.{column}: {_quote(value)}: {problem}")
    return tuple(row)


def _value_problem(value: object) -> str | None:
    """What keeps ``value`` out of any table: not a number, text or null; not finite; too big."""
    if value is None or isinstance(value, str) and len(value) <= MAX_TEXT_CHARS:
        return None
    if isinstance(value, str):
        return f"text of {len(value):,} characters, over the limit of {MAX_TEXT_CHARS:,}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "not a number, text or null"
    if isinstance(value, int):
        return None if SQLITE_INT_MIN <= value <= SQLITE_INT_MAX else "a whole number too big for 64 bits"
    return None if math.isfinite(value) else "not a finite number"
