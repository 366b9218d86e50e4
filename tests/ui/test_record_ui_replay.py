"""Replay (打谱): arrow keys and buttons step through the game, auto-play advances by itself and stops at
the end, and a set-up position (black to move first) is shown and numbered as the record has it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_record_ui_support import SAMPLE_XQF, build_window, moves_of

from xiangqi.record import Game, parse_game


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    window, ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    window.board.setFocus()
    return window, ui


def shown(window) -> int:  # noqa: ANN001
    c = window.controller
    return c.game.ply if c.view_ply is None else c.view_ply


def test_arrow_keys_step_through_the_game(record_window, shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_XQF)
    plies = len(moves_of(window))
    start_fen = ui.link.record.start_fen
    assert shown(window) == 0 and window.controller.board_position().fen() == start_fen
    QTest.keyClick(window.board, Qt.Key.Key_Right)
    QTest.keyClick(window.board, Qt.Key.Key_Right)
    assert shown(window) == 2
    assert [m.iccs() for m in window.controller.board_position().move_stack][-2:] == ["b2e2", "h7e7"]
    QTest.keyClick(window.board, Qt.Key.Key_Left)
    assert shown(window) == 1
    QTest.keyClick(window.board, Qt.Key.Key_End)
    assert shown(window) == plies and window.controller.view_ply is None
    QTest.keyClick(window.board, Qt.Key.Key_Right)          # nothing after the last move
    assert shown(window) == plies
    QTest.keyClick(window.board, Qt.Key.Key_Home)
    assert shown(window) == 0 and window.controller.board_position().fen() == start_fen
    QTest.keyClick(window.board, Qt.Key.Key_Left)
    assert shown(window) == 0


def test_the_comment_box_keeps_its_arrow_keys(record_window, shared_data: Path) -> None:
    window, ui = record_window
    ui.open_file(shared_data / "games" / SAMPLE_XQF)
    ui.replay.forward()
    ui.panel.comment_edit.setFocus()
    QTest.keyClick(ui.panel.comment_edit, Qt.Key.Key_Right)
    assert shown(window) == 1


def test_auto_play_advances_and_stops_at_the_end(record_window, qtbot) -> None:  # noqa: ANN001
    window, ui = record_window
    game = parse_game("1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 *")
    ui.link.load(game, None)
    ui.replay_bar.speed.setValue(0.1)
    assert ui.replay.seconds_per_move() == pytest.approx(0.1)
    ui.replay.timer.setInterval(10)   # faster than the quickest speed offered: the moves are checked, not the pace
    ui.replay_bar.play_action.trigger()
    assert ui.replay.playing and ui.replay_bar.play_action.isChecked()
    qtbot.waitUntil(lambda: shown(window) >= 2, timeout=5000)
    qtbot.waitUntil(lambda: not ui.replay.playing, timeout=5000)
    assert shown(window) == 5 and not ui.replay_bar.play_action.isChecked()
    ui.replay.play()                   # at the end, play starts again from the first move
    assert shown(window) == 0 and ui.replay.playing
    ui.replay_bar.play_action.trigger()
    assert not ui.replay.playing


def test_a_set_up_position_with_black_to_move_is_shown_and_numbered(record_window) -> None:
    window, ui = record_window
    fen = "3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 12"
    game = parse_game(f'[FEN "{fen}"]\n12... d9d8 13. a1a8 *')
    ui.link.load(game, None)
    assert window.controller.board_position().fen() == Game(start_fen=fen).start_fen
    table = window.move_list.table
    assert table.model().headerData(0, Qt.Orientation.Vertical) == "12" and window.move_list.cell_text(0, 0) == "…"
    assert window.move_list.cell_text(0, 1) and window.move_list.cell_text(1, 0)
    ui.replay.forward()
    assert window.controller.board_position().turn.name == "RED"
    ui.replay.to_end()
    assert window.controller.board_position().is_check()
