"""How a game ended: the core's ``Termination`` (the one list of ways a game ends) and the winner. No Qt."""

from __future__ import annotations

from dataclasses import dataclass

from xiangqi.core import Color, Outcome, Termination
from xiangqi.core.outcome import result_text


@dataclass(frozen=True)
class GameResult:
    reason: Termination
    winner: Color | None

    @property
    def score(self) -> str:
        """The PGN result: "1-0", "0-1" or "1/2-1/2"."""
        return result_text(self.winner)

    @property
    def from_board(self) -> bool:
        """The position ended the game (taking a move back resumes it)."""
        return self.reason.from_board

    @classmethod
    def from_outcome(cls, outcome: Outcome) -> GameResult:
        return cls(outcome.termination, outcome.winner)
