"""The main window in 简体中文 on a real X display with Qt's AT-SPI bridge on: once the bridge is active,
type two moves and a wrong one into the move box and ask View › Describe the position; then wait to be
terminated. Used by tests/ui/test_accessibility_atspi.py."""

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv)
app.setApplicationName("xiangqi")

from xiangqi.game.setup import GameSetup  # noqa: E402 (after the application, like the app)
from xiangqi.play.controller import GameController  # noqa: E402
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet  # noqa: E402
from xiangqi.ui.common.i18n import install_translator  # noqa: E402
from xiangqi.ui.shell.main_window import MainWindow  # noqa: E402

install_translator(app, "zh_CN")
window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
window.show()
window.start_game(GameSetup(engine=None))


def type_move(text: str) -> None:
    window.move_box.focus()
    window.move_box.edit.setText(text)
    QTest.keyClick(window.move_box.edit, Qt.Key.Key_Return)


STEPS = [lambda: type_move("h2e2"), lambda: type_move("炮8平5"), lambda: type_move("xx"),
         window.announcer.describe_action.trigger]
KEY_PACE_MS = 300   # a user's pace between keys (Debian 12's pyatspi misreads announcements sent in one burst)


def play_when_the_bridge_listens() -> None:
    if not QAccessible.isActive():
        QTimer.singleShot(50, play_when_the_bridge_listens)
        return
    for index, step in enumerate(STEPS):
        QTimer.singleShot(KEY_PACE_MS * (index + 1), step)


QTimer.singleShot(0, play_when_the_bridge_listens)
app.exec()
