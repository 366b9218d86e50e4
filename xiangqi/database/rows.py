"""A game record turned into the rows the database stores (no SQLite here: worker processes run this).

``game_row(game, index)`` keeps the main line (variations and comments are not stored in this slice), the
tags the searches use in their own columns and every other tag with a value as JSON (empty tags such as
``[Round ""]`` are dropped), the moves in one byte a ply (``codec``), the position hashes and material
signatures of ``index``. ``file_rows(path)`` reads a record file of any kind the app reads, a game at
a time, within the readers' named bounds (``record.limits``).
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from xiangqi.core import Move, Position
from xiangqi.database.codec import duplicate_key, encode_moves, material_steps, replay_keys
from xiangqi.database.index import index_hash, material_bytes
from xiangqi.record import Game
from xiangqi.record.detect import RecordKind
from xiangqi.record.encoding import decode_record, encoding_label, wide_encoding
from xiangqi.record.errors import PgnError
from xiangqi.record.files import SNIFF_BYTES, file_kind, read_records, refuse_prose
from xiangqi.record.pgn_bytes import iter_game_bytes, stream_games
from xiangqi.record.pgn_reader import MoveMemo, parse_game

# Tags kept in columns of their own; the others go to the JSON column (Game is the default "Chinese Chess").
COLUMN_TAGS = frozenset({"Red", "Black", "Event", "Site", "Date", "ECCO", "Game", "FEN", "Result", "Format"})
_DATE = re.compile(r"\s*(\d{4})(?:[.\-/ 年]?(\d{2}|\?\?|\d(?!\d)))?(?:[.\-/ 月]?(\d{2}|\?\?|\d(?!\d)))?")


@functools.cache
def _simplified() -> Callable[[str], str]:
    import opencc  # loaded on first use (20 ms)

    convert: Callable[[str], str] = opencc.OpenCC("t2s").convert
    return convert


def fold(text: str) -> str:
    """A name as searched: simplified characters, case folded ("許銀川" and "许银川" are one player)."""
    return (_simplified()(text) if not text.isascii() else text).casefold()


def date_key(text: str) -> int:
    """A date as YYYYMMDD for ranges, unknown parts 0: "2004.05.03", "20040503", "2004-5-3", "2004.??.??"
    (20040000), "2004" (20040000); 0 when no year can be read."""
    match = _DATE.match(text)
    if match is None:
        return 0
    year, month, day = (int(part) if part and part.isdigit() else 0 for part in match.groups())
    if not 1 <= month <= 12:
        month, day = 0, 0
    return year * 10_000 + month * 100 + (day if 1 <= day <= 31 else 0)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game as stored; ``keys`` are its positions' index hashes (``index.index_hash``), each once."""

    red: str
    black: str
    event: str
    site: str
    date: str
    result: str
    ecco: str
    plies: int
    start_fen: str | None
    moves: bytes
    tags: str
    index: int            # the game's number in its file, from 1
    duplicate_key: int
    keys: frozenset[int]
    material: bytes       # index.material_bytes
    problems: int         # the reader's problems with the game (it is stored as far as it could be read)


def game_row(game: Game, index: int) -> GameRow:
    start_fen = None if not game.is_setup else game.start_fen
    return moves_row(game.headers, game.result, game.start_position(), start_fen, game.mainline_moves(), index,
                     len(game.errors))


def moves_row(headers: Mapping[str, str], result: str, position: Position, start_fen: str | None,
              moves: Sequence[Move], index: int, problems: int = 0) -> GameRow:
    """The row of a game given by its tags, result, start (``start_fen`` None: the standard one) and main
    line (moves legal from ``position``)."""
    if start_fen == Position.STARTING_FEN:
        start_fen = None
    encoded = encode_moves(position, moves)
    red, black, date = headers.get("Red", ""), headers.get("Black", ""), headers.get("Date", "")
    others = {name: value for name, value in headers.items() if name not in COLUMN_TAGS and value}
    keys = frozenset(index_hash(key) for key in replay_keys(position, moves))
    return GameRow(red, black, headers.get("Event", ""), headers.get("Site", ""), date, result,
                   headers.get("ECCO", ""), len(moves), start_fen, encoded,
                   json.dumps(others, ensure_ascii=False) if others else "", index,
                   duplicate_key(start_fen or Position.STARTING_FEN, encoded, red, black, date), keys,
                   material_bytes(material_steps(position, moves)), problems)


def is_streamed_pgn(path: str) -> bool:
    """True for PGN text in a one-byte-compatible encoding: read a game's bytes at a time, and so split
    among worker processes a block of games at a time. OSError / NotARecordError as ``file_kind``."""
    kind, _size = file_kind(path)
    if kind is not RecordKind.PGN:
        return False
    with open(path, "rb") as stream:
        return wide_encoding(stream.read(SNIFF_BYTES)) is None


def pgn_game_bytes(path: str) -> Iterator[tuple[bytes, int]]:
    """Each game's bytes and first line of a streamed PGN file (``is_streamed_pgn``), a block at a time."""
    with open(path, "rb") as stream:
        yield from iter_game_bytes(stream)


def parse_pgn_games(path: str, first: int, games: list[tuple[bytes, int]]) -> Iterator[Game]:
    """The games of a block of a streamed PGN file (as ``pgn_bytes.stream_games`` parses them); ``first``
    is the index in the file of the first one (the first block is checked for prose, as the readers do)."""
    memo: MoveMemo = {}

    def parsed() -> Iterator[Game]:
        for index, (data, line) in enumerate(games, start=first):
            decoded = decode_record(data)
            game = parse_game(decoded.text, path=path, index=index, first_line=line, memo=memo)
            if decoded.lossy:
                game.errors.insert(0, PgnError(f"some bytes are not valid {encoding_label(decoded.encoding)} "
                                               "and were replaced", path=path, line=line, game=index))
            yield game

    return refuse_prose(parsed(), path) if first == 0 else parsed()


def file_games(path: str) -> Iterator[Game]:
    """The games of one record file, one at a time, as the ``pgn`` command reads them: PGN text in a
    narrow encoding a block at a time, every other kind through ``record.files.read_records``. Errors
    (OSError, NotARecordError, RecordError) are raised while iterating."""
    if is_streamed_pgn(path):
        yield from refuse_prose(stream_games(path), path)
        return
    yield from read_records(path)


def file_rows(path: str | os.PathLike[str]) -> Iterator[GameRow]:
    for index, game in enumerate(file_games(os.fspath(path)), start=1):
        yield game_row(game, index)
