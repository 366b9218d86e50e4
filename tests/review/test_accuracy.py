"""lichess's game accuracy (lila modules/analyse/src/main/AccuracyPercent.scala, ported in
xiangqi/review/accuracy.py) against values computed independently: by hand, and by a second, plain
implementation with numpy and the statistics module."""

from __future__ import annotations

import math
import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.core import Color
from xiangqi.review.accuracy import (
    accuracy_from_evaluations,
    game_accuracy,
    lichess_win_percent,
    move_accuracy,
    volatility_weights,
)
from xiangqi.review.evaluation import Evaluation


def test_winning_chances_are_ceiled_at_1000_cp_and_mates_count_as_the_ceiling() -> None:
    # 50 + 50 * (2 / (1 + e^-3.68208) - 1) = 97.545 (by hand: e^-3.68208 = 0.025165)
    assert lichess_win_percent(Evaluation(cp=1000)) == pytest.approx(97.545, abs=0.001)
    assert lichess_win_percent(Evaluation(cp=5000)) == lichess_win_percent(Evaluation(cp=1000))
    assert lichess_win_percent(Evaluation(mate=3)) == lichess_win_percent(Evaluation(cp=1000))
    assert lichess_win_percent(Evaluation(mate=-1), Color.BLACK) == lichess_win_percent(Evaluation(cp=1000))


def test_one_moves_accuracy_has_the_uncertainty_bonus() -> None:
    assert move_accuracy(60, 60) == 100 and move_accuracy(40, 70) == 100   # no drop
    # a drop of 10 points: 103.16681 * e^-0.435442 - 3.16692 + 1, by hand e^-0.435442 = 0.646979: 64.580
    assert move_accuracy(60, 50) == pytest.approx(64.580, abs=0.001)
    assert move_accuracy(100, 0) == 0


def test_a_four_move_game_by_hand() -> None:
    """Red 0, 0, 0, 0 then black's last move gives red +1000: black's 4th-ply accuracy is 10.849.
    Window 2 (4 moves / 10, at least 2): the windows [50,50] ×3 and [50, 97.545] weigh 0.5 (the floor) and
    12 (the cap: stdev 23.77). Black: weighted (100×0.5 + 10.849×12) / 12.5 = 14.415, harmonic
    2 / (1/100 + 1/10.849) = 19.574, accuracy (14.415 + 19.574) / 2 = 16.995. Red: 100."""
    cps = [0, 0, 0, 0, 1000]
    result = accuracy_from_evaluations([Evaluation(cp=c) for c in cps])
    assert result[Color.RED] == pytest.approx(100)
    assert result[Color.BLACK] == pytest.approx(16.995, abs=0.01)
    assert volatility_weights([lichess_win_percent(Evaluation(cp=c)) for c in cps]) == pytest.approx(
        [0.5, 0.5, 0.5, 12])


def test_a_game_lost_by_a_mate_in_one_blunder_weighs_the_blunder() -> None:
    """As the issue's example: steady play, then red walks into mate. The plain mean of move accuracies
    hardly notices (one bad move of many); lichess's volatility weights and harmonic mean do."""
    cps = [30, 20, 35, 25, 40, 30, 45, 35, 40, 30, 35, 25, 40, 30, 35, 20, 30, 25, 35, 30, 40]
    evaluations = [Evaluation(cp=c) for c in cps] + [Evaluation(mate=-1)]   # red's 11th move allows mate
    red_moves = [move_accuracy(lichess_win_percent(a), lichess_win_percent(b))
                 for a, b in zip(evaluations[0::2], evaluations[1::2], strict=False)]
    plain = sum(red_moves) / len(red_moves)
    lichess = accuracy_from_evaluations(evaluations)[Color.RED]
    assert lichess is not None
    assert plain > 85 and lichess < 55
    assert lichess == pytest.approx(_independent(evaluations)[0], abs=1e-9)


def _independent(evaluations: list[Evaluation]) -> tuple[float | None, float | None]:
    """A second implementation, straight from the Scala with numpy/statistics."""
    cps = np.clip([e.cp if e.cp is not None else (10**9 if (e.mate or 0) > 0 else -10**9) for e in evaluations],
                  -1000, 1000)
    wins = 50 + 50 * (2 / (1 + np.exp(-0.00368208 * cps)) - 1)
    size = int(np.clip(len(cps[1:]) // 10, 2, 8))
    windows = [wins[:size]] * (min(size, len(wins)) - 2)
    windows += [wins[i:i + size] for i in range(len(wins) - size + 1)] if len(wins) >= size else [wins]
    weights = [float(np.clip(statistics.pstdev(w), 0.5, 12)) for w in windows]
    sides: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    for i in range(len(wins) - 1):
        before, after = (wins[i], wins[i + 1]) if i % 2 == 0 else (100 - wins[i], 100 - wins[i + 1])
        accuracy = 100.0 if after >= before else float(np.clip(
            103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411 + 1, 0, 100))
        sides[i % 2].append((accuracy, weights[i]))
    result: list[float | None] = []
    for side in (0, 1):
        pairs = sides[side]
        if not pairs:
            result.append(None)
            continue
        weighted = sum(a * w for a, w in pairs) / sum(w for _, w in pairs)
        harmonic = len(pairs) / sum(1 / max(1.0, a) for a, _ in pairs)
        result.append((weighted + harmonic) / 2)
    return result[0], result[1]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-1500, 1500), min_size=2, max_size=120))
def test_the_port_agrees_with_an_independent_implementation(cps: list[int]) -> None:
    evaluations = [Evaluation(cp=c) for c in cps]
    ours = accuracy_from_evaluations(evaluations)
    red, black = _independent(evaluations)
    assert ours[Color.RED] == pytest.approx(red, abs=1e-9)
    if black is None:
        assert ours[Color.BLACK] is None
    else:
        assert ours[Color.BLACK] == pytest.approx(black, abs=1e-9)


def test_game_accuracy_checks_its_counts() -> None:
    with pytest.raises(ValueError, match="3 positions for 1 moves"):
        game_accuracy([50, 50, 50], [(50, 50)])
