"""The starter database (``xiangqi.database.starter``): the shipped games file read and checked, built into a
database that holds the same tags and moves, duplicates counted; Cancel and a damaged file leave nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.commands.db import main as db_main
from xiangqi.core import Move, Position
from xiangqi.database import DatabaseError, GameDatabase, ImportReport, stored_game
from xiangqi.database import starter
from xiangqi.database.starter import starter_moves
from xiangqi.database.starter import (
    BUILDING_SUFFIX,
    StarterError,
    StarterFile,
    StarterGame,
    build_starter,
    parse_starter,
    starter_available,
    starter_bytes,
)

OPENING = [Move.from_iccs(text) for text in "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9".split()]
SETUP_FEN = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"


def sample_files() -> list[StarterFile]:
    first = StarterGame({"Event": "第1屆", "Red": "呂欽", "Black": "許銀川", "Date": "2007.01.02", "ECCO": "D20",
                         "Site": "廣州", "Result": "1-0", "RedTeam": "廣東"}, starter_moves(OPENING))
    again = StarterGame(dict(first.headers), first.moves)           # a duplicate: counted, stored once
    setup = StarterGame({"Event": "殘局", "Red": "a", "Black": "b", "Result": "1/2-1/2", "FEN": SETUP_FEN},
                        starter_moves([Move.from_iccs("e0f0")]))
    short = StarterGame({"Event": "第1屆", "Red": "許銀川", "Black": "呂欽", "Result": "*"}, starter_moves(OPENING[:3]))
    return [StarterFile("全國賽.pgn", (first, setup)), StarterFile("五羊杯.pgn", (again, short))]


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ccpd_games.xz"
    path.write_bytes(starter_bytes(sample_files()))
    monkeypatch.setattr(starter, "starter_path", lambda: path)
    return path


def build(path: Path, cancel_after: int | None = None) -> tuple[ImportReport, list[tuple[int, int]]]:
    calls: list[tuple[int, int]] = []
    report = build_starter(path, lambda done, total: calls.append((done, total)),
                           lambda: cancel_after is not None and len(calls) > cancel_after)
    return report, calls


def test_built_games_keep_their_tags_and_moves(shipped: Path, tmp_path: Path) -> None:
    path = tmp_path / "games.xqdb"
    report, calls = build(path)
    assert (report.games, report.duplicates, report.failed) == (3, 1, [])
    assert calls[0] == (0, 4) and calls[-1] == (4, 4)
    assert not list(tmp_path.glob("*" + BUILDING_SUFFIX + "*")) and not list(tmp_path.glob("starter-*"))
    with GameDatabase(path, read_only=True) as database:
        games = [stored_game(database, game_id) for game_id in (1, 2, 3)]
    expected = [game for file in sample_files() for game in file.games]
    for game, source in zip(games, [expected[0], expected[1], expected[3]], strict=True):
        assert starter_moves(game.mainline_moves()) == source.moves
        assert game.result == source.headers["Result"]
        assert {name: value for name, value in game.headers.items() if value} == \
            {name: value for name, value in source.headers.items() if name not in ("Result", "FEN")} | \
            {"Game": "Chinese Chess"}
    assert games[1].start_fen == Position.from_fen(SETUP_FEN).fen()


def test_the_profile_folder_is_made_on_a_first_start(shipped: Path, tmp_path: Path) -> None:
    path = tmp_path / "profile" / "games.xqdb"
    report, _calls = build(path)
    assert report.games == 3 and path.is_file()


def test_cancel_leaves_no_database(shipped: Path, tmp_path: Path) -> None:
    path = tmp_path / "games.xqdb"
    report, _calls = build(path, cancel_after=1)
    assert report.games < 3
    assert not path.exists() and not list(tmp_path.glob("games.xqdb*"))


@pytest.mark.parametrize("damage", ["cut", "flipped", "not xz"])
def test_damaged_file_is_named_and_nothing_is_built(shipped: Path, tmp_path: Path, damage: str) -> None:
    data = shipped.read_bytes()
    damaged = {"cut": data[: len(data) // 2], "flipped": data[:40] + bytes(b ^ 0x5A for b in data[40:60]) + data[60:],
               "not xz": b"PK\x03\x04" + data}[damage]
    shipped.write_bytes(damaged)
    path = tmp_path / "games.xqdb"
    with pytest.raises(StarterError, match="ccpd_games.xz"):
        build(path)
    assert not list(tmp_path.glob("games.xqdb*"))


def test_counts_that_lie_are_refused() -> None:
    import lzma
    import struct

    data = lzma.compress(starter.STARTER_MAGIC + struct.pack("<I", 1) + struct.pack("<H", 1) + b"a"
                         + struct.pack("<I", 5))
    with pytest.raises(StarterError, match="cut short at byte"):
        parse_starter(data, "lies.xz")
    data = lzma.compress(starter.STARTER_MAGIC + struct.pack("<I", starter.MAX_STARTER_FILES + 1))
    with pytest.raises(StarterError, match="MAX_STARTER_FILES"):
        parse_starter(data, "lies.xz")


def test_an_existing_database_is_left_alone(shipped: Path, tmp_path: Path) -> None:
    path = tmp_path / "games.xqdb"
    path.write_bytes(b"mine")
    with pytest.raises(DatabaseError, match="already"):
        build(path)
    assert path.read_bytes() == b"mine"


def test_command_builds_the_database(shipped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.xqdb"
    assert db_main(["starter", str(path)]) == 0
    assert "3 games stored; 1 duplicates" in capsys.readouterr().out
    assert db_main(["starter", str(path)]) == 1
    assert "already" in capsys.readouterr().err


def test_the_shipped_file_holds_the_ccpd_games() -> None:
    assert starter_available()
    files = starter.read_starter()
    assert len(files) == 11
    assert sum(len(file.games) for file in files) == 29_870
