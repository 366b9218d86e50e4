"""Non-PGN files of several games as a game list: tags without reading moves, each game read on demand."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.record import load_games
from xiangqi.record.collection import RecordCollection, open_collection
from xiangqi.record.detect import NotARecordError

CBL = "games/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL"


def test_cbl_collection_lists_the_games_and_reads_each_on_demand(shared_data: Path) -> None:
    path = shared_data / CBL
    collection = open_collection(path.read_bytes(), str(path))
    assert isinstance(collection, RecordCollection) and not collection.writable
    assert len(collection) == 35
    first = collection.entries[0]
    assert (first.red, first.black, first.result) == ("徐天红", "徐天利", "1/2-1/2")
    assert first.event == "1989年龙化杯象棋名师邀请赛"
    assert first.matches("刘殿中") is False and collection.entries[1].matches("刘殿中 飞相局")
    expected = load_games(path)
    assert [collection.game(i).record_signature() for i in range(35)] == [g.record_signature() for g in expected]
    assert collection.game(3) is not collection.game(3)  # a fresh game each time: edits never leak back
    with pytest.raises(NotImplementedError):
        collection.render()


def test_dhtmlxq_and_single_record_collections(shared_data: Path) -> None:
    page = shared_data / "games/dhtmlxq/125.html"
    collection = open_collection(page.read_bytes(), str(page))
    assert len(collection) == 1 and collection.entries[0].result == "1-0"
    assert collection.game(0).record_signature() == load_games(page)[0].record_signature()
    for name in ("games/ccbridge/test.cbr", "games/ccbridge/test.cbf", "games/eleeye/SAMPLE.XQF"):
        single = open_collection((shared_data / name).read_bytes(), name)
        assert len(single) == 1 and single.game(0).ply_count() > 0


def test_pgn_text_and_unreadable_files_are_refused(shared_data: Path) -> None:
    with pytest.raises(ValueError, match="PGN text"):
        open_collection((shared_data / "games/eleeye/SAMPLE.PGN").read_bytes(), "x.pgn")
    with pytest.raises(NotARecordError, match="a ZIP archive"):
        open_collection(b"PK\x03\x04" + bytes(40), "x.zip")
