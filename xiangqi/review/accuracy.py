"""Game accuracy the way lichess computes it (no Qt).

A port of lila's ``modules/analyse/src/main/AccuracyPercent.scala`` (``gameAccuracy``) with the helpers it
uses (``WinPercent.fromCentiPawns``, ``lila.common.Maths``):

* winning chances of a position for red: ``50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`` with ``cp``
  clamped to ±1000 ("ceiled"); a mate counts as the ceiling (lila's ``forceAsCp``, then ceiled);
* one move's accuracy from the mover's winning chances before and after it: 100 when they did not drop,
  else ``103.1668100711649 * exp(-0.04354415386753951 * drop) - 3.166924740191411``, plus 1 ("uncertainty
  bonus, due to imperfect analysis"), clamped to 0..100;
* weights: a window of ``clamp(moves / 10, 2, 8)`` positions slides along the winning chances of every
  position (the first ``window - 2`` moves reuse the first window); a move's weight is its window's
  population standard deviation clamped to 0.5..12 — moves in sharp phases count more;
* a side's accuracy is the mean of the weighted mean of its move accuracies and their harmonic mean
  (each value at least 1 in the harmonic mean).

``game_accuracy`` takes the winning chances of the positions (for the weights) and each move's winning
chances before and after it. Lichess takes "before" and "after" from consecutive positions
(``accuracy_from_evaluations`` does exactly that), and so does the review's RedAccuracy/BlackAccuracy:
it is fed the review's own ``[%eval]`` of every position in order, so it is comparable to a lichess figure.
(Fed the mark's two numbers from one search instead, it read 13-33 points higher: issue 28.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xiangqi.core import Color
from xiangqi.review.evaluation import Evaluation

WIN_CURVE = 0.00368208
CP_CEILING = 1000
STDEV_MIN, STDEV_MAX = 0.5, 12.0
WINDOW_MIN, WINDOW_MAX = 2, 8


def lichess_win_percent(evaluation: Evaluation, color: Color = Color.RED) -> float:
    """``color``'s winning chances in percent as lichess's accuracy reads an evaluation (mates at ±1000 cp)."""
    own = evaluation.for_side(color)
    if own.mate is not None:
        cp = CP_CEILING if own.mate > 0 else -CP_CEILING
    else:
        assert own.cp is not None
        cp = max(-CP_CEILING, min(CP_CEILING, own.cp))
    return 50 + 50 * (2 / (1 + math.exp(-WIN_CURVE * cp)) - 1)


def move_accuracy(before: float, after: float) -> float:
    """One move's accuracy (0..100) from the mover's winning chances before and after it."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def standard_deviation(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((x - mean) ** 2 for x in values) / len(values))


def harmonic_mean(values: Sequence[float]) -> float:
    return len(values) / sum(1 / max(1.0, v) for v in values)


def weighted_mean(pairs: Sequence[tuple[float, float]]) -> float | None:
    total = sum(w for _, w in pairs)
    return sum(v * w for v, w in pairs) / total if total else None


def volatility_weights(red_wins: Sequence[float]) -> list[float]:
    """One weight per move: the spread of red's winning chances around it (``red_wins``: every position,
    the start included, so one more than the moves)."""
    moves = len(red_wins) - 1
    size = max(WINDOW_MIN, min(WINDOW_MAX, moves // 10))
    first = list(red_wins[:size])
    windows = [first] * (min(size, len(red_wins)) - 2)
    windows += [list(red_wins[i:i + size]) for i in range(max(1, len(red_wins) - size + 1))]
    weights = [max(STDEV_MIN, min(STDEV_MAX, standard_deviation(w))) for w in windows]
    return weights[:moves]


def game_accuracy(red_wins: Sequence[float], moves: Sequence[tuple[float, float]],
                  first: Color = Color.RED) -> dict[Color, float | None]:
    """Each side's accuracy (None for a side without a move). ``red_wins``: red's winning chances of every
    position (start included); ``moves``: the mover's winning chances before and after each move."""
    if len(red_wins) != len(moves) + 1:
        raise ValueError(f"{len(red_wins)} positions for {len(moves)} moves")
    weights = volatility_weights(red_wins)
    result: dict[Color, float | None] = {}
    for color in (Color.RED, Color.BLACK):
        own = [(move_accuracy(*moves[i]), weights[i]) for i in range(len(moves))
               if (i % 2 == 0) == (color is first)]
        weighted = weighted_mean(own)
        result[color] = None if weighted is None else (weighted + harmonic_mean([a for a, _ in own])) / 2
    return result


def accuracy_from_evaluations(evaluations: Sequence[Evaluation], first: Color = Color.RED) -> dict[Color, float | None]:
    """Lichess's ``gameAccuracy`` itself: ``evaluations`` of every position (start included, red's view);
    each move judged by the positions before and after it."""
    red_wins = [lichess_win_percent(e) for e in evaluations]
    moves = []
    for i in range(len(red_wins) - 1):
        red_moves = (i % 2 == 0) == (first is Color.RED)
        before, after = red_wins[i], red_wins[i + 1]
        moves.append((before, after) if red_moves else (100 - before, 100 - after))
    return game_accuracy(red_wins, moves, first)
