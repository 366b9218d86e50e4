"""Evaluations from red's point of view and their ``[%eval ...]`` comment form (no Qt).

The comment form is the one lichess and chess GUIs write: ``[%eval 1.23]`` is red ahead by 1.23 pawns,
``[%eval #5]`` red mates in 5 moves, ``[%eval #-5]`` black mates in 5. The app's evaluation graph reads
it back with ``parse_eval_comment``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xiangqi.core import Color
from xiangqi.engine.messages import Score

_EVAL_TAG = re.compile(r"\[%eval\s+([^\]\s]*)\s*\]")
_EVAL_VALUE = re.compile(r"(?:#(-?\d+)|(-?\d+(?:\.\d+)?))")


class EvalCommentError(ValueError):
    """An ``[%eval ...]`` whose value is not a number of pawns or ``#N``."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A position's value from red's point of view: ``cp`` centipawns, or ``mate`` in moves (positive:
    red mates; negative: black mates)."""

    cp: int | None = None
    mate: int | None = None

    def __post_init__(self) -> None:
        if (self.cp is None) == (self.mate is None):
            raise ValueError(f"an evaluation is centipawns or a mate, exactly one: cp={self.cp}, mate={self.mate}")

    @classmethod
    def from_score(cls, score: Score, side_to_move: Color) -> Evaluation:
        """An engine's score (side to move's view) turned to red's view. Mates arrive as ``mate`` whatever the
        engine's own way of saying them (the engine layer reads each family's mate range, see
        ``engine.protocol.ScoreScale``), so a centipawn score is only ever centipawns."""
        sign = 1 if side_to_move is Color.RED else -1
        if score.mate is not None:
            # "mate 0" (mated now) has no sign: it is kept as mated in one, the nearest value with one.
            return cls(mate=sign * score.mate if score.mate != 0 else -sign)
        return cls(cp=sign * (score.cp if score.cp is not None else 0))

    def for_side(self, color: Color) -> Evaluation:
        """The same value from ``color``'s point of view (red's view for red)."""
        if color is Color.RED:
            return self
        return Evaluation(cp=-self.cp) if self.cp is not None else Evaluation(mate=-(self.mate or 0))

    def pawns(self, clamp: float = 10.0) -> float:
        """For a graph: pawns, clamped to ±``clamp``; mates at the edge."""
        if self.mate is not None:
            return clamp if self.mate > 0 else -clamp
        assert self.cp is not None
        return max(-clamp, min(clamp, self.cp / 100))

    def text(self) -> str:
        """The value as ``[%eval]`` writes it: ``1.23``, ``-0.50``, ``#5``, ``#-5``."""
        if self.mate is not None:
            return f"#{self.mate}"
        assert self.cp is not None
        return f"{self.cp / 100:.2f}"


def format_eval_comment(evaluation: Evaluation) -> str:
    return f"[%eval {evaluation.text()}]"


def parse_eval_comment(comment: str) -> Evaluation | None:
    """The evaluation of the first ``[%eval ...]`` in a comment; None when there is none.
    EvalCommentError (quoting the value) when its value cannot be read."""
    match = _EVAL_TAG.search(comment)
    if match is None:
        return None
    value = match.group(1)
    number = _EVAL_VALUE.fullmatch(value)
    if number is None:
        raise EvalCommentError(f"[%eval {value[:80]!r}]: expected pawns like 1.23 or a mate like #5 / #-5")
    if number.group(1) is not None:
        return Evaluation(mate=int(number.group(1)))
    return Evaluation(cp=round(float(number.group(2)) * 100))


def with_eval(comment: str, evaluation: Evaluation | None) -> str:
    """``comment`` with its ``[%eval]`` replaced by (or, when it has none, starting with) ``evaluation``'s;
    None removes it. The rest of the user's comment is kept as it was."""
    rest = _EVAL_TAG.sub("", comment).strip()
    if evaluation is None:
        return rest
    tag = format_eval_comment(evaluation)
    return f"{tag} {rest}" if rest else tag
