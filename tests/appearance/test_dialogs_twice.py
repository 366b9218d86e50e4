"""Every dialog of every menu opens again after it was closed, whichever way it was closed (OK, Cancel,
Esc), and no Python exception is raised in a slot meanwhile (issue 29 §1: 设置… and 管理引擎… opened once
per run; after a book was built each dialog close logged ``RuntimeError: … already deleted``).

The same walk of the window built in 简体 checks two more things on each dialog's first opening, which
walks of their own checked before (each opened every dialog of the same window):
- every window speaks 简体 (issue 29 §4, the check test_every_window_language.py makes in 繁體 and
  English): the main window with a game against the engine, its menus and docks, and each dialog hold no
  traditional-only character and no English word (see ``language_walk``);
- every dialog fits an 800×600 screen at 150 % text with its buttons on screen (issue 29 §2, the check
  test_every_window_language.py makes at 1024×768 and 200 % in its 繁體 walk; the text size set as 视图 ›
  设置… › 文字大小 sets it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMenu, QMessageBox, QWidget

import in_process_engine
import real_window
from dialog_fit_check import buttons_cut, room_of, too_big
from language_walk import (Seen, main_window_texts, names_on_the_game, new_windows_texts, play_against_the_engine,
                           texts_in_another_language)
from xiangqi.ui.common import dialog_fit
from xiangqi.ui.common.text_size import set_text_size
from xiangqi.ui.match.match_ui import MatchUi

app_window = real_window.app_window   # the fixtures
in_process_engines = in_process_engine.in_process_engines

SKIPPED = {"退出(&Q)"}   # closes the window under test
CLOSE_WAYS = ("reject", "escape", "accept")   # accept last: it may change the game (resign, new game …)
FIT_SCREEN, FIT_TEXT_PERCENT = (800, 600), 150
# Dialogs known not to fit (none now; the walk fails on any other, and on these once fixed). 新对局 was the
# last: 581 px high during a game against an engine (the room: 560); its sections now scroll.
KNOWN_MISFITS: set[str] = set()


def visible_dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def dialog_actions(window: QWidget) -> list[tuple[str, QAction]]:
    """Every plain (not a toggle, not a submenu) action of every menu, named by its menu path."""
    found: list[tuple[str, QAction]] = []
    stack: list[tuple[str, QMenu]] = [(a.text(), a.menu()) for a in window.menuBar().actions() if a.menu()]
    while stack:
        path, menu = stack.pop(0)
        menu.aboutToShow.emit()   # menus filled when shown (recent files, docked panels)
        for action in menu.actions():
            name = f"{path} › {action.text()}"
            if action.menu() is not None:
                stack.append((name, action.menu()))
            elif not action.isSeparator() and not action.isCheckable() and action.text() not in SKIPPED:
                found.append((name, action))
    return found


def role_button(dialog: QDialog, roles: tuple[QDialogButtonBox.ButtonRole, ...]) -> QWidget | None:
    """The dialog's own button with one of ``roles`` (OK/Yes/Save …, or Cancel/No/Close)."""
    if isinstance(dialog, QMessageBox):
        for button in dialog.buttons():
            if dialog.buttonRole(button).value in {r.value for r in roles}:
                return button
        return None
    for box in dialog.findChildren(QDialogButtonBox):
        for button in box.buttons():
            if box.buttonRole(button) in roles and button.isVisible() and button.isEnabled():
                return button
    return None


ACCEPT_ROLES = (QDialogButtonBox.ButtonRole.AcceptRole, QDialogButtonBox.ButtonRole.YesRole)
REJECT_ROLES = (QDialogButtonBox.ButtonRole.RejectRole, QDialogButtonBox.ButtonRole.NoRole)


def close(qtbot, dialog: QDialog, way: str) -> None:
    """Close ``dialog`` as a user would: its OK (or Yes) button, its Cancel (or No/Close) button, or Esc.
    A dialog that stays open (a file dialog with nothing chosen) is then cancelled."""
    nested = answer_nested_questions(dialog)
    if way == "escape":
        qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
    else:
        button = role_button(dialog, ACCEPT_ROLES if way == "accept" else REJECT_ROLES)
        if button is not None:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        elif way == "accept":
            dialog.accept()
        else:
            dialog.reject()
    nested.stop()
    if dialog.isVisible():
        dialog.reject()
    settle()


def answer_nested_questions(dialog: QDialog) -> QTimer:
    """A question the dialog itself asks while closing (Qt's file dialog: "… already exists. Do you want to
    replace it?" once the suggested name was saved before) runs its own modal loop: answered No, as a user
    who did not mean to replace the file would."""
    def answer() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog) and modal is not dialog:
            modal.reject()

    timer = QTimer(interval=100)
    timer.timeout.connect(answer)
    timer.start()
    return timer


def settle() -> None:
    """What the app's event loop does after a dialog closed: events, then the deletions it asked for
    (``WA_DeleteOnClose``; ``processEvents`` alone leaves them for later)."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def close_all(qtbot) -> None:
    """What a closed dialog opened in turn (a result dialog after 认输, a message): cancelled."""
    for _ in range(5):
        shown = visible_dialogs()
        if not shown:
            return
        for dialog in shown:
            close(qtbot, dialog, "reject")
        QApplication.processEvents()


def open_by(qtbot, action: QAction) -> list[QDialog]:
    """Trigger ``action``; the dialogs it showed. A dialog run with exec() would block the test: a timer
    closes it while the trigger is still running (and the test then fails on it)."""
    before = set(visible_dialogs())
    blocked: list[str] = []
    running = [True]

    def unblock() -> None:
        modal = QApplication.activeModalWidget()
        if running[0] and modal is not None:
            blocked.append(modal.windowTitle())
            modal.close()

    QTimer.singleShot(500, unblock)
    action.trigger()
    running[0] = False
    QApplication.processEvents()
    assert not blocked, f"{action.text()} blocked the window with exec(): {blocked}"
    return [dialog for dialog in visible_dialogs() if dialog not in before]


def stop_a_match(qtbot, window) -> None:
    """A match the match dialog's OK started is stopped: it would play on beside the other dialogs (a move
    every few milliseconds, each redrawing the board: two thirds of this test's CPU)."""
    match = window.findChild(MatchUi)
    if match.running:
        match.stop()
        qtbot.waitUntil(lambda: not match.running, timeout=10_000)


@pytest.mark.slow(seconds=10)   # a fresh clone (no durations yet) starts it first: the longest of this folder
@pytest.mark.usefixtures("in_process_engines")   # the game's engine plays in this process (not a process test)
def test_every_dialog_of_every_menu_opens_again_after_each_way_of_closing_fits_and_speaks_simplified_chinese(
        app_window, qtbot, tmp_path, monkeypatch) -> None:
    """The main window's texts are read first; then every dialog is opened and cancelled (its texts read
    and its fit measured then, the game as it was played: nothing accepted yet), then each is opened again
    and closed with Esc, and again and closed with OK. Each check fails with a message of its own."""
    monkeypatch.setenv("HOME", str(tmp_path))   # file dialogs start (and an accepted export writes) here
    # the offscreen platform's one screen is 800×800: the dialogs see the screen under test instead
    monkeypatch.setattr(dialog_fit, "screen_room", lambda _widget: room_of(*FIT_SCREEN))
    set_text_size(FIT_TEXT_PERCENT)
    try:
        window = app_window(1280, 880)   # in 简体
        play_against_the_engine(window, qtbot)   # 复盘 and the game's actions are enabled
        names = names_on_the_game(window)
        seen = main_window_texts(window)
        window.resize(*FIT_SCREEN)
        misfits: dict[str, object] = {}
        opened = walk_every_dialog(qtbot, window, seen, misfits)
    finally:
        set_text_size(100)
        QApplication.processEvents()
    print(opened)
    assert len([n for n, count in opened.items() if count >= 2]) >= 20, opened
    for name in ("视图(&V) › 设置(&S)…", "引擎(&N) › 管理引擎(&M)…"):
        assert opened.get(name) == len(CLOSE_WAYS), (name, opened)
    unknown = {where: misfit for where, misfit in misfits.items() if where not in KNOWN_MISFITS}
    assert unknown == {}, (f"dialogs that do not fit {FIT_SCREEN[0]}×{FIT_SCREEN[1]} at {FIT_TEXT_PERCENT} % text "
                           "(size, or buttons cut)", unknown)
    fixed = KNOWN_MISFITS - misfits.keys()
    assert not fixed, f"fixed meanwhile, drop from KNOWN_MISFITS: {fixed}"
    report = texts_in_another_language(seen, "zh_CN", names, REMAINING)
    assert not report, f"texts in another language than 简体:\n{report}"


def walk_every_dialog(qtbot, window, seen: list[Seen], misfits: dict[str, object]) -> dict[str, int]:  # noqa: ANN001
    """Every dialog opened and closed each way of CLOSE_WAYS, the first way for all of them first: how often
    each opened. What each showed on its first opening: its texts to ``seen``, how it does not fit to
    ``misfits``."""
    def first_opening(name: str, shown: list[QDialog], before: set[QWidget]) -> None:
        seen.extend(new_windows_texts(before, name.replace("&", "")))
        for dialog in shown:
            settle()
            where = f"{name}: {dialog.windowTitle()}"
            if size := too_big(dialog, *FIT_SCREEN):   # the frame and title bar: in TITLE_BAR
                misfits[f"{where} (size)"] = size
            if buttons_cut(dialog):
                misfits[f"{where} (buttons cut)"] = buttons_cut(dialog)

    actions = dialog_actions(window)
    game_only = (window.undo_action, window.redo_action, window.hint_action)   # no dialog: after the texts
    opened: dict[str, int] = {}
    for name, action in actions:
        if action not in game_only:
            open_and_close(qtbot, window, (name, action), CLOSE_WAYS[0], opened, first_opening)
    for name, action in actions:
        for way in CLOSE_WAYS[1:] if name in opened else CLOSE_WAYS:
            if not open_and_close(qtbot, window, (name, action), way, opened, first_opening) and name not in opened:
                break   # not a dialog (copy, flip …)
    return opened


def open_and_close(qtbot, window, item: tuple[str, QAction], way: str,  # noqa: ANN001 - the MainWindow
                   opened: dict[str, int], first_opening: Callable[[str, list[QDialog], set[QWidget]], None]) -> bool:
    """Trigger the menu item (when enabled) and close the dialog it shows ``way``, counted in ``opened``;
    on its first opening ``first_opening`` is told what it showed (and what was there before). False when
    it showed no dialog (the test fails when it showed one before)."""
    name, action = item
    if not action.isEnabled():
        return False
    before = set(QApplication.topLevelWidgets())
    shown = open_by(qtbot, action)
    if name not in opened:
        first_opening(name, shown, before)
    if not shown and opened.get(name):
        pytest.fail(f"{name} opened a dialog once, then not after it was closed ({way})")
    if not shown:
        return False
    opened[name] = opened.get(name, 0) + 1
    close(qtbot, shown[0], way)
    close_all(qtbot)
    stop_a_match(qtbot, window)
    return True


# Texts known to fail the walk (none now; the database search's material example, RHC-RC, was the last: it is
# written 车马炮-车炮 in Chinese, which the search reads too).
REMAINING: set[tuple[str, str]] = set()


def test_focus_comes_back_to_the_board_after_a_book_was_built_from_a_folder(app_window, qtbot, tmp_path,
                                                                             shared_data: Path) -> None:
    window = app_window(1280, 880)
    books = window.book_ui
    job = books.start_build([str(shared_data / "games" / "eleeye")], str(tmp_path / "x.book"))
    assert job is not None
    qtbot.waitUntil(lambda: books.job is None, timeout=60_000)
    close_all(qtbot)   # "opening book built"
    for _ in range(2):
        window.menuBar().setFocus()
        dialog = books.open_dialog()
        dialog.reject()
        qtbot.waitUntil(lambda: window.board.hasFocus())

