"""Every dialog of every menu fits a small screen with larger text (issue 29 §2): 800×600 at 150 % text and
1024×768 at 200 % (the text size setting, 视图 › 设置… › 外观 › 文字大小), with its buttons on screen.
Measured on the dialogs as they open in the real window: their size, and where their buttons are drawn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QScrollArea

import real_window
from test_dialogs_twice import close, close_all, dialog_actions, open_by, play_two_moves, settle
from xiangqi.ui.common import dialog_fit
from xiangqi.ui.common.text_size import set_text_size

app_window = real_window.app_window   # the fixture

TITLE_BAR = 40   # px of the screen a window manager's title bar and frame take (as main_window.FRAME_ALLOWANCE)
SCREENS = [((800, 600), 150), ((1024, 768), 200)]


def buttons_cut(dialog: QDialog) -> list[str]:
    """The dialog's buttons not drawn whole inside it (a scrolled page's buttons scroll: not counted)."""
    cut = []
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisibleTo(dialog) or any(isinstance(p, QScrollArea) for p in ancestors(button, dialog)):
            continue
        where = QRect(button.mapTo(dialog, button.rect().topLeft()), button.size())
        if not dialog.rect().contains(where):
            cut.append(button.text() or button.objectName() or type(button).__name__)
    return cut


def ancestors(widget, top) -> list:
    found, parent = [], widget.parentWidget()
    while parent is not None and parent is not top:
        found.append(parent)
        parent = parent.parentWidget()
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("screen", "percent"), SCREENS)
def test_every_dialog_fits_a_small_screen_with_larger_text(app_window, qtbot, tmp_path, monkeypatch,
                                                           screen, percent) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    width, height = screen
    # the offscreen platform's one screen is 800×800: the dialogs see the screen under test instead
    monkeypatch.setattr(dialog_fit, "screen_room", lambda _widget: QSize(width, height - TITLE_BAR))
    set_text_size(percent)
    try:
        window = app_window(width, height)
        play_two_moves(window)
        too_big: dict[str, tuple[int, int]] = {}
        cut: dict[str, list[str]] = {}
        for name, action in dialog_actions(window):
            if not action.isEnabled():
                continue
            shown = open_by(qtbot, action)
            for dialog in shown:
                settle()
                size = dialog.size()   # the frame and title bar: in TITLE_BAR
                if size.width() > width or size.height() > height - TITLE_BAR:
                    too_big[f"{name}: {dialog.windowTitle()}"] = (size.width(), size.height())
                if buttons_cut(dialog):
                    cut[f"{name}: {dialog.windowTitle()}"] = buttons_cut(dialog)
            for dialog in shown:
                close(qtbot, dialog, "reject")
            close_all(qtbot)
        assert too_big == {} and cut == {}, (f"{width}×{height} at {percent} %", too_big, cut)
    finally:
        set_text_size(100)
        QApplication.processEvents()
