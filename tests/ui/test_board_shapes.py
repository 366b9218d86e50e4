"""Drawing on the board with the right button, as a user does: arrows and circles in lichess's colours go
into the shown move's comment as ``[%cal]`` / ``[%csl]``, are saved, read back and shown; the comment
panel shows the words only; a left click clears them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from test_record_ui_support import SAMPLE_XQF, build_window, play

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.record import load_games
from xiangqi.record.comment_commands import Brush, Shape, read_shapes
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.board.shapes import BRUSH_COLORS, SHAPE_ALPHA
from xiangqi.ui.record.record_actions import RecordUi
from xiangqi.ui.share.share_actions import install_share_ui
from xiangqi.ui.shell.main_window import MainWindow

B0, C2, H2, E2, E5 = 1, 20, 25, 22, 49
NONE = Qt.KeyboardModifier.NoModifier
SHIFT, CTRL, ALT = (Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.ControlModifier,
                    Qt.KeyboardModifier.AltModifier)


@pytest.fixture
def drawing_window(qtbot, tmp_path: Path) -> tuple[MainWindow, RecordUi]:  # noqa: ANN001 - pytest-qt's bot
    window, ui = build_window(qtbot, tmp_path)
    install_share_ui(window, ui.file_menu, ui.edit_menu)
    window.show()
    qtbot.waitExposed(window)
    return window, ui


def right_drag(qtbot, board: BoardView, start: int, end: int,  # noqa: ANN001
               modifiers: Qt.KeyboardModifier = NONE) -> None:
    right = Qt.MouseButton.RightButton
    qtbot.mousePress(board, right, modifiers, board.point_of(start))
    if end != start:
        qtbot.mouseMove(board, board.point_of(end))
    qtbot.mouseRelease(board, right, modifiers, board.point_of(end))


def shown_comment(window: MainWindow) -> str:
    return window.controller.game.cursor.comment


def test_modifiers_pick_lichess_colours_and_the_comment_holds_the_commands(
        qtbot, drawing_window: tuple[MainWindow, RecordUi]) -> None:  # noqa: ANN001
    window, ui = drawing_window
    play(window, "h2e2")
    board = window.board
    right_drag(qtbot, board, B0, C2)                      # plain: green arrow
    right_drag(qtbot, board, 26, 44, SHIFT)                 # Shift: red arrow i2 -> i4
    right_drag(qtbot, board, E5, E5, ALT)                 # Alt: blue circle
    right_drag(qtbot, board, 0, 0, SHIFT | ALT)           # Shift+Alt: yellow circle
    right_drag(qtbot, board, 8, 8, CTRL)                  # Ctrl: red, as chessground
    assert shown_comment(window) == "[%cal Gb0c2,Ri2i4] [%csl Be5,Ya0,Ri0]"
    assert ui.link.modified
    assert ui.panel.comment_edit.toPlainText() == ""      # the panel hides the commands
    right_drag(qtbot, board, B0, C2)                      # the same arrow again takes it away
    right_drag(qtbot, board, E5, E5, SHIFT)               # the same circle in red recolours it
    assert read_shapes(shown_comment(window)) == (Shape(Brush.RED, 26, 44), Shape.circle(Brush.RED, E5),
                                                  Shape.circle(Brush.YELLOW, 0), Shape.circle(Brush.RED, 8))


def test_the_shapes_are_painted_where_they_were_drawn(qtbot, drawing_window) -> None:  # noqa: ANN001
    window, _ui = drawing_window
    board = window.board
    point = board.point_of(E5 + 9)                       # e6: an empty point, the ring is drawn round it
    radius = round(board.board_geometry().piece_diameter / 2 + 1)
    rim = QPoint(point.x() + radius, point.y())
    before = board.grab().toImage().pixelColor(rim)
    right_drag(qtbot, board, E5 + 9, E5 + 9)
    image: QImage = board.grab().toImage()
    after = image.pixelColor(rim)
    green = QColor(BRUSH_COLORS[Brush.GREEN])
    alpha = SHAPE_ALPHA / 255
    expected = [alpha * g + (1 - alpha) * b for g, b in zip(green.getRgb()[:3], before.getRgb()[:3], strict=True)]
    got = after.getRgb()[:3]
    assert all(abs(g - w) < 25 for g, w in zip(got, expected, strict=True)), (after.name(), expected)
    assert shown_comment(window) == "[%csl Ge6]"


def test_a_left_click_clears_the_shown_moves_shapes(qtbot, drawing_window) -> None:  # noqa: ANN001
    window, _ui = drawing_window
    play(window, "h2e2")
    window.controller.game.cursor.comment = "好棋"
    board = window.board
    right_drag(qtbot, board, B0, C2)
    assert shown_comment(window) == "[%cal Gb0c2] 好棋"
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, NONE, board.point_of(E5))
    assert shown_comment(window) == "好棋"                # the words stay


def test_drawn_shapes_are_saved_reopened_and_shown(qtbot, drawing_window, shared_data: Path,  # noqa: ANN001
                                                   tmp_path: Path) -> None:
    window, ui = drawing_window
    assert ui.open_file(shared_data / "games" / SAMPLE_XQF)
    first = ui.link.record.mainline()[0]
    ui.link.go_to(first)
    words = ui.panel.comment_edit.toPlainText()
    right_drag(qtbot, window.board, B0, C2, SHIFT)
    right_drag(qtbot, window.board, E5, E5)
    out = tmp_path / "drawn.pgn"
    assert ui.save_as_file(out, Notation.CHINESE)
    assert "[%cal Rb0c2] [%csl Ge5]" in out.read_text(encoding="utf-8")
    (again,) = load_games(out)
    assert again.errors == [] and read_shapes(again.mainline()[0].comment) == (
        Shape(Brush.RED, B0, C2), Shape.circle(Brush.GREEN, E5))
    assert ui.open_file(out)
    ui.link.go_to(ui.link.record.mainline()[0])
    assert window.board.shapes.shapes() == (Shape(Brush.RED, B0, C2), Shape.circle(Brush.GREEN, E5))
    assert ui.panel.comment_edit.toPlainText() == words
    ui.link.go_to(ui.link.record.root)
    assert window.board.shapes.shapes() == ()             # shapes belong to their move


def test_nothing_is_drawn_where_there_is_no_record() -> None:
    from xiangqi.ui.board.shapes import ShapeLayer, brush_for
    layer = ShapeLayer()
    assert layer.shapes() == () and layer.pending() is None
    assert brush_for(NONE) is Brush.GREEN and brush_for(CTRL | ALT) is Brush.YELLOW
    assert brush_for(Qt.KeyboardModifier.MetaModifier) is Brush.BLUE
    assert Move(B0, C2).iccs() == "b0c2"


def test_typing_a_comment_keeps_the_shapes(qtbot, drawing_window) -> None:  # noqa: ANN001
    window, ui = drawing_window
    play(window, "h2e2")
    right_drag(qtbot, window.board, B0, C2, SHIFT)
    ui.panel.comment_edit.setPlainText("中炮")             # the user types in the comment panel
    assert shown_comment(window) == "[%cal Rb0c2] 中炮"
    assert window.board.shapes.shapes() == (Shape(Brush.RED, B0, C2),)
    right_drag(qtbot, window.board, B0, C2, SHIFT)         # drawn again: gone, the words stay
    assert shown_comment(window) == "中炮" and ui.panel.comment_edit.toPlainText() == "中炮"
