"""A normal session of the real app (``xiangqi.ui.shell.app.run``), driven by timers in its own event loop:
start a game, open and close the settings twice (Esc, then OK), the engine manager twice, the rules, the
new-game dialog (OK), play two moves, take one back, close the window without saving. Run as a child
process by test_quiet_stderr.py, which checks that nothing was written to stderr."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

import xiangqi.ui.shell.app as app_module
from xiangqi.core import Move, parse_square
from xiangqi.ui.shell.main_window import MainWindow

# Between steps the event loop runs on its own (deletes closed dialogs, runs zero-delay timers) as it does
# between a user's clicks: a pause, not a wait for something (each step finds what it needs already there;
# it was 300 ms: 5 s of each run's wall time spent idle).
STEP_MS = 30


def escape(dialog: QDialog) -> None:
    QApplication.sendEvent(dialog, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape,
                                             Qt.KeyboardModifier.NoModifier))


def top_dialog(window: MainWindow) -> QDialog:
    return window.dialogs[-1]


def answer_open_dialogs(window: MainWindow) -> None:
    """The start-up question (resume a game?) or the new game: No / cancel."""
    for dialog in list(window.dialogs):
        if isinstance(dialog, QMessageBox) and dialog.button(QMessageBox.StandardButton.No) is not None:
            dialog.button(QMessageBox.StandardButton.No).click()
        else:
            dialog.reject()


def steps(window: MainWindow) -> list[Callable[[], object]]:
    appearance = window.appearance_ui
    assert appearance is not None
    return [
        lambda: answer_open_dialogs(window),
        appearance.settings_action.trigger,
        lambda: escape(top_dialog(window)),
        appearance.settings_action.trigger,
        lambda: top_dialog(window).accept(),
        appearance.engines_action.trigger,
        lambda: top_dialog(window).reject(),
        appearance.engines_action.trigger,
        lambda: escape(top_dialog(window)),
        window.new_action.trigger,
        lambda: answer_open_dialogs(window),
        lambda: window.controller.study.play_line([Move(parse_square("h2"), parse_square("e2")),
                                             Move(parse_square("h9"), parse_square("g7"))]),
        window.undo_action.trigger,
        window.menuBar().actions()[-1].menu().actions()[0].trigger,   # 帮助 › 象棋规则
        lambda: top_dialog(window).reject(),
        window.close,
        lambda: answer_open_dialogs(window) if window.dialogs else None,   # unsaved game: discard
        lambda: window.record_ui.discard_and_close() if window.isVisible() and window.record_ui else None,
    ]


def drive(window: MainWindow) -> None:
    queue = steps(window)

    def next_step() -> None:
        if not queue:
            return
        try:
            queue.pop(0)()
        except Exception:   # the script cannot go on: say why (on stderr) and end the session
            traceback.print_exc()
            QApplication.exit(1)
            return
        QTimer.singleShot(STEP_MS, next_step)

    QTimer.singleShot(STEP_MS, next_step)   # run() has shown the window and any start-up question by then


def main() -> int:
    build = app_module.build_main_window

    def build_and_drive(look: app_module.Appearance, autosave: app_module.AutosaveStore) -> MainWindow:
        window = build(look, autosave)
        drive(window)
        return window

    app_module.build_main_window = build_and_drive
    return app_module.run([])


if __name__ == "__main__":
    sys.exit(main())
