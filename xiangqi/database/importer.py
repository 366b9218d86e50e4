"""Importing record files into a game database: files or whole folders (recursively), a file that fails
is reported with its error and the rest goes on, progress after every commit.

Every ``COMMIT_GAMES`` games (and at the end of each file) the games read so far are committed in one
transaction: a process killed at any moment keeps every committed game. A file imported whole is marked
with its size and modification time, so importing it again (after a kill, or by mistake) skips it; a file
cut short by a kill is read again and its games already stored are recognised (same file, same number)
and not counted as duplicates. A duplicate (same start, moves, players and date, ``codec.duplicate_key``)
from another place is stored once and counted on the stored game (``copies``).

``--jobs N`` reads the files on N worker processes: PGN text a block of ``PARALLEL_BLOCK_GAMES`` games at a
time (so one big file keeps every worker busy), any other kind a whole file at a time; the writing stays in
this process (SQLite has one writer), in the order of the files. ``--cluster ADDRESS`` does the same on the
workers of a Dask scheduler (``import_files(executor=...)``): a PGN block's bytes go to a worker as they
do to a local one, any other file's bytes are sent whole (``read_file_bytes``, up to
``MAX_SENT_FILE_BYTES``), and its messages name the file as it is named here.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from xiangqi.database.index import insert_blocks
from xiangqi.database.rows import GameRow, date_key, file_rows, fold, game_row, is_streamed_pgn, parse_pgn_games
from xiangqi.database.rows import pgn_game_bytes
from xiangqi.database.store import IMPORT_CACHE_KIB, DatabaseError, GameDatabase
from xiangqi.file_names import shown_name

MAX_GAMES = (1 << 31) - 1   # game ids: SQLite could go on, the bound keeps every count a 32-bit number
COMMIT_GAMES = 2000          # games per transaction: what a kill can lose at most (besides nothing committed)
RECORD_SUFFIXES = frozenset({".pgn", ".xqf", ".cbl", ".cbr", ".cbf", ".html", ".htm", ".txt"})  # in folders
PARALLEL_BLOCK_GAMES = 500  # PGN games a worker parses at a time (--jobs): a big file is shared among them
MAX_FILE_ERROR_CHARS = 300   # of a reader's message quoted for a file that failed
MAX_SENT_FILE_BYTES = 256 << 20   # a file read whole that is sent to a cluster's worker (a big CBL library)

Progress = Callable[[str], None]   # one line of progress


@dataclass
class ImportReport:
    files: int = 0
    games: int = 0               # stored now
    duplicates: int = 0          # already stored from elsewhere: counted, not stored again
    already: int = 0             # already stored from this very file (an import resumed)
    skipped_files: int = 0       # imported whole before (same size and time)
    with_problems: int = 0       # stored as far as the reader could read them
    failed: list[str] = field(default_factory=list)    # "FILE: why", one per file that could not be read


def record_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The files named, and in the folders named the record files (by suffix) of every subfolder, sorted."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            for root, folders, files in os.walk(path):
                folders.sort()
                for file in sorted(files):
                    if Path(file).suffix.lower() in RECORD_SUFFIXES:
                        yield Path(root) / file
        else:
            yield path


class _Writer:
    """Writes rows into the database, a transaction every ``COMMIT_GAMES`` games."""

    def __init__(self, database: GameDatabase, report: ImportReport, progress: Progress) -> None:
        self.database, self.report, self.progress = database, report, progress
        self.connection = database.connection
        self.names: dict[tuple[str, str], int] = {}
        self.hashes: list[int] = []     # position hashes waiting for ``flush``, each with its game in ``games``
        self.games: list[int] = []
        for table in ("players", "events"):
            for row in self.connection.execute(f"SELECT id, name FROM {table}"):
                self.names[table, str(row[1])] = int(row[0])

    def clear(self) -> None:
        self.hashes.clear()
        self.games.clear()

    def flush(self) -> None:
        """Write the position index of the games added since the last flush (``index.block_rows``, a block
        of at most ``BLOCK_SPAN`` game ids at a time): before each commit."""
        insert_blocks(self.connection, self.hashes, self.games)
        self.clear()

    def name_id(self, table: str, name: str) -> int:
        found = self.names.get((table, name))
        if found is None:     # another process may have added it since this one read the names
            self.connection.execute(f"INSERT INTO {table}(name, folded) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                                    (name, fold(name)))
            row = self.connection.execute(f"SELECT id FROM {table} WHERE name = ?", (name,)).fetchone()
            found = self.names[table, name] = int(row[0])
        return found

    def add(self, row: GameRow, source: int) -> None:
        cursor = self.connection.execute(
            "INSERT INTO games(red, black, event, site, date, date_key, result, ecco, plies, start_fen, moves, "
            "tags, source, source_index, duplicate_key) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT(duplicate_key) DO NOTHING",
            (self.name_id("players", row.red), self.name_id("players", row.black), self.name_id("events", row.event),
             row.site, row.date, date_key(row.date), row.result, row.ecco, row.plies, row.start_fen, row.moves,
             row.tags, source, row.index, row.duplicate_key))
        if cursor.rowcount == 0:
            self._duplicate(row, source)
            return
        game_id = int(cursor.lastrowid or 0)
        if game_id > MAX_GAMES:
            raise DatabaseError(f"{shown_name(self.database.path)}: the database is full ({MAX_GAMES:,} games): "
                                f"import into another database")
        self.connection.execute("INSERT INTO material(id, signs) VALUES (?, ?)", (game_id, row.material))
        self.hashes.extend(row.keys)
        self.games.extend([game_id] * len(row.keys))
        self.report.games += 1
        self.report.with_problems += row.problems > 0

    def _duplicate(self, row: GameRow, source: int) -> None:
        same = self.connection.execute("SELECT source = ? AND source_index = ? FROM games WHERE duplicate_key = ?",
                                       (source, row.index, row.duplicate_key)).fetchone()
        if same is not None and same[0]:
            self.report.already += 1
            return
        self.connection.execute("UPDATE games SET copies = copies + 1 WHERE duplicate_key = ?", (row.duplicate_key,))
        self.report.duplicates += 1


def _file_stamp(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return str(path.resolve()), stat.st_size, stat.st_mtime_ns


def _source(connection: sqlite3.Connection, stamp: tuple[str, int, int]) -> tuple[int, bool]:
    """The source row of a file, and whether it was imported whole before with this size and time."""
    row = connection.execute("SELECT id, size, mtime_ns, games FROM sources WHERE path = ?", (stamp[0],)).fetchone()
    if row is None:
        cursor = connection.execute("INSERT INTO sources(path, size, mtime_ns) VALUES (?,?,?)", stamp)
        return int(cursor.lastrowid or 0), False
    done = row[3] is not None and (row[1], row[2]) == stamp[1:]
    if not done:
        connection.execute("UPDATE sources SET size = ?, mtime_ns = ?, games = NULL WHERE id = ?",
                           (stamp[1], stamp[2], row[0]))
    return int(row[0]), done


def _read_whole(path: Path) -> tuple[list[GameRow], str | None]:
    """A file's rows and the error that stopped the reading (None: read to the end): a worker's job."""
    rows: list[GameRow] = []
    try:
        rows.extend(file_rows(path))
    except (OSError, ValueError) as error:   # RecordError, NotARecordError and the readers' other ValueErrors
        return rows, _reason(path, error)
    return rows, None


def read_file_bytes(name: str, data: bytes) -> tuple[list[GameRow], str | None]:
    """``_read_whole`` on a machine without the file (a cluster's worker): its bytes under its own name in a
    fresh folder (the suffix picks the reader), the message naming the file as the submitter named it."""
    if len(data) > MAX_SENT_FILE_BYTES:
        return [], _reason(Path(name), ValueError(f"{len(data):,} bytes, over {MAX_SENT_FILE_BYTES:,} "
                                                  "(MAX_SENT_FILE_BYTES)"))
    with tempfile.TemporaryDirectory(prefix="xiangqi-import-") as folder:
        copy = Path(folder) / Path(name).name
        copy.write_bytes(data)
        rows, error = _read_whole(copy)
    if error is not None:
        error = error.replace(shown_name(copy), shown_name(Path(name))).replace(str(copy), name)
    return rows, error


def _sent_whole(pool: Executor, path: Path) -> Future[WorkerResult]:
    """A file read whole by a cluster's worker: its bytes sent (a file that cannot be sent: its failure)."""
    try:
        size = path.stat().st_size
        if size > MAX_SENT_FILE_BYTES:
            raise ValueError(f"{size:,} bytes, over {MAX_SENT_FILE_BYTES:,} (MAX_SENT_FILE_BYTES) to send to a worker")
        data = path.read_bytes()
    except (OSError, ValueError) as error:
        failed: Future[WorkerResult] = Future()
        failed.set_result(([], _reason(path, error)))
        return failed
    return pool.submit(read_file_bytes, str(path), data)


def _read_pgn_block(path: Path, first: int, games: list[tuple[bytes, int]]) -> tuple[list[GameRow], str | None]:
    """The rows of a block of games of a streamed PGN file (``first``: the index of its first game in the
    file), and the error that stopped the reading: a worker's job."""
    rows: list[GameRow] = []
    try:
        for index, game in enumerate(parse_pgn_games(str(path), first, games), start=first + 1):
            rows.append(game_row(game, index))
    except (OSError, ValueError) as error:
        return rows, _reason(path, error)
    return rows, None


def _reason(path: Path, error: Exception) -> str:
    text = str(error)
    shown = shown_name(path)
    return (text if text.startswith(shown) else f"{shown}: {text}")[:MAX_FILE_ERROR_CHARS]


class _FileImport:
    """One file's games written a block at a time, each block committed, then the file marked imported."""

    def __init__(self, writer: _Writer, path: Path, source: int) -> None:
        self.writer, self.path, self.source = writer, path, source
        self.count = 0
        self.failure: str | None = None
        self.waiting: list[GameRow] = []     # rows read by the workers, not yet written (--jobs)

    def run(self, rows: Iterable[GameRow]) -> str | None:
        """Write ``rows``; the reason the reading stopped (None: the whole file was read and marked)."""
        self.write(rows)
        return self.finish()

    def write(self, rows: Iterable[GameRow]) -> None:
        """Write ``rows`` (a reading error they raise is kept in ``failure``: the file is then not marked)."""
        iterator = iter(rows)
        try:
            while self._block(iterator):
                pass
        except (OSError, ValueError) as error:
            self.failure = _reason(self.path, error)

    def finish(self) -> str | None:
        """Mark the file imported whole unless its reading failed; the failure."""
        if self.failure is None:
            with self.writer.database.transaction() as connection:
                connection.execute("UPDATE sources SET games = ? WHERE id = ?", (self.count, self.source))
        return self.failure

    def _block(self, rows: Iterator[GameRow]) -> bool:
        """Write and commit up to COMMIT_GAMES games; False at the end of the file. A reading error raised
        by ``rows`` commits what came before it and is raised again."""
        written, failure = 0, None
        self.writer.clear()   # the index of a block whose transaction failed
        with self.writer.database.transaction():
            while written < COMMIT_GAMES:
                try:
                    row = next(rows)
                except StopIteration:
                    break
                except (OSError, ValueError) as error:   # the reader's: the games before it are committed
                    failure = error
                    break
                self.writer.add(row, self.source)
                written += 1
            self.writer.flush()
        self.count += written
        report = self.writer.report
        if written:
            self.writer.progress(f"{shown_name(self.path)}: {self.count:,} games read, committed "
                                 f"(in all {report.games:,} stored, {report.duplicates:,} duplicates)")
        if failure is not None:
            raise failure
        return written == COMMIT_GAMES


def _begin_file(writer: _Writer, path: Path) -> int | None:
    """The file's source id, or None when it is skipped (imported whole before) or cannot be looked at."""
    report = writer.report
    report.files += 1
    try:
        stamp = _file_stamp(path)
    except OSError as error:
        report.failed.append(_reason(path, error))
        return None
    with writer.database.transaction() as connection:
        source, done = _source(connection, stamp)
    if done:
        report.skipped_files += 1
        writer.progress(f"{shown_name(path)}: imported before (same size and time), skipped")
        return None
    return source


def import_files(database: GameDatabase, paths: Iterable[str | os.PathLike[str]], *, jobs: int = 1,
                 progress: Progress | None = None, executor: Executor | None = None) -> ImportReport:
    """Import every record file of ``paths`` (folders recursively); see the module text. DatabaseError
    when the database cannot be written (read-only, disk full, damaged): what was committed stays.
    ``executor``: a cluster's (the files are read there, ``jobs`` blocks at a time, none read from its disks)."""
    database.check_writable()
    database.connection.execute(f"PRAGMA cache_size=-{IMPORT_CACHE_KIB}")
    report = ImportReport()
    writer = _Writer(database, report, progress or (lambda line: None))
    files = list(record_files(paths))
    if executor is not None:
        _import_parallel(writer, files, jobs, executor)
        return report
    if jobs <= 1 or len(files) <= 1:
        for path in files:
            source = _begin_file(writer, path)
            if source is not None:
                _finish(writer, path, _FileImport(writer, path, source).run(file_rows(path)))
        return report
    _import_parallel(writer, files, jobs)
    return report


def import_rows(database: GameDatabase, rows: Iterable[GameRow], *, source: str,
                progress: Progress | None = None) -> ImportReport:
    """Write rows made by a program (``rows.moves_row``: generated or converted games) as the games of a
    source named ``source`` (a label in place of a file name), committed every ``COMMIT_GAMES`` games."""
    database.check_writable()
    database.connection.execute(f"PRAGMA cache_size=-{IMPORT_CACHE_KIB}")
    report = ImportReport(files=1)
    writer = _Writer(database, report, progress or (lambda line: None))
    with database.transaction() as connection:
        source_id, _done = _source(connection, (source, 0, 0))
    _finish(writer, Path(source), _FileImport(writer, Path(source), source_id).run(rows))
    return report


def _finish(writer: _Writer, path: Path, failure: str | None) -> None:
    if failure is not None:
        writer.report.failed.append(failure)
        writer.progress(f"{failure} (the games before it are kept)")


WorkerResult = tuple[list[GameRow], str | None]


def _tasks(pool: Executor, todo: list[tuple[Path, int]], remote: bool
           ) -> Iterator[tuple[Path, int, Future[WorkerResult] | None]]:
    """The work of every file, submitted lazily in file order: a streamed PGN file a block of
    ``PARALLEL_BLOCK_GAMES`` games at a time (its bytes split here, parsed by a worker), any other file
    whole (``remote``: its bytes sent); each file's last item has no future (the file is then finished)."""
    for path, source in todo:
        try:
            streamed = is_streamed_pgn(str(path))
        except (OSError, ValueError):
            streamed = False        # read whole by a worker, which reports why it cannot be read
        if not streamed:
            yield path, source, _sent_whole(pool, path) if remote else pool.submit(_read_whole, path)
        else:
            first, block = 0, []
            for item in pgn_game_bytes(str(path)):
                block.append(item)
                if len(block) == PARALLEL_BLOCK_GAMES:
                    yield path, source, pool.submit(_read_pgn_block, path, first, block)
                    first, block = first + len(block), []
            if block:
                yield path, source, pool.submit(_read_pgn_block, path, first, block)
        yield path, source, None


def _import_parallel(writer: _Writer, files: list[Path], jobs: int, cluster: Executor | None = None) -> None:
    """Files read on ``jobs`` worker processes (a streamed PGN file shared among them a block of games at
    a time), or by a ``cluster``'s workers, written here in the files' order; at most ``2 * jobs`` blocks
    wait at a time."""
    sources = [(path, _begin_file(writer, path)) for path in files]
    todo = [(path, source) for path, source in sources if source is not None]
    if not todo:
        return
    if cluster is not None:
        _write_in_order(writer, _tasks(cluster, todo, remote=True), jobs)
        return
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        _write_in_order(writer, _tasks(pool, todo, remote=False), jobs)


def _write_in_order(writer: _Writer, tasks: Iterator[tuple[Path, int, Future[WorkerResult] | None]],
                    jobs: int) -> None:
    imports: dict[int, _FileImport] = {}
    pending: deque[tuple[Path, int, Future[WorkerResult] | None]] = deque()
    for task in tasks:
        pending.append(task)
        while len(pending) > 2 * jobs:
            _consume(writer, imports, *pending.popleft())
    while pending:
        _consume(writer, imports, *pending.popleft())


def _consume(writer: _Writer, imports: dict[int, _FileImport], path: Path, source: int,
             future: Future[WorkerResult] | None) -> None:
    file_import = imports.setdefault(source, _FileImport(writer, path, source))
    if future is None:
        _write_waiting(file_import)
        _finish(writer, path, file_import.finish())
        del imports[source]
        return
    try:
        rows, error = future.result()
    except OSError as failed:        # the file could not be read while its blocks were split
        rows, error = [], _reason(path, failed)
    file_import.waiting.extend(rows)
    if error is not None:
        _write_waiting(file_import)
        file_import.failure = file_import.failure or error
    elif len(file_import.waiting) >= COMMIT_GAMES:
        _write_waiting(file_import)


def _write_waiting(file_import: _FileImport) -> None:
    """Write the rows the workers gave back for a file, in transactions of ``COMMIT_GAMES`` (whole index
    blocks, not one a worker's block)."""
    rows, file_import.waiting = file_import.waiting, []
    if file_import.failure is None:
        file_import.write(rows)
