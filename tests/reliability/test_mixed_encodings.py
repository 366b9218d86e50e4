"""Issue 16 item 1: a collection whose games are in different encodings (or hold undecodable bytes) is
read game by game, and Save writes every untouched game back byte for byte; a game that cannot be
written back as it was is refused and the file left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.record import PgnFile, load_games
from reliability_window import build_window, message_boxes

T1 = '[Event "甲"]\n[Red "许银川"]\n1. 炮二平五 马８进７ *\n'
T2 = '[Event "乙"]\n[Red "胡荣华"]\n{中炮对屏风马}\n1. 炮二平五 马８进７ *\n'
MIXED = T1.encode("gbk") + b"\n" + T2.encode("utf-8")


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_each_game_of_a_mixed_file_is_decoded_by_itself():
    pgn = PgnFile.from_bytes(MIXED, "mixed.pgn")
    assert [entry.red for entry in pgn.entries] == ["许银川", "胡荣华"]
    assert pgn.game(1).root.comment == "中炮对屏风马" and pgn.problems == []


def test_saving_an_edited_game_keeps_the_other_games_byte_for_byte(record_window, tmp_path: Path):
    window, ui = record_window
    path = tmp_path / "mixed.pgn"
    crlf_tail = T2.replace("\n", "\r\n").encode("utf-8") + b"\r\n\r\n"
    path.write_bytes(MIXED + b"\n" + crlf_tail)
    assert ui.open_file(path)
    ui.game_list.choose_row(0)
    ui.panel.comment_edit.setPlainText("好棋")
    assert ui.save()
    data = path.read_bytes()
    first_end = data.index('[Event "乙"]'.encode())
    assert data[first_end:] == T2.encode("utf-8") + b"\n" + crlf_tail     # untouched, byte for byte
    assert "好棋".encode("gbk") in data[:first_end]                       # the edited game stays GBK
    games = load_games(path)
    assert [g.headers["Red"] for g in games] == ["许银川", "胡荣华", "胡荣华"]
    assert games[0].root.comment == "好棋"


def test_a_game_with_undecodable_bytes_is_not_saved_over(record_window, tmp_path: Path):
    window, ui = record_window
    path = tmp_path / "broken.pgn"
    original = b'[Event "x"]\n[Red "\xff\xfe"]\n1. h2e2 h9g7 *\n'
    path.write_bytes(original)
    assert ui.open_file(path)
    ui.panel.comment_edit.setPlainText("edit")
    assert not ui.save()
    assert path.read_bytes() == original
    text = "\n".join(box.text() + box.informativeText() for box in message_boxes(window))
    assert "not valid" in text and "Save As" in text


def test_a_read_only_file_is_refused_with_an_offer_to_save_as(record_window, tmp_path: Path):
    window, ui = record_window
    path = tmp_path / "mine.pgn"
    path.write_bytes(T1.encode("utf-8"))
    path.chmod(0o444)
    assert ui.open_file(path)
    ui.panel.comment_edit.setPlainText("edit")
    assert not ui.save()
    assert path.read_bytes() == T1.encode("utf-8")
    box = message_boxes(window)[-1]
    assert "read-only" in box.text()
    save_as = [b for b in box.buttons() if "Save" in b.text()]
    assert save_as
