"""The end of a game in words, and the dialog that says it (opened with ``open()``, never ``exec()``)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from xiangqi.core import Color, Termination
from xiangqi.game.result import GameResult


CONTEXT = "Result"
DRAW = QT_TRANSLATE_NOOP("Result", "Draw")
WINNER_TEXTS = {Color.RED: QT_TRANSLATE_NOOP("Result", "Red wins"),
                Color.BLACK: QT_TRANSLATE_NOOP("Result", "Black wins")}
REASON_TEXTS = {
    Termination.CHECKMATE: QT_TRANSLATE_NOOP("Result", "by checkmate"),
    Termination.STALEMATE: QT_TRANSLATE_NOOP("Result", "by stalemate: the side to move has no legal move"),
    Termination.NATURAL_LIMIT: QT_TRANSLATE_NOOP("Result", "60 moves without a capture"),
    Termination.REPETITION_DRAW: QT_TRANSLATE_NOOP("Result", "by repetition"),
    Termination.PERPETUAL_CHECK: QT_TRANSLATE_NOOP("Result", "perpetual check is forbidden"),
    Termination.PERPETUAL_CHASE: QT_TRANSLATE_NOOP("Result", "perpetual chase is forbidden"),
    Termination.INSUFFICIENT_MATERIAL: QT_TRANSLATE_NOOP("Result", "neither side can attack any more"),
    Termination.TIME_FORFEIT: QT_TRANSLATE_NOOP("Result", "on time"),
    Termination.RESIGNATION: QT_TRANSLATE_NOOP("Result", "by resignation"),
    Termination.AGREED_DRAW: QT_TRANSLATE_NOOP("Result", "by agreement"),
}
BY_THE_RULES = QT_TRANSLATE_NOOP("Result", "by the rules")   # an ending the core adds later
YOU_WIN = QT_TRANSLATE_NOOP("Result", "You win!")
YOU_LOSE = QT_TRANSLATE_NOOP("Result", "You lose.")


def _t(text: object) -> str:
    return QCoreApplication.translate(CONTEXT, str(text))


def winner_text(result: GameResult) -> str:
    return _t(DRAW if result.winner is None else WINNER_TEXTS[result.winner])


def reason_text(reason: Termination) -> str:
    return _t(REASON_TEXTS.get(reason, BY_THE_RULES))


def player_view_text(result: GameResult, human: Color | None) -> str:
    """"You win" / "You lose" for a game against the computer, else empty."""
    if human is None or result.winner is None:
        return ""
    return _t(YOU_WIN if result.winner is human else YOU_LOSE)


class ResultDialog(QDialog):
    new_game_requested = Signal()

    def __init__(self, result: GameResult, human: Color | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_result = result
        self.setWindowTitle(self.tr("Game over"))
        self.headline = QLabel(winner_text(result), self)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        detail = reason_text(result.reason)
        you = player_view_text(result, human)
        self.detail = QLabel(f"{detail} ({result.score})" + (f"\n{you}" if you else ""), self)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.buttons = QDialogButtonBox(self)
        self.new_game_button = QPushButton(self.tr("New game"), self)
        self.buttons.addButton(self.new_game_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.new_game_button.clicked.connect(self.new_game_requested)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.detail)
        layout.addWidget(self.buttons)
