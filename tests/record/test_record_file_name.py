"""The file name Save As suggests for a game: players and date, safe on every file system."""

from __future__ import annotations

from xiangqi.file_names import MAX_SUGGESTED_NAME, record_file_name


def test_players_and_date() -> None:
    assert record_file_name("张三", "ElephantEye", "2026.11.28") == "张三-ElephantEye-2026-11-28.pgn"


def test_unknown_parts_are_left_out() -> None:
    assert record_file_name("", "李四", "2026.??.??") == "李四-2026.pgn"
    assert record_file_name("?", "", "") == "game.pgn"


def test_characters_no_file_system_takes() -> None:
    name = record_file_name('a/b\\c:d*e?"<>|', "x\ny", "2026.01.02")
    assert name == "a_b_c_d_e_____-x y-2026-01-02.pgn"
    assert len(record_file_name("名" * 500, "", "")) == MAX_SUGGESTED_NAME + len(".pgn")
