"""Moves glide to their new point (setting ``animate_moves``). The tests drive the animation's clock
themselves or wait for its ``finished`` signal: nothing depends on how fast the machine is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from xiangqi.core import Move, parse_square
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.game.setup import GameSetup
from xiangqi.ui.shell.main_window import MainWindow


@pytest.fixture
def board(qtbot):
    controller = GameController()
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    window.resize(1000, 800)
    window.show()
    qtbot.waitExposed(window)
    controller.new_game(GameSetup(engine=None))
    window.board.animate_moves = True
    return window.board


def pixel(board, name: str) -> QColor:
    image = board.grab().toImage()
    return QColor(image.pixel(board.point_of(parse_square(name)) * board.devicePixelRatioF()))


def test_a_move_glides_from_its_point_to_the_new_one(board, qtbot):
    empty_e2 = pixel(board, "e2")
    assert board.controller.try_move(Move.from_iccs("h2e2"))
    assert board.moving is not None and (board.moving.from_sq, board.moving.to_sq) == (
        parse_square("h2"), parse_square("e2"))
    board.animation.pause()
    board.animation.setCurrentTime(0)                 # the piece has not left yet
    geo = board.board_geometry()
    assert board.moving_rect(geo) == geo.piece_rect(parse_square("h2"))
    assert pixel(board, "e2") == empty_e2
    board.animation.setCurrentTime(board.animation.duration() // 2)
    middle = board.moving_rect(geo).center()
    assert geo.point(parse_square("e2")).x() < middle.x() < geo.point(parse_square("h2")).x()
    with qtbot.waitSignal(board.animation.finished):
        board.animation.resume()
    assert board.moving is None and pixel(board, "e2") != empty_e2


def test_no_animation_when_switched_off_when_dragged_or_when_taken_back(board, qtbot):
    board.animate_moves = False
    board.controller.try_move(Move.from_iccs("h2e2"))
    assert board.moving is None
    board.animate_moves = True
    a, b = board.point_of(parse_square("h7")), board.point_of(parse_square("e7"))
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(board, QPoint((a.x() + b.x()) // 2, a.y()))
    qtbot.mouseMove(board, b)
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=b)
    assert [m.iccs() for m in board.controller.game.moves] == ["h2e2", "h7e7"]
    assert board.moving is None                         # the dragged piece is already there
    board.controller.undo()
    assert board.moving is None                         # undo jumps back
    board.controller.redo()                             # one ply forward: it glides again
    assert board.moving is not None and board.animation.state() == board.animation.State.Running
