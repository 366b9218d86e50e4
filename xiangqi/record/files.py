"""Opening any record file by its content (never its name): XQF, CCBridge CBL/CBR/CBF, DhtmlXQ pages, and
PGN-like text (xqbase PGN, WinBoard PGN, move lists) in any supported encoding.

``read_records(path)`` yields the games one at a time; ``load_games(path)`` lists them. A file of a kind
no reader takes (an archive, an image, an empty file) raises NotARecordError, whose message says what
the file looks like. Before anything is opened, ``check_openable`` refuses what is no regular file (a
FIFO would block the open for ever, a device never ends) with RefusedFileError; a file read whole
(every kind but PGN text) over ``limits.MAX_WHOLE_FILE_BYTES`` is refused the same way.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from xiangqi.record.ccbridge import iter_cbl, read_cbf, read_cbr
from xiangqi.record.detect import NotARecordError, RecordKind, detect_file_kind, detect_kind
from xiangqi.record.dhtmlxq import iter_dhtmlxq
from xiangqi.record.encoding import decode_record, wide_encoding
from xiangqi.record.game import Game
from xiangqi.record.limits import MAX_WHOLE_FILE_BYTES
from xiangqi.record.pgn_bytes import stream_games
from xiangqi.record.pgn_file import PgnFile, Progress
from xiangqi.record.xqf import read_xqf

XQF_SIGNATURE = b"XQ"
SNIFF_BYTES = 1 << 20  # read to tell a file's kind (the rest of a text file is searched for a DhtmlXQ mark)

# The Open dialog's filters: (label, patterns); every kind is opened by content whatever the filter.
FILE_FILTERS: tuple[tuple[str, str], ...] = (
    ("PGN", "*.pgn *.PGN"),
    ("XQF", "*.xqf *.XQF"),
    ("CCBridge", "*.cbl *.CBL *.cbr *.CBR *.cbf *.CBF"),
    ("DhtmlXQ", "*.html *.htm *.HTML *.HTM *.txt *.TXT"),
)


def is_xqf(data: bytes) -> bool:
    return data[:2] == XQF_SIGNATURE and len(data) >= 4 and 0x01 <= data[2] <= 0x12


def _pgn_games(data: bytes, path: str, progress: Progress | None) -> Iterator[Game]:
    pgn = PgnFile.from_bytes(data, path, progress)
    for index, game in enumerate(pgn.games(progress)):
        if index == 0 and pgn.problems:
            game.errors[:0] = pgn.problems
        yield game


def _no_game_in_text(game: Game) -> bool:
    """A 'game' with no tag, no set-up and no move that could be read: prose, not a record."""
    return not game.headers and not game.is_setup and not game.root.children and bool(game.errors)


def refuse_prose(games: Iterator[Game], path: str) -> Iterator[Game]:
    """The games of a text file, or NotARecordError when its one 'game' is prose (a README, a letter):
    a text with no tag whose first word is not a move is not shown as an empty game."""
    first = next(games, None)
    if first is None:
        return
    if _no_game_in_text(first):
        second = next(games, None)
        if second is None:
            word = first.errors[0].text or ""
            what = f"text whose first word is not a move ({word[:40]!r})"
            raise NotARecordError(f"not a game record this program reads: it looks like {what}", path=path)
        yield first
        first = second
    yield first
    yield from games


def iter_games_of_bytes(data: bytes, path: str, progress: Progress | None = None) -> Iterator[Game]:
    """The games of a file's bytes, by content. NotARecordError / XqfError / CcbridgeError when the
    file cannot be read at all (raised on the first ``next``); move trouble is kept in ``game.errors``."""
    kind = detect_kind(data, path)
    if kind is RecordKind.XQF:
        yield read_xqf(data, path)
    elif kind is RecordKind.CBL:
        yield from iter_cbl(data, path)
    elif kind is RecordKind.CBR:
        game = read_cbr(data, path)
        if game is not None:
            yield game
    elif kind is RecordKind.CBF:
        yield read_cbf(data, path)
    elif kind is RecordKind.DHTMLXQ:
        yield from iter_dhtmlxq(decode_record(data).text, path)
    else:
        yield from refuse_prose(_pgn_games(data, path, progress), path)


class RefusedFileError(NotARecordError):
    """A file refused before it is opened or read: no regular file (a FIFO, a device, a socket, a folder),
    or bigger than the limit for its kind. The message names the file and the kind or the limit."""


# What a file that is not a regular file is, by its stat mode.
_NOT_A_FILE: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device (a disk)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def check_openable(path: str | os.PathLike[str]) -> int:
    """The size of ``path`` when it is a regular file (a symbolic link to one counts). RefusedFileError
    for anything else, judged by ``os.stat`` without opening it (opening a FIFO waits for a writer for
    ever; /dev/zero never ends); OSError when it cannot be looked at (missing, no permission)."""
    mode = os.stat(path)
    if stat.S_ISREG(mode.st_mode):
        return mode.st_size
    what = next((name for test, name in _NOT_A_FILE if test(mode.st_mode)), "not a regular file")
    raise RefusedFileError(f"not read: it is {what}, not a file", path=os.fspath(path))


def check_whole_size(path: str | os.PathLike[str], size: int, kind: RecordKind) -> None:
    """RefusedFileError when a file of ``kind`` read whole (every kind but PGN text) is bigger than
    ``MAX_WHOLE_FILE_BYTES``."""
    if size > MAX_WHOLE_FILE_BYTES:
        raise RefusedFileError(
            f"not read: {kind.value} file of {size:,} bytes, over the limit of {MAX_WHOLE_FILE_BYTES:,} bytes "
            f"({MAX_WHOLE_FILE_BYTES >> 20} MiB) for a record read whole", path=os.fspath(path))


def file_kind(path: str | os.PathLike[str]) -> tuple[RecordKind, int]:
    """The record kind of a file and its size, reading at most its first megabyte and searching the rest
    for a DhtmlXQ mark (linear). RefusedFileError before opening anything that is no regular file;
    NotARecordError, OSError as ``detect_kind`` and ``open``."""
    size = check_openable(path)
    with open(path, "rb") as stream:
        return detect_file_kind(stream, os.fspath(path), SNIFF_BYTES), size


def read_records(path: str | os.PathLike[str], progress: Progress | None = None) -> Iterator[Game]:
    """The games of any record file, one at a time (OSError if it cannot be read; RefusedFileError for
    no regular file or one over the size limit; errors are raised on the first ``next``). PGN text
    bigger than ``MAX_WHOLE_FILE_BYTES`` is read a block at a time."""
    name = os.fspath(path)
    kind, size = file_kind(name)
    if kind is RecordKind.PGN and size > MAX_WHOLE_FILE_BYTES:
        with open(name, "rb") as stream:
            wide = wide_encoding(stream.read(SNIFF_BYTES))
        if wide is None:
            yield from refuse_prose(stream_games(name), name)
            return
    check_whole_size(name, size, kind)
    yield from iter_games_of_bytes(Path(name).read_bytes(), name, progress)


def load_games(path: str | os.PathLike[str], progress: Progress | None = None) -> list[Game]:
    """All games of a record file of any kind we read. OSError if it cannot be read; NotARecordError for
    a file that is no game record; XqfError / CcbridgeError for a broken binary record; text trouble is
    recorded per game in ``game.errors`` (file-level PGN problems in the first game)."""
    return list(read_records(path, progress))


__all__ = [
    "FILE_FILTERS", "NotARecordError", "RefusedFileError", "check_openable", "check_whole_size", "file_kind",
    "is_xqf", "iter_games_of_bytes", "load_games", "read_records", "refuse_prose",
]
