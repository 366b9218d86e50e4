"""How an engine's score and speed read wherever the program shows them (engine area, analysis lines,
match panel, evaluation graph, review): one wording for all, in pawns from red's point of view like the
``%eval`` comments a review writes, ``#n`` for mates.

The engine layer has put every engine's score on one scale (``xiangqi.engine.messages.Score``); what is
not an evaluation — an engine's repetition ruling, an opening-book weight — is said in words, never shown
as a number of pawns. The built-in engine's mate scores (centipawns near 30000) read as ``#n`` too:
``Evaluation.from_score`` is the one place that knows them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from xiangqi.core import Color
from xiangqi.engine.messages import Score, ScoreKind
from xiangqi.review.evaluation import Evaluation

# A bound is stated from the engine's side; seen from red's side a lower bound of black's is an upper one.
_BOUND_SIGNS = {1: {"lower": "≥", "upper": "≤"}, -1: {"lower": "≤", "upper": "≥"}}


def evaluation_text(evaluation: Evaluation) -> str:
    """An evaluation from red's point of view: ``+0.35``, ``-1.20``, ``#5`` (red mates), ``#-5``."""
    if evaluation.mate is not None:
        return f"#{evaluation.mate}"
    return f"{(evaluation.cp or 0) / 100:+.2f}"


def pawns_text(score: Score | None, red_sign: int) -> str:
    """A score from red's point of view (``red_sign`` is +1 when red is to move, -1 when black is):
    ``+0.35``, ``-1.20``, ``#5`` (red mates), ``#-5`` (black mates), ``≥``/``≤`` in front of a bound;
    a repetition ruling and a book move in words."""
    if score is None:
        return ""
    red_to_move = red_sign > 0
    if score.kind is ScoreKind.RULING:
        red_wins = (score.ruling or 0) > 0 if red_to_move else (score.ruling or 0) < 0
        return (QCoreApplication.translate("ScoreText", "Red wins by rule") if red_wins
                else QCoreApplication.translate("ScoreText", "Black wins by rule"))
    if score.kind is ScoreKind.BOOK:
        return book_move_words()
    if score.cp is None and score.mate is None:
        return ""
    bound = _BOUND_SIGNS[1 if red_to_move else -1].get(score.bound or "", "")
    evaluation = Evaluation.from_score(score, Color.RED if red_to_move else Color.BLACK)
    return bound + evaluation_text(evaluation)


def book_move_words() -> str:
    """What stands where a score would for a move played from an opening book (it was not searched)."""
    return QCoreApplication.translate("ScoreText", "book move")


def score_header() -> str:
    """The score column's heading: whose point of view the numbers are (short: the lines need the width)."""
    return QCoreApplication.translate("ScoreText", "Red's view")


def score_header_tip() -> str:
    return QCoreApplication.translate(
        "ScoreText", "Scores from red's point of view, in pawns: + red is ahead, - black is; #5 red mates "
                     "in 5 moves, #-5 black mates in 5")


def nps_text(nps: int | None) -> str:
    """Nodes per second, short: ``850``, ``12.3k``, ``1.5M``."""
    if not nps:
        return ""
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if nps >= size:
            return f"{nps / size:.1f}{unit}"
    return str(nps)
