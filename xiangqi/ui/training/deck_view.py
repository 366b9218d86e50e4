"""练习 › 今日复习 (Due today): the cards due now, one by one (the mistakes deck and failed puzzles), each
solved on the puzzle trainer's ``PuzzleSolver`` (a move the engine finds as good as the card's answer counts
too); the first result grades the card in fsrs (solved clean: Good; a wrong move, a hint or "Show solution":
Again) and the view says when it comes back. Counts of cards done, right and wrong stay on top.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from xiangqi.core import Move, XiangqiError
from xiangqi.training.cards import CardDeck, DeckKind, DueCard
from xiangqi.training.database import HistoryReadOnlyError, TrainingDatabase, TrainingError
from xiangqi.training.mistakes import played_move
from xiangqi.training.puzzles import Puzzle, PuzzleError
from xiangqi.ui.training.puzzle_engine import PuzzleEngine
from xiangqi.ui.training.puzzle_trainer import PuzzleSolver, puzzle_engine_spec
from xiangqi.ui.training.review_mistakes import mistake_title
from xiangqi.ui.window_host import WindowHost

DUE_KINDS = (DeckKind.MISTAKES, DeckKind.PUZZLES)   # the opening drill shows its own cards
# Where a puzzle came from, as ``puzzles build`` / ``ccpd`` write it: "CCPD 中局.pgn record 1314",
# "games.pgn game 12, ply 33" (file names and "CCPD" are names, kept as they are).
_PUZZLE_SOURCE = re.compile(r"(?P<file>.+?) (?P<kind>record|game) (?P<number>\d+)(?:, ply (?P<ply>\d+))?")


def source_text(source: str) -> str:
    """A puzzle's source in the UI's language (other sources, e.g. a review's game, as they are)."""
    found = _PUZZLE_SOURCE.fullmatch(source)
    if found is None:
        return source
    file, number, ply = found["file"], found["number"], found["ply"]

    def tr(text: str) -> str:
        return QCoreApplication.translate("DueCardsView", text)
    if found["kind"] == "record":
        return tr("{0}, record {1}").format(file, number)
    if ply is None:
        return tr("{0}, game {1}").format(file, number)
    return tr("{0}, game {1}, move {2}").format(file, number, (int(ply) + 1) // 2)


def open_due_cards(host: WindowHost, db: TrainingDatabase) -> None:
    """The 练习 › 今日复习 entry: the due cards, window-modal over the main window."""
    try:
        deck = CardDeck(db)
    except TrainingError as error:
        host.show_message(QCoreApplication.translate("DueCardsView", "Due today"), str(error))
        return
    host.open_dialog(DueCardsView(host, deck))


def card_puzzle(card: DueCard) -> Puzzle:
    """A card as a one-move puzzle: its position and first answer (the solver's engine accepts a move as
    good as that one). PuzzleError naming the card when they cannot be used (e.g. an imported history)."""
    try:
        first = Move.from_iccs(card.face.answers[0])
    except (IndexError, ValueError) as error:
        raise PuzzleError(f"card {card.card_id}: no usable answer in {list(card.face.answers)!r}") from error
    puzzle = Puzzle(f"card {card.card_id}", card.face.fen, (first,), source=card.face.source)
    puzzle.check()
    return puzzle


class DueCardsView(QDialog):
    """The due cards one after another; each card's first result grades it."""

    def __init__(self, host: WindowHost, deck: CardDeck, now: datetime | None = None,
                 engine: PuzzleEngine | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent or host)
        self.host, self.deck = host, deck
        self.setWindowTitle(self.tr("Due today"))
        self.cards = [card for kind in DUE_KINDS for card in deck.due(now, kind)]
        self.index = -1
        self.right = self.wrong = 0
        self.graded: dict[int, datetime] = {}     # card id -> next due date
        self.problems: list[str] = []             # cards that cannot be shown (each names the card)
        self.skipped: set[int] = set()
        spec = puzzle_engine_spec(host.engines)
        self.engine = engine if engine is not None else (PuzzleEngine(spec, parent=self) if spec else None)
        self.counts_label = QLabel(self)
        self.source_label = QLabel(self)
        self.source_label.setWordWrap(True)
        self.source_label.setEnabled(False)       # quieter: where the card came from
        self.solver = PuzzleSolver(host.board, self.engine, host.move_list.notation, self)
        self.solver.said.connect(lambda text, assertive: host.announce(text, assertive=assertive))
        self.solver.attempted.connect(lambda _puzzle, solved, _hints: self.grade(solved))
        self.solver.next_requested.connect(self.next_card)
        self.result_label = QLabel(self)
        self.result_label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts_label)
        layout.addWidget(self.source_label)
        layout.addWidget(self.solver, 1)
        layout.addWidget(self.result_label)
        layout.addWidget(buttons)
        room = host.screen().availableGeometry()   # a small screen (800x600) still shows Close
        self.resize(min(860, room.width() * 95 // 100), min(640, room.height() * 9 // 10))
        self.next_card()

    @property
    def card(self) -> DueCard | None:
        return self.cards[self.index] if 0 <= self.index < len(self.cards) else None

    def counts_text(self) -> str:
        shown = min(self.index + 1, len(self.cards))
        return self.tr("Card {0} of {1} · right {2} · wrong {3}").format(shown, len(self.cards), self.right,
                                                                         self.wrong)

    def next_card(self) -> None:
        """The next due card in the solver (or the end of the session); a card that cannot be shown is
        skipped, not graded, and named at the end."""
        self.result_label.clear()
        while True:
            self.index += 1
            card = self.card
            if card is None:
                self.show_done()
                return
            try:
                puzzle = card_puzzle(card)
                break
            except PuzzleError as error:
                self.problems.append(str(error))
                self.skipped.add(card.card_id)
        self.counts_label.setText(self.counts_text())
        self.source_label.setText(source_text(card.face.source))
        self.solver.show_puzzle(puzzle, self.title_of(card))
        self.solver.board.view.setFocus()   # the keys go to the board (Enter wakes its cursor)

    def title_of(self, card: DueCard) -> str:
        """A mistake card in the language and notation of now (it was made in those of its review);
        any other card as its maker wrote it."""
        played = played_move(card.key) if card.kind is DeckKind.MISTAKES else None
        if played is None:
            return card.face.title
        try:
            return mistake_title(card.face.fen, played, self.host.move_list.notation)
        except XiangqiError:
            return card.face.title

    def show_done(self) -> None:
        self.solver.hide()
        done = (self.tr("No cards are due now.") if not self.cards else
                self.tr("Done for now: {0} right, {1} wrong.").format(self.right, self.wrong))
        upcoming = [c for c in self.deck.due(datetime.max.replace(tzinfo=UTC))
                    if c.kind in DUE_KINDS and c.card_id not in self.skipped]
        later = min((c.due for c in upcoming), default=None)
        self.counts_label.setText(done)
        if self.problems:
            self.result_label.setText(self.tr("Cards that cannot be shown: {0}").format("; ".join(self.problems)))
        self.source_label.setText(self.tr("The next card is due on {0}.").format(
            later.astimezone().strftime("%Y-%m-%d %H:%M")) if later is not None else "")

    def grade(self, correct: bool) -> datetime | None:
        """The card's first result schedules it in fsrs (right: Good, wrong: Again); its next due date."""
        card = self.card
        if card is None or card.card_id in self.graded:
            return None
        try:
            due = self.deck.review(card.card_id, correct)
        except HistoryReadOnlyError:
            self.result_label.setText(self.tr("Not saved: the training history is read-only."))
            return None
        except TrainingError as error:
            self.result_label.setText(str(error))
            return None
        self.graded[card.card_id] = due
        if correct:
            self.right += 1
        else:
            self.wrong += 1
        self.counts_label.setText(self.counts_text())
        self.result_label.setText(self.tr("Next review on {0}.").format(due.astimezone().strftime("%Y-%m-%d")))
        return due

    def done(self, result: int) -> None:
        if self.engine is not None:
            self.engine.close()
        super().done(result)
