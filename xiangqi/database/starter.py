"""The starter database: the CCPD master games shipped with the program, built into a game database on first
use (no Qt: the database window calls ``build_starter`` on a worker thread, ``python -m xiangqi db starter DB``
on the command line).

The games are shipped as ``assets/starter/ccpd_games.xz`` (made by ``assets/tools/make_starter.py`` from the
master games of the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0; changed: converted to
this compact form, comments and variations left out): an xz stream of

    STARTER_MAGIC, u32 files, then each file: u16 name bytes, name (UTF-8), u32 games,
    then each game: u32 tag bytes, tags (a JSON object, UTF-8), u32 plies, 2 bytes a ply (from * 90 + to)

(little-endian counts, big-endian moves: ``starter_moves``). The whole file is read and checked
before anything is written: a damaged or cut file raises ``StarterError`` naming the file, the offset and the
bound. The games are then written back as PGN a block of ``BLOCK_GAMES`` at a time into a folder beside the
database and imported by the database's own ``import_files`` (so duplicates are counted and games stored as an
import of the source files would), into ``NAME.building``, renamed to the database's name only when complete:
a damaged file, an error or a Cancel leaves no database at ``database_path``.
"""

from __future__ import annotations

import json
import lzma
import os
import struct
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.database.importer import ImportReport, import_files
from xiangqi.database.store import DatabaseError, GameDatabase
from xiangqi.file_names import shown_name
from xiangqi.record.game import Game
from xiangqi.record.limits import MAX_RECORD_MOVES
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.resources import assets_dir

STARTER_MAGIC = b"XQSTART1\n"
MAX_STARTER_FILE_BYTES = 15 << 20     # the compressed file (what the wheel carries)
MAX_STARTER_DATA_BYTES = 96 << 20     # once decompressed
MAX_STARTER_GAMES = 200_000
MAX_STARTER_FILES = 1_000
MAX_TAG_BYTES = 64 * 1024             # one game's tags (JSON)
MAX_NAME_BYTES = 255                  # a source file's name
MAX_DECODER_MEMORY = 64 << 20         # the xz decoder's memory (the shipped file needs 9 MiB: preset 6)
XZ_PRESET = 6 | lzma.PRESET_EXTREME   # an 8 MiB dictionary: the games unpack to about that
BLOCK_GAMES = 500                     # games imported at a time: progress and Cancel between blocks
SQUARES = 90
BUILDING_SUFFIX = ".building"         # the database while it is built, renamed when complete

Progress = Callable[[int, int], None]   # (games done, games in all)


class StarterError(ValueError):
    """The shipped games file cannot be used (missing, damaged, cut short, oversized): names file and why."""


class _Cancelled(Exception):
    """Raised through the importer's progress call when the user cancels (neither OSError nor ValueError,
    which the importer keeps as a file's failure)."""


@dataclass(frozen=True, slots=True)
class StarterGame:
    headers: dict[str, str]
    moves: bytes          # 2 bytes a ply, from * 90 + to, big-endian


@dataclass(frozen=True, slots=True)
class StarterFile:
    name: str             # the source file's name, e.g. "全國賽對局譜.pgn"
    games: tuple[StarterGame, ...]


def starter_moves(moves: Sequence[Move]) -> bytes:
    """A game's moves as the starter file keeps them: 2 bytes a move (from × 90 + to, big-endian), its own
    form, independent of the database's storage (which may change with its schema)."""
    return b"".join((move.from_sq * SQUARES + move.to_sq).to_bytes(2, "big") for move in moves)


def starter_path() -> Path:
    return assets_dir() / "starter" / "ccpd_games.xz"


def starter_available() -> bool:
    """True when the program ships the starter games (a non-empty file where they belong)."""
    try:
        return starter_path().stat().st_size > 0
    except OSError:
        return False


# --- the file --------------------------------------------------------------------------------------------
def starter_bytes(files: list[StarterFile]) -> bytes:
    """The compressed file of ``files`` (what ``make_starter.py`` writes): the writer checks what the
    reader does, so that it never writes a file the reader refuses."""
    parts = [STARTER_MAGIC, struct.pack("<I", len(files))]
    for file in files:
        name = file.name.encode("utf-8")
        if len(name) > MAX_NAME_BYTES:
            raise StarterError(f"file name {file.name[:40]!r}: over MAX_NAME_BYTES = {MAX_NAME_BYTES}")
        parts += [struct.pack("<H", len(name)), name, struct.pack("<I", len(file.games))]
        for game in file.games:
            tags = json.dumps(game.headers, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            if len(tags) > MAX_TAG_BYTES or len(game.moves) // 2 > MAX_RECORD_MOVES:
                raise StarterError(f"{file.name}: a game over MAX_TAG_BYTES or MAX_RECORD_MOVES")
            parts += [struct.pack("<I", len(tags)), tags, struct.pack("<I", len(game.moves) // 2), game.moves]
    return lzma.compress(b"".join(parts), format=lzma.FORMAT_XZ, preset=XZ_PRESET)


def _decompress(data: bytes, source: str) -> bytes:
    decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ, memlimit=MAX_DECODER_MEMORY)
    try:
        plain = decompressor.decompress(data, max_length=MAX_STARTER_DATA_BYTES + 1)
    except lzma.LZMAError as error:
        if "memory" in str(error).lower():
            raise StarterError(f"{source}: the xz stream needs more memory than MAX_DECODER_MEMORY = "
                               f"{MAX_DECODER_MEMORY:,} bytes") from error
        raise StarterError(f"{source}: damaged, not an xz file of games ({error})") from error
    if len(plain) > MAX_STARTER_DATA_BYTES:
        raise StarterError(f"{source}: over MAX_STARTER_DATA_BYTES = {MAX_STARTER_DATA_BYTES:,} once unpacked")
    if not decompressor.eof:
        raise StarterError(f"{source}: cut short (the xz stream does not end)")
    return plain


class _Cursor:
    """Reads the unpacked bytes in order; every read is checked against the end (StarterError)."""

    def __init__(self, data: bytes, source: str) -> None:
        self.data, self.source, self.offset = data, source, 0

    def take(self, count: int, what: str) -> bytes:
        end = self.offset + count
        if end > len(self.data):
            raise StarterError(f"{self.source}: cut short at byte {self.offset:,} (reading {what})")
        chunk, self.offset = self.data[self.offset:end], end
        return chunk

    def number(self, fmt: str, what: str, bound: int, bound_name: str) -> int:
        (value,) = struct.unpack(fmt, self.take(struct.calcsize(fmt), what))
        if value > bound:
            raise StarterError(f"{self.source}: byte {self.offset:,}: {what} {value:,} over {bound_name} = {bound:,}")
        return int(value)

    def fail(self, why: str) -> StarterError:
        return StarterError(f"{self.source}: byte {self.offset:,}: {why}")


def _read_game(cursor: _Cursor) -> StarterGame:
    size = cursor.number("<I", "tag bytes", MAX_TAG_BYTES, "MAX_TAG_BYTES")
    try:
        headers = json.loads(cursor.take(size, "tags").decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise cursor.fail(f"damaged tags ({error})") from error
    if not isinstance(headers, dict) or not all(isinstance(value, str) for value in headers.values()):
        raise cursor.fail("tags are not names and texts")
    plies = cursor.number("<I", "plies", MAX_RECORD_MOVES, "MAX_RECORD_MOVES")
    moves = cursor.take(2 * plies, "moves")
    for index in range(0, len(moves), 2):
        source, target = divmod(moves[index] << 8 | moves[index + 1], SQUARES)
        if source >= SQUARES or source == target:
            raise cursor.fail(f"move {index // 2 + 1} is no move")
    return StarterGame(headers, moves)


def parse_starter(data: bytes, source: str = "starter") -> list[StarterFile]:
    """The files and games of a starter file's (compressed) bytes; StarterError for a damaged one."""
    if len(data) > MAX_STARTER_FILE_BYTES:
        raise StarterError(f"{source}: {len(data):,} bytes, over MAX_STARTER_FILE_BYTES = {MAX_STARTER_FILE_BYTES:,}")
    cursor = _Cursor(_decompress(data, source), source)
    if cursor.take(len(STARTER_MAGIC), "the header") != STARTER_MAGIC:
        raise StarterError(f"{source}: not a file of starter games (no {STARTER_MAGIC!r} header)")
    files, total = [], 0
    for _ in range(cursor.number("<I", "files", MAX_STARTER_FILES, "MAX_STARTER_FILES")):
        name_size = cursor.number("<H", "name bytes", MAX_NAME_BYTES, "MAX_NAME_BYTES")
        name = cursor.take(name_size, "a file name").decode("utf-8", errors="replace")
        count = cursor.number("<I", "games", MAX_STARTER_GAMES - total, "MAX_STARTER_GAMES")
        total += count
        files.append(StarterFile(name, tuple(_read_game(cursor) for _ in range(count))))
    if cursor.offset != len(cursor.data):
        raise cursor.fail(f"{len(cursor.data) - cursor.offset:,} bytes after the last game")
    return files


def read_starter(path: Path | None = None) -> list[StarterFile]:
    """The shipped starter games (or those of ``path``): StarterError when missing, damaged or oversized."""
    path = starter_path() if path is None else path
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_STARTER_FILE_BYTES + 1)
    except OSError as error:
        why = error.strerror or str(error)
        raise StarterError(f"{shown_name(path)}: the starter games cannot be read ({why})") from error
    return parse_starter(data, shown_name(path))


# --- building the database -------------------------------------------------------------------------------
def starter_game(game: StarterGame) -> Game:
    """A starter game as a record (its tags, its start, its main line) to write as PGN."""
    start = game.headers.get("FEN", Position.STARTING_FEN)
    record = Game(dict(game.headers), start, game.headers.get("Result", "*"))
    node = record.root
    for index in range(0, len(game.moves), 2):
        node = node.add_child(Move(*divmod(game.moves[index] << 8 | game.moves[index + 1], SQUARES)))
    return record


def _blocks(files: list[StarterFile], folder: Path) -> Iterator[tuple[Path, int]]:
    """Each block of ``BLOCK_GAMES`` games written as ICCS PGN in ``folder`` (named after its source file),
    with its number of games."""
    for file in files:
        stem = Path(file.name).stem
        for first in range(0, len(file.games), BLOCK_GAMES):
            block = file.games[first:first + BLOCK_GAMES]
            path = folder / f"{stem} {first // BLOCK_GAMES + 1:02d}.pgn"
            try:
                text = "\n".join(game_to_pgn(starter_game(game), Notation.ICCS) for game in block)
            except ValueError as error:   # an illegal move (PgnError), a damaged FEN
                raise StarterError(f"{file.name}: a game from {first + 1} on cannot be written ({error})") from error
            path.write_text(text, encoding="utf-8")
            yield path, len(block)


def _add(report: ImportReport, part: ImportReport) -> None:
    report.files += part.files
    report.games += part.games
    report.duplicates += part.duplicates
    report.already += part.already
    report.skipped_files += part.skipped_files
    report.with_problems += part.with_problems
    report.failed += part.failed


def _remove_database(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)


def build_starter(database_path: Path, progress: Progress, cancelled: Callable[[], bool]) -> ImportReport:
    """Build the starter database at ``database_path`` (which must not exist) from the shipped games;
    ``progress(done, total)`` after each block of games, ``cancelled()`` asked between blocks and at each
    commit. On Cancel nothing is left at ``database_path`` and the report counts what had been imported.
    StarterError: the shipped file is missing or damaged (nothing written); DatabaseError / OSError: the
    database cannot be written (nothing left at ``database_path``)."""
    database_path = Path(database_path)
    if database_path.exists():
        raise DatabaseError(f"{shown_name(database_path)}: a database is already there; it was left as it is")
    files = read_starter()
    database_path.parent.mkdir(parents=True, exist_ok=True)   # the profile's folder, on a first start
    total = sum(len(file.games) for file in files)
    building = database_path.with_name(database_path.name + BUILDING_SUFFIX)
    _remove_database(building)   # of a build that was killed
    report = ImportReport()
    try:
        done = _import_blocks(files, building, report, lambda count: progress(count, total), cancelled)
    except _Cancelled:
        _remove_database(building)
        return report
    except BaseException:
        _remove_database(building)
        raise
    if not done:
        _remove_database(building)
        return report
    os.replace(building, database_path)
    return report


def _import_blocks(files: list[StarterFile], building: Path, report: ImportReport,
                   progress: Callable[[int], None], cancelled: Callable[[], bool]) -> bool:
    """Import every block into the database ``building``; False when cancelled between blocks."""
    def check(_line: str) -> None:
        if cancelled():
            raise _Cancelled

    done = 0
    progress(0)
    with tempfile.TemporaryDirectory(prefix="starter-", dir=building.parent) as folder, \
            GameDatabase(building, create=True) as database:
        for path, count in _blocks(files, Path(folder)):
            if cancelled():
                return False
            _add(report, import_files(database, [path], progress=check))
            path.unlink()
            done += count
            progress(done)
        database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for leftover in (building.with_name(building.name + "-wal"), building.with_name(building.name + "-shm")):
        leftover.unlink(missing_ok=True)   # empty once checkpointed and closed
    return True
