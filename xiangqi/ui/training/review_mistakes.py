"""After a review (复盘): the player's own ?/?? moves go into the mistakes deck (错题本), and the review's
summary and the status bar say how many.

Whose moves are the player's: in a game played here against an engine, the side the player had; in a
record opened from a file, the side whose header is the player's name (setting 你的名字); when that does
not tell, the note under the summary asks (红方的错着 / 黑方的错着) and adds nothing until answered.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import Game
from xiangqi.training.cards import CardDeck
from xiangqi.training.database import TrainingError
from xiangqi.training.mistakes import AddedMistakes, Mistake, add_mistakes, player_side
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.window_host import WindowHost

STATUS_MS = 15_000
DeckSource = Callable[[], CardDeck | None]   # the profile's decks (None: the history cannot be opened)


def played_side(window: WindowHost, game: Game) -> Color | None:
    """The side the player had when ``game`` is the game played in this window against an engine."""
    controller = window.controller
    setup = controller.setup
    if game is controller.game.record and setup.engine is not None and not setup.engine_both:
        return setup.human
    return None


class MistakesNote(QWidget):
    """Under the review summary: what went into the mistakes deck, or whose mistakes they are (asked)."""

    practise_clicked = Signal()   # "Practise them now": the due-today view

    def __init__(self, window: WindowHost, game: Game, decks: DeckSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window_host, self.game, self.decks = window, game, decks
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.red_button = QPushButton(self.tr("&Red's mistakes"), self)
        self.black_button = QPushButton(self.tr("B&lack's mistakes"), self)
        self.practise_button = QPushButton(self.tr("&Practise them now"), self)
        self.red_button.clicked.connect(lambda: self.add(Color.RED))
        self.black_button.clicked.connect(lambda: self.add(Color.BLACK))
        self.practise_button.clicked.connect(self.practise_clicked)
        buttons = QHBoxLayout()
        for button in (self.red_button, self.black_button, self.practise_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addLayout(buttons)
        self.practise_button.hide()
        side = player_side(game.headers, window.last_setup.player, played_side(window, game))
        if side is None:
            self.label.setText(self.tr("Whose mistakes (? and ??) go into your mistakes deck? (With your name in the "
                                   "settings, a game of yours is known next time.)"))
        else:
            self.add(side)

    def add(self, side: Color) -> AddedMistakes | None:
        """Add ``side``'s mistakes to the deck and say how many."""
        self.red_button.hide()
        self.black_button.hide()
        deck = self.decks()
        if deck is None:
            self.label.setText(self.tr("The training history cannot be opened: no cards were added."))
            return None
        try:
            result = add_mistakes(deck, self.game, side, self.face_text)
        except (TrainingError, ValueError) as error:
            self.label.setText(self.tr("No cards were added: {0}").format(error))
            return None
        text = self.result_text(result)
        self.label.setText(text)
        self.window_host.statusBar().showMessage(text, STATUS_MS)
        self.practise_button.setVisible(result.added + result.known > 0)
        return result

    def result_text(self, result: AddedMistakes) -> str:
        side = self.tr("Red") if result.side is Color.RED else self.tr("Black")
        text = self.tr("Mistakes deck: {0} added from {1}'s ? and ?? moves").format(result.added, side)
        if result.known:
            text += self.tr("; {0} were in the deck already").format(result.known)
        if result.unanswered:
            text += self.tr("; {0} have no better move in the record").format(result.unanswered)
        return self.tr("{0}.").format(text)   # a full stop as the language writes it (。)

    def face_text(self, mistake: Mistake) -> tuple[str, str]:
        """The card's title (the move played, in the window's notation) and where it came from."""
        title = mistake_title(mistake.fen, mistake.played, self.window_host.move_list.notation, mistake.mark.symbol)
        headers = self.game.headers
        names = " – ".join(n for n in (headers.get("Red", ""), headers.get("Black", "")) if n)
        parts = [p for p in (self.game.source or "", names, headers.get("Date", "")) if p]
        source = ", ".join(parts)
        if mistake.explanation:   # the card carries the review's sentence (shown under the board)
            source = self.tr("{0} · {1}").format(mistake.explanation, source) if source else mistake.explanation
        return title, source


def mistake_title(fen: str, played: Move, notation: Notation, mark: str = "") -> str:
    """A mistake card's words in the language and notation of now: the round (the position's move number),
    the move played there (and its mark, when known). NotationError when ``played`` is not legal there."""
    fields = fen.split()
    number = fields[5] if len(fields) > 5 and fields[5].isdigit() else "?"
    move = move_to_text(Position.from_fen(fen), played, notation, traditional=traditional_moves())
    return QCoreApplication.translate("MistakesNote", "Move {0}: {1}{2} was played here. Find a better move.") \
        .format(number, move, mark)
