"""What a player may do in a game besides moving: resign, offer a draw or accept the engine's, ask for a
hint. The Game menu asks here what is allowed now and sends the commands here.

The game itself (its moves, engines, clock, the hint shown) stays with the game controller; this part asks
it through ``ActionTable`` (the game, its seats, ending it, the opponent's engine for a hint)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Signal

from xiangqi.core import Color, Termination
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineSeat
from xiangqi.game.model import GameModel
from xiangqi.game.setup import GameSetup
from xiangqi.play.draw_offers import DrawOffers
from xiangqi.play.hints import HintSeat

# The status-bar words keep the controller's translation context ("GameController": they were its words
# before the split, and their translations stay).


class ActionTable(Protocol):
    """What the game actions ask of the game controller."""

    @property
    def game(self) -> GameModel: ...
    @property
    def setup(self) -> GameSetup: ...
    @property
    def seats(self) -> dict[Color, EngineSeat]: ...

    def human_to_move(self) -> bool: ...
    def engine_plays(self, color: Color) -> bool: ...

    def finish(self, reason: Termination, winner: Color | None) -> None:
        """End the game (``winner`` None: a draw)."""

    def ask_opponent_for_hint(self) -> bool:
        """The opponent's engine searches a hint briefly; False when it cannot now."""


class GameActions(QObject):
    message = Signal(str)        # a status-bar line

    def __init__(self, table: ActionTable, draws: DrawOffers, hints: HintSeat,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table, self._draws, self._hints = table, draws, hints

    # What the Game menu may do now. A record being studied (a file, a match being watched) is no game
    # played here: nothing to resign or offer; and none while an earlier position is viewed.
    def human_plays(self) -> bool:
        """A game played here in which a person has a side (not engine against engine, not a record)."""
        game = self._table.game
        return game.playing and not game.is_over and len(self._table.seats) < 2

    def can_resign(self) -> bool:
        return self.human_plays()

    def can_offer_draw(self) -> bool:
        return self.human_plays() and bool(self._table.seats)

    def can_ask_hint(self) -> bool:
        return bool(self._table.seats) and self._table.human_to_move()

    @property
    def engine_draw_offer(self) -> bool:
        """The engine offered a draw with its last move and the player has not moved since."""
        return self._draws.engine_offer

    def resign(self) -> None:
        if self.can_resign():
            table = self._table
            human = table.setup.human
            loser = human if table.seats and not table.engine_plays(human) else table.game.position.turn
            table.finish(Termination.RESIGNATION, loser.other)

    def offer_draw(self) -> None:
        """The engine answers with its next move, by its own evaluation of that search and its level
        (``xiangqi.play.draw_answer``); UCCI engines are told of the offer (``go draw``) as well."""
        if not self.can_offer_draw():
            return
        self._draws.offer()
        self.message.emit(QCoreApplication.translate(
            "GameController", "Draw offered: the engine answers with its next move"))

    def accept_draw(self) -> None:
        if self._draws.engine_offer and not self._table.game.is_over:
            self._table.finish(Termination.AGREED_DRAW, None)

    def request_hint(self, spec: EngineSpec | None = None) -> bool:
        """A suggestion for the player: from ``spec`` (the strongest engine, ``hints.hint_engine``) on a seat
        of its own, searched to a real depth; without one, from the opponent's engine."""
        if not self._table.human_to_move() or self._hints.searching:
            return False
        position = self._table.game.position
        if spec is not None:
            self._hints.ask(spec, position, forbidden_repetition_moves(position))
        elif not self._table.ask_opponent_for_hint():
            return False
        self.message.emit(QCoreApplication.translate("GameController", "The engine is looking for a hint…"))
        return True
