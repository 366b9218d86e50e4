"""Opening any record file by its content (never its name): XQF, CCBridge CBL/CBR/CBF, DhtmlXQ pages, and
PGN-like text (xqbase PGN, WinBoard PGN, move lists) in any supported encoding.

``read_records(path)`` yields the games one at a time; ``load_games(path)`` lists them. A file of a kind
no reader takes (an archive, an image, an empty file) raises NotARecordError, whose message says what
the file looks like.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from xiangqi.record.ccbridge import iter_cbl, read_cbf, read_cbr
from xiangqi.record.detect import NotARecordError, RecordKind, detect_kind
from xiangqi.record.dhtmlxq import iter_dhtmlxq
from xiangqi.record.encoding import decode_record
from xiangqi.record.game import Game
from xiangqi.record.pgn_file import PgnFile, Progress
from xiangqi.record.xqf import read_xqf

XQF_SIGNATURE = b"XQ"

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


def read_records(path: str | os.PathLike[str], progress: Progress | None = None) -> Iterator[Game]:
    """The games of any record file, one at a time (OSError if it cannot be read)."""
    data = Path(path).read_bytes()
    return iter_games_of_bytes(data, str(path), progress)


def load_games(path: str | os.PathLike[str], progress: Progress | None = None) -> list[Game]:
    """All games of a record file of any kind we read. OSError if it cannot be read; NotARecordError for
    a file that is no game record; XqfError / CcbridgeError for a broken binary record; text trouble is
    recorded per game in ``game.errors`` (file-level PGN problems in the first game)."""
    return list(read_records(path, progress))


__all__ = [
    "FILE_FILTERS", "NotARecordError", "is_xqf", "iter_games_of_bytes", "load_games", "read_records", "refuse_prose",
]
