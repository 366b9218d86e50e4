"""The shapes drawn on the board kept in the record: the shown move's comment holds them as ``[%cal]`` /
``[%csl]`` commands, so saving the game in any format with comments keeps them and pictures, printed
sheets and the ``image`` command draw them."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from xiangqi.play.controller import GameController
from xiangqi.record.comment_commands import Shape, read_shapes, with_shapes


class RecordShapes:
    """The ``ShapeStore`` of the main window's board: the shapes of the move the board shows."""

    def __init__(self, controller: GameController, board: QWidget) -> None:
        self.controller, self.board = controller, board

    def shapes(self) -> tuple[Shape, ...]:
        return read_shapes(self.controller.game.cursor.comment)

    def set_shapes(self, shapes: tuple[Shape, ...]) -> None:
        node = self.controller.game.cursor
        comment = with_shapes(node.comment, shapes)
        if comment != node.comment:
            node.comment = comment
            self.controller.record_changed()   # the record is modified; the comment panel shows the words
            self.board.update()
