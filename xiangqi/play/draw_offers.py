"""The draw offers of a game against engines (part of the game controller's split, issue 29 §5): the
player's offer, answered with the engine's next move by ``draw_answer``'s rule from that search's own
evaluation, and the engine's own offer, which stands until the player moves. No Qt widgets; the
controller says the answers in the status bar."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from xiangqi.engine.messages import BestMove, Score
from xiangqi.play.draw_answer import engine_takes_draw


class DrawOffers(QObject):
    engine_offers = Signal()   # the engine offers a draw with the move it just played
    answered = Signal(bool)    # the engine answered the player's offer (True: it takes the draw)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine_offer = False            # the engine's offer stands (the player may accept it)
        self._player_offer = False           # the player's offer waits for the engine's next search
        self._score: Score | None = None     # the engine's own view in its move search so far

    def reset(self) -> None:
        """Another game: no offer stands."""
        self.engine_offer = self._player_offer = False
        self._score = None

    def offer(self) -> None:
        """The player offers a draw: the engine answers with its next move."""
        self._player_offer = True

    def take_player_offer(self) -> bool:
        """The offer goes with the engine search starting now (UCCI tells the engine: ``go draw``)."""
        offered, self._player_offer = self._player_offer, False
        return offered

    def player_moved(self) -> None:
        """Playing on declines the engine's offer."""
        self.engine_offer = False

    def note_score(self, score: Score) -> None:
        """An evaluation of the engine's move search (its own side's view)."""
        self._score = score

    def answer(self, asked: bool, ply: int, level: int | None) -> bool:
        """The engine's move search ended after ``ply`` plies: True when it takes the draw the player
        offered with it (``asked``), by its own evaluation and ``level``."""
        score, self._score = self._score, None
        if not asked:
            return False
        accepted = engine_takes_draw(score, ply, level)
        self.answered.emit(accepted)
        return accepted

    def engine_played(self, best: BestMove, asked: bool) -> None:
        """The engine's move came with its own draw offer (a bare "draw" answering the player's offer is no
        offer of its own)."""
        if best.draw and not asked:
            self.engine_offer = True
            self.engine_offers.emit()
