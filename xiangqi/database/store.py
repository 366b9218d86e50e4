"""One game collection in one SQLite file: opening (created, read-write or read-only), the schema and its
version, and what a damaged or foreign file is told (never replaced, never silently repaired).

Opening reads the header and the version only; ``check=True`` (what an import does before it writes) runs
SQLite's quick check too, and any read that meets a damaged page raises DamagedDatabaseError.

The file is in WAL mode, written in transactions only (an import commits a file, or a block of
``COMMIT_GAMES`` games, at a time), so a process killed at any moment leaves the games of every
committed transaction and nothing half-written (``synchronous=NORMAL``: in WAL mode a killed process
loses nothing committed; only a power cut may lose the last transactions, never the file's consistency).
``PRAGMA application_id`` marks the file as ours and ``PRAGMA user_version`` is the schema version: a file of
another version is refused with a clear message.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from urllib.parse import quote

from xiangqi.file_names import shown_name

APPLICATION_ID = 0x58514442        # "XQDB": the file is a game database of this program
SCHEMA_VERSION = 2                 # 2: one-byte moves, posting-list position index, material signatures
BUSY_TIMEOUT_S = 10.0              # another process writing: wait this long before giving up
MAX_INTEGRITY_MESSAGES = 10        # SQLite's quick check stops after this many problems
IMPORT_CACHE_KIB = 65_536          # page cache while importing (64 MiB): the position index is written at random

SCHEMA = """
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);  -- rows.fold
CREATE TABLE events (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);
CREATE TABLE sources (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER, mtime_ns INTEGER,
                      games INTEGER);  -- games: NULL until the file was imported whole
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    red INTEGER NOT NULL REFERENCES players, black INTEGER NOT NULL REFERENCES players,
    event INTEGER NOT NULL REFERENCES events,
    site TEXT NOT NULL, date TEXT NOT NULL, date_key INTEGER NOT NULL, result TEXT NOT NULL,
    ecco TEXT NOT NULL, plies INTEGER NOT NULL, start_fen TEXT,  -- NULL: the standard start
    moves BLOB NOT NULL, tags TEXT NOT NULL,                     -- codec; the other tags as JSON
    source INTEGER NOT NULL REFERENCES sources, source_index INTEGER NOT NULL,
    duplicate_key INTEGER NOT NULL UNIQUE, copies INTEGER NOT NULL DEFAULT 0  -- duplicates met later
);
CREATE INDEX games_red ON games(red);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_event ON games(event);
CREATE INDEX games_date ON games(date_key);
CREATE TABLE positions (bucket INTEGER NOT NULL, first_game INTEGER NOT NULL, data BLOB NOT NULL,
                        PRIMARY KEY (bucket, first_game)) WITHOUT ROWID;   -- index: posting lists
CREATE TABLE material (id INTEGER PRIMARY KEY, signs BLOB NOT NULL);   -- index: material signatures
"""


class DatabaseError(Exception):
    """A game database that cannot be opened or used; the message names the file and what to do."""


class DamagedDatabaseError(DatabaseError):
    """The file is no game database of ours, or SQLite finds it damaged. Nothing was changed."""


def _advice_damaged(path: Path, what: str) -> DamagedDatabaseError:
    return DamagedDatabaseError(
        f"{shown_name(path)}: {what}; the file was left as it is: copy what can be read into a new file "
        f"(python -m xiangqi db repair FILE), re-import the games into a new database "
        f"(python -m xiangqi db import NEW.xqdb FILES...) or restore it from a backup")


def marked_read_only(path: Path) -> bool:
    """True when the file has no owner write bit or its folder cannot be written (WAL needs the folder)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    return not mode & stat.S_IWUSR or not os.access(path.parent, os.W_OK) or not os.access(path, os.W_OK)


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    if read_only:
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def _check_header(path: Path) -> None:
    """DamagedDatabaseError for a file that is not SQLite at all (read before SQLite opens it)."""
    with open(path, "rb") as stream:
        head = stream.read(100)
    if len(head) == 0:
        raise _advice_damaged(path, "the file is empty, not a game database")
    if not head.startswith(b"SQLite format 3\x00"):
        raise _advice_damaged(path, "not a game database (no SQLite file)")
    if len(head) < 100:
        raise _advice_damaged(path, "the database is cut short (truncated)")


def _version_advice(path: Path, version: int) -> str:
    if 0 < version < SCHEMA_VERSION:
        return (f"{shown_name(path)}: database of an older version ({version}; this program reads version "
                f"{SCHEMA_VERSION}, stored more compactly): re-import its games into a new database "
                f"(python -m xiangqi db import NEW.xqdb FILES...); the file was left as it is")
    return (f"{shown_name(path)}: database of a newer version ({version}; this program reads version "
            f"{SCHEMA_VERSION}): open it with the program that made it")


class GameDatabase:
    """An open game database. ``create=True`` makes a new file when ``path`` does not exist; a file marked
    read-only (or in a folder that cannot be written) opens read-only, for searching."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = False, read_only: bool = False,
                 check: bool = False) -> None:
        self.path = Path(path)
        exists = self.path.exists()
        if exists and create and self.path.is_file() and self.path.stat().st_size == 0:
            exists = False   # an import killed before SQLite wrote the first page: nothing to lose
        if not exists and not create:
            raise DatabaseError(f"{shown_name(self.path)}: no such database (create one with db import)")
        if exists:
            if not self.path.is_file():
                raise DatabaseError(f"{shown_name(self.path)}: not a database file (it is no regular file)")
            _check_header(self.path)
        self.read_only = read_only or (exists and marked_read_only(self.path))
        try:
            self.connection = _connect(self.path, self.read_only)
            self._open(exists, check)
        except sqlite3.DatabaseError as error:
            raise self.explain(error) from error

    def _open(self, exists: bool, check: bool) -> None:
        connection = self.connection
        if not exists:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.executescript("BEGIN IMMEDIATE;" + SCHEMA + f"PRAGMA application_id={APPLICATION_ID};"
                                     f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;")
            return
        application, version = self.pragma("application_id"), self.pragma("user_version")
        if application != APPLICATION_ID:
            raise _advice_damaged(self.path, "an SQLite file, but no game database of this program")
        if version != SCHEMA_VERSION:
            raise DatabaseError(_version_advice(self.path, version))
        if check:
            self.check_integrity()
        if not self.read_only:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")

    def check_integrity(self) -> None:
        """DamagedDatabaseError when SQLite's quick check finds problems (linear in the file's size: run
        before an import writes, not before each search, whose reads report a damaged page they meet)."""
        try:
            rows = self.connection.execute(f"PRAGMA quick_check({MAX_INTEGRITY_MESSAGES})").fetchall()
        except sqlite3.DatabaseError as error:
            raise self.explain(error) from error
        problems = [str(row[0]) for row in rows]
        if problems != ["ok"]:
            raise _advice_damaged(self.path, "the database is damaged (" + "; ".join(problems[:3])[:300] + ")")

    def pragma(self, name: str) -> int:
        return int(self.connection.execute(f"PRAGMA {name}").fetchone()[0])

    def explain(self, error: sqlite3.Error) -> DatabaseError:
        """SQLite's error as a DatabaseError naming the file (DamagedDatabaseError for a damaged one)."""
        code = error.sqlite_errorname or ""
        if code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return _advice_damaged(self.path, f"the database is damaged ({error})")
        return DatabaseError(f"{shown_name(self.path)}: {error} (SQLite)")

    def transaction(self) -> _Transaction:
        return _Transaction(self)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> GameDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check_writable(self) -> None:
        if self.read_only:
            raise DatabaseError(f"{shown_name(self.path)}: the database is read-only (the file or its folder "
                                f"cannot be written): import into a copy or change its permissions")


class _Transaction:
    """``with db.transaction() as connection:`` BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error;
    SQLite's errors come out as DatabaseError naming the file."""

    def __init__(self, database: GameDatabase) -> None:
        self.database = database

    def __enter__(self) -> sqlite3.Connection:
        self.database.check_writable()
        try:
            self.database.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise self.database.explain(error) from error
        return self.database.connection

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        connection = self.database.connection
        if error is None:
            try:
                connection.execute("COMMIT")
                return
            except sqlite3.Error as failed:
                error = failed
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise self.database.explain(error) from error
