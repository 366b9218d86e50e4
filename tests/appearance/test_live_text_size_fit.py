"""A user who makes the text larger in the settings of an open window (not before starting the program, as
the walks of every dialog do) still gets training windows that fit a small screen: measured, 猜谱 was
812 px and 开局练习 943 × 583 at 800×600 with 150 % text (side-by-side buttons, an unwrapped credit line, a
training board larger than the board's own minimum)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QApplication, QDialog

import in_process_engine
import real_window
from dialog_fit_check import buttons_cut, room_of, too_big
from xiangqi.ui.common import dialog_fit
from xiangqi.ui.common.text_size import set_text_size
from xiangqi.ui.training.opening_drill import OpeningDrillWindow, SourceKind

app_window = real_window.app_window   # the fixtures
in_process_engines = in_process_engine.in_process_engines
SCREEN, PERCENT = (800, 600), 150


def shown_dialog(title: str) -> QDialog | None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible() and widget.windowTitle() == title:
            return widget
    return None


@pytest.mark.usefixtures("in_process_engines")
def test_every_training_window_fits_800x600_after_the_text_was_made_larger(app_window, qtbot,  # noqa: ANN001
                                                                           monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(dialog_fit, "screen_room", lambda _widget: room_of(*SCREEN))
    window = app_window(*SCREEN)
    misfits: dict[str, object] = {}
    set_text_size(PERCENT)   # as the settings dialog sets it, on the open window
    try:
        [training] = [a.menu() for a in window.menuBar().actions() if a.menu() and "练习" in a.text()]
        for action in training.actions():
            if action.menu() is not None or action.isSeparator() or not action.isEnabled():
                continue
            title = re.sub(r"\(&.\)|…", "", action.text())
            action.trigger()
            qtbot.waitUntil(lambda title=title: shown_dialog(title) is not None, timeout=20_000)
            dialog = shown_dialog(title)
            assert dialog is not None
            if isinstance(dialog, OpeningDrillWindow):   # the shipped lines, whose credit is a long line (another
                # test of this process may have left another source as the last choice)
                dialog.source_box.setCurrentIndex(dialog.source_box.findData(SourceKind.BUNDLED))
                assert "Chinese Chess Practical Dataset" in dialog.file_label.text()
            QApplication.processEvents()
            size, cut = too_big(dialog, *SCREEN), buttons_cut(dialog)
            if size or cut:
                misfits[title] = (size, cut)
            dialog.reject()
            qtbot.waitUntil(lambda d=dialog: not d.isVisible())
    finally:
        set_text_size(100)
        QApplication.processEvents()
    assert misfits == {}, (f"training windows that do not fit {SCREEN[0]}×{SCREEN[1]} after the text was made "
                           f"{PERCENT} %", misfits)
