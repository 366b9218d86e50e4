"""Screen readers: names for the window's parts and spoken announcements of what happens in the game.

``Announcer`` words each event with ``xiangqi.play.announce`` (in the UI language and the player's
notation) and posts it as a ``QAccessibleAnnouncementEvent`` (Qt ≥ 6.8: Orca, NVDA and VoiceOver speak it
without the focus moving); ``announced`` carries the same text for tests and the status bar. It follows the
controller: each move with its side, capture and check ("红方 炮二平五，将军"), the engine's reply, the
result; the keyboard cursor's point; a move the move box refused; and View › Describe the position reads
every piece by side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.game.result import GameResult
from xiangqi.play.announce import CONTEXT, Wording
from xiangqi.play.controller import MovePlayed
from xiangqi.record import GameNode
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.play.result_dialog import reason_text, winner_text

if TYPE_CHECKING:
    from xiangqi.ui.play.clock_view import ClockView
    from xiangqi.ui.play.move_box import MoveBox
    from xiangqi.ui.window_host import WindowHost

DESCRIBE_KEYS = "Ctrl+Shift+D"
FOCUS_KEYS = ("Ctrl+L", "/")   # the move box
BOARD_KEYS = "Ctrl+B"          # the keyboard cursor on the board
Politeness = QAccessible.AnnouncementPoliteness


def _translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class Announcer(QObject):
    """Says the game's events to assistive technology (and on ``announced``, for tests and features)."""

    announced = Signal(str)

    def __init__(self, window: WindowHost, move_box: MoveBox) -> None:
        super().__init__(window)
        self.window = window
        self.notation = Notation.CHINESE
        c = window.controller
        c.move_played.connect(self._on_move)
        c.game_over.connect(self._on_game_over)
        cursor = window.board.keyboard_cursor
        cursor.moved.connect(self._on_cursor)
        cursor.awake_changed.connect(self._on_cursor_awake)
        self._cursor_explained = False
        cursor.picked.connect(lambda sq: self.announce(self.wording().picked(self._shown(), sq)))
        cursor.refused.connect(lambda a, b: self.announce(self.wording().cannot_move(a, b), assertive=True))
        move_box.refused.connect(lambda text: self.announce(text, assertive=True))
        c.changed.connect(self._on_changed)
        self._said_node: GameNode | None = None   # the node whose position was last said (a move or a step)
        self._said_hint: Move | None = None
        self.describe_action = QAction(self.tr("Desc&ribe the position"), window)
        self.describe_action.setShortcut(QKeySequence(DESCRIBE_KEYS))
        self.describe_action.triggered.connect(lambda _checked=False: self.describe_position())
        window.addAction(self.describe_action)
        window.view_menu.addAction(self.describe_action)
        self._describe_board()

    def wording(self) -> Wording:
        return Wording(self.notation, traditional_moves(), _translate)

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self._describe_board()

    def announce(self, text: str, *, assertive: bool = False) -> None:
        """Speak ``text`` (``assertive``: at once, interrupting; else after what is being read)."""
        event = QAccessibleAnnouncementEvent(self.window, text)
        event.setPoliteness(Politeness.Assertive if assertive else Politeness.Polite)
        QAccessible.updateAccessibility(event)
        self.announced.emit(text)

    def describe_position(self) -> str:
        text = self.wording().position(self.window.controller.board_position())
        self.announce(text)
        return text

    def _on_move(self, played: MovePlayed) -> None:
        game = self.window.controller.game
        before = game.position_at(game.ply - 1)
        self.announce(self.wording().move(before, played.move, by_engine=played.by_engine))
        self._said_node = game.cursor   # said: the step to it is not said again

    def _on_game_over(self, result: GameResult) -> None:
        self.announce(self.tr("{0}, {1}").format(winner_text(result), reason_text(result.reason)), assertive=True)

    def _shown(self) -> Position:
        return self.window.controller.board_position()

    def _on_cursor(self, sq: int) -> None:
        board = self.window.board
        position = self._shown()
        text = self.wording().square(position, sq)
        if board.selected is not None and board.selected != sq:
            text = self.tr("{0} (moving {1})").format(text, self.wording().square(position, board.selected))
        board.setAccessibleDescription(text)
        self.announce(text)

    def _say_hint(self) -> None:
        """The engine's hint is an arrow on the board: say it too (once)."""
        c = self.window.controller
        if c.hint is not None and c.hint != self._said_hint:
            self.announce(self.tr("Hint: {0}").format(self.wording().move_text(c.game.position, c.hint)))
        self._said_hint = c.hint

    def _on_cursor_awake(self, awake: bool) -> None:
        """The first time the cursor shows, say how to use it (before the point it is on)."""
        if awake and not self._cursor_explained:
            self._cursor_explained = True
            self.announce(cursor_keys_text())

    def _on_changed(self) -> None:
        """Another position shown without a move played (←/→ through the moves, a click in the move list,
        undo, a new game): say which move it follows."""
        self._describe_board()
        self._say_hint()
        game = self.window.controller.game
        node, known = game.cursor, self._said_node is not None
        if node is self._said_node:
            return
        self._said_node = node
        if known:
            self.announce(self.wording().step(game.shown_position(), node.ply))

    def _describe_board(self) -> None:
        """The board's accessible description is the whole position (read when the board gets the focus)."""
        board = self.window.board
        board.setAccessibleDescription(self.wording().position(self.window.controller.board_position()))


def name_parts(window: WindowHost, move_box: MoveBox) -> None:
    """Accessible names for the parts a screen reader lands on: the board, the move box, the move list
    (whatever view it shows), the clocks and the engine area."""
    window.board.setAccessibleName(QCoreApplication.translate("Accessibility", "Board"))
    move_box.setAccessibleName(QCoreApplication.translate("Accessibility", "Move input"))
    window.move_list.setAccessibleName(QCoreApplication.translate("Accessibility", "Moves"))
    for view in window.move_list.findChildren(QAbstractItemView):
        view.setAccessibleName(QCoreApplication.translate("Accessibility", "Moves"))
    window.engine_area.setAccessibleName(QCoreApplication.translate("Accessibility", "Engine"))
    window.engine_panel.setAccessibleName(QCoreApplication.translate("Accessibility", "Engine lines"))


def name_clocks(clocks: ClockView) -> None:
    """The clock labels read their own text ("红方 09:58"); the row is named as a whole."""
    clocks.setAccessibleName(QCoreApplication.translate("Accessibility", "Clocks"))
    clocks.labels[Color.RED].setAccessibleDescription(QCoreApplication.translate("Accessibility", "Red's clock"))
    clocks.labels[Color.BLACK].setAccessibleDescription(QCoreApplication.translate("Accessibility", "Black's clock"))


def install_keyboard_play(window: WindowHost, move_box: MoveBox, clocks: ClockView) -> Announcer:
    """Game › Type a move (Ctrl+L, /) and Game › Move on the board (Ctrl+B: the keyboard cursor), the
    accessible names, and the announcer (with View › Describe the position)."""
    type_move = QAction(QCoreApplication.translate("Accessibility", "T&ype a move"), window)
    type_move.setShortcuts([QKeySequence(key) for key in FOCUS_KEYS])
    type_move.triggered.connect(lambda _checked=False: move_box.focus())
    on_board = QAction(QCoreApplication.translate("Accessibility", "Move on the &board with the keyboard"), window)
    on_board.setShortcut(QKeySequence(BOARD_KEYS))
    on_board.setStatusTip(cursor_keys_text())
    on_board.triggered.connect(lambda _checked=False: focus_board_cursor(window))
    move_box.edit.escaped.connect(lambda: focus_board_cursor(window))
    for action in (type_move, on_board):
        window.addAction(action)   # the keys work even with the menu bar hidden
    window.game_menu.insertActions(window.game_menu.actions()[1], [type_move, on_board])
    name_parts(window, move_box)
    name_clocks(clocks)
    return Announcer(window, move_box)


def cursor_keys_text() -> str:
    return QCoreApplication.translate(
        "Accessibility", "Board cursor: the arrow keys move it, Enter or Space picks up a piece and puts it "
                         "down, Esc puts it back")


def focus_board_cursor(window: WindowHost) -> None:
    """The focus to the board with its keyboard cursor awake (Enter/Space pick up and drop)."""
    if window.board.hasFocus():
        window.board.keyboard_cursor.wake()   # says again where it is
    else:
        window.board.setFocus(Qt.FocusReason.ShortcutFocusReason)   # wakes it
