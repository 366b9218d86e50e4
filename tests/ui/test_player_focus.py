"""Issue 20: the keys (←/→/End) step through the game right after a file opens or a dialog closes (they
did nothing until the board was clicked: the focus stayed in a text box or list that keeps them)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot
from test_game_model_window import Table

SAMPLE_XQF = "eleeye/SAMPLE.XQF"


def shown_table(qtbot: QtBot, tmp_path: Path) -> Table:
    table = Table(qtbot, tmp_path)
    table.window.resize(1200, 800)
    table.window.show()
    qtbot.waitExposed(table.window)
    table.window.activateWindow()
    return table


def press(qtbot: QtBot, key: Qt.Key) -> None:
    """A key as the user types it: to the widget that has the focus."""
    focused = QApplication.focusWidget()
    assert isinstance(focused, QWidget)
    QTest.keyClick(focused, key)


def test_the_arrow_keys_work_right_after_a_file_opens(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = shown_table(qtbot, tmp_path)
    table.ui.panel.comment_edit.setFocus()          # e.g. the user had typed a comment
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table.ui.panel.comment_edit)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert table.controller.view_ply == 0
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Right)
    assert table.controller.view_ply == 2
    press(qtbot, Qt.Key.Key_End)
    assert table.controller.view_ply is None


def test_the_arrow_keys_work_right_after_a_dialog_closes(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = shown_table(qtbot, tmp_path)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_XQF)
    table.ui.panel.comment_edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table.ui.panel.comment_edit)
    box = table.window.show_message("Note", "Something to read", icon=QMessageBox.Icon.Information)
    box.button(QMessageBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: not box.isVisible())
    press(qtbot, Qt.Key.Key_Right)
    assert table.controller.view_ply == 1
