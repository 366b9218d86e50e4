"""The ``pgn`` command summarises every record kind with the same columns; a file that is no record
gets one clear line on stderr and no row."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.commands import pgn


def test_every_kind_gets_the_same_columns(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = shared_data / "games"
    files = [
        games / "ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL",
        games / "ccbridge/test.cbr",
        games / "ccbridge/test.cbf",
        games / "dhtmlxq/116.html",
        games / "winboard/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F.pgn",
    ]
    assert pgn.main([str(f) for f in files]) == 0
    out, err = capsys.readouterr()
    rows = [line.split("\t") for line in out.splitlines()]
    assert err == "" and all(len(row) == 6 for row in rows)
    assert [row[0] for row in rows].count(str(files[0])) == 35
    assert rows[35][:4] == [str(files[1]), "1", "28", "*"]
    assert rows[37][:4] == [str(files[3]), "1", "85", "1-0"]
    final = "5a3/3k5/2R6/p2C5/n7p/P8/4P3P/B8/3pA4/4K1B2 w - - 13 50"
    assert rows[38] == [str(files[4]), "1", "98", "1/2-1/2", final, "0"]


def test_files_that_are_not_records_get_one_line_and_no_row(tmp_path: Path, capsys) -> None:
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    picture = tmp_path / "board.cbl"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    readme = tmp_path / "readme.txt"
    readme.write_text("Thanks for downloading these games!\n", encoding="utf-8")
    assert pgn.main([str(empty), str(picture), str(readme)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{empty}: not a game record this program reads: it looks like an empty file",
        f"{picture}: not a game record this program reads: it looks like a PNG image",
        f"{readme}: not a game record this program reads: it looks like text with no game moves in it",
    ]


def test_per_file_reading_is_an_iterator(shared_data: Path) -> None:
    games = pgn.file_games(str(shared_data / "games/ccbridge/1989年龙化杯象棋名师邀请赛35局.CBL"))
    assert next(games).headers["Red"] == "徐天红" and next(games).headers["Red"] == "刘殿中"


def test_prose_with_move_like_words_is_not_a_record(tmp_path: Path, capsys) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("# My notes\n\nPlay 炮二平五 first, then h2e2 is the same move.\n", encoding="utf-8")
    moves = tmp_path / "moves.txt"
    moves.write_text("炮二平五 马８进７\n", encoding="utf-8")
    assert pgn.main([str(notes), str(moves)]) == 1  # the notes fail, the move list is read
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"{notes}: not a game record this program reads: it looks like text whose first word is not a move ('#')"
    ]
    assert out.split("\t")[:3] == [str(moves), "1", "2"]
