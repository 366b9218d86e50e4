"""How a game ends: checkmate, stalemate, the natural move limit and repetition rulings.

Repetition is judged from what each side did in the repeating cycle: ``classify_cycle`` labels every move
(today: check or not), ``judge_repetition`` turns the labels into a ruling. The chase (长捉) rules fit in
by adding a label and a ruling, without changing the callers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, auto

from xiangqi.core.pieces import Color


class Termination(Enum):
    CHECKMATE = auto()
    STALEMATE = auto()  # 困毙: the side to move has no legal move and loses
    NATURAL_LIMIT = auto()  # 自然限着: too many plies without a capture; a draw
    REPETITION_DRAW = auto()
    PERPETUAL_CHECK = auto()  # 长将: the side that checked with every move of the cycle loses


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: Color | None

    @property
    def result(self) -> str:
        return result_text(self.winner)


def result_text(winner: Color | None) -> str:
    """The PGN result for a winner: "1-0", "0-1", or "1/2-1/2" for a draw (no winner)."""
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner is Color.RED else "0-1"


class MoveKind(Enum):
    """What a move in a repetition cycle did, as far as the repetition rules care."""

    CHECK = auto()
    IDLE = auto()


@dataclass(frozen=True)
class CycleMove:
    mover: Color
    kind: MoveKind


def judge_repetition(cycle: Sequence[CycleMove]) -> Outcome:
    """The ruling on a repeated position, from the labelled moves of the cycle that repeated it.

    A side that checked with every one of its moves in the cycle while the other did not loses;
    both checking perpetually, or neither, is a draw.
    """
    checking = [
        color
        for color in Color
        if (mine := [m for m in cycle if m.mover is color]) and all(m.kind is MoveKind.CHECK for m in mine)
    ]
    if len(checking) == 1:
        return Outcome(Termination.PERPETUAL_CHECK, checking[0].other)
    return Outcome(Termination.REPETITION_DRAW, None)
