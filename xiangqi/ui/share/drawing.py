"""The shapes drawn on the board kept in the record: the shown move's comment holds them as ``[%cal]`` /
``[%csl]`` commands, so saving the game in any format with comments keeps them and pictures, printed
sheets and the ``image`` command draw them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QWidget

from xiangqi.core import Color, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.play.controller import GameController
from xiangqi.record import GameNode
from xiangqi.record.comment_commands import (MAX_SHAPES_PER_MOVE, Shape, ShapeReading, read_shape_commands,
                                             with_shapes)

CROWDED_MESSAGE_MS = 10_000


def move_name(start_fen: str, node: GameNode, notation: Notation = Notation.CHINESE,
              traditional: bool = False) -> str:
    """"12… 炮8平5": the move's number and text (the start position when ``node`` is the root)."""
    if node.move is None:
        return QCoreApplication.translate("RecordShapes", "the start position")
    path = node.path()
    position = Position.from_fen(start_fen)
    for before in path[:-1]:
        assert before.move is not None
        position.push_unchecked(before.move)
    number = f"{position.fullmove_number}{'.' if position.turn is Color.RED else '…'}"
    try:
        text = move_to_text(position, node.move, notation, traditional=traditional)
    except ValueError:               # an illegal move kept by a lenient reader: its squares say which
        text = node.move.iccs()
    return f"{number} {text}"


class RecordShapes:
    """The ``ShapeStore`` of the main window's board: the shapes of the move the board shows. They are read
    from the comment once per move shown (and again only when the comment changes): a repaint costs the
    shapes it draws (at most ``MAX_SHAPES_PER_MOVE``), whatever the comment's size. A move whose comment
    holds more is told in the status bar, and drawing on it is refused (the shapes not shown would be
    lost on writing the comment back)."""

    def __init__(self, controller: GameController, board: QWidget, tell: Callable[[str], None],
                 describe: Callable[[GameNode], str]) -> None:
        self.controller, self.board = controller, board
        self.tell, self.describe = tell, describe
        self._read: tuple[GameNode, str, ShapeReading] | None = None

    def reading(self) -> ShapeReading:
        node = self.controller.game.cursor
        cached = self._read
        if cached is not None and cached[0] is node and cached[1] is node.comment:
            return cached[2]
        reading = read_shape_commands(node.comment)
        self._read = (node, node.comment, reading)
        if reading.crowded:           # found while painting: told once the paint is over
            QTimer.singleShot(0, lambda: self.tell(self.crowded_text(node)))
        return reading

    def crowded_text(self, node: GameNode) -> str:
        return QCoreApplication.translate(
            "RecordShapes", "{0}: the comment holds more than {1} drawn shapes; the first {1} are shown, and "
            "drawing on this move is off").format(self.describe(node), MAX_SHAPES_PER_MOVE)

    def shapes(self) -> tuple[Shape, ...]:
        return self.reading().shapes

    def set_shapes(self, shapes: tuple[Shape, ...]) -> None:
        node = self.controller.game.cursor
        if self.reading().crowded:
            self.tell(self.crowded_text(node))
            return
        if len(shapes) > MAX_SHAPES_PER_MOVE:
            self.tell(QCoreApplication.translate("RecordShapes", "At most {0} shapes can be drawn on a move")
                      .format(MAX_SHAPES_PER_MOVE))
            return
        comment = with_shapes(node.comment, shapes)
        if comment != node.comment:
            node.comment = comment
            self.controller.study.record_changed()   # the record is modified; the comment panel shows the words
            self.board.update()
