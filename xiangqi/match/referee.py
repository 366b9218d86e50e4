"""The match referee (no Qt): the program's own rules first, then the optional adjudications.

* Rules: ``Position.outcome`` — mate, stalemate (困毙, a loss), repetition rulings (长将 and 长捉 lose,
  otherwise a draw) and the 60-move (120-ply) natural limit.
* Score adjudication (optional): when both engines' last ``moves`` scores agree that one side is ahead by
  at least ``cp`` centipawns (red's view), that side wins.
* Draw by move count (optional): after ``max_plies`` plies of engine play the game is drawn.
* Time, crashes, illegal moves and resignations are decided by the game runner and recorded through
  ``GameEnd`` like the others.
* Draw claims: an engine that answers "no move" while it has legal moves and our rules go on (ElephantEye
  says ``nobestmove`` after 100 plies without a capture, where our limit is 120) is asked again from the
  position alone (``no_move_ruling`` returns None); if it still gives no move, the game is drawn by
  adjudication when the claim holds under the common rules (100 plies without a capture, or a repeated
  position), else it loses as an engine that gave no move. The reason goes into the PGN.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum

from xiangqi.core import Color, Position, Termination
from xiangqi.core.outcome import result_text

_RULE_TEXT = {
    Termination.CHECKMATE: "{loser} is mated",
    Termination.STALEMATE: "{loser} has no legal move (stalemate loses)",
    Termination.NATURAL_LIMIT: "draw by the 60-move limit",
    Termination.REPETITION_DRAW: "draw by repetition",
    Termination.PERPETUAL_CHECK: "{loser} loses by perpetual check",
    Termination.PERPETUAL_CHASE: "{loser} loses by perpetual chase",
    Termination.INSUFFICIENT_MATERIAL: "draw: neither side has material to attack (insufficient material)",
}


class EndKind(Enum):
    """How a game ended."""

    RULES = "rules"
    RESIGNATION = "resignation"
    ADJUDICATION = "adjudication"
    TIME = "time"
    CRASH = "crash"
    ILLEGAL = "illegal"

    @property
    def pgn_termination(self) -> str:
        """The PGN ``Termination`` tag's value."""
        return _PGN_TERMINATION[self]


_PGN_TERMINATION = {EndKind.RULES: "normal", EndKind.RESIGNATION: "normal", EndKind.ADJUDICATION: "adjudication",
                    EndKind.TIME: "time forfeit", EndKind.CRASH: "abandoned", EndKind.ILLEGAL: "rules infraction"}


class Grounds(Enum):
    """Why an adjudication ended a game (data for the app, which words it in the player's language)."""

    SCORE = "score"      # both engines scored it past the threshold for the moves asked
    LENGTH = "length"    # the match's longest game was reached
    CLAIM = "claim"      # an engine claimed a draw the common rules allow and gave no move


@dataclass(frozen=True, slots=True)
class Adjudicated:
    grounds: Grounds
    pawns: float = 0.0   # SCORE: the threshold in pawns
    moves: int = 0       # SCORE: for this many moves each
    plies: int = 0       # LENGTH: plies played
    engine: str = ""     # CLAIM: the engine that claimed


@dataclass(frozen=True, slots=True)
class GameEnd:
    winner: Color | None
    kind: EndKind
    reason: str  # plain words for the PGN comment and the console line
    adjudicated: Adjudicated | None = None   # the grounds of an adjudication, as data

    @property
    def result(self) -> str:
        return result_text(self.winner)


def side_name(color: Color) -> str:
    return "Red" if color is Color.RED else "Black"


def rules_end(position: Position) -> GameEnd | None:
    """The game's end by the rules in ``position``, or None while it goes on."""
    outcome = position.outcome()
    if outcome is None:
        return None
    return GameEnd(outcome.winner, EndKind.RULES, _rule_text(outcome.termination, outcome.winner))


def _rule_text(termination: Termination, winner: Color | None) -> str:
    """Plain words for a ruling; a termination the core learns later still gets words from its name."""
    loser = side_name(winner.other) if winner is not None else ""
    template = _RULE_TEXT.get(termination)
    if template is not None:
        return template.format(loser=loser)
    words = termination.name.lower().replace("_", " ")
    return f"{loser} loses: {words}" if winner is not None else f"draw: {words}"


def loss(loser: Color, kind: EndKind, why: str) -> GameEnd:
    return GameEnd(loser.other, kind, f"{side_name(loser)} {why}")


# The common draw rules an engine may claim by (our own 60-move limit is 120 plies): 50 moves without a
# capture, or a position that has occurred before.
COMMON_DRAW_PLIES = 100


def claim_grounds(position: Position) -> str | None:
    """Why a draw claim in ``position`` holds under the common rules, in plain words; None when it does not."""
    if position.halfmove_clock >= COMMON_DRAW_PLIES:
        return f"{position.halfmove_clock} plies without a capture"
    keys = position.keys_since_capture()
    if keys[-1] in keys[:-1]:
        return "a repeated position"
    return None


def no_move_ruling(position: Position, engine: str, asked_again: bool) -> GameEnd | None:
    """An engine gave no move in ``position``, which has legal moves and which our rules do not end.

    None: ask it again (once, from the position alone, without the moves that led there). Asked again and
    still no move: a draw by adjudication when the claim holds under the common rules, else a loss."""
    if not asked_again:
        return None
    mover = position.turn
    grounds = claim_grounds(position)
    if grounds is None:
        return loss(mover, EndKind.ILLEGAL, f"({engine}) claims to have no move")
    return GameEnd(None, EndKind.ADJUDICATION, f"draw by adjudication: {side_name(mover)} ({engine}) claims a draw "
                   f"({grounds}) and gives no move when asked again; our rules would go on",
                   Adjudicated(Grounds.CLAIM, engine=engine))


def claim_note(position: Position, engine: str) -> str:
    """The PGN comment for a move played after a draw claim was answered by asking again."""
    grounds = claim_grounds(position) or "no legal reason"
    return f"{engine} claimed a draw ({grounds}); our rules go on, so it was asked again"


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The optional rules: ``score_cp``/``score_moves`` (None: off) and ``max_plies`` (None: off)."""

    score_cp: int | None = None
    score_moves: int = 3
    max_plies: int | None = None

    def __post_init__(self) -> None:
        if self.score_cp is not None and (self.score_cp <= 0 or self.score_moves < 1):
            raise ValueError(f"score adjudication needs cp > 0 and moves >= 1, got {self.score_cp}, {self.score_moves}")
        if self.max_plies is not None and self.max_plies < 1:
            raise ValueError(f"max_plies must be >= 1, got {self.max_plies}")


class Referee:
    """One game's referee: call ``after_move`` after every engine move (with the mover's score, red's
    view, None when it sent none); it returns the end of the game or None."""

    def __init__(self, adjudication: Adjudication = Adjudication()) -> None:
        self.adjudication = adjudication
        self._scores: dict[Color, deque[int | None]] = {
            color: deque(maxlen=adjudication.score_moves) for color in Color}
        self._plies = 0

    def after_move(self, position: Position, mover: Color, score_cp: int | None) -> GameEnd | None:
        self._plies += 1
        self._scores[mover].append(score_cp)
        ended = rules_end(position)
        if ended is not None:
            return ended
        return self._by_score() or self._by_length()

    def _by_score(self) -> GameEnd | None:
        threshold, needed = self.adjudication.score_cp, self.adjudication.score_moves
        if threshold is None:
            return None
        scores = [s for color in Color for s in self._scores[color]]
        if len(scores) < 2 * needed or any(s is None for s in scores):
            return None
        for winner, sign in ((Color.RED, 1), (Color.BLACK, -1)):
            if all(s is not None and sign * s >= threshold for s in scores):
                return GameEnd(winner, EndKind.ADJUDICATION, f"{side_name(winner)} wins by adjudication: both "
                               f"engines scored it {threshold / 100:g} pawns or more for {needed} moves",
                               Adjudicated(Grounds.SCORE, pawns=threshold / 100, moves=needed))
        return None

    def _by_length(self) -> GameEnd | None:
        limit = self.adjudication.max_plies
        if limit is not None and self._plies >= limit:
            return GameEnd(None, EndKind.ADJUDICATION, f"draw by adjudication: {limit} plies played",
                           Adjudicated(Grounds.LENGTH, plies=limit))
        return None
