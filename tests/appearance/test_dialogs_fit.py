"""Every dialog of every menu fits a small screen with larger text (issue 29 §2): 1024×768 at 200 % text
here, 800×600 at 150 % in test_dialogs_twice.py's walk of every dialog (the text size setting, 视图 › 设置… ›
外观 › 文字大小), with its buttons on screen. Measured on the dialogs as they open in the real window: their
size, and where their buttons are drawn."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

import real_window
from dialog_fit_check import buttons_cut, room_of, too_big
from test_dialogs_twice import close, close_all, dialog_actions, open_by, play_two_moves, settle
from xiangqi.ui.common import dialog_fit
from xiangqi.ui.common.text_size import set_text_size

app_window = real_window.app_window   # the fixture

SCREENS = [((1024, 768), 200)]   # ((800, 600), 150): in test_dialogs_twice.py


@pytest.mark.slow
@pytest.mark.parametrize(("screen", "percent"), SCREENS)
def test_every_dialog_fits_a_small_screen_with_larger_text(app_window, qtbot, tmp_path, monkeypatch,
                                                           screen, percent) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    width, height = screen
    # the offscreen platform's one screen is 800×800: the dialogs see the screen under test instead
    monkeypatch.setattr(dialog_fit, "screen_room", lambda _widget: room_of(width, height))
    set_text_size(percent)
    try:
        window = app_window(width, height)
        play_two_moves(window)
        oversized: dict[str, tuple[int, int]] = {}
        cut: dict[str, list[str]] = {}
        for name, action in dialog_actions(window):
            if not action.isEnabled():
                continue
            shown = open_by(qtbot, action)
            for dialog in shown:
                settle()
                if size := too_big(dialog, width, height):   # the frame and title bar: in TITLE_BAR
                    oversized[f"{name}: {dialog.windowTitle()}"] = size
                if buttons_cut(dialog):
                    cut[f"{name}: {dialog.windowTitle()}"] = buttons_cut(dialog)
            for dialog in shown:
                close(qtbot, dialog, "reject")
            close_all(qtbot)
        assert oversized == {} and cut == {}, (f"{width}×{height} at {percent} %", oversized, cut)
    finally:
        set_text_size(100)
        QApplication.processEvents()
