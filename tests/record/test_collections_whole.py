"""Issue 30 §4: a DhtmlXQ page or a CCBridge library is read whole. It is indexed as PGN is (each game's
place and tags, no move read), so every game of a file under ``limits.MAX_WHOLE_FILE_BYTES`` is listed and
any one opens; the readers that read every game (``pgn``, book building) read them all, each record once
(an 8,000-game page showed 2,353 games: a bound of 200,000 moves a page cut it)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hostile.collection_files import (cbl_library, cbr_with_moves, dhtmlxq_page, library, numbered, real_games,
                                      real_records)
from xiangqi.commands.pgn import summarise
from xiangqi.record.ccbridge import cbl_record_spans, iter_cbl, read_cbr
from xiangqi.record.collection import RecordCollection, open_collection, open_games
from xiangqi.record.dhtmlxq import game_to_dhtmlxq, iter_dhtmlxq, read_dhtmlxq

GAMES = 8_000


def test_an_8000_game_page_lists_every_game_and_opens_the_last() -> None:
    page = dhtmlxq_page(GAMES)
    collection = open_collection(page.encode(), "page.html")
    assert len(collection) == GAMES and collection.complete
    last = collection.entries[-1]
    source = numbered(real_games()[(GAMES - 1) % len(real_games())], GAMES)
    assert last.tag("Title") == source.headers["Title"] and last.red == source.headers["Red"]
    assert last.line == 1 + page.count("\n", 0, page.rindex("[DhtmlXQ]\n"))
    game = collection.game(GAMES - 1)
    (expected,) = read_dhtmlxq(game_to_dhtmlxq(source))
    assert game.record_signature() == expected.record_signature() and game.headers == expected.headers
    assert game.ply_count() == source.ply_count() > 40 and not game.errors


def test_an_8000_game_library_lists_every_game_and_opens_the_last() -> None:
    data = cbl_library(GAMES)
    collection = open_collection(data, "lib.cbl")
    assert len(collection) == GAMES and collection.complete and not collection.problems
    assert collection.entries[-1].tag("Title").startswith(f"{GAMES}. ")
    game = collection.game(GAMES - 1)
    start, end = cbl_record_spans(data)[-1]
    expected = read_cbr(data[start:end], "lib.cbl", start)
    assert expected is not None and game.record_signature() == expected.record_signature()
    assert game.headers["Title"] == collection.entries[-1].tag("Title") and not game.errors
    reference = real_games()[(GAMES - 1) % len(real_games())]
    assert [move.iccs() for move in game.mainline_moves()] == [move.iccs() for move in reference.mainline_moves()]


def test_the_app_opens_a_page_and_a_library_as_collections(tmp_path: Path) -> None:
    page, lib = tmp_path / "page.html", tmp_path / "lib.cbl"
    page.write_text(dhtmlxq_page(40))
    lib.write_bytes(cbl_library(40))
    for path in (page, lib):
        games = open_games(path)
        assert isinstance(games, RecordCollection) and len(games) == 40
        assert games.game(39).headers["Title"].startswith("40. ")


@pytest.mark.slow
def test_the_readers_of_every_game_read_past_the_old_page_bound_of_200000_moves() -> None:
    """Three games of 67,000 moves and a short one: 201,004 moves in the page and in the library (the old
    bound stopped after the third game); every game is read."""
    moves = "1927706227196270" * (67_000 // 4)
    page = "".join(f"[DhtmlXQ][DhtmlXQ_title]{n}[/DhtmlXQ_title][DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]"
                   "[/DhtmlXQ]\n" for n in range(3)) + dhtmlxq_page(1)
    plies = [(67_000, 0)] * 3 + [(real_games()[0].ply_count(), 0)]
    assert [(game.ply_count(), len(game.errors)) for game in iter_dhtmlxq(page, "page.html")] == plies
    data = library([cbr_with_moves(67_000, str(n)) for n in range(3)] + [real_records()[0]])
    assert [(game.ply_count(), len(game.errors)) for game in iter_cbl(data, "lib.cbl")] == plies


def test_pgn_lists_every_game_of_a_page_and_a_library(tmp_path: Path) -> None:
    page, lib = tmp_path / "page.html", tmp_path / "lib.cbl"
    page.write_text(dhtmlxq_page(70))
    lib.write_bytes(cbl_library(70))
    out, err = io.StringIO(), io.StringIO()
    assert summarise([str(page), str(lib)], out, err) == 0, err.getvalue()
    rows = [line.split("\t") for line in out.getvalue().splitlines()]
    assert len(rows) == 140 and rows[69][1] == rows[-1][1] == "70"
    plies = [str(game.ply_count()) for game in real_games()] * 2
    assert [row[2] for row in rows[:70]] == [row[2] for row in rows[70:]] == plies


def test_a_library_whose_index_entries_share_a_record_is_read_from_its_blocks() -> None:
    """Every index entry pointing at the first record would read it once per entry (a million times):
    such an index is not trusted, the records are found at the block starts, each read once."""
    records = list(real_records()[:3])
    data = bytearray(library(records, capacity=1000))
    for slot in range(1000):
        data[0x10440 + slot * 276 : 0x10440 + slot * 276 + 16] = (7).to_bytes(4, "little") + bytes(4) + \
            (1).to_bytes(4, "little") + len(records[0]).to_bytes(4, "little")
    assert len(cbl_record_spans(bytes(data))) == 3
    assert [game.headers["Red"] for game in iter_cbl(bytes(data))] == \
        [game.headers["Red"] for game in real_games()[:3]]


def test_indexing_reports_progress_and_stops_when_told() -> None:
    """The app indexes on a worker thread with a progress bar and Cancel: the callback is asked every
    PROGRESS_EVERY records and a False answer stops the indexing (``complete`` False)."""
    for data, name in ((dhtmlxq_page(1200).encode(), "page.html"), (cbl_library(1200), "lib.cbl")):
        calls: list[tuple[int, int]] = []

        def keep_going(done: int, total: int, calls: list[tuple[int, int]] = calls) -> bool:
            calls.append((done, total))
            return True

        whole = open_collection(data, name, keep_going)
        assert len(whole) == 1200 and whole.complete and len(calls) == 2 and calls[0][0] < calls[1][0] < calls[0][1]
        stopped = open_collection(data, name, lambda _done, _total: False)
        assert not stopped.complete and len(stopped) == 500
