"""Searching a game database: each filter alone, combined, the limit, the order; and the ``db`` command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from db_helpers import GAMES, fen_after, write_games
from in_process import Finished, run_xiangqi
from xiangqi.commands.db import main as db_main
from xiangqi.core import Position
from xiangqi.database import GameDatabase, Query, QueryError, count, import_files, search, tree
from xiangqi.record.files import load_games

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def database(tmp_path: Path) -> GameDatabase:
    path = tmp_path / "games.xqdb"
    with GameDatabase(path, create=True) as created:
        import_files(created, [write_games(tmp_path / "games.pgn")])
    return GameDatabase(path, read_only=True)


def ids(database: GameDatabase, **options: object) -> list[int]:
    return [hit.game_id for hit in search(database, Query(**options))]  # type: ignore[arg-type]


def test_each_filter_alone(database: GameDatabase) -> None:
    assert ids(database) == [1, 2, 3, 4, 5]
    assert ids(database, player="许银川") == [1, 2, 3]
    assert ids(database, red="胡荣华") == [3, 5] and ids(database, black="胡荣华") == [4]
    assert ids(database, player="smith") == [4]                    # Latin letters: any case
    assert ids(database, player="許銀川") == [1, 2, 3]              # traditional or simplified characters
    assert ids(database, event="五羊盃") == [3, 5]
    assert ids(database, event="五羊") == [3, 5]
    assert ids(database, ecco="C93") == [1, 3] and ids(database, ecco="c9") == [1, 3]
    assert ids(database, result="0-1") == [2, 5] and ids(database, result="draw") == [3]
    assert ids(database, date_from="2004") == [1, 2, 4] and ids(database, date_to="1999") == [3, 5]
    assert ids(database, date_from="2004.05.04", date_to="2004.05") == [2]
    assert ids(database, min_plies=6) == [1, 3] and ids(database, max_plies=3) == [4, 5]


def test_filters_combine_and_the_limit_keeps_the_first(database: GameDatabase) -> None:
    assert ids(database, player="许银川", result="0-1") == [2]
    assert ids(database, red="胡荣华", event="五羊杯", date_to="1990") == [5]
    assert ids(database, player="许银川", limit=2) == [1, 2]


def test_a_position_finds_the_games_that_reached_it_with_the_first_ply(database: GameDatabase) -> None:
    hits = list(search(database, Query(fen=fen_after("h2e2 h9g7 h0g2"))))
    assert [(hit.game_id, hit.ply) for hit in hits] == [(1, 3), (3, 3)]
    start = list(search(database, Query(fen=Position.STARTING_FEN)))
    assert [(hit.game_id, hit.ply) for hit in start] == [(game, 0) for game in range(1, 6)]
    assert [hit.game_id for hit in search(database, Query(fen=fen_after("h2e2"), result="0-1"))] == [5]
    assert list(search(database, Query(fen=fen_after("c3c4 h9g7 b2e2 c6c5 a3a4")))) == []
    wrong_side = fen_after("h2e2 h9g7 h0g2").replace(" b ", " w ")
    assert list(search(database, Query(fen=wrong_side))) == []


def test_material_and_pieces_find_the_games_with_the_first_ply(database: GameDatabase) -> None:
    full = list(search(database, Query(material="RRHHCC-RRHHCC")))
    assert [(hit.game_id, hit.ply) for hit in full] == [(game, 0) for game in range(1, 6)]
    assert list(search(database, Query(material="RHC-RC"))) == []
    assert [(hit.game_id, hit.ply) for hit in search(database, Query(pieces="Ce2"))] == [
        (1, 1), (2, 3), (3, 1), (4, 1), (5, 1)]
    assert [(hit.game_id, hit.ply) for hit in search(database, Query(pieces="Ce2,ng7", player="吕钦"))] == [
        (1, 2), (2, 3)]


def test_count_offset_and_the_games_length(database: GameDatabase) -> None:
    assert count(database, Query()) == 5 and count(database, Query(player="许银川")) == 3
    assert count(database, Query(fen=fen_after("h2e2"), limit=1)) == 3
    assert count(database, Query(pieces="Ce2,ng7")) == 3 and count(database, Query(material="RHC-RC")) == 0
    assert ids(database, offset=1, limit=2) == [2, 3] and ids(database, offset=9) == []
    assert ids(database, fen=Position.STARTING_FEN, offset=3) == [4, 5]
    assert [hit.plies for hit in search(database, Query())] == [6, 4, 7, 2, 3]


def test_the_tree_counts_the_moves_played_their_results_and_years(database: GameDatabase) -> None:
    start = tree(database, Position())
    assert [(item.move.iccs(), item.games, item.red_wins, item.draws, item.black_wins, item.first_year,
             item.last_year) for item in start] == [
        ("h2e2", 3, 1, 1, 1, 1988, 2004), ("b2e2", 1, 0, 0, 0, 2010, 2010), ("c3c4", 1, 0, 0, 1, 2004, 2004)]
    assert start[0].red_score == 0.5 and start[1].red_score is None
    after = tree(database, Position.from_fen(fen_after("h2e2")), Query(date_from="1990"))
    assert [(item.move.iccs(), item.games) for item in after] == [("h9g7", 2)]
    assert tree(database, Position.from_fen(fen_after("h2e2 b7e7 h0g2"))) == []   # game 5 ends there


def test_tree_prints_one_line_a_move(database: GameDatabase, capsys: pytest.CaptureFixture[str]) -> None:
    assert db_main(["tree", str(database.path), "--player", "胡荣华"]) == 0
    assert capsys.readouterr().out == "炮二平五 h2e2\t2\t25%\t0/1/1\t1988-1999\n炮八平五 b2e2\t1\t\t0/0/0\t2010-2010\n"
    assert db_main(["count", str(database.path), "--material", "RRHHCC-RRHHCC"]) == 0
    assert capsys.readouterr().out == "5\n"


@pytest.mark.parametrize("query", [Query(fen="not a fen"), Query(result="2-0"), Query(limit=0),
                                   Query(player="x" * 1000), Query(date_from="June"), Query(material="RRRR-"),
                                   Query(pieces="Zz9"), Query(offset=-1)])
def test_bad_options_are_refused_with_the_input_quoted(database: GameDatabase, query: Query) -> None:
    with pytest.raises(QueryError):
        list(search(database, query))


def test_search_prints_one_tab_separated_line_a_game(database: GameDatabase,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = str(database.path)
    assert db_main(["search", path, "--fen", fen_after("h2e2 h9g7 h0g2"), "--player", "胡荣华"]) == 0
    assert capsys.readouterr().out == "3\t3\t胡荣华\t许银川\t1/2-1/2\t1999.12.01\t五羊杯\tC93\n"
    assert db_main(["search", path, "--red", "Smith"]) == 0
    assert capsys.readouterr().out == "4\t\tSmith\t胡荣华\t*\t2010\tOpen\t\n"


def test_export_writes_the_games_found_as_pgn(database: GameDatabase, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "found.pgn"
    assert db_main(["export", str(database.path), "--event", "五羊杯", "-o", str(out)]) == 0
    games = load_games(out)
    assert [(g.headers["Red"], g.result, g.headers.get("ECCO")) for g in games] == [
        ("胡荣华", "1/2-1/2", "C93"), ("胡荣华", "0-1", "D10")]
    assert [m.iccs() for m in games[0].mainline_moves()] == GAMES[2][6].split()
    assert "2 games written" in capsys.readouterr().out


def test_the_command_names_the_file_and_exits_1_or_2(tmp_path: Path) -> None:
    """The first run is the real process (its status and stderr as a shell sees them); the others run the
    command in this process (``in_process.run_xiangqi``), without a Python start each."""
    def run_process(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "xiangqi", "db", *args], cwd=REPO, capture_output=True,
                              text=True, timeout=120)

    def run(*args: str) -> Finished:
        return run_xiangqi("db", *args)

    missing = run_process("search", str(tmp_path / "none.xqdb"))
    assert missing.returncode == 1 and "none.xqdb: no such database" in missing.stderr
    junk = tmp_path / "junk.xqdb"
    junk.write_text("hello", encoding="utf-8")
    damaged = run("search", str(junk))
    assert damaged.returncode == 1 and "junk.xqdb" in damaged.stderr and "left as it is" in damaged.stderr
    assert junk.read_text(encoding="utf-8") == "hello"
    assert run("search", str(junk), "--limit", "x").returncode == 2
    assert "--jobs" in run("import", "--help").stdout
