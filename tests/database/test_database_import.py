"""Importing record files of every kind into a game database: what is stored, duplicates, failures, resume."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from db_helpers import GAMES, write_games
from xiangqi.core import Position
from xiangqi.database import GameDatabase, Query, count, import_files, stored_game
from xiangqi.record.files import load_games

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "games"
# One file of each kind the app reads, and its games.
SAMPLES = {
    "ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL": 35,
    "ccbridge/test.cbr": 1,
    "ccbridge/test.cbf": 1,
    "cchess/030-黄松轩先胜冯敬如.XQF": 1,
    "cchess/中炮对列炮黑先平士角炮.pgn": 1,
    "dhtmlxq/116.html": 1,
    "winboard/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn": 1,
    "eleeye/SAMPLE.PGN": 1,
}
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data/games is not here")


@needs_shared
def test_every_kind_of_record_is_imported_with_its_main_line_and_tags(tmp_path: Path) -> None:
    files = [SHARED / name for name in SAMPLES]
    with GameDatabase(tmp_path / "games.xqdb", create=True) as database:
        report = import_files(database, files)
        assert report.failed == [] and report.games == sum(SAMPLES.values())
        game_id = 0
        for path in files:
            for read in load_games(path):
                game_id += 1
                stored = stored_game(database, game_id)
                assert stored.mainline_moves() == read.mainline_moves(), (path, game_id)
                assert stored.start_fen == read.start_fen and stored.result == read.result
                for tag in ("Red", "Black", "Event", "Date"):
                    assert stored.headers.get(tag, "") == read.headers.get(tag, ""), (path, tag)


@needs_shared
def test_folders_are_read_recursively_and_a_file_that_fails_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    (folder / "deeper").mkdir(parents=True)
    shutil.copy(SHARED / "ccbridge" / "test.cbr", folder / "deeper" / "one.cbr")
    (folder / "broken.xqf").write_bytes(b"XQ\x0a" + b"\xff" * 40)
    (folder / "notes.txt").write_text("Just some notes about the games, nothing to read.\n", encoding="utf-8")
    write_games(folder / "z.pgn")
    lines: list[str] = []
    with GameDatabase(tmp_path / "games.xqdb", create=True) as database:
        report = import_files(database, [folder], progress=lines.append)
    assert report.files == 4 and report.games == 1 + len(GAMES)
    assert len(report.failed) == 2
    assert any("broken.xqf" in reason for reason in report.failed)
    assert any("notes.txt" in reason and "not a game record" in reason for reason in report.failed)
    assert any("z.pgn" in line and "committed" in line for line in lines)


def test_duplicates_are_stored_once_and_counted(tmp_path: Path) -> None:
    first = write_games(tmp_path / "a.pgn")
    second = tmp_path / "b.pgn"
    shutil.copy(first, second)
    with GameDatabase(tmp_path / "games.xqdb", create=True) as database:
        assert import_files(database, [first]).games == len(GAMES)
        report = import_files(database, [second])
        assert (report.games, report.duplicates) == (0, len(GAMES))
        copies = database.connection.execute("SELECT sum(copies), count(*) FROM games").fetchone()
    assert tuple(copies) == (len(GAMES), len(GAMES))


def test_a_file_imported_whole_is_skipped_and_a_changed_one_read_again_without_counting_its_games(
        tmp_path: Path) -> None:
    path = write_games(tmp_path / "a.pgn")
    with GameDatabase(tmp_path / "games.xqdb", create=True) as database:
        import_files(database, [path])
        again = import_files(database, [path])
        assert (again.skipped_files, again.games, again.duplicates) == (1, 0, 0)
        stat = path.stat()
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
        resumed = import_files(database, [path])
        assert (resumed.skipped_files, resumed.games, resumed.already, resumed.duplicates) == (0, 0, len(GAMES), 0)


def test_a_read_only_database_refuses_an_import_and_opens_for_search(tmp_path: Path) -> None:
    path = tmp_path / "games.xqdb"
    with GameDatabase(path, create=True) as database:
        import_files(database, [write_games(tmp_path / "a.pgn")])
    path.chmod(0o444)
    try:
        with GameDatabase(path) as database:
            assert database.read_only
            assert database.connection.execute("SELECT count(*) FROM games").fetchone()[0] == len(GAMES)
            with pytest.raises(Exception, match="read-only"):
                import_files(database, [tmp_path / "a.pgn"])
    finally:
        path.chmod(0o644)


def test_an_empty_file_left_by_a_killed_first_import_becomes_the_database(tmp_path: Path) -> None:
    path = tmp_path / "games.xqdb"
    path.write_bytes(b"")
    with GameDatabase(path, create=True) as database:
        assert import_files(database, [write_games(tmp_path / "a.pgn")]).games == len(GAMES)


@needs_shared
def test_jobs_store_the_same_games_in_the_same_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from xiangqi.database import importer
    from xiangqi.database.index import index_entries

    monkeypatch.setattr(importer, "PARALLEL_BLOCK_GAMES", 2)   # the PGN file below is split into 3 blocks
    files = [SHARED / "ccbridge" / "test.cbr", write_games(tmp_path / "a.pgn"), tmp_path / "missing.pgn",
             SHARED / "cchess" / "test.xqf"]

    def stored(jobs: int) -> tuple[list[tuple[object, ...]], list[str]]:
        with GameDatabase(tmp_path / f"jobs{jobs}.xqdb", create=True) as database:
            report = import_files(database, files, jobs=jobs)
            rows = database.connection.execute("SELECT id, moves, source_index, duplicate_key FROM games").fetchall()
            keys = index_entries(database.connection)   # blocks differ with the jobs, not the entries
        return [*rows, keys], report.failed

    two_jobs = stored(2)   # worker processes: imported once
    assert two_jobs == stored(1)
    assert len(two_jobs[1]) == 1 and "missing.pgn" in two_jobs[1][0]


TWO_WRITERS = """
import sys, time
from pathlib import Path
from xiangqi.database import GameDatabase, import_files, importer
importer.COMMIT_GAMES = 7          # many small transactions, interleaved with the other process's
ready = Path(sys.argv[2] + ".ready")
ready.touch()
while len(list(ready.parent.glob("*.ready"))) < 2:   # both start together (not a timing: a barrier)
    time.sleep(0.01)
with GameDatabase(sys.argv[1], create=True) as database:
    report = import_files(database, sys.argv[2:])
print(report.games, report.duplicates, len(report.failed))
"""


def test_two_processes_importing_into_one_database_do_not_corrupt_it(tmp_path: Path) -> None:
    from xiangqi.database.index import index_entries

    path = tmp_path / "games.xqdb"
    GameDatabase(path, create=True).close()
    files = []
    for writer in range(2):   # each file: its own games (own dates) and the shared five
        specs = tuple(spec[:3] + (f"19{writer}{index:01}.0{1 + n % 9}.01",) + spec[4:]
                      for index in range(6) for n, spec in enumerate(GAMES))
        files.append(write_games(tmp_path / f"{writer}.pgn", specs + GAMES))
    children = [subprocess.Popen([sys.executable, "-c", TWO_WRITERS, str(path), str(file)], cwd=REPO,
                                 stdout=subprocess.PIPE, text=True) for file in files]
    outputs = [child.communicate(timeout=300)[0].split() for child in children]
    assert [child.returncode for child in children] == [0, 0], outputs
    stored = sum(int(output[0]) for output in outputs)
    assert stored == 2 * 30 + 5 and sum(int(output[1]) for output in outputs) == 5, outputs
    with GameDatabase(path, check=True) as database:
        ids = {row[0] for row in database.connection.execute("SELECT id FROM games")}
        assert len(ids) == stored
        assert {game for _hash, game in index_entries(database.connection)} == ids
        assert count(database, Query(fen=Position.STARTING_FEN)) == stored
        assert count(database, Query(player="许银川")) == 2 * 18 + 3


def test_rows_made_by_a_program_are_written_as_one_source(tmp_path: Path) -> None:
    from xiangqi.database import import_rows
    from xiangqi.database.rows import game_row

    from db_helpers import game_of
    rows = [game_row(game_of(*spec), index) for index, spec in enumerate(GAMES, start=1)]
    with GameDatabase(tmp_path / "made.xqdb", create=True) as database:
        report = import_rows(database, rows + rows[:2], source="starter")
        assert (report.games, report.already, report.failed) == (5, 2, [])   # same source and number
        assert count(database, Query(fen=Position.STARTING_FEN)) == 5
        assert database.connection.execute("SELECT path, games FROM sources").fetchall() == [("starter", 7)]
