"""The SPRT of a match: fishtest's / fastchess's formulas, the bounds, the pentanomial and the pairing.

Reference values: fastchess's published test cases (app/tests/sprt_test.cpp, two decimals; the counts are
its ``Stats`` in fishtest's order L, D, W or LL, LD, DD+WL, WD, WW), and to 1e-6 the values of fishtest's own
``LLRcalc.LLR_normalized`` / ``LLR_logistic`` (server/fishtest/stats/LLRcalc.py at 0753fcc6, run with SciPy
1.17 outside this repository) on the same inputs and on small match-sized pentanomials.
"""

from __future__ import annotations

import math

import pytest

from xiangqi.match.sprt import (
    Decision,
    EloModel,
    PairTracker,
    Pentanomial,
    SprtError,
    SprtSettings,
    llr_logistic,
    llr_normalized,
    status,
)

FISHTEST = [
    ("normalized", 0, 2, [36027, 68692, 36433], 0.923293451),
    ("normalized", -1.75, 0.25, [10650, 20431, 10871], 2.297500407),
    ("normalized", 0, 2, [365, 16618, 36229, 16974, 390], 2.250367704),
    ("normalized", -1.75, 0.25, [127, 4883, 10712, 5150, 104], 3.010154197),
    ("logistic", 0.5, 2.5, [21184, 40708, 21404], -1.571888793),
    ("logistic", 0, 2, [57030, 106593, 57433], -2.593024164),
    ("logistic", 0.5, 2.5, [223, 9863, 21279, 10037, 246], -3.07412644),
    ("logistic", 0, 2, [871, 26175, 55983, 26678, 821], -4.978672863),
    ("normalized", 0, 50, [0, 1, 3, 2, 1], 0.537962902),
    ("logistic", 0, 50, [0, 1, 3, 2, 1], 0.716265673),
    ("normalized", 0, 50, [1, 0, 2, 4, 6], 1.463989027),
    ("logistic", -10, 40, [3, 5, 0, 1, 0], -1.350738278),
    ("normalized", 0, 5, [0, 0, 0, 0, 104], 2.094954528),
]

# fastchess's published cases (the non-degenerate ones: where every count is 0 but one, fastchess's fixed-point
# iteration stops at 1e-4 and its value differs from fishtest's in the first decimal).
FASTCHESS = [
    ("normalized", 0, 2, [36027, 68692, 36433], 0.92),
    ("normalized", -1.75, 0.25, [10650, 20431, 10871], 2.30),
    ("logistic", 0.5, 2.5, [21184, 40708, 21404], -1.57),
    ("logistic", 0, 2, [57030, 106593, 57433], -2.59),
    ("normalized", 0, 2, [365, 16618, 36229, 16974, 390], 2.25),
    ("normalized", -1.75, 0.25, [127, 4883, 10712, 5150, 104], 3.01),
    ("logistic", 0.5, 2.5, [223, 9863, 21279, 10037, 246], -3.07),
    ("logistic", 0, 2, [871, 26175, 55983, 26678, 821], -4.98),
]


def _llr(model: str, elo0: float, elo1: float, counts: list[int]) -> float:
    return (llr_normalized if model == "normalized" else llr_logistic)(elo0, elo1, counts)


@pytest.mark.parametrize(("model", "elo0", "elo1", "counts", "expected"), FISHTEST)
def test_llr_matches_fishtest_to_1e6(model: str, elo0: float, elo1: float, counts: list[int],
                                     expected: float) -> None:
    assert _llr(model, elo0, elo1, counts) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize(("model", "elo0", "elo1", "counts", "expected"), FASTCHESS)
def test_llr_matches_fastchess_published_values(model: str, elo0: float, elo1: float, counts: list[int],
                                                expected: float) -> None:
    assert _llr(model, elo0, elo1, counts) == pytest.approx(expected, abs=0.005)


def test_bounds_are_walds() -> None:
    settings = SprtSettings(0, 5, 0.05, 0.05)
    assert settings.lower == pytest.approx(math.log(0.05 / 0.95))
    assert settings.upper == pytest.approx(math.log(0.95 / 0.05))
    assert settings.upper == pytest.approx(2.944439, abs=1e-6)
    assert SprtSettings(0, 5, 0.1, 0.2).lower == pytest.approx(math.log(0.2 / 0.9))


def test_status_stops_at_a_bound() -> None:
    settings = SprtSettings.parse(["elo0=0", "elo1=50", "alpha=0.05", "beta=0.05"])
    assert status(settings, Pentanomial()).decision is Decision.CONTINUE
    assert status(settings, Pentanomial()).llr == 0
    strong = Pentanomial(ww=20)
    assert status(settings, strong).decision is Decision.H1
    weak = Pentanomial(ll=20)
    assert status(settings, weak).decision is Decision.H0
    text = status(settings, Pentanomial(ll=1, dd=2, wl=1, ww=3)).text()
    assert "[LL, LD, DD+WL, WD, WW] [1, 0, 3, 0, 3]" in text and "pairs 7" in text and "Elo +" in text


def test_pentanomial_counts_pairs() -> None:
    pent = Pentanomial()
    for first, second in [(1, 1), (1, 0), (0, 1), (0.5, 0.5), (1, 0.5), (0.5, 0), (0, 0)]:
        pent = pent.add(first, second)
    assert (pent.ll, pent.ld, pent.dd, pent.wl, pent.wd, pent.ww) == (1, 1, 1, 2, 1, 1)
    assert pent.counts() == (1, 1, 3, 1, 1) and pent.pairs == 7
    with pytest.raises(ValueError, match="0.7"):
        pent.add(0.7, 1)


def test_pentanomial_elo_is_symmetric() -> None:
    elo, error = Pentanomial(ll=2, ld=3, dd=5, wd=6, ww=4).elo()
    flipped, flipped_error = Pentanomial(ll=4, ld=6, dd=5, wd=3, ww=2).elo()
    assert elo > 0 and elo == pytest.approx(-flipped) and error == pytest.approx(flipped_error)
    assert 0 < error < 400


@pytest.mark.parametrize(("words", "message"), [
    (["elo0=0"], "elo1"),
    (["elo0=5", "elo1=0"], "below elo1"),
    (["elo0=0", "elo1=5", "alpha=1.5"], "alpha"),
    (["elo0=0", "elo1=5", "model=bayes"], "bayes"),
    (["elo0=0", "elo1=x"], "elo1=x"),
    (["elo0=0", "elo1=inf"], "finite"),
    (["gamma=3"], "gamma=3"),
])
def test_bad_settings_are_named(words: list[str], message: str) -> None:
    with pytest.raises(SprtError, match=message):
        SprtSettings.parse(words)


def test_parse_reads_the_model() -> None:
    settings = SprtSettings.parse(["elo0=-1", "elo1=4", "alpha=0.1", "beta=0.2", "model=logistic"])
    assert settings == SprtSettings(-1, 4, 0.1, 0.2, EloModel.LOGISTIC)


def test_pairs_complete_in_any_order() -> None:
    tracker = PairTracker()
    assert tracker.add(2, 0.0) is None
    assert tracker.add(3, 1.0) is None
    assert tracker.add(1, 0.5) == (0.5, 0.0)   # game 1 first: the pair's order is the games' order
    assert tracker.add(4, 0.5) == (1.0, 0.5)


def test_llr_is_finite_for_any_counts_and_bounds() -> None:
    """Far-off hypotheses (elo1 = 400 or 2000 after a few pairs all won) leave fishtest's iteration without a
    root: the closed-form approximation answers instead of an exception in the middle of a match."""
    import random

    rng = random.Random(7)
    for _ in range(300):
        counts = [rng.randint(0, 30) for _ in range(5)]
        elo0 = rng.uniform(-500, 500)
        elo1 = elo0 + rng.uniform(0.1, 2000)
        for formula in (llr_normalized, llr_logistic):
            assert math.isfinite(formula(elo0, elo1, counts)), (formula.__name__, counts, elo0, elo1)
    assert status(SprtSettings(0, 2000, 0.1, 0.1), Pentanomial(ww=1)).decision is not None
