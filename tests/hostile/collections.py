"""Hostile collections (issue 30 §4): DhtmlXQ pages and CCBridge libraries read whole. Every game of a file
under ``MAX_WHOLE_FILE_BYTES`` is listed (the game list's index) and read (``pgn``'s readers), each record
once; a game stops at ``MAX_RECORD_MOVES`` with a message; a library cut short or whose index points
nowhere still gives every game that is there, and says what was lost."""

from __future__ import annotations

import struct
import tracemalloc
from pathlib import Path

from hostile import hostile
from hostile.collection_files import (CBR_CYCLE, INDEX_ENTRY, INDEX_OFFSET, cbr_with_moves, dhtmlxq_page, library,
                                      real_games, real_records, tiny_page)
from hostile.records import lowered
from xiangqi.record.ccbridge import CcbridgeError, iter_cbl
from xiangqi.record.collection import open_collection, open_games
from xiangqi.record.dhtmlxq import iter_dhtmlxq
from xiangqi.record.limits import MAX_RECORD_MOVES

ENORMOUS_BOUND = (f"MAX_RECORD_MOVES = {MAX_RECORD_MOVES:,} a game (lowered to 1,000 x scale here); "
                  "the other games all listed")


@hostile("collections.tiny_games", target="record.collections",
         bound="MAX_WHOLE_FILE_BYTES; index: an array of offsets and shared tag tuples")
def tiny_games(folder: Path, scale: int) -> None:
    """5,000 x scale one-move games (61 bytes each; 64 MiB would hold a million): all listed, all read,
    the index a few dozen bytes a game."""
    count = 5_000 * scale
    page = folder / "tiny.html"
    page.write_text(tiny_page(count))
    tracemalloc.start()
    try:
        collection = open_games(page)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = page.stat().st_size
    assert len(collection) == count and collection.game(count - 1).ply_count() == 1
    assert peak < 3 * size + (1 << 20), f"indexing {count:,} games of {size:,} bytes took {peak:,} bytes"
    assert sum(1 for _ in iter_dhtmlxq(page.read_text(), str(page))) == count


# The enormous game's moves: over MAX_RECORD_MOVES, lowered to this x scale for the run (``lowered``, as the
# record cases do: the real 100,000 moves cost ~2 s to read at scale 1).
ENORMOUS_LIMIT = 1_000


def _enormous_among_small(folder: Path, scale: int, name: str, data: bytes, small: int) -> None:
    path = folder / name
    path.write_bytes(data)
    limit = ENORMOUS_LIMIT * scale
    with lowered("xiangqi.record.dhtmlxq", limit), lowered("xiangqi.record.ccbridge", limit):
        collection = open_games(path)
        assert len(collection) == 2 * small + 1, len(collection)
        enormous = collection.game(small)
    too_many = f"more than {limit:,} moves in the game (the limit)"
    assert enormous.ply_count() == limit and too_many in str(enormous.errors[-1]), enormous.errors
    for index in (small - 1, small + 1, 2 * small):
        game = collection.game(index)
        source = real_games()[(index if index < small else index - small - 1) % len(real_games())]
        assert not game.errors and game.ply_count() == source.ply_count(), (index, game.errors)


@hostile("collections.enormous_game_page", target="record.collections",
         bound=ENORMOUS_BOUND)
def enormous_game_page(folder: Path, scale: int) -> None:
    small = 35 * scale
    games = real_games()
    moves = "1927706227196270" * ((ENORMOUS_LIMIT * scale + 8) // 4)
    huge = f"[DhtmlXQ][DhtmlXQ_title]huge[/DhtmlXQ_title][DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist][/DhtmlXQ]\n"
    page = dhtmlxq_page(small, games) + huge + dhtmlxq_page(small, games)
    _enormous_among_small(folder, scale, "enormous.html", page.encode(), small)


@hostile("collections.enormous_game_library", target="record.collections",
         bound=ENORMOUS_BOUND)
def enormous_game_library(folder: Path, scale: int) -> None:
    small = 35 * scale
    records = [real_records()[index % 35] for index in range(small)]
    data = library([*records, cbr_with_moves(ENORMOUS_LIMIT * scale + 8, "huge"), *records])
    _enormous_among_small(folder, scale, "enormous.cbl", data, small)


def _games_and_error(data: bytes) -> tuple[int, str]:
    """The games ``iter_cbl`` gives before it stops, and its error ('' when none)."""
    games = 0
    try:
        for _game in iter_cbl(data, "cut.cbl"):
            games += 1
    except CcbridgeError as error:
        return games, str(error)
    return games, ""


@hostile("collections.truncated_library", target="record.ccbridge",
         bound="each record read within its bytes; a record cut short says so")
def truncated_library(folder: Path, scale: int) -> None:
    count = 35 * scale
    data = library([real_records()[index % 35] for index in range(count)])
    last = data.rindex(b"CCBridge Record")
    in_moves = data[:last + 2300]                  # the last record's header and a few of its moves
    collection = open_collection(in_moves, "cut.cbl")
    assert len(collection) == count and not collection.problems
    cut = collection.game(count - 1)
    assert "cut short inside its moves" in str(cut.errors[-1]), cut.errors
    assert _games_and_error(in_moves) == (count, "")
    in_header = data[:last + 1000]
    collection = open_collection(in_header, "cut.cbl")
    assert len(collection) == count - 1 and "cut short inside its header" in str(collection.problems[0])
    games, error = _games_and_error(in_header)
    assert games == count - 1 and "cut.cbl" in error and "header cut short" in error
    in_index = data[:INDEX_OFFSET + INDEX_ENTRY * count // 2]
    assert len(open_collection(in_index, "cut.cbl")) == 0 and _games_and_error(in_index) == (0, "")


@hostile("collections.index_outside", target="record.ccbridge",
         bound="an index is trusted only when every entry starts its own record: each record read once")
def index_outside(folder: Path, scale: int) -> None:
    count = 35 * scale
    records = [real_records()[index % 35] for index in range(count)]
    good = library(records, capacity=count + 1000)
    for entry in ((7, 1 << 30, 1, 2400), (7, -5, 1, 2400), (7, 0, 1, 1 << 30), (7, 0, 1, 2400)):
        data = bytearray(good)
        for slot in range(count, count + 1000):     # 1,000 more entries pointing past the end or at record 0
            struct.pack_into("<4i", data, INDEX_OFFSET + slot * INDEX_ENTRY, *entry)
        collection = open_collection(bytes(data), "bad.cbl")
        assert len(collection) == count, (entry, len(collection))
        assert collection.game(count - 1).ply_count() == real_games()[(count - 1) % 35].ply_count()
        assert sum(1 for _ in iter_cbl(bytes(data))) == count
    assert CBR_CYCLE     # the generator's moves (used by the enormous cases)
