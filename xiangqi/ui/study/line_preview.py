"""The position a move of an analysis line leads to, shown beside the mouse while it points at that move
(lichess's hover board): a small picture of the board in the board's own look, with the move marked and
its text under it. It only shows: the analysis goes on with the position on the board."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QCursor, QGuiApplication, QPixmap
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.game.notation_text import line_text
from xiangqi.ui.board.board_render import BoardPicture, PictureStyle, render_image
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.common.i18n import traditional_moves

PREVIEW_WIDTH = 220    # px of the small board
CURSOR_GAP = 18        # px between the mouse and the preview


class LinePreview(QWidget):
    """A tool-tip-like window: the board after a line's moves."""

    def __init__(self, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.ToolTip)
        self.setObjectName("line_preview")
        self.board = board
        self.picture = QLabel(self)
        self.caption = QLabel(self)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(3, 3, 3, 3)
        layout.setSpacing(2)
        layout.addWidget(self.picture)
        layout.addWidget(self.caption)
        self.shown_moves: tuple[Move, ...] = ()

    def show_line(self, start: Position, moves: Sequence[Move], notation: Notation) -> None:
        """The position after ``moves`` from ``start`` next to the mouse; nothing (hidden) for no moves."""
        self.shown_moves = tuple(moves)
        if not moves:
            self.hide()
            return
        position = start.copy()
        for move in moves:
            position.push(move)
        style = PictureStyle(self.board.theme, self.board.pieces, "none", self.board.flipped)
        image = render_image(BoardPicture.of(position, moves[-1]), style, PREVIEW_WIDTH)
        self.picture.setPixmap(QPixmap.fromImage(image))
        texts = line_text(start, list(moves), notation, traditional=traditional_moves())
        self.caption.setText(f"{len(moves)}. {texts[-1]}")
        self.adjustSize()
        self.move(self._place(QCursor.pos()))
        self.show()

    def _place(self, cursor: QPoint) -> QPoint:
        """Beside the mouse, kept on its screen (left of it when there is no room on the right)."""
        screen = QGuiApplication.screenAt(cursor) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else QRect(0, 0, 10_000, 10_000)
        x = cursor.x() + CURSOR_GAP
        if x + self.width() > room.right():
            x = cursor.x() - CURSOR_GAP - self.width()
        y = min(max(room.top(), cursor.y() - self.height() // 2), room.bottom() - self.height())
        return QPoint(max(room.left(), x), y)


__all__ = ["LinePreview", "PREVIEW_WIDTH"]
