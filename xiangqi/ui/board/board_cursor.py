"""Keyboard play on the board: a cursor the arrow keys move over the 90 points; Enter or Space picks up the
piece under it and drops it on the point chosen next (the same as two clicks), Escape puts a picked piece
back and then lets the arrow keys go back to the window (←/→ step through the moves again).

The cursor wakes when the board gets the focus from the keyboard (Tab, a shortcut, Escape from the move
box) or on Enter; while awake the board keeps the arrow keys, Enter and Space for itself. Whenever the board
has the focus a frame round it says so (not right after a mouse click, until a key is pressed there, like
the web's :focus-visible), and the awake cursor is a bold square the theme's colours cannot hide (a dark
and a light outline)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen

from xiangqi.ui.board.board_geometry import FILES, RANKS, BoardGeometry

KEYBOARD_REASONS = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason,
                    Qt.FocusReason.ShortcutFocusReason)
STEPS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
PICK_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
DARK, LIGHT = QColor("#000000"), QColor("#ffeb3b")   # two outlines: one of them shows on any board


class CursorBoard(Protocol):
    """What the cursor needs of the board widget (``BoardView``)."""

    selected: int | None

    def board_geometry(self) -> BoardGeometry: ...
    def press_point(self, sq: int) -> None: ...
    def hasFocus(self) -> bool: ...  # noqa: N802 (Qt's name)
    def update(self) -> None: ...


class BoardCursor(QObject):
    """The cursor's point and whether it is awake; ``moved`` after each step (the announcer reads it)."""

    moved = Signal(int)          # the point now under the cursor
    picked = Signal(int)         # Enter picked up the piece on this point
    refused = Signal(int, int)   # the picked piece (from, to) may not go there
    awake_changed = Signal(bool)

    def __init__(self, board: CursorBoard, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.square = 4 + FILES * 3   # e3: the middle of red's side until the player moves it
        self.awake = False
        self.focus_shown = False   # the frame: not after a click (the mouse user sees where they are)

    def wake(self, sq: int | None = None) -> None:
        if sq is not None:
            self.square = sq
        if not self.awake:
            self.awake = True
            self.awake_changed.emit(True)
        self.board.update()
        self.moved.emit(self.square)

    def sleep(self) -> None:
        if self.awake:
            self.awake = False
            self.awake_changed.emit(False)
            self.board.update()

    # ------------------------------------------------------------------ keys
    def focus_in(self, reason: Qt.FocusReason) -> None:
        self.focus_shown = reason != Qt.FocusReason.MouseFocusReason
        if reason in KEYBOARD_REASONS:
            self.wake()
        self.board.update()

    def focus_out(self) -> None:
        self.board.update()

    def claims(self, event: QKeyEvent) -> bool:
        """For ShortcutOverride: the keys the awake cursor keeps from the window's shortcuts."""
        key = Qt.Key(event.key())
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return True   # wakes the cursor (no window shortcut uses Enter)
        return self.awake and (key in STEPS or key in PICK_KEYS or key == Qt.Key.Key_Escape)

    def key(self, event: QKeyEvent) -> bool:
        """Handle a key press; False when it is not the cursor's."""
        if not self.focus_shown:
            self.focus_shown = True   # a key after a click: the keyboard is in use, show where it acts
            self.board.update()
        if not self.claims(event):
            return False
        key = Qt.Key(event.key())
        if key in STEPS:
            self._step(*STEPS[key])
        elif key in PICK_KEYS:
            self._pick_or_drop()
        elif self.board.selected is not None:   # Escape: put the piece back first
            self.board.selected = None
            self.board.update()
        else:
            self.sleep()
        return True

    def _step(self, right: int, down: int) -> None:
        """One point in the direction of the arrow as the board is shown (flipped or not)."""
        geo = self.board.board_geometry()
        col, row = geo.column_row(self.square)
        col, row = min(max(col + right, 0), FILES - 1), min(max(row + down, 0), RANKS - 1)
        file = FILES - 1 - col if geo.flipped else col
        rank = row if geo.flipped else RANKS - 1 - row
        self.square = rank * FILES + file
        self.board.update()
        self.moved.emit(self.square)

    def _pick_or_drop(self) -> None:
        if not self.awake:
            self.wake()
            return
        before = self.board.selected
        self.board.press_point(self.square)
        if self.board.selected == self.square and before != self.square:
            self.picked.emit(self.square)
        elif before is not None and self.board.selected == before:
            self.refused.emit(before, self.square)

    # ------------------------------------------------------------------ painting
    def paint(self, painter: QPainter, geo: BoardGeometry, focused: bool) -> None:
        """The focus frame round the board, and the cursor while awake."""
        if not focused or not (self.focus_shown or self.awake):
            return
        width = max(2.0, geo.cell / 20)
        frame = geo.board_rect().adjusted(width, width, -width, -width)
        self._outline(painter, frame, width)
        if self.awake:
            centre, half = geo.point(self.square), geo.cell * 0.52
            self._outline(painter, QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half),
                          max(3.0, geo.cell / 12))

    @staticmethod
    def _outline(painter: QPainter, rect: QRectF, width: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(DARK, width * 2))
        painter.drawRect(rect)
        painter.setPen(QPen(LIGHT, width))
        painter.drawRect(rect)
