"""Insufficient material in the app (issue 15, item 10): taking the last piece that could cross the river
ends the game at once as a draw, and the referee says why (not at the 60-move limit)."""

from __future__ import annotations

import real_window
from real_window import click

from xiangqi.core import Termination
from xiangqi.game.setup import GameSetup
from xiangqi.ui.play.result_dialog import ResultDialog

app_window = real_window.app_window   # the fixture

LAST_PAWN = "3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1"   # black's last pawn checks red's king


def test_taking_the_last_attacker_is_a_draw_the_referee_explains(app_window, qtbot) -> None:
    window = app_window(1280, 880, language="zh_CN")
    window.start_game(GameSetup(engine=None, start_fen=LAST_PAWN))
    click(qtbot, window, "e0")
    click(qtbot, window, "e1")   # 帅吃卒
    qtbot.waitUntil(lambda: any(isinstance(d, ResultDialog) for d in window.dialogs), timeout=5_000)
    result = window.controller.game.result
    assert result.reason is Termination.INSUFFICIENT_MATERIAL and result.winner is None
    dialog = next(d for d in window.dialogs if isinstance(d, ResultDialog))
    assert dialog.headline.text() == "和棋" and "双方都已无进攻子力" in dialog.detail.text()
