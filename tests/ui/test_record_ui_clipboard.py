"""Clipboard round trips through the real QClipboard: FEN, PGN, the Chinese text record, a pasted plain
move list, and text that is none of these (an error; the game stays)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from test_record_ui_support import (SAMPLE_PGN, VARIATIONS_XQF, build_window, message_boxes, message_text,
                                    moves_of, play)

from xiangqi.record import parse_game


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def clipboard_text() -> str:
    return QGuiApplication.clipboard().text()


def set_clipboard(text: str) -> None:
    QGuiApplication.clipboard().setText(text)


def test_fen_copies_the_shown_position_and_pastes_back(record_window) -> None:
    window, ui = record_window
    play(window, "h2e2", "h9g7", "h0g2")
    window.controller.study.view(2)
    fen = ui.clipboard.copy_fen()
    assert clipboard_text() == fen == window.controller.game.position_at(2).fen()
    window.controller.study.view(None)
    play(window, "i9h9")
    ui.link.set_modified(False)        # (no "discard changes?" question in this test)
    set_clipboard(fen)
    ui.clipboard.paste_action.trigger()
    assert window.controller.board_position().fen() == fen and moves_of(window) == []
    assert ui.link.record.start_fen == fen


def test_pgn_copy_and_paste_keep_moves_variations_comments_and_names(record_window,
                                                                     shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / VARIATIONS_XQF)
    window.controller.study.view(1)
    ui.panel.comment_edit.setPlainText("一步好棋")
    signature = ui.link.record.record_signature()
    text = ui.clipboard.copy_pgn()
    assert clipboard_text() == text and "红方棋手" in text
    ui.link.set_modified(False)
    window.controller.new_game(window.last_setup.with_engine(None))
    assert moves_of(window) == []
    ui.clipboard.paste()
    assert ui.link.record.record_signature() == signature
    assert ui.link.source is None and len(moves_of(window)) == ui.link.record.ply_count()


def test_the_text_record_is_chinese_and_pastes_back_as_the_same_moves(record_window,
                                                                      shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_PGN)
    moves = moves_of(window)
    text = ui.clipboard.copy_text()
    assert clipboard_text() == text
    lines = text.splitlines()
    assert lines[0] == ui.link.record.start_fen            # a set-up game starts with its FEN
    assert lines[1].split()[:2] == ["1.", "炮八平五"] and lines[-1] == "1-0"
    assert all(not any(c in line for c in "[]{}") for line in lines)
    ui.link.set_modified(False)
    window.controller.new_game(window.last_setup.with_engine(None))
    set_clipboard(text)
    ui.clipboard.paste()
    assert moves_of(window) == moves and ui.link.record.start_fen == lines[0]
    assert ui.link.record.result == "1-0"


def test_a_plain_move_list_in_any_notation_can_be_pasted(record_window) -> None:
    window, ui = record_window
    set_clipboard("1. 炮二平五 马８进７\n2. H2+3 c9e7\n")
    ui.clipboard.paste()
    assert moves_of(window) == ["h2e2", "h9g7", "h0g2", "c9e7"]
    assert not message_boxes(window)


def test_text_that_is_no_game_shows_an_error_and_keeps_the_game(record_window) -> None:
    window, ui = record_window
    play(window, "h2e2")
    game = window.controller.game
    set_clipboard("shopping list: rice, tea")
    assert ui.clipboard.paste() is None
    text = message_text(message_boxes(window)[0])
    assert "clipboard:1" in text and "shopping" in text
    assert window.controller.game is game and moves_of(window) == ["h2e2"]


def test_a_pasted_bad_fen_names_the_problem(record_window) -> None:
    window, ui = record_window
    set_clipboard("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w")
    assert ui.clipboard.paste() is None
    assert "king" in message_text(message_boxes(window)[0])
    assert parse_game("h2e2").ply_count() == 1
