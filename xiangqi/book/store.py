"""The opening book file: one SQLite database (stdlib ``sqlite3``), read and written without Qt.

Why SQLite rather than a sorted binary file like Polyglot's: the builder has to merge counts for the
same (position, move) coming from many games, and SQLite's ``INSERT … ON CONFLICT DO UPDATE`` does that
merge on disk, so the builder flushes bounded batches instead of holding the whole book in memory (a
Polyglot-style file needs an external sort for that). Lookups are a primary-key B-tree probe (well under
a millisecond), the file is one portable file with a version stamp, a build is one transaction, and
adding games to an existing book later is the same upsert. The cost is a larger file than packed
16-byte records, which does not matter at the sizes of human game collections.

Schema: ``moves(key, move, games, red, draws, black)`` keyed by (key, move), ``WITHOUT ROWID`` so the
rows of one position sit together in the B-tree. ``key`` is the core's Zobrist key of the position
before the move (``Position.zobrist``) stored as a signed 64-bit integer, so transpositions merge;
``move`` is ``from_sq << 7 | to_sq``. ``meta`` holds the format name, version and totals.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from xiangqi.core import Move, Position
from xiangqi.file_names import shown_name

FORMAT_NAME = "xiangqi-opening-book"
FORMAT_VERSION = "1"
SCHEMA = (
    "CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE moves(key INTEGER NOT NULL, move INTEGER NOT NULL, games INTEGER NOT NULL,"
    " red INTEGER NOT NULL, draws INTEGER NOT NULL, black INTEGER NOT NULL,"
    " PRIMARY KEY(key, move)) WITHOUT ROWID",
)
INSERT = "INSERT INTO moves(key, move, games, red, draws, black) VALUES(?, ?, ?, ?, ?, ?)"
UPSERT = (
    "INSERT INTO moves(key, move, games, red, draws, black) VALUES(?, ?, ?, ?, ?, ?)"
    " ON CONFLICT(key, move) DO UPDATE SET games = games + excluded.games, red = red + excluded.red,"
    " draws = draws + excluded.draws, black = black + excluded.black"
)
_SIGN = 1 << 63
_WRAP = 1 << 64


class BookError(ValueError):
    """A file that is not an opening book of this program (the message names the file)."""


def signed_key(key: int) -> int:
    """A 64-bit unsigned Zobrist key as SQLite's signed INTEGER."""
    return key - _WRAP if key >= _SIGN else key


def move_code(move: Move) -> int:
    return move.from_sq << 7 | move.to_sq


def code_move(code: int) -> Move:
    return Move(code >> 7, code & 127)


@dataclass(frozen=True, slots=True)
class BookMove:
    """One move played in a position, with the games that played it and how they ended."""

    move: Move
    games: int
    red_wins: int
    draws: int
    black_wins: int

    @property
    def unknown(self) -> int:
        """Games without a result (``*``): counted in ``games`` but in none of the result columns."""
        return self.games - self.red_wins - self.draws - self.black_wins

    def probe_line(self) -> str:
        """``MOVE<TAB>GAMES<TAB>RED_WINS<TAB>DRAWS<TAB>BLACK_WINS`` (the ``book probe`` output)."""
        return "\t".join((self.move.iccs(), str(self.games), str(self.red_wins), str(self.draws),
                          str(self.black_wins)))


def create_book(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A new empty book at ``path`` (which must not exist), tuned for one bulk build."""
    connection = sqlite3.connect(os.fspath(path), isolation_level=None)
    # The builder writes a temporary file that replaces the target only when complete, so the
    # journal and fsyncs would protect nothing.
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("BEGIN")
    for statement in SCHEMA:
        connection.execute(statement)
    connection.executemany("INSERT INTO meta(name, value) VALUES(?, ?)",
                           [("format", FORMAT_NAME), ("version", FORMAT_VERSION)])
    return connection


class OpeningBook:
    """An opened book (read-only). ``moves(position)`` lists what was played there, most played first."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise BookError(f"{shown_name(self.path)}: no such book file")
        uri = self.path.resolve().as_uri() + "?mode=ro"
        # check_same_thread off: the app opens the book on the GUI thread and may probe it from a worker
        try:
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        except sqlite3.Error as exc:  # unreadable (permissions)
            raise BookError(f"{shown_name(self.path)} cannot be opened ({exc})") from None
        try:
            self.meta: dict[str, str] = dict(self._db.execute("SELECT name, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise BookError(f"{shown_name(self.path)} is not an opening book ({exc})") from None
        if self.meta.get("format") != FORMAT_NAME:
            self._db.close()
            raise BookError(f"{shown_name(self.path)} is not an opening book (format {self.meta.get('format')!r})")

    def __enter__(self) -> OpeningBook:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    @property
    def game_count(self) -> int:
        return int(self.meta.get("games", "0"))

    def moves_for_key(self, key: int) -> list[BookMove]:
        """The rows stored for a Zobrist key, most played first (ties by ICCS)."""
        rows = self._db.execute(
            "SELECT move, games, red, draws, black FROM moves WHERE key = ?", (signed_key(key),)
        ).fetchall()
        found = [BookMove(code_move(code), games, red, draws, black) for code, games, red, draws, black in rows]
        return sort_moves(found)

    def moves(self, position: Position) -> list[BookMove]:
        """What was played in ``position`` (only moves legal there: a key collision cannot leak in)."""
        return [entry for entry in self.moves_for_key(position.zobrist) if position.is_legal(entry.move)]

    def __iter__(self) -> Iterator[tuple[int, BookMove]]:
        """Every row as (unsigned key, move), for checks and exports."""
        for key, code, games, red, draws, black in self._db.execute("SELECT * FROM moves ORDER BY key, move"):
            yield key % _WRAP, BookMove(code_move(code), games, red, draws, black)


def sort_moves(moves: Iterable[BookMove]) -> list[BookMove]:
    return sorted(moves, key=lambda entry: (-entry.games, entry.move.iccs()))
