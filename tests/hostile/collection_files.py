"""Collections of thousands of real games, written for tests and benches (issue 30 §4): a DhtmlXQ page, a
CCBridge library (.CBL) and the same games as PGN text, made from the shared real records (the 35 games of
the shared CBL, copied over and over, each with its number in its title so that every row differs).

    dhtmlxq_page(count) -> str          cbl_library(count) -> bytes          pgn_text(count) -> str

The CBL copies the shared library's header and its real records byte for byte (a record in the blocks
it needs, one index entry each), so the reader meets what 象棋桥 writes.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Iterator
from pathlib import Path

from xiangqi.core.notation import Notation
from xiangqi.record.ccbridge import BODY_OFFSET, cbl_record_spans, record_tags
from xiangqi.record.dhtmlxq import game_to_dhtmlxq
from xiangqi.record.files import load_games
from xiangqi.record.game import Game
from xiangqi.record.pgn_writer import game_to_pgn

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "games"
SHARED_CBL = SHARED / "ccbridge" / "1989年龙化杯象棋名师邀请赛35局.CBL"
INDEX_OFFSET, INDEX_ENTRY, BLOCK, CAPACITY_AT, TITLE_AT = 0x10440, 276, 4096, 0x3C, 180
HTML_HEAD = "<!DOCTYPE html>\n<html><head><title>棋谱</title></head><body>\n"
HTML_TAIL = "\n</body></html>\n"


@functools.cache
def real_games() -> tuple[Game, ...]:
    """The 35 games of the shared library (read once; callers copy what they change)."""
    return tuple(load_games(SHARED_CBL))


@functools.cache
def real_records() -> tuple[bytes, ...]:
    """The shared library's game records (CBR bytes, section titles left out), cut to their sizes."""
    data = SHARED_CBL.read_bytes()
    return tuple(data[start:end] for start, end in cbl_record_spans(data)
                 if end - start >= BODY_OFFSET and record_tags(data[start:end]) is not None)


def numbered(game: Game, number: int | str) -> Game:
    """The game with ``number`` before its title (a shallow copy: the move tree is shared, read-only)."""
    copy = Game(headers=dict(game.headers), result=game.result)
    copy.start_fen, copy.root = game.start_fen, game.root
    copy.headers["Title"] = f"{number}. {game.headers.get('Title', '')}"
    return copy


_NUMBER = "@NUMBER@"   # where a game's number goes in the text written once per real game


def _numbered_texts(count: int, games: tuple[Game, ...], write: Callable[[Game], str]) -> Iterator[str]:
    """The text of each of ``count`` games (the real ones in turn, numbered), each real game written once."""
    templates = [write(numbered(game, _NUMBER)) for game in games]
    return (templates[index % len(games)].replace(_NUMBER, str(index + 1), 1) for index in range(count))


def dhtmlxq_page(count: int, games: tuple[Game, ...] | None = None) -> str:
    """A web page of ``count`` DhtmlXQ games (the real ones in turn), forum text between them."""
    blocks = _numbered_texts(count, games or real_games(), game_to_dhtmlxq)
    return HTML_HEAD + "<p>forum text between games</p>\n".join(blocks) + HTML_TAIL


def pgn_text(count: int) -> str:
    """The games of ``dhtmlxq_page(count)`` as PGN text (ICCS moves): the reference collection."""
    return "\n".join(_numbered_texts(count, real_games(), lambda game: game_to_pgn(game, Notation.ICCS)))


def cbr_record(record: bytes, title: str) -> bytes:
    """A CBR record with another title (UTF-16LE at its fixed place, cut to the field)."""
    encoded = title.encode("utf-16-le")[:126] + b"\0\0"
    field = encoded + bytes(128 - len(encoded))
    return record[:TITLE_AT] + field + record[TITLE_AT + 128:]


def library(records: list[bytes], capacity: int | None = None) -> bytes:
    """A CBL library of ``records`` (CBR bytes, each given the blocks it needs), one in-use index entry
    each in order; the header is the shared library's, with the capacity changed."""
    capacity = max(capacity or len(records), len(records))
    head = bytearray(SHARED_CBL.read_bytes()[:INDEX_OFFSET])
    struct.pack_into("<i", head, CAPACITY_AT, capacity)
    index = bytearray(capacity * INDEX_ENTRY)
    blocks: list[bytes] = []
    for slot, record in enumerate(records):
        struct.pack_into("<4i", index, slot * INDEX_ENTRY, 7, len(blocks), 1, len(record))
        padded = record + bytes(-len(record) % BLOCK)
        blocks.extend(padded[at:at + BLOCK] for at in range(0, len(padded), BLOCK))
    return bytes(head) + bytes(index) + b"".join(blocks)


def cbl_library(count: int) -> bytes:
    """A CBL library of ``count`` real games (8,000: 33 MB), numbered in their titles."""
    records = real_records()
    titles = [record_tags(record) or {} for record in records]
    return library([cbr_record(records[i % len(records)], f"{i + 1}. {titles[i % len(records)].get('Event', '')}")
                    for i in range(count)])


# b0c2 h9g7 c2b0 g7h9 as CBR squares (row from black's back rank * 9 + file): legal for ever.
CBR_CYCLE = ((82, 65), (7, 24), (65, 82), (24, 7))


def cbr_with_moves(moves: int, title: str) -> bytes:
    """A CBR record of the start position (a real record's header, another title) whose main line is
    ``moves`` horse moves out and back."""
    header = cbr_record(real_records()[0][:BODY_OFFSET], title)
    body = bytearray(bytes(4))      # the root: no comment, the line goes on
    for ply in range(moves):
        source, target = CBR_CYCLE[ply % 4]
        body += bytes((0x01 if ply + 1 == moves else 0, 0, source, target))
    return header + bytes(body) + bytes(4)


def tiny_page(count: int) -> str:
    """A page of ``count`` one-move DhtmlXQ games, nothing else (56 bytes a game)."""
    return "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n" * count
