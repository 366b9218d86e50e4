"""Hostile inputs for the game database (``xiangqi.database``): damaged, cut, foreign and newer database
files, read-only ones, damaged stored games, over-long searches and many tiny games. A damaged file is
named with what to do and never changed; ``scale`` grows the database or the input linearly."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from hostile import hostile
from xiangqi.commands.db import main as db_main
from xiangqi.core import Move, Position
from xiangqi.database import DatabaseError, GameDatabase, Query, QueryError
from xiangqi.database import count, import_files, search
from xiangqi.database.material import MAX_MATERIAL_CHARS, MAX_PIECES
from xiangqi.database.repair import repair
from xiangqi.database.store import SCHEMA_VERSION
from xiangqi.database.search import MAX_FEN_CHARS, MAX_LIMIT, MAX_QUERY_CHARS
from xiangqi.record import Game, game_to_pgn

OPENING = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9".split()


def pgn_games(count: int) -> str:
    """``count`` distinct short games (the Round tag and the date make each one its own)."""
    texts = []
    for index in range(count):
        game = Game({"Event": "hostile", "Red": f"red {index % 97}", "Black": "black", "Date": f"2000.01.{index}"},
                    result="1-0")
        node = game.root
        for text in OPENING[: 2 + index % 7]:
            node = node.add_child(Move.from_iccs(text))
        texts.append(game_to_pgn(game))
    return "\n".join(texts)


def built(folder: Path, games: int) -> Path:
    source = folder / "games.pgn"
    source.write_text(pgn_games(games), encoding="utf-8")
    path = folder / "games.xqdb"
    with GameDatabase(path, create=True) as database:
        report = import_files(database, [source])
        assert report.games == games, report
        database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def expect_refused(path: Path, *words: str, check: bool = True) -> None:
    """Opening ``path`` (and, if it opens, a full search) fails naming the file and ``words``; the file's
    bytes are as they were."""
    before = path.read_bytes()
    try:
        with GameDatabase(path, check=check) as database:
            list(search(database, Query(fen=Position.STARTING_FEN, limit=MAX_LIMIT)))
    except DatabaseError as error:
        text = str(error)
        assert path.name in text, text
        for word in words:
            assert word in text, (word, text)
    else:
        raise AssertionError(f"{path.name} was opened and searched")
    assert path.read_bytes() == before, "the damaged file was changed"


@hostile("database.not_sqlite", target="database.store", bound="the SQLite header is read first (100 bytes)")
def not_sqlite(folder: Path, scale: int) -> None:
    path = folder / "notes.xqdb"
    path.write_bytes(b"these are my notes\n" * 100 * scale)
    expect_refused(path, "no SQLite file", "re-import")
    empty = folder / "empty.xqdb"
    empty.write_bytes(b"")
    expect_refused(empty, "empty")


@hostile("database.truncated", target="database.store", bound="PRAGMA quick_check before an import writes")
def truncated(folder: Path, scale: int) -> None:
    path = built(folder, 200 * scale)
    size = path.stat().st_size
    with open(path, "r+b") as stream:
        stream.truncate(size // 2)
    expect_refused(path, "damaged")


@hostile("database.garbage_in_the_middle", target="database.store",
         bound="PRAGMA quick_check (MAX_INTEGRITY_MESSAGES = 10) before an import writes")
def garbage_in_the_middle(folder: Path, scale: int) -> None:
    path = built(folder, 200 * scale)
    size = path.stat().st_size
    with open(path, "r+b") as stream:
        stream.seek(size // 2 // 4096 * 4096)
        stream.write(os.urandom(8192))
    expect_refused(path, "damaged", "left as it is", "db repair")
    assert db_main(["import", str(path), str(folder / "games.pgn")]) == 1   # refused before any write


@hostile("database.foreign_sqlite", target="database.store", bound="PRAGMA application_id = XQDB")
def foreign_sqlite(folder: Path, scale: int) -> None:
    path = folder / "other.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE t (x)")
    connection.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(100 * scale)])
    connection.commit()
    connection.close()
    expect_refused(path, "no game database")


@hostile("database.newer_version", target="database.store",
         bound=f"SCHEMA_VERSION = {SCHEMA_VERSION} (PRAGMA user_version)")
def newer_version(folder: Path, scale: int) -> None:
    path = built(folder, 10 * scale)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    expect_refused(path, "newer version", "(99")
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 1")
    connection.close()
    expect_refused(path, "older version", "(1;", "re-import")


@hostile("database.repair", target="database.repair",
         bound="REPAIR_CHUNK = 1000 ids a read, halved around a damaged page; the original opened mode=ro")
def repaired_copy(folder: Path, scale: int) -> None:
    path = built(folder, 400 * scale)
    size = path.stat().st_size
    with open(path, "r+b") as stream:
        stream.seek(size // 2 // 4096 * 4096)
        stream.write(os.urandom(4096))
    expect_refused(path, "damaged", "db repair")
    before = path.read_bytes()
    assert db_main(["repair", str(path)]) == 0
    assert path.read_bytes() == before, "the damaged file was changed"
    copy = path.with_name("games.repaired.xqdb")
    with GameDatabase(copy, check=True) as database:
        games = count(database, Query())
        found = list(search(database, Query(fen=Position.STARTING_FEN, limit=MAX_LIMIT)))
    assert 0 < games <= 400 * scale and len(found) == games, (games, len(found))
    assert repair(path) == path.with_name("games.repaired-2.xqdb")      # never over an earlier copy


@hostile("database.read_only", target="database.store", bound="a read-only file opens read-only (mode=ro)")
def read_only(folder: Path, scale: int) -> None:
    path = built(folder, 20 * scale)
    path.chmod(0o444)
    try:
        assert db_main(["search", str(path), "--player", "red 1"]) == 0
        assert db_main(["import", str(path), str(folder / "games.pgn")]) == 1
    finally:
        path.chmod(0o644)


@hostile("database.damaged_moves", target="database.search", bound="stored moves decoded strictly (codec)")
def damaged_moves(folder: Path, scale: int) -> None:
    path = built(folder, 20 * scale)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE games SET moves = x'ffffff' WHERE id = 2")
    connection.commit()
    connection.close()
    out = folder / "out.pgn"
    assert db_main(["export", str(path), "-o", str(out)]) == 1
    assert not out.exists(), "a partial export was written"
    position = Position()
    for text in OPENING[:2]:
        position.push(Move.from_iccs(text))
    assert db_main(["search", str(path), "--fen", position.fen()]) == 1   # game 2 is replayed to find the ply


@hostile("database.long_query", target="database.search",
         bound=f"MAX_QUERY_CHARS = {MAX_QUERY_CHARS}, MAX_FEN_CHARS = {MAX_FEN_CHARS}, MAX_LIMIT = {MAX_LIMIT:,}, "
               f"MAX_MATERIAL_CHARS = {MAX_MATERIAL_CHARS}, MAX_PIECES = {MAX_PIECES}")
def long_query(folder: Path, scale: int) -> None:
    path = built(folder, 5)
    with GameDatabase(path, read_only=True) as database:
        for query in (Query(player="许" * (MAX_QUERY_CHARS + scale)), Query(limit=MAX_LIMIT + scale),
                      Query(fen="9/" * 1000 * scale), Query(fen="9/" * 50 + "x"),
                      Query(material="R" * MAX_MATERIAL_CHARS * scale + "-"), Query(material="RRR-"),
                      Query(pieces="Ra0," * (MAX_PIECES + scale)), Query(offset=MAX_LIMIT + scale)):
            try:
                list(search(database, query))
            except QueryError as error:
                assert len(str(error)) < 300, str(error)
            else:
                raise AssertionError(f"{query} was searched")


@hostile("database.many_tiny_games", target="database.importer",
         bound="COMMIT_GAMES = 2000 a transaction; memory flat (one block of rows at a time)")
def many_tiny_games(folder: Path, scale: int) -> None:
    path = built(folder, 600 * scale)
    with GameDatabase(path, read_only=True) as database:
        found = list(search(database, Query(fen=Position.STARTING_FEN, limit=MAX_LIMIT)))
    assert len(found) == 600 * scale and [hit.ply for hit in found[:3]] == [0, 0, 0]
