"""Closing the window with unsaved changes asks Save / Discard / Cancel (a window-modal box opened with
``open()``: the tests click its buttons like a user, nothing blocks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from test_record_ui_support import build_window, message_boxes, play

from xiangqi.record import load_games
from xiangqi.game.autosave import AutosaveStore

Button = QMessageBox.StandardButton


@pytest.fixture
def shown_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    window, ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    return window, ui


def close_box(window) -> QMessageBox:  # noqa: ANN001
    boxes = [b for b in message_boxes(window) if b.standardButtons() == Button.Save | Button.Discard | Button.Cancel]
    assert len(boxes) == 1
    return boxes[0]


def test_a_window_without_changes_closes_at_once(shown_window) -> None:
    window, ui = shown_window
    assert window.close() and not window.isVisible() and window.dialogs == []


def test_cancel_keeps_the_window_and_discard_closes_it(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    window, ui = build_window(qtbot, tmp_path)
    window.controller.autosave = AutosaveStore(tmp_path / "autosave.json")
    window.show()
    play(window, "h2e2", "h9g7")
    assert window.controller.autosave.load() is not None
    assert not window.close() and window.isVisible()
    assert not window.close()                      # asking again does not stack a second box
    close_box(window).button(Button.Cancel).click()
    assert window.isVisible() and message_boxes(window) == []
    assert not window.close()
    close_box(window).button(Button.Discard).click()
    assert not window.isVisible()
    assert window.controller.autosave.load() is None        # discarded: not offered again at the next start


def test_save_writes_the_file_then_closes(shown_window, tmp_path: Path) -> None:
    window, ui = shown_window
    play(window, "h2e2", "h9g7")
    window.close()
    close_box(window).button(Button.Save).click()
    dialog = next(d for d in window.dialogs if isinstance(d, QFileDialog))    # a new game: Save As
    assert window.isVisible()
    out = tmp_path / "closing.pgn"
    dialog.fileSelected.emit(str(out))
    assert [m.iccs() for m in load_games(out)[0].mainline_moves()] == ["h2e2", "h9g7"]
    assert not window.isVisible() and not ui.link.modified


def test_a_cancelled_save_as_keeps_the_window_open(shown_window) -> None:
    window, ui = shown_window
    play(window, "h2e2")
    window.close()
    close_box(window).button(Button.Save).click()
    next(d for d in window.dialogs if isinstance(d, QFileDialog)).reject()
    assert window.isVisible() and ui.link.modified
