"""The board widget: paints the position the controller shows and turns clicks and drags into move
requests. It enforces no rules: it asks the controller what may be picked and where it may go."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, SupportsInt

from PySide6.QtCore import (QEasingCurve, QEvent, QPoint, QPointF, QRectF, QSize, Qt, QTimer, QVariantAnimation,
                            Signal, SignalInstance)
from PySide6.QtGui import (QColor, QFocusEvent, QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPixmap,
                           QResizeEvent)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from xiangqi.core import Color, Move
from xiangqi.ui.board import board_paint as bp
from xiangqi.ui.board.board_cursor import BoardCursor
from xiangqi.ui.board.board_geometry import BoardGeometry
from xiangqi.ui.board.shapes import ShapeLayer
from xiangqi.ui.board.themes import BoardLook, PieceLook

ILLEGAL_FLASH_MS = 300
MOVE_ANIMATION_MS = 150   # short: the eye follows the piece, the game does not wait for it


class BoardCells(Protocol):
    """The 90 cells, read by square: a Position's numpy view or the editor's list."""

    def __getitem__(self, sq: int, /) -> SupportsInt: ...


class ShownPosition(Protocol):
    """The position the board paints: the game's ``Position`` or the position editor's cells."""

    @property
    def board(self) -> BoardCells: ...
    @property
    def turn(self) -> Color: ...

    def is_check(self) -> bool: ...
    def king_square(self, color: Color) -> int: ...


class ShownGame(Protocol):
    @property
    def ply(self) -> int: ...


class BoardModel(Protocol):
    """What the board asks of the object behind it: the game controller, or the position editor's model."""

    @property
    def changed(self) -> SignalInstance: ...
    @property
    def game(self) -> ShownGame | None: ...      # None: nothing is played (the editor), no moves to animate
    @property
    def view_ply(self) -> int | None: ...
    @property
    def hint(self) -> Move | None: ...

    def board_position(self) -> ShownPosition: ...
    def displayed_last_move(self) -> Move | None: ...
    def can_pick(self, sq: int) -> bool: ...
    def targets(self, sq: int) -> list[int]: ...
    def try_move(self, move: Move) -> bool: ...


@dataclass(frozen=True)
class MovingPiece:
    """The piece gliding from ``from_sq`` to ``to_sq`` while the move animation runs."""

    piece: int
    from_sq: int
    to_sq: int


BOARD_INSET = 8   # px between the board and the widget edge (the window edge on the left)


class BoardView(QWidget):
    square_clicked = Signal(int)   # for tests and the status bar: a point was clicked

    def __init__(self, controller: BoardModel, theme: BoardLook, pieces: PieceLook,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.theme, self.pieces = theme, pieces
        self.coordinates = "traditional"
        self.digit_files = False   # red's files as 9…1 (set_digit_files)
        self.show_hints = self.show_last_move = self.show_arrow = True
        self.animate_moves = False       # the app turns it on from the settings (on by default there)
        self.flipped = False
        self.selected: int | None = None
        self.banner: str | None = None
        self._static: QPixmap | None = None
        self._press_pos: QPointF | None = None
        self._drag_pos: QPointF | None = None
        self._flash_sq: int | None = None
        self._shown = self._shown_state()
        self._dropped = False            # the move being played was dragged there: nothing to animate
        self.moving: MovingPiece | None = None
        self.shapes = ShapeLayer()       # drawn arrows and circles, analysis arrows (right button)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(MOVE_ANIMATION_MS)
        self.animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.animation.valueChanged.connect(self.update)
        self.animation.finished.connect(self._animation_done)
        self.setMinimumSize(270, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(False)
        controller.changed.connect(self._on_model_changed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # Tab reaches the board: keyboard play
        self.keyboard_cursor = BoardCursor(self, self)

    # ------------------------------------------------------------------ settings
    def sizeHint(self) -> QSize:
        return QSize(630, 700)

    def set_appearance(self, theme: BoardLook, pieces: PieceLook) -> None:
        self.theme, self.pieces = theme, pieces
        self._invalidate()

    def set_coordinates(self, mode: str) -> None:
        self.coordinates = mode
        self._invalidate()

    def set_digit_files(self, digits: bool) -> None:
        """Number red's files 9…1 instead of 九…一 (the moves are written in WXF or ICCS, not Chinese)."""
        self.digit_files = digits
        self._invalidate()

    def shown_coordinates(self) -> str:
        """The coordinates as painted: the setting, with traditional files in digits when asked."""
        if self.digit_files and self.coordinates == "traditional":
            return bp.DIGIT_FILES
        return self.coordinates

    def set_flipped(self, flipped: bool) -> None:
        self.flipped = flipped
        self._invalidate()

    def flip(self) -> None:
        self.set_flipped(not self.flipped)

    def set_banner(self, text: str | None) -> None:
        self.banner = text
        self.update()

    def board_geometry(self) -> BoardGeometry:
        return BoardGeometry.fit(self.width(), self.height(), self.flipped, inset=BOARD_INSET)

    def point_of(self, sq: int) -> QPoint:
        """Widget pixel of a board point (used by tests to click like a user)."""
        return self.board_geometry().point(sq).toPoint()

    def _invalidate(self) -> None:
        self._static = None
        self.update()

    def _shown_state(self) -> tuple[object, int] | None:
        """The game shown and how many of its moves (None for a model without a game: the editor)."""
        c = self.controller
        game = c.game
        return None if game is None else (game, game.ply if c.view_ply is None else c.view_ply)

    def _on_model_changed(self) -> None:
        if self.selected is not None and not self.controller.can_pick(self.selected):
            self.selected = None
        shown, old = self._shown_state(), self._shown
        self._shown = shown
        one_forward = shown is not None and old is not None and shown == (old[0], old[1] + 1)
        if self.animate_moves and not self._dropped and one_forward:
            self._animate(self.controller.displayed_last_move())
        self._dropped = False
        self.update()

    def _animate(self, move: Move | None) -> None:
        """Let the piece of the move just shown glide from its old point to its new one."""
        if move is None:
            return
        self.animation.stop()
        self.moving = MovingPiece(int(self.controller.board_position().board[move.to_sq]),
                                  move.from_sq, move.to_sq)
        self.animation.start()

    def _animation_done(self) -> None:
        self.moving = None
        self.update()

    def moving_rect(self, geo: BoardGeometry) -> QRectF | None:
        """Where the moving piece is drawn now (None when no move is animating)."""
        if self.moving is None:
            return None
        start, end = geo.piece_rect(self.moving.from_sq), geo.piece_rect(self.moving.to_sq)
        t = float(self.animation.currentValue() or 0.0)
        return start.translated((end.topLeft() - start.topLeft()) * t)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._static = None
        super().resizeEvent(event)

    # ------------------------------------------------------------------ painting
    def _static_layer(self, geo: BoardGeometry) -> QPixmap:
        if self._static is None:
            dpr = self.devicePixelRatioF()
            pixmap = QPixmap(QSize(round(self.width() * dpr), round(self.height() * dpr)))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(self.palette().window().color())
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            bp.paint_static(painter, geo, self.theme, self.shown_coordinates())
            painter.end()
            self._static = pixmap
        return self._static

    def paintEvent(self, event: QPaintEvent) -> None:
        geo = self.board_geometry()
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._static_layer(geo))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        position = self.controller.board_position()
        self._paint_under_pieces(painter, geo, position)
        self._paint_pieces(painter, geo, position)
        self._paint_over_pieces(painter, geo, position)
        if self.banner:
            self._paint_banner(painter, geo, self.banner)
        self.keyboard_cursor.paint(painter, geo, self.hasFocus())
        painter.end()

    def _paint_under_pieces(self, painter: QPainter, geo: BoardGeometry, position: ShownPosition) -> None:
        last = self.controller.displayed_last_move() if self.show_last_move else None
        check = position.king_square(position.turn) if position.is_check() else None
        bp.paint_under_pieces(painter, geo, self.theme, last, check)

    def _paint_pieces(self, painter: QPainter, geo: BoardGeometry, position: ShownPosition) -> None:
        dpr = self.devicePixelRatioF()
        board = position.board
        dragging = self.selected if self._drag_pos is not None else None
        arriving = self.moving.to_sq if self.moving is not None else None
        for sq in range(90):
            value = int(board[sq])
            if value and sq != dragging and sq != arriving:
                bp.paint_piece(painter, self.pieces, value, geo.piece_rect(sq), dpr)
        moving_rect = self.moving_rect(geo)
        if self.moving is not None and moving_rect is not None:
            bp.paint_piece(painter, self.pieces, self.moving.piece, moving_rect, dpr)

    def _paint_over_pieces(self, painter: QPainter, geo: BoardGeometry, position: ShownPosition) -> None:
        board = position.board
        if self.selected is not None:
            bp.paint_ring(painter, geo, self.selected, self.theme.highlight, max(2.0, geo.cell / 16))
            if self.show_hints:
                occupied = {sq for sq in range(90) if board[sq]}
                bp.paint_hints(painter, geo, self.controller.targets(self.selected), occupied,
                               self.theme.hint)
        hint = self.controller.hint
        if self.show_arrow and hint is not None and self.controller.view_ply is None:
            bp.paint_arrow(painter, geo, hint.from_sq, hint.to_sq, self.theme.hint)
        self.shapes.paint(painter, geo)
        if self._flash_sq is not None:
            bp.paint_ring(painter, geo, self._flash_sq, self.theme.check, max(2.0, geo.cell / 14))
        if self._drag_pos is not None and self.selected is not None:
            d = geo.piece_diameter
            rect = QRectF(self._drag_pos.x() - d / 2, self._drag_pos.y() - d / 2, d, d)
            bp.paint_piece(painter, self.pieces, int(board[self.selected]), rect, self.devicePixelRatioF())

    def _paint_banner(self, painter: QPainter, geo: BoardGeometry, text: str) -> None:
        band = QRectF(geo.left - geo.cell * 0.5, geo.top + 3.9 * geo.cell, 9 * geo.cell, 1.2 * geo.cell)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 200))
        painter.drawRoundedRect(band, geo.cell * 0.2, geo.cell * 0.2)
        font = QFont(self.font())
        font.setPixelSize(max(8, round(geo.cell * 0.45)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, text)

    # ------------------------------------------------------------------ input
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.shapes.press(event, self.board_geometry()):
            self.update()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        sq = self.board_geometry().square_at(event.position())
        if sq is None:
            return
        self.square_clicked.emit(sq)
        self.press_point(sq)
        if self.selected == sq:
            self._press_pos = event.position()

    def press_point(self, sq: int) -> None:
        """A click on ``sq`` (or Enter on the keyboard cursor there): pick up a piece or move the picked one."""
        if self.controller.can_pick(sq):
            self.selected = sq
        elif self.selected is not None:
            self._request(Move(self.selected, sq))
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.shapes.move(event, self.board_geometry()):
            self.update()
            return
        if self._press_pos is None or self.selected is None:
            return
        moved = (event.position() - self._press_pos).manhattanLength()
        if self._drag_pos is not None or moved >= QApplication.startDragDistance():
            self._drag_pos = event.position()
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.shapes.release(event, self.board_geometry()):
            self.update()
            return
        dragged, self._drag_pos, self._press_pos = self._drag_pos is not None, None, None
        if dragged and self.selected is not None:
            sq = self.board_geometry().square_at(event.position())
            if sq is not None and sq != self.selected:
                self._dropped = True     # the piece is already where the user let it go
                self._request(Move(self.selected, sq))
                self._dropped = False
        self.update()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and self.keyboard_cursor.claims(event):
            event.accept()   # the awake cursor's arrows, Enter and Space before the window's shortcuts
            return True
        return super().event(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.keyboard_cursor.focus_in(event.reason())
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.keyboard_cursor.focus_out()
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.keyboard_cursor.key(event):
            return
        if event.key() == Qt.Key.Key_Escape and self.selected is not None:
            self.selected = None
            self.update()
            return
        super().keyPressEvent(event)

    def _request(self, move: Move) -> None:
        if self.controller.try_move(move):
            self.selected = None
        else:
            self._flash_sq = move.to_sq
            QTimer.singleShot(ILLEGAL_FLASH_MS, self._clear_flash)

    def _clear_flash(self) -> None:
        self._flash_sq = None
        self.update()
