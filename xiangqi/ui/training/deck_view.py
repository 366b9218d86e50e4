"""练习 › 今日复习 (Due today): the cards due now, one by one (the mistakes deck and failed puzzles), each
answered on a training board (the main board's look); the first try grades the card in fsrs (right: Good,
wrong or "Show the answer": Again), the answer is drawn as arrows and the view says when the card comes
back. Counts of cards done, right and wrong stay on top.
"""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from xiangqi.core import Move, Position
from xiangqi.core.notation import move_to_text
from xiangqi.training.cards import CardDeck, DeckKind, DueCard
from xiangqi.training.database import TrainingDatabase, TrainingError
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.training.training_board import TrainingBoard
from xiangqi.ui.window_host import WindowHost

DUE_KINDS = (DeckKind.MISTAKES, DeckKind.PUZZLES)   # the opening drill shows its own cards


def open_due_cards(host: WindowHost, db: TrainingDatabase) -> None:
    """The 练习 › 今日复习 entry: the due cards, window-modal over the main window."""
    try:
        deck = CardDeck(db)
    except TrainingError as error:
        host.show_message(QCoreApplication.translate("DueCardsView", "Due today"), str(error))
        return
    host.open_dialog(DueCardsView(host, deck))


class DueCardsView(QDialog):
    """The due cards one after another; each card's first answer grades it."""

    def __init__(self, host: WindowHost, deck: CardDeck, now: datetime | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent or host)
        self.host, self.deck = host, deck
        self.setWindowTitle(self.tr("Due today"))
        self.cards = [card for kind in DUE_KINDS for card in deck.due(now, kind)]
        self.index = -1
        self.right = self.wrong = 0
        self.graded: dict[int, datetime] = {}     # card id -> next due date
        self.counts_label = QLabel(self)
        self.title_label = QLabel(self)
        self.title_label.setWordWrap(True)
        self.source_label = QLabel(self)
        self.source_label.setWordWrap(True)
        self.source_label.setEnabled(False)       # quieter: where the card came from
        self.board = TrainingBoard(host.board, self)
        self.board.move_played.connect(self.answer)
        self.result_label = QLabel(self)
        self.result_label.setWordWrap(True)
        self.show_button = QPushButton(self.tr("&Show the answer"), self)
        self.show_button.clicked.connect(lambda: self.reveal(None))
        self.next_button = QPushButton(self.tr("&Next card"), self)
        self.next_button.clicked.connect(self.next_card)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.show_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for label in (self.counts_label, self.title_label, self.source_label):
            layout.addWidget(label)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.result_label)
        layout.addWidget(buttons)
        self.resize(520, 680)
        self.next_card()

    @property
    def card(self) -> DueCard | None:
        return self.cards[self.index] if 0 <= self.index < len(self.cards) else None

    def counts_text(self) -> str:
        shown = min(self.index + 1, len(self.cards))
        return self.tr("Card {0} of {1} · right {2} · wrong {3}").format(shown, len(self.cards), self.right,
                                                                         self.wrong)

    def next_card(self) -> None:
        """The next due card on the board, the trainee to move (or the end of the session)."""
        self.index += 1
        self.result_label.clear()
        self.counts_label.setText(self.counts_text())
        card = self.card
        if card is None:
            self.show_done()
            return
        position = Position.from_fen(card.face.fen)
        self.title_label.setText(card.face.title)
        self.source_label.setText(card.face.source)
        self.board.set_position(position, position.turn)
        self.board.view.setFocus(Qt.FocusReason.OtherFocusReason)   # moves by keyboard at once
        self.show_button.setEnabled(True)
        self.next_button.setEnabled(False)

    def show_done(self) -> None:
        self.title_label.setText(self.tr("No cards are due now.") if not self.cards else
                                 self.tr("Done for now: {0} right, {1} wrong.").format(self.right, self.wrong))
        upcoming = [c for c in self.deck.due(datetime.max.replace(tzinfo=UTC)) if c.kind in DUE_KINDS]
        later = min((c.due for c in upcoming), default=None)
        self.source_label.setText(self.tr("The next card is due on {0}.").format(
            later.astimezone().strftime("%Y-%m-%d %H:%M")) if later is not None else "")
        self.board.set_trainee(None)
        self.board.setEnabled(False)
        self.show_button.hide()
        self.next_button.hide()

    def answer(self, move: Move) -> None:
        """The trainee's move on the board: right if it is one of the card's answers."""
        card = self.card
        if card is None:
            return
        correct = move.iccs() in card.face.answers
        if not correct:
            self.board.take_back()
        self.reveal(move if correct else None)

    def reveal(self, right_move: Move | None) -> None:
        """Grade the card (right only when ``right_move`` was played) and draw the answers."""
        card = self.card
        if card is None:
            return
        self.board.set_trainee(None)
        answers = tuple(Move.from_iccs(a) for a in card.face.answers)
        self.board.show_arrows(() if right_move is not None else answers)
        due = self.grade(right_move is not None)
        texts = [self.tr("Right.") if right_move is not None else
                 self.tr("Not this time. The answer: {0}.").format(self.answers_text(card))]
        if due is not None:
            texts.append(self.tr("Next review on {0}.").format(due.astimezone().strftime("%Y-%m-%d")))
        self.result_label.setText(" ".join(texts))
        self.show_button.setEnabled(False)
        self.next_button.setEnabled(True)
        self.next_button.setDefault(True)
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def answers_text(self, card: DueCard) -> str:
        """The accepted moves in the window's notation."""
        position = Position.from_fen(card.face.fen)
        notation = self.host.move_list.notation
        return " / ".join(move_to_text(position, Move.from_iccs(a), notation, traditional=traditional_moves())
                          for a in card.face.answers)

    def grade(self, correct: bool) -> datetime | None:
        """The card's first answer schedules it in fsrs (right: Good, wrong: Again); its next due date."""
        card = self.card
        if card is None or card.card_id in self.graded:
            return None
        try:
            due = self.deck.review(card.card_id, correct)
        except TrainingError as error:
            self.result_label.setText(str(error))
            return None
        self.graded[card.card_id] = due
        if correct:
            self.right += 1
        else:
            self.wrong += 1
        self.counts_label.setText(self.counts_text())
        return due
