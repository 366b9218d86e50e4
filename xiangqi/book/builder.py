"""Building an opening book from record files, with bounded memory.

Counts are gathered in a dict keyed by (Zobrist key, move) and merged into the SQLite file whenever the
dict holds ``flush_rows`` entries (``INSERT … ON CONFLICT DO UPDATE`` adds to what is already stored),
so memory stays bounded however many games go in. The book is written to a temporary file beside the
target and renamed over it only when complete: a failed or cancelled build never harms an existing book.
Temporary files of builds that were killed (older than ``atomic.STALE_SECONDS``) are swept by the next
build, as saves do; SQLite's write errors (a full disk) come out as BookWriteError, an OSError.

What counts: the main line of every readable game with at least one move (variations are commentary,
not games played), each (position, move) once per game even when the game repeats the position; the
result from the record's result tag (``*`` adds to ``games`` only). A game the reader reported problems
for is skipped and reported, because a truncated main line would put wrong results on its positions.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from xiangqi.core.errors import Cancelled
from xiangqi.atomic import remove_stale_temps
from xiangqi.book.sources import games_in
from xiangqi.book.store import INSERT, UPSERT, create_book
from xiangqi.core.zobrist import BLACK_TO_MOVE, PIECE_KEYS
from xiangqi.file_names import shown_name
from xiangqi.record import Game

FLUSH_ROWS = 200_000  # about 50 MB of Python objects at most
PROGRESS_GAMES = 100  # games between two progress reports
_SIGN, _WRAP = 1 << 63, 1 << 64
# Result column (0 red wins, 1 draws, 2 black wins) of each result tag; '*' has none.
RESULT_COLUMN = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}

# progress(files_done, files_total, games_added) -> False to cancel
BuildProgress = Callable[[int, int, int], "bool | None"]


class BookWriteError(OSError):
    """SQLite could not write the book being built (a full disk, an I/O error, a file size limit); the
    message is SQLite's cause, e.g. "database or disk is full". The target was left as it was."""

    def __init__(self, cause: sqlite3.Error) -> None:
        super().__init__(f"{cause} (SQLite)")


class BuildCancelled(Cancelled):
    """The progress callback asked to stop; the target file was left as it was."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or game that was not used, and why (the reader's own message)."""

    source: str
    reason: str

    def __str__(self) -> str:
        return f"{shown_name(self.source)}: skipped: {self.reason}"


@dataclass
class BuildReport:
    games: int = 0
    positions: int = 0  # (position, move) pairs counted, over all games
    rows: int = 0  # distinct (position, move) rows in the book
    skipped: list[Skipped] = field(default_factory=list)


def game_pairs(game: Game, max_plies: int | None = None) -> set[int]:
    """The (position, move) pairs of the main line, each once, as ``signed key << 14 | from << 7 | to``.

    The key is the core's Zobrist key (``Position.zobrist``), kept up to date here on a plain list of
    cells with the core's tables: the reader has already checked every move, and replaying them on a
    ``Position`` would cost as much again as the counting.
    """
    start = game.start_position()
    cells: list[int] = start.board.tolist()
    key = start.zobrist
    pairs: set[int] = set()
    for ply, node in enumerate(game.root.line()):
        if max_plies is not None and ply >= max_plies:
            break
        move = node.move
        assert move is not None
        src, dst = move.from_sq, move.to_sq
        pairs.add((key - _WRAP if key >= _SIGN else key) << 14 | src << 7 | dst)
        moved, captured = cells[src], cells[dst]
        key ^= BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
        if captured:
            key ^= PIECE_KEYS[captured][dst]
        cells[dst], cells[src] = moved, 0
    return pairs


class GameCounts:
    """(position, move) counts over games, in memory; picklable, so a worker process can return one."""

    def __init__(self, max_plies: int | None = None) -> None:
        # Counter.update counts a whole set in C; one counter for games, one per result column.
        self.games: Counter[int] = Counter()
        self.results: tuple[Counter[int], Counter[int], Counter[int]] = (Counter(), Counter(), Counter())
        self.max_plies = max_plies
        self.report = BuildReport()

    def __len__(self) -> int:
        return len(self.games)

    def add_game(self, game: Game) -> None:
        pairs = game_pairs(game, self.max_plies)
        if not pairs:  # a record without moves (an empty XQF, a bare position) adds nothing
            return
        self.games.update(pairs)
        column = RESULT_COLUMN.get(game.result)
        if column is not None:
            self.results[column].update(pairs)
        self.report.games += 1
        self.report.positions += len(pairs)

    def add_file(self, path: str, on_game: Callable[[], None] | None = None) -> None:
        """Every readable game of ``path``; unreadable ones (or the whole file) go to ``report.skipped``.
        ``on_game`` runs after each game (the progress report; it may raise BuildCancelled)."""
        skipped = self.report.skipped
        try:
            for index, game in enumerate(games_in(path), start=1):
                if game.errors:
                    skipped.append(Skipped(f"{path} game {index}", str(game.errors[0])))
                else:
                    self.add_game(game)
                if on_game is not None:
                    on_game()
        except (OSError, ValueError) as exc:  # RecordError and the readers' other ValueErrors
            skipped.append(Skipped(path, str(exc)))

    def merge(self, other: GameCounts) -> None:
        self.games.update(other.games)
        for mine, theirs in zip(self.results, other.results, strict=True):
            mine.update(theirs)
        self.report.games += other.report.games
        self.report.positions += other.report.positions
        self.report.skipped.extend(other.report.skipped)

    def rows(self) -> list[tuple[int, int, int, int, int, int]]:
        """(key, move, games, red, draws, black) in key order (appends to the B-tree), then forgets them."""
        games = self.games
        red, draws, black = self.results
        rows = [(pair >> 14, pair & 0x3FFF, games[pair], red[pair], draws[pair], black[pair])
                for pair in sorted(games)]
        for counter in (games, red, draws, black):
            counter.clear()
        return rows


def count_file(path: str, max_plies: int | None) -> GameCounts:
    """One file's counts (what a worker process runs)."""
    counts = GameCounts(max_plies)
    counts.add_file(path)
    return counts


class BookBuilder:
    """Adds games to a new book file, flushing every ``flush_rows`` rows; ``finish`` commits and closes it."""

    def __init__(self, path: str | os.PathLike[str], max_plies: int | None = None,
                 flush_rows: int = FLUSH_ROWS) -> None:
        self._db = create_book(path)
        self.counts = GameCounts(max_plies)
        self._empty = True  # nothing written yet: plain INSERT, no conflict possible (twice as fast)
        self.flush_rows = flush_rows

    @property
    def report(self) -> BuildReport:
        return self.counts.report

    def add_game(self, game: Game) -> None:
        self.counts.add_game(game)
        self._flush_when_full()

    def add_file(self, path: str, on_game: Callable[[], None] | None = None) -> None:
        def after_game() -> None:
            self._flush_when_full()
            if on_game is not None:
                on_game()

        self.counts.add_file(path, after_game)

    def merge(self, counts: GameCounts) -> None:
        self.counts.merge(counts)
        self._flush_when_full()

    def _flush_when_full(self) -> None:
        if len(self.counts) >= self.flush_rows:
            self.flush()

    def flush(self) -> None:
        rows = self.counts.rows()
        self._db.executemany(INSERT if self._empty else UPSERT, rows)
        self._empty = self._empty and not rows

    def finish(self) -> BuildReport:
        self.flush()
        report = self.report
        report.rows = self._db.execute("SELECT count(*) FROM moves").fetchone()[0]
        self._db.executemany("INSERT INTO meta(name, value) VALUES(?, ?)",
                             [("games", str(report.games)), ("positions", str(report.positions))])
        self._db.execute("COMMIT")
        self._db.close()
        return report

    def abandon(self) -> None:
        self._db.close()


def _temporary_target(target: str | os.PathLike[str]) -> str:
    """A free name beside ``target`` for the book being built (SQLite creates the file)."""
    folder = Path(target).resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{Path(target).name}.", suffix=".tmp", dir=folder)
    os.close(handle)
    os.unlink(temp_name)
    return temp_name


AUTO_JOBS_BYTES = 1_000_000   # below this a worker's start-up (~0.5 s, spawned) costs more than it saves


def auto_jobs(files: list[str]) -> int:
    """One worker per CPU for a collection big enough to gain from it (several files), else 1."""
    size = 0
    for name in files:
        try:
            size += os.path.getsize(name)
        except OSError:
            pass          # reported by the build itself
    if len(files) < 2 or size < AUTO_JOBS_BYTES:
        return 1
    return max(1, min(os.cpu_count() or 1, len(files)))


def build_book(target: str | os.PathLike[str], paths: Iterable[str | os.PathLike[str]],
               progress: BuildProgress | None = None, max_plies: int | None = None, jobs: int = 1) -> BuildReport:
    """Build a book from every game of ``paths`` into ``target`` (replaced only when complete).

    ``progress(files_done, files_total, games)`` is called before each file and every
    ``PROGRESS_GAMES`` games; returning False cancels (BuildCancelled). ``jobs`` > 1 reads that many
    files at once in worker processes (each returns its file's counts; the writing stays here).
    OSError when the target cannot be written.
    """
    files = [os.fspath(path) for path in paths]
    temp_name = _temporary_target(target)
    remove_stale_temps(Path(temp_name).parent / Path(target).name)   # left by builds that were killed
    try:
        builder = BookBuilder(temp_name, max_plies)
    except sqlite3.Error as exc:
        Path(temp_name).unlink(missing_ok=True)
        raise BookWriteError(exc) from None

    def report(done: int, every: int = 1) -> None:
        games = builder.report.games
        if progress is not None and games % every == 0 and progress(done, len(files), games) is False:
            raise BuildCancelled(f"cancelled after {games} games")

    try:
        if jobs > 1 and len(files) > 1:
            _read_in_workers(builder, files, jobs, max_plies, report)
        else:
            for done, path in enumerate(files):
                report(done)
                builder.add_file(path, functools.partial(report, done, PROGRESS_GAMES))
        result = builder.finish()
        if progress is not None:
            progress(len(files), len(files), result.games)
        os.replace(temp_name, target)
        return result
    except sqlite3.Error as exc:   # the disk filled up, an I/O error: the old book stays as it was
        _abandon(builder, temp_name)
        raise BookWriteError(exc) from None
    except BaseException:
        _abandon(builder, temp_name)
        raise


def _abandon(builder: BookBuilder, temp_name: str) -> None:
    try:
        builder.abandon()
    except sqlite3.Error:
        pass   # closing a database whose writes failed may fail too; the file goes anyway
    Path(temp_name).unlink(missing_ok=True)


def _read_in_workers(builder: BookBuilder, files: list[str], jobs: int, max_plies: int | None,
                     report: Callable[[int], None]) -> None:
    """Files counted by ``jobs`` processes (spawned: safe under a GUI), merged here in file order."""
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(files)), mp_context=get_context("spawn"))
    try:
        futures = [pool.submit(count_file, path, max_plies) for path in files]
        for done, future in enumerate(futures):
            report(done)
            builder.merge(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # a cancel returns at once; running files end alone
        raise
    pool.shutdown()
