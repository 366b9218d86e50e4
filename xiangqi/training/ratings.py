"""Glicko-2 ratings of the player and of each puzzle (no Qt), with the ``glicko2`` package.

Every attempt is one game between the player and the puzzle: solved is a win for the player and a loss for
the puzzle, failed the other way round; both are updated at once as a rating period of one game (as
lichess rates its puzzles). Glickman's system constant τ is the package's 0.5.

The package's volatility step (its ``Player._f``) reads the rating μ where Glickman's paper has the
deviation φ (step 5.1: ``f(x) = eˣ(Δ² − φ² − v − eˣ) / 2(φ² + v + eˣ)² − (x − a)/τ²``); for a rating of 1500
(μ = 0) that changes little, elsewhere the volatility comes out wrong. ``_PaperPlayer`` puts φ back.

Ratings go into and come out of an update clamped to a sane range (``RATING_RANGE``, ``DEVIATION_RANGE``,
``VOLATILITY_RANGE``, lichess's bounds widened down for beginners): a rating of ±1e6 from an old or edited
history would overflow ``exp`` or divide by zero in the package, and then break every later attempt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import glicko2  # type: ignore[import-untyped]

GLICKO2_SCALE = 173.7178
RATING_RANGE = (100.0, 4000.0)        # lichess keeps 400..4000; a beginner at our puzzles may go lower
DEVIATION_RANGE = (30.0, 500.0)       # the start is 350; lichess's puzzle deviations stay within 45..500
VOLATILITY_RANGE = (0.0001, 0.2)      # the start is 0.06; lichess caps it at 0.1


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    """``value`` within ``bounds``; not a number (NaN) reads as the bound's middle."""
    low, high = bounds
    if value != value:   # NaN
        return (low + high) / 2
    return min(high, max(low, value))


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def as_tuple(self) -> tuple[float, float, float]:
        return self.rating, self.deviation, self.volatility

    @classmethod
    def of(cls, values: tuple[float, float, float]) -> Rating:
        return cls(*values)

    def clamped(self) -> Rating:
        """This rating within the sane ranges (the update's input and output)."""
        return Rating(_clamp(self.rating, RATING_RANGE), _clamp(self.deviation, DEVIATION_RANGE),
                      _clamp(self.volatility, VOLATILITY_RANGE))


class _PaperPlayer(glicko2.Player):  # type: ignore[misc]  # the package has no type hints
    """``glicko2.Player`` with step 5.1's function as the paper writes it (φ², not μ²)."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi2 = (self.getRd() / GLICKO2_SCALE) ** 2
        ex = math.exp(x)
        return float(ex * (delta ** 2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau ** 2)


def rate(player: Rating, opponents: list[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period against ``opponents`` (each with the score: 1 win, 0.5, 0 loss)."""
    player = player.clamped()
    if not opponents:
        return player
    rivals = [(o.clamped(), score) for o, score in opponents]
    one = _PaperPlayer(player.rating, player.deviation, player.volatility)
    try:
        one.update_player([o.rating for o, _ in rivals], [o.deviation for o, _ in rivals],
                          [score for _, score in rivals])
    except (OverflowError, ZeroDivisionError, ValueError):   # cannot happen in the clamped ranges: kept as was
        return player
    return Rating(float(one.getRating()), float(one.getRd()), float(one.vol)).clamped()


def after_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt."""
    score = 1.0 if solved else 0.0
    return rate(player, [(puzzle, score)]), rate(puzzle, [(player, 1.0 - score)])
