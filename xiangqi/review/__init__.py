"""Whole-game review without Qt: win probability, move marks, accuracy, the ``[%eval]`` comment form and
writing a review into a record. The engine driving is ``xiangqi.review.runner`` (Qt, imported only by
the tools that run engines)."""

from xiangqi.review.annotate import PositionValue, ReviewSummary, annotate_game, main_line_positions, terminal_value
from xiangqi.review.evaluation import (
    EvalCommentError,
    Evaluation,
    format_eval_comment,
    parse_eval_comment,
    with_eval,
)
from xiangqi.review.marks import Mark, MoveJudgement, SideSummary, classify, judge_move, summarise, win_percent

__all__ = [
    "EvalCommentError",
    "Evaluation",
    "Mark",
    "MoveJudgement",
    "PositionValue",
    "ReviewSummary",
    "SideSummary",
    "annotate_game",
    "classify",
    "format_eval_comment",
    "judge_move",
    "main_line_positions",
    "parse_eval_comment",
    "summarise",
    "terminal_value",
    "win_percent",
    "with_eval",
]
