"""The move box says what the board allows (issue 29 §3): no 还没轮到你走 over a loaded record, an error line
that goes once a legal move is played, and Tab from it to the board's keyboard cursor (as the README says)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies
from test_keyboard_play import focused, new_game_from_keyboard, press, type_text, window  # noqa: F401 (fixture)

from xiangqi.core import Move
from xiangqi.ui.shell.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def test_one_tab_from_the_move_box_wakes_the_board_cursor(window: MainWindow, qtbot: QtBot) -> None:  # noqa: F811
    new_game_from_keyboard(qtbot, window, "")
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)
    assert window.move_box.edit.hasFocus()
    press(qtbot, Qt.Key.Key_Tab)
    assert focused() is window.board and window.board.keyboard_cursor.awake


def test_the_error_line_goes_once_a_legal_move_is_played(window: MainWindow, qtbot: QtBot) -> None:  # noqa: F811
    new_game_from_keyboard(qtbot, window, "")
    press(qtbot, Qt.Key.Key_L, modifier=CTRL)
    type_text(qtbot, "xyz")
    press(qtbot, Qt.Key.Key_Return)
    box = window.move_box
    assert box.error.isVisible()
    assert window.controller.try_move(Move.from_iccs("h2e2"))   # played on the board instead
    assert not box.error.isVisible()


def test_a_loaded_record_is_not_a_turn_to_wait_for(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path)
    assert table.ui.open_file(shared_data / "games" / "eleeye/SAMPLE.PGN")
    box = table.window.move_box
    assert box.edit.placeholderText() != "Not your turn"
    assert "Play from here" in box.edit.placeholderText()
    table.ui.replay.forward()
    assert "Play from here" in box.edit.placeholderText()


def test_while_the_engine_thinks_it_is_not_your_turn(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.clients[-1].hold = True
    table.controller.try_move(Move.from_iccs("h2e2"))
    assert table.window.move_box.edit.placeholderText() == "Not your turn"
