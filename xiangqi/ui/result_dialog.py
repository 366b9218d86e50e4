"""The end of a game in words, and the dialog that says it (opened with ``open()``, never ``exec()``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from xiangqi.core import Color
from xiangqi.ui.game import EndReason, GameResult


def _t(text: str) -> str:
    return QCoreApplication.translate("Result", text)


def winner_text(result: GameResult) -> str:
    if result.winner is None:
        return _t("Draw")
    return _t("Red wins") if result.winner is Color.RED else _t("Black wins")


def reason_text(reason: EndReason) -> str:
    texts = {
        EndReason.CHECKMATE: _t("by checkmate"),
        EndReason.STALEMATE: _t("by stalemate: the side to move has no legal move"),
        EndReason.NATURAL_LIMIT: _t("60 moves without a capture"),
        EndReason.REPETITION_DRAW: _t("by repetition"),
        EndReason.PERPETUAL_CHECK: _t("perpetual check is forbidden"),
        EndReason.OTHER_RULE: _t("by the repetition rules"),
        EndReason.TIME_FORFEIT: _t("on time"),
        EndReason.RESIGNATION: _t("by resignation"),
        EndReason.AGREED_DRAW: _t("by agreement"),
    }
    return texts[reason]


def player_view_text(result: GameResult, human: Color | None) -> str:
    """"You win" / "You lose" for a game against the computer, else empty."""
    if human is None or result.winner is None:
        return ""
    return _t("You win!") if result.winner is human else _t("You lose.")


class ResultDialog(QDialog):
    new_game_requested = Signal()

    def __init__(self, result: GameResult, human: Color | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result = result
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
