"""Tournaments: who meets whom, the crosstable and the maximum-likelihood Elo of every engine."""

from __future__ import annotations

import math

import pytest

from xiangqi.match.results import elo_of
from xiangqi.match.tournament import Crosstable, TournamentKind, encounters


def test_encounters() -> None:
    assert encounters(TournamentKind.ROUND_ROBIN, 3) == [(0, 1), (0, 2), (1, 2)]
    assert encounters(TournamentKind.ROUND_ROBIN, 4)[-1] == (2, 3)
    assert len(encounters(TournamentKind.ROUND_ROBIN, 6)) == 15
    assert encounters(TournamentKind.GAUNTLET, 4) == [(0, 1), (0, 2), (0, 3)]
    with pytest.raises(ValueError, match="not 1"):
        encounters(TournamentKind.GAUNTLET, 1)


def test_two_engines_give_the_score_s_elo() -> None:
    """With two engines the maximum-likelihood difference is exactly the Elo of the score fraction."""
    table = Crosstable(["x", "y"])
    for score in [1, 1, 1, 0.5, 0, 1, 0.5]:
        table.add(0, 1, score)
    x, y = table.ratings().ratings
    assert x.elo - y.elo == pytest.approx(elo_of(5 / 7), abs=1e-6)
    assert x.elo == pytest.approx(-y.elo)   # the average is 0
    assert x.low < x.elo < x.high


def test_the_maximum_fits_the_scores() -> None:
    """At the maximum every engine's expected points over its games equal the points it scored."""
    table = Crosstable(["a", "b", "c", "d"])
    results = {(0, 1): [1, 0.5, 1, 0], (0, 2): [1, 1, 0.5, 1], (0, 3): [0.5, 1, 1, 1],
               (1, 2): [0.5, 0.5, 1, 0], (1, 3): [1, 0, 1, 0.5], (2, 3): [0, 1, 0.5, 0.5]}
    for (i, j), scores in results.items():
        for score in scores:
            table.add(i, j, score)
    ratings = table.ratings()
    assert not ratings.virtual_draws and ratings.anchor == "average"
    elo = [rating.elo for rating in ratings.ratings]
    assert sum(elo) == pytest.approx(0, abs=1e-6)
    for k in range(4):
        expected = sum(table.games[k, j] / (1 + 10 ** ((elo[j] - elo[k]) / 400)) for j in range(4) if j != k)
        assert expected == pytest.approx(table.points[k].sum(), abs=1e-6)
    assert elo[0] == max(elo)


def test_gauntlet_anchors_the_first_engine() -> None:
    table = Crosstable(["tested", "b", "c"], TournamentKind.GAUNTLET)
    for score in (1, 0, 0.5, 1):
        table.add(0, 1, score)
        table.add(0, 2, 1 - score)
    ratings = table.ratings()
    assert ratings.anchor == "tested" and ratings.ratings[0].elo == 0
    assert ratings.ratings[0].low == ratings.ratings[0].high == 0
    assert "tested is 0" in table.text()


def test_a_perfect_score_gets_virtual_draws_and_stays_finite() -> None:
    table = Crosstable(["strong", "weak", "middle"])
    for _ in range(4):
        table.add(0, 1, 1.0)
        table.add(0, 2, 1.0)
        table.add(2, 1, 0.5)
    ratings = table.ratings()
    assert ratings.virtual_draws
    assert all(math.isfinite(r.elo) and math.isfinite(r.low) and math.isfinite(r.high) for r in ratings.ratings)
    assert ratings.ratings[0].elo > ratings.ratings[2].elo > ratings.ratings[1].elo - 1e-9
    text = table.text()
    assert "one virtual draw" in text and "4/4" in text and text.splitlines()[1].split()[2] == "strong"


def test_bad_results_are_refused() -> None:
    table = Crosstable(["a", "b"])
    with pytest.raises(ValueError, match="0.7"):
        table.add(0, 1, 0.7)
    with pytest.raises(ValueError, match="engines 1 and 1"):
        table.add(1, 1, 1.0)


def test_ratings_before_any_game_and_with_engines_yet_to_meet() -> None:
    table = Crosstable(["a", "b", "c"])
    ratings = table.ratings()
    assert ratings.virtual_draws and all(r.elo == pytest.approx(0, abs=1e-9) for r in ratings.ratings)
    table.add(0, 1, 0.5)
    table.add(0, 1, 1.0)   # c has not played yet
    ratings = table.ratings()
    assert ratings.virtual_draws and ratings.ratings[0].elo > ratings.ratings[1].elo
    assert all(math.isfinite(r.low) and math.isfinite(r.high) for r in ratings.ratings)
    assert "      -" in table.text()
