"""The position editor says what is wrong in the UI's language (issue 20): the rules core's English FEN
message stays for logs; the editor words the core's typed problem."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

import real_window
from xiangqi.core import FenError, Position
from xiangqi.core.errors import PositionFault
from xiangqi.ui.play.position_editor import PositionEditor

app_window = real_window.app_window   # the fixture


def open_editor(qtbot, window) -> PositionEditor:
    with qtbot.waitSignal(window.dialog_opened) as opened:
        window.record_ui.edit_position_action.trigger()   # 编辑 › 编辑局面…
    editor = opened.args[0]
    assert isinstance(editor, PositionEditor)
    return editor


def test_editor_words_the_problem_in_chinese(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    editor = open_editor(qtbot, window)
    clear = next(b for b in editor.findChildren(QPushButton) if b.text() == "清空棋盘")
    qtbot.mouseClick(clear, Qt.MouseButton.LeftButton)   # the kings go too: each missing one is named
    assert editor.problem_label.text() == "局面不合法：缺少红帅\n缺少黑将"
    editor.fen_edit.setText("4k4/9/9/9/9/9/9/9/9/4K4 w")   # the kings face each other
    qtbot.keyClick(editor.fen_edit, Qt.Key.Key_Return)
    assert editor.problem_label.text() == "局面不合法：黑方正被将军（或双方将帅照面），却轮到红方走棋"
    editor.fen_edit.setText("4k4/9/9/9/9/9/9/9/9/2K6 w")   # red's king out of its palace
    qtbot.keyClick(editor.fen_edit, Qt.Key.Key_Return)
    assert editor.problem_label.text() == "局面不合法：红帅（c0）在九宫之外"
    assert not any(word in editor.problem_label.text() for word in ("FEN", "palace", "red"))
    editor.reject()


@pytest.mark.parametrize(("fen", "fault", "square"), [
    ("4k4/9/9/9/9/9/9/9/9/2K6 w", PositionFault.OUTSIDE_PALACE, "c0"),
    ("4k4/9/9/9/9/9/9/9/9/3KA4 w", PositionFault.UNREACHABLE, "e0"),
    ("4k4/9/9/9/9/9/9/9/9/4KP3 w", PositionFault.PAWN_BEHIND, "f0"),
    ("9/9/9/9/9/9/9/9/9/4K4 w", PositionFault.NO_KING, ""),
])
def test_the_core_says_what_is_wrong_as_data(fen: str, fault: PositionFault, square: str) -> None:
    with pytest.raises(FenError) as caught:
        Position.from_fen(fen)
    assert caught.value.problem is not None
    assert caught.value.problem.fault is fault and caught.value.problem.square == square
    assert fen in str(caught.value)   # the English message still quotes the input
