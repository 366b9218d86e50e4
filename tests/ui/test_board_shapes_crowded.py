"""A move whose comment carries thousands of drawn shapes (a hostile or broken record): the board shows the
first ``MAX_SHAPES_PER_MOVE``, reads the comment once per move (not once per repaint), says so in the status
bar naming the move, and refuses to draw on it (writing the comment back would lose the shapes not shown)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_board_shapes import B0, C2, E5, right_drag, shown_comment
from test_record_ui_support import build_window, play

from xiangqi.record.comment_commands import MAX_SHAPES_PER_MOVE, Brush, Shape, shape_commands
from xiangqi.ui.record.record_actions import RecordUi
from xiangqi.ui.share import drawing
from xiangqi.ui.share.share_actions import install_share_ui
from xiangqi.ui.shell.main_window import MainWindow


@pytest.fixture
def drawing_window(qtbot, tmp_path: Path) -> tuple[MainWindow, RecordUi]:  # noqa: ANN001 - pytest-qt's bot
    window, ui = build_window(qtbot, tmp_path)
    install_share_ui(window, ui.file_menu, ui.edit_menu)
    window.show()
    qtbot.waitExposed(window)
    return window, ui


def every_shape() -> list[Shape]:
    """All 32,400 shapes a move can carry: 4 colours x (90 x 89 arrows + 90 circles)."""
    return [Shape(brush, start, end) for brush in Brush for start in range(90) for end in range(90)]


def test_every_shape_is_cut_to_the_limit_read_once_and_named(
        qtbot, drawing_window: tuple[MainWindow, RecordUi], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    window, _ui = drawing_window
    play(window, "h2e2")
    reads: list[int] = []
    real = drawing.read_shape_commands
    monkeypatch.setattr(drawing, "read_shape_commands", lambda text: reads.append(len(text)) or real(text))
    comment = shape_commands(every_shape())
    window.controller.game.cursor.comment = comment
    for _ in range(3):
        window.board.repaint()
    assert reads == [len(comment)]                         # once for the move, not once per repaint
    assert len(window.board.shapes.shapes()) == MAX_SHAPES_PER_MOVE
    qtbot.waitUntil(lambda: "1. 炮二平五" in window.statusBar().currentMessage())
    assert str(MAX_SHAPES_PER_MOVE) in window.statusBar().currentMessage()
    right_drag(qtbot, window.board, B0, C2)                # drawing would lose the shapes not shown: refused
    qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=window.board.point_of(E5))
    assert shown_comment(window) is comment


def test_a_shape_past_the_limit_is_refused(qtbot, drawing_window) -> None:  # noqa: ANN001
    window, _ui = drawing_window
    play(window, "h2e2")
    full = [Shape(Brush.GREEN, start, end) for start in range(3) for end in range(90) if end != start]
    window.controller.game.cursor.comment = shape_commands(full[:MAX_SHAPES_PER_MOVE])
    before = shown_comment(window)
    right_drag(qtbot, window.board, E5, E5)
    assert shown_comment(window) == before
    assert str(MAX_SHAPES_PER_MOVE) in window.statusBar().currentMessage()



def test_many_shapes_are_drawn_once_and_repaints_copy_them(qtbot, drawing_window,  # noqa: ANN001
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtGui import QImage

    from xiangqi.ui.board import shapes as board_shapes
    window, _ui = drawing_window
    play(window, "h2e2")
    window.controller.game.cursor.comment = shape_commands(every_shape()[:MAX_SHAPES_PER_MOVE])
    painted: list[int] = []
    real = board_shapes.paint_shapes
    monkeypatch.setattr(board_shapes, "paint_shapes", lambda p, g, s: painted.append(len(s)) or real(p, g, s))
    layered: QImage = window.board.grab().toImage()
    window.board.grab()
    assert painted == [MAX_SHAPES_PER_MOVE]                  # the second repaint copied the layer
    monkeypatch.setattr(board_shapes, "CACHED_FROM", 10_000)
    direct: QImage = window.board.grab().toImage()
    assert painted == [MAX_SHAPES_PER_MOVE] * 2
    worst = max(abs(a - b) for x in range(0, layered.width(), 7) for y in range(0, layered.height(), 7)
                for a, b in zip(layered.pixelColor(x, y).getRgb(), direct.pixelColor(x, y).getRgb(), strict=True))
    assert worst <= 4, worst                  # the same picture (the layer rounds its translucent colours)
