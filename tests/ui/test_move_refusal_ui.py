"""A move the rules refuse says why in the status bar, in the words of the rules page (issue 29 §3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.core import parse_square
from xiangqi.core.move_reason import IllegalReason
from xiangqi.play.move_refusal import REFUSALS


def click(table: Table, qtbot: QtBot, name: str) -> None:
    board = table.window.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.point_of(parse_square(name)))


@pytest.mark.parametrize(("moves", "reason"), [
    (("h0", "f1"), IllegalReason.HORSE_LEG),         # the leg g0 holds the elephant: 蹩马腿
    (("b2", "b8"), IllegalReason.PATH_BLOCKED),      # a cannon not capturing cannot jump
    (("a3", "b3"), IllegalReason.PAWN_SIDEWAYS),
    (("d0", "c1"), IllegalReason.LEAVES_PALACE),
])
def test_clicking_where_a_piece_cannot_go_says_why(qtbot: QtBot, tmp_path: Path,
                                                   moves: tuple[str, str], reason: IllegalReason) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.window.show()
    qtbot.waitExposed(table.window)
    for name in moves:
        click(table, qtbot, name)
    assert table.window.statusBar().currentMessage() == REFUSALS[reason]   # the English UI of the tests
    assert table.controller.game.ply == 0


def test_flying_general_is_named(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    table.start(start_fen="4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1")
    table.window.show()
    qtbot.waitExposed(table.window)
    click(table, qtbot, "e1")
    click(table, qtbot, "d3")
    assert table.window.statusBar().currentMessage() == REFUSALS[IllegalReason.KINGS_FACE]
