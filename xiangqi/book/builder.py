"""Building an opening book from record files, with bounded memory.

Counts are gathered in a dict keyed by (Zobrist key, move) and merged into the SQLite file whenever the
dict holds ``flush_rows`` entries (``INSERT … ON CONFLICT DO UPDATE`` adds to what is already stored),
so memory stays bounded however many games go in. The book is written to a temporary file beside the
target and renamed over it only when complete: a failed or cancelled build never harms an existing book.

What counts: the main line of every readable game (variations are commentary, not games played), each
(position, move) once per game even when the game repeats the position; the result from the record's
result tag (``*`` adds to ``games`` only). A game the reader reported problems for is skipped and
reported, because a truncated main line would put wrong results on its positions.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from xiangqi.book.sources import games_in
from xiangqi.book.store import UPSERT, create_book, signed_key
from xiangqi.record import Game, RecordError

FLUSH_ROWS = 200_000  # about 50 MB of Python objects at most
# Result column (0 red wins, 1 draws, 2 black wins) of each result tag; '*' has none.
RESULT_COLUMN = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}

# progress(files_done, files_total, games_added) -> False to cancel
BuildProgress = Callable[[int, int, int], "bool | None"]


class BuildCancelled(Exception):
    """The progress callback asked to stop; the target file was left as it was."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or game that was not used, and why (the reader's own message)."""

    source: str
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: skipped: {self.reason}"


@dataclass
class BuildReport:
    games: int = 0
    positions: int = 0  # (position, move) pairs counted, over all games
    rows: int = 0  # distinct (position, move) rows in the book
    skipped: list[Skipped] = field(default_factory=list)


def game_counts(game: Game, max_plies: int | None = None) -> Iterator[tuple[int, int]]:
    """(signed Zobrist key, move code) of each main-line move, each pair once."""
    position = game.start_position()
    seen: set[tuple[int, int]] = set()
    for ply, node in enumerate(game.root.line()):
        if max_plies is not None and ply >= max_plies:
            return
        move = node.move
        assert move is not None
        pair = (signed_key(position.zobrist), move.from_sq << 7 | move.to_sq)
        if pair not in seen:
            seen.add(pair)
            yield pair
        position.push_unchecked(move)


class BookBuilder:
    """Adds games to a new book file; ``finish`` commits and closes it."""

    def __init__(self, path: str | os.PathLike[str], max_plies: int | None = None,
                 flush_rows: int = FLUSH_ROWS) -> None:
        self._db = create_book(path)
        self._counts: dict[tuple[int, int], list[int]] = {}
        self.max_plies, self.flush_rows = max_plies, flush_rows
        self.report = BuildReport()

    def add_game(self, game: Game) -> None:
        column = RESULT_COLUMN.get(game.result)
        counts = self._counts
        added = 0
        for pair in game_counts(game, self.max_plies):
            row = counts.get(pair)
            if row is None:
                row = counts[pair] = [0, 0, 0, 0]
            row[0] += 1
            if column is not None:
                row[column + 1] += 1
            added += 1
        self.report.games += 1
        self.report.positions += added
        if len(counts) >= self.flush_rows:
            self.flush()

    def flush(self) -> None:
        rows = [(key, move, *row) for (key, move), row in sorted(self._counts.items())]
        self._db.executemany(UPSERT, rows)
        self._counts.clear()

    def finish(self) -> BuildReport:
        self.flush()
        self.report.rows = self._db.execute("SELECT count(*) FROM moves").fetchone()[0]
        self._db.executemany("INSERT INTO meta(name, value) VALUES(?, ?)",
                             [("games", str(self.report.games)), ("positions", str(self.report.positions))])
        self._db.execute("COMMIT")
        self._db.close()
        return self.report

    def abandon(self) -> None:
        self._db.close()


def add_file(builder: BookBuilder, path: str) -> None:
    """Every readable game of ``path``; unreadable ones (or the whole file) go to ``builder.report.skipped``."""
    skipped = builder.report.skipped
    try:
        for index, game in enumerate(games_in(path), start=1):
            if game.errors:
                skipped.append(Skipped(f"{path} game {index}", str(game.errors[0])))
            else:
                builder.add_game(game)
    except (OSError, RecordError) as exc:
        skipped.append(Skipped(path, str(exc)))


def build_book(target: str | os.PathLike[str], paths: Iterable[str | os.PathLike[str]],
               progress: BuildProgress | None = None, max_plies: int | None = None) -> BuildReport:
    """Build a book from every game of ``paths`` into ``target`` (replaced only when complete).

    Raises BuildCancelled when ``progress`` returns False, OSError when the target cannot be written.
    """
    files = [os.fspath(path) for path in paths]
    folder = Path(target).resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{Path(target).name}.", suffix=".tmp", dir=folder)
    os.close(handle)
    os.unlink(temp_name)  # SQLite creates it; mkstemp only reserved a unique name
    builder = BookBuilder(temp_name, max_plies)
    try:
        for done, path in enumerate(files):
            if progress is not None and progress(done, len(files), builder.report.games) is False:
                raise BuildCancelled(f"cancelled after {done} of {len(files)} files")
            add_file(builder, path)
        report = builder.finish()
        if progress is not None:
            progress(len(files), len(files), report.games)
        os.replace(temp_name, target)
        return report
    except BaseException:
        builder.abandon()
        Path(temp_name).unlink(missing_ok=True)
        raise
