"""Judging moves by the winning chances they lose (no Qt), after lichess's approach.

* Winning chances of an evaluation, in percent for one side: ``50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)``
  (lichess's fit of centipawns to game results). A mate for the side is 100 %, against it 0 %.
* A move's loss is the mover's winning chances of the engine's best line minus those of the move played,
  both from the one search of the position it was played in (``xiangqi.review.judging``): two searches of
  two positions differ by search noise and by the engine rating the side to move higher, which marked
  good moves. A move that is the engine's own best move loses nothing.
* Thresholds, in percentage points of winning chances lost (lichess's 0.1/0.2/0.3 on its -1..1 scale):
  ``?!`` inaccuracy at 5 or more, ``?`` mistake at 10 or more, ``??`` blunder at 15 or more.
* Accuracy: lichess's game accuracy (``xiangqi.review.accuracy``) of the evaluations the review shows,
  position after position (``review.annotate.shown_evaluations``).
* Average loss is the average centipawn loss (each value clamped to ±1000 cp, mates at the clamp), as
  players know it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from xiangqi.core import Color
from xiangqi.review.accuracy import game_accuracy, lichess_win_percent, move_accuracy
from xiangqi.review.evaluation import Evaluation

WIN_CURVE = 0.00368208
INACCURACY_LOSS = 5.0
MISTAKE_LOSS = 10.0
BLUNDER_LOSS = 15.0
CP_CLAMP = 1000


class Mark(Enum):
    """A move's mark and its PGN NAG."""

    INACCURACY = 6  # ?!
    MISTAKE = 2     # ?
    BLUNDER = 4     # ??

    @property
    def symbol(self) -> str:
        return {Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}[self]


MARK_NAGS = frozenset(mark.value for mark in Mark)


def win_percent(evaluation: Evaluation, color: Color) -> float:
    """``color``'s winning chances in percent (0..100) for an evaluation given from red's view."""
    own = evaluation.for_side(color)
    if own.mate is not None:
        return 100.0 if own.mate > 0 else 0.0
    assert own.cp is not None
    return 50 + 50 * (2 / (1 + math.exp(-WIN_CURVE * own.cp)) - 1)


def clamped_cp(evaluation: Evaluation, color: Color) -> int:
    own = evaluation.for_side(color)
    if own.mate is not None:
        return CP_CLAMP if own.mate > 0 else -CP_CLAMP
    assert own.cp is not None
    return max(-CP_CLAMP, min(CP_CLAMP, own.cp))


def classify(loss: float) -> Mark | None:
    """The mark for a loss of winning chances in percentage points (see the module's thresholds)."""
    if loss >= BLUNDER_LOSS:
        return Mark.BLUNDER
    if loss >= MISTAKE_LOSS:
        return Mark.MISTAKE
    if loss >= INACCURACY_LOSS:
        return Mark.INACCURACY
    return None


@dataclass(frozen=True, slots=True)
class MoveJudgement:
    """One move: who played it, the winning chances and centipawns it lost, its mark, and the mover's
    winning chances before and after it as lichess's accuracy reads them (mates at ±1000 cp)."""

    mover: Color
    loss: float       # percentage points of winning chances, >= 0
    cp_loss: int      # centipawns, >= 0
    mark: Mark | None
    accuracy_before: float = 50.0
    accuracy_after: float = 50.0

    @property
    def accuracy(self) -> float:
        """lichess's accuracy of this one move (0..100)."""
        return move_accuracy(self.accuracy_before, self.accuracy_after)


def judge_move(mover: Color, before: Evaluation, after: Evaluation, *, best: bool = False) -> MoveJudgement:
    """The move ``mover`` played, ``before`` the engine's best line's value and ``after`` the played move's
    (both red's view, from one search). ``best``: it is the engine's own best move, which loses nothing."""
    start = lichess_win_percent(before, mover)
    if best:
        return MoveJudgement(mover, 0.0, 0, None, start, start)
    loss = max(0.0, win_percent(before, mover) - win_percent(after, mover))
    cp_loss = max(0, clamped_cp(before, mover) - clamped_cp(after, mover))
    return MoveJudgement(mover, loss, cp_loss, classify(loss), start, lichess_win_percent(after, mover))


@dataclass(frozen=True, slots=True)
class SideSummary:
    color: Color
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    average_cp_loss: float
    accuracy: float

    def text(self) -> str:
        name = "red" if self.color is Color.RED else "black"
        return (f"{name}: {self.inaccuracies} ?!, {self.mistakes} ?, {self.blunders} ??, "
                f"average loss {self.average_cp_loss:.0f} cp, accuracy {self.accuracy:.1f}% ({self.moves} moves)")


def summarise(judgements: Sequence[MoveJudgement], color: Color,
              red_wins: Sequence[float] | None = None) -> SideSummary:
    """``color``'s counts, average loss and accuracy. ``red_wins``: red's winning chances (lichess's reading)
    of every position, start included, for the accuracy's volatility weights; without them (or for a
    game that does not fit them) every move weighs the same."""
    own = [j for j in judgements if j.mover is color]
    count = len(own)
    marks = [j.mark for j in own]
    if red_wins is None or len(red_wins) != len(judgements) + 1:
        red_wins = [50.0] * (len(judgements) + 1)
    first = judgements[0].mover if judgements else Color.RED
    accuracy = game_accuracy(red_wins, [(j.accuracy_before, j.accuracy_after) for j in judgements], first)[color]
    return SideSummary(
        color, count, marks.count(Mark.INACCURACY), marks.count(Mark.MISTAKE), marks.count(Mark.BLUNDER),
        sum(j.cp_loss for j in own) / count if count else 0.0,
        accuracy if accuracy is not None else 100.0)
