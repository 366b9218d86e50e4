"""Repairing a damaged game database (no Qt): what SQLite can still read of it is copied into a new file
beside it (``NAME.repaired.xqdb``), the original is opened read-only and never changed; the position index
and the material signatures are rebuilt from the games copied (they are derived data).

Rows are read by id ranges of ``REPAIR_CHUNK``; a range that meets a damaged page is halved until the
unreadable ids are alone, and those are left behind (counted). A game whose moves do not decode is left
behind too. Players and events a kept game names but that could not be read get a placeholder name.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

from xiangqi.database.codec import MovesDecodeError, decode_moves, material_steps, replay_keys
from xiangqi.database.index import BLOCK_SPAN, index_hash, insert_blocks, material_bytes
from xiangqi.database.search import start_of
from xiangqi.database.store import DatabaseError, GameDatabase
from xiangqi.file_names import shown_name

REPAIR_CHUNK = 1000              # ids read at a time
MAX_REPAIR_NAMES = 1000          # NAME.repaired-N.xqdb tried before giving up
MIN_ROW_BYTES = 8                # no row takes less: bounds the ids walked when max(id) cannot be read
GAME_COLUMNS = ("id, red, black, event, site, date, date_key, result, ecco, plies, start_fen, moves, tags, "
                "source, source_index, duplicate_key, copies")
TABLES = (("sources", "id, path, size, mtime_ns, games"), ("players", "id, name, folded"),
          ("events", "id, name, folded"), ("games", GAME_COLUMNS))


def repaired_name(path: Path) -> Path:
    """A new file's name beside ``path``: NAME.repaired.xqdb, else NAME.repaired-2.xqdb, …"""
    for number in range(1, MAX_REPAIR_NAMES + 1):
        suffix = ".repaired" if number == 1 else f".repaired-{number}"
        candidate = path.with_name(path.stem + suffix + (path.suffix or ".xqdb"))
        if not candidate.exists():
            return candidate
    raise DatabaseError(f"{shown_name(path)}: {MAX_REPAIR_NAMES} repaired copies exist beside it already")


def _ranges(connection: sqlite3.Connection, table: str, columns: str, low: int, high: int,
            lost: list[int]) -> Iterator[tuple[object, ...]]:
    """The readable rows of ids low <= id < high; unreadable single ids counted in ``lost``."""
    try:
        rows = connection.execute(f"SELECT {columns} FROM {table} WHERE id >= ? AND id < ? ORDER BY id",
                                  (low, high)).fetchall()
    except sqlite3.DatabaseError:
        if high - low == 1:
            lost[0] += 1
            return
        middle = (low + high) // 2
        yield from _ranges(connection, table, columns, low, middle, lost)
        yield from _ranges(connection, table, columns, middle, high, lost)
        return
    yield from rows


def readable_rows(connection: sqlite3.Connection, table: str, columns: str, bound: int,
                  lost: list[int]) -> Iterator[tuple[object, ...]]:
    """Every row of ``table`` SQLite can read, by id ranges, in id order."""
    try:
        top = int(connection.execute(f"SELECT max(id) FROM {table}").fetchone()[0] or 0)
    except sqlite3.DatabaseError:
        top = bound
    for low in range(1, top + 1, REPAIR_CHUNK):
        yield from _ranges(connection, table, columns, low, min(low + REPAIR_CHUNK, top + 1), lost)


def repair(path: str | os.PathLike[str]) -> Path:
    """Copy what can be read of the database ``path`` into a new file beside it and name it (see the module
    text); the original is never changed. DatabaseError when it cannot be opened at all."""
    source = Path(path)
    if not source.is_file():
        raise DatabaseError(f"{shown_name(source)}: no such database file")
    target = repaired_name(source)
    try:
        damaged = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True, isolation_level=None)
    except sqlite3.Error as error:
        raise DatabaseError(f"{shown_name(source)}: cannot be opened to repair ({error})") from error
    bound = source.stat().st_size // MIN_ROW_BYTES
    try:
        with GameDatabase(target, create=True) as database, database.transaction() as connection:
            _copy(damaged, connection, bound)
    finally:
        damaged.close()
    return target


def _copy(damaged: sqlite3.Connection, connection: sqlite3.Connection, bound: int) -> None:
    lost = [0]
    names: dict[str, set[int]] = {"players": set(), "events": set()}
    for table, columns in TABLES:
        marks = ",".join("?" * len(columns.split(",")))
        insert = f"INSERT OR IGNORE INTO {table}({columns}) VALUES ({marks})"
        for row in readable_rows(damaged, table, columns, bound, lost):
            if table == "games" and not _add_derived(connection, row):
                lost[0] += 1
                continue
            connection.execute(insert, row)
            if table in names:
                names[table].add(int(str(row[0])))
    for table, column in (("players", "red"), ("players", "black"), ("events", "event")):
        for (missing,) in connection.execute(f"SELECT DISTINCT {column} FROM games WHERE {column} NOT IN "
                                             f"(SELECT id FROM {table})").fetchall():
            connection.execute(f"INSERT INTO {table}(id, name, folded) VALUES (?, ?, ?)",
                               (missing, f"?{missing}", f"?{missing}"))
    _rebuild_index(connection)


def _add_derived(connection: sqlite3.Connection, row: tuple[object, ...]) -> bool:
    """Write a copied game's material signatures; False when its moves do not decode."""
    game_id, start_fen, data = row[0], row[10], row[11]
    if not isinstance(data, bytes) or not isinstance(start_fen, str | None):
        return False
    try:
        start = start_of(start_fen)
        moves = decode_moves(start, data)
    except (MovesDecodeError, ValueError):
        return False
    connection.execute("INSERT OR REPLACE INTO material(id, signs) VALUES (?, ?)",
                       (game_id, material_bytes(material_steps(start, moves))))
    return True


def _rebuild_index(connection: sqlite3.Connection) -> None:
    """The position index of every game copied, a block of ``BLOCK_SPAN`` ids at a time."""
    low = 0
    while True:
        rows = connection.execute("SELECT id, start_fen, moves FROM games WHERE id >= ? ORDER BY id LIMIT ?",
                                  (low, BLOCK_SPAN)).fetchall()
        if not rows:
            return
        hashes: list[int] = []
        games: list[int] = []
        for game_id, start_fen, data in rows:
            start = start_of(start_fen)
            keys = {index_hash(key) for key in replay_keys(start, decode_moves(start, data))}
            hashes.extend(keys)
            games.extend([game_id] * len(keys))
        insert_blocks(connection, hashes, games)
        low = rows[-1][0] + 1
