"""The move box (着法输入): the player types a move in any notation the program reads — 炮二平五, 炮2平5 for
black, C2.5 / C2=5, h2e2 — and Enter plays it. A completer offers the legal moves of the position, written
in the player's notation first and in the others after; a wrong entry gets a message that quotes it.
Ctrl+L or "/" puts the focus here from anywhere in the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QInputMethodEvent, QKeyEvent
from PySide6.QtWidgets import QCompleter, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from xiangqi.core import Move, NotationError, Position
from xiangqi.core.errors import AmbiguousMoveError
from xiangqi.core.notation import Notation, detect_notation, move_to_text, text_to_move
from xiangqi.ui.common.contrast import error_color
from xiangqi.ui.common.i18n import traditional_moves

if TYPE_CHECKING:
    from xiangqi.play.controller import GameController



def legal_move_texts(position: Position, first: Notation, traditional: bool) -> list[str]:
    """Every legal move of ``position`` written in ``first`` (the player's notation), then in the others;
    each text once (the completer's list)."""
    order = [first, *(n for n in Notation if n is not first)]
    texts: dict[str, None] = {}
    moves = position.legal_moves()
    for notation in order:
        for move in moves:
            texts.setdefault(move_to_text(position, move, notation, traditional=traditional), None)
    return list(texts)


class MoveEdit(QLineEdit):
    """The line edit: ↓ lists the legal moves that start with what is typed (all of them when nothing is),
    Escape on an empty box gives the keys back to the board (the window's ←/→ and H work again)."""

    escaped = Signal()
    about_to_type = Signal()            # focus, a key or an input method's text is coming: the moves are needed
    tab_target: QWidget | None = None   # where Tab goes from the box (the board's keyboard cursor)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt's name)
        self.about_to_type.emit()
        super().focusInEvent(event)

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:  # noqa: N802 (Qt's name)
        self.about_to_type.emit()
        super().inputMethodEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt's names)
        """Tab goes to ``tab_target`` (the README: Tab from the move box reaches the board's cursor); the
        window's own focus chain stays as it is, so the first widget to get focus is unchanged."""
        if next and self.tab_target is not None and self.tab_target.isVisible():
            self.tab_target.setFocus(Qt.FocusReason.TabFocusReason)
            return True
        return super().focusNextPrevChild(next)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        self.about_to_type.emit()
        completer = self.completer()
        popup = completer.popup() if completer is not None else None
        if event.key() == Qt.Key.Key_Escape and not self.text():
            self.escaped.emit()
            return
        if event.key() == Qt.Key.Key_Down and completer is not None and popup is not None and not popup.isVisible():
            completer.setCompletionPrefix(self.text())
            completer.complete()
            return
        super().keyPressEvent(event)


class MoveBox(QWidget):
    """A labelled line edit with completion, and a line under it for what went wrong."""

    move_entered = Signal(object)   # Move: played from the box
    refused = Signal(str)           # the message shown for an entry that could not be played

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("move_box")
        self.controller = controller
        self.notation = Notation.CHINESE
        self.edit = MoveEdit(self)
        self.edit.setObjectName("move_box_edit")
        self.edit.setClearButtonEnabled(True)
        self.label = QLabel(self.tr("&Move:"), self)
        self.label.setBuddy(self.edit)
        self.error = QLabel(self)
        self.error.setObjectName("move_box_error")
        self.error.setWordWrap(True)
        self._colour_error()
        self.error.hide()
        self.model = QStringListModel(self)
        self._moves_listed = False   # the completer's list is written when the box is about to be typed in
        self.completer = QCompleter(self.model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setMaxVisibleItems(12)
        self.edit.setCompleter(self.completer)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.edit, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.error)
        self.edit.setAccessibleName(self.tr("Move input"))
        self.edit.setAccessibleDescription(self.tr(
            "Type a move in Chinese (炮二平五), WXF (C2.5) or ICCS (h2e2) notation and press Enter"))
        self.edit.returnPressed.connect(self.play)
        self.edit.about_to_type.connect(self.list_moves)
        self.edit.textEdited.connect(lambda _text: self.error.hide())
        controller.changed.connect(self.refresh)
        controller.move_played.connect(lambda _played: self.error.hide())   # a legal move: the error is old
        controller.game_replaced.connect(self.error.hide)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.PaletteChange:
            self._colour_error()   # high contrast on or off: a red that reads on the new background
        super().changeEvent(event)

    def _colour_error(self) -> None:
        self.error.setStyleSheet(f"color: {error_color(self.palette())}")

    def set_notation(self, notation: Notation) -> None:
        self.notation = notation
        self.refresh()

    def refresh(self) -> None:
        """The completer offers the moves of the game's position while the player is to move there: written
        when the box is about to be typed in (focus, a key), not after every move (132 texts, ~20 ms)."""
        c = self.controller
        ready = c.human_to_move()
        popup = self.completer.popup()
        if popup is not None and popup.isVisible():
            popup.hide()   # it listed the moves of the position before
        position = c.game.position
        self.model.setStringList([])
        self._moves_listed = False
        if self.edit.hasFocus():
            self.list_moves()
        example = self._example(position) if ready else ""
        self.edit.setPlaceholderText(self.tr("e.g. {0} (Ctrl+L)").format(example) if example
                                     else self._waiting_text())

    def list_moves(self) -> None:
        """The completer's list: every legal move of the game's position in every notation, the player's
        first (none while the player is not to move)."""
        if self._moves_listed:
            return
        self._moves_listed = True
        c = self.controller
        if c.human_to_move():
            self.model.setStringList(legal_move_texts(c.game.position, self.notation, traditional_moves()))

    def _waiting_text(self) -> str:
        """Why no move can be typed now: only while an engine is to move is it "not your turn"."""
        game = self.controller.game
        if game.is_over:
            return self.tr("The game is over")
        if not game.playing:
            return self.tr("A record is shown: “Play from here” in the move list's menu enters moves")
        if game.viewing:
            return self.tr("An earlier position is shown (End goes back to the game)")
        return self.tr("Not your turn")

    def _example(self, position: Position) -> str:
        moves = position.legal_moves()
        return move_to_text(position, moves[0], self.notation, traditional=traditional_moves()) if moves else ""

    def focus(self) -> None:
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()

    def play(self) -> None:
        """Enter: play the typed move, or say why it cannot be played (the text stays to be corrected)."""
        popup = self.completer.popup()
        if popup is not None and popup.isVisible():
            popup.hide()
        text = self.edit.text().strip()
        if not text:
            return
        c = self.controller
        if c.game.is_over or not c.human_to_move():
            self._refuse(self._not_now(text))
            return
        try:
            move = text_to_move(c.game.position, text)
        except NotationError as error:
            self._refuse(self._unplayable(text, error), str(error))
            return
        if c.try_move(move):
            self.edit.clear()
            # Enter on an entry of the open completer reaches the box first; the completer writes its text
            # back after that: clear again once it has.
            QTimer.singleShot(0, self.edit.clear)
            self.error.hide()
            self.move_entered.emit(move)
        else:
            self._refuse(self._not_now(text))

    def _not_now(self, text: str) -> str:
        c = self.controller
        if c.game.is_over:
            return self.tr("The game is over: “{0}” was not played.").format(text)
        if c.game.viewing:
            return self.tr("An earlier position is shown: “{0}” was not played (End goes back to the game).") \
                .format(text)
        return self.tr("Not your turn: “{0}” was not played.").format(text)

    def _unplayable(self, text: str, error: NotationError) -> str:
        """Why ``text`` names no legal move, quoting it: unreadable, ambiguous (the moves it fits, in the
        player's notation) or not legal here."""
        position = self.controller.game.position
        try:
            detect_notation(text)
        except NotationError:
            return self.tr("“{0}” is not a move: write it like 炮二平五, C2.5 or h2e2.").format(text)
        if isinstance(error, AmbiguousMoveError):
            fits = [move_to_text(position, Move.from_iccs(iccs), self.notation, traditional=traditional_moves())
                    for iccs in error.moves]
            return self.tr("“{0}” fits more than one move: {1}. Say which piece (e.g. 前/后).").format(
                text, " / ".join(fits))
        return self.tr("“{0}” is not a legal move in this position.").format(text)

    def _refuse(self, message: str, detail: str = "") -> None:
        self.error.setText(message)
        self.error.setToolTip(detail)   # the notation reader's own words (which piece, which rule)
        self.error.show()
        self.refused.emit(message)
        self.edit.selectAll()
