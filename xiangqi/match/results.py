"""A match's results and the Elo difference they suggest, with a 95 % interval (no Qt).

The Elo difference of a score fraction p is ``-400 * log10(1/p - 1)``. The interval is cutechess-cli's:
the mean score ± 1.96 standard errors, the variance taken from the wins, draws and losses themselves
(a draw is half a point), each end turned into Elo. When every game had the same result the variance is
zero and that interval says nothing, so the Wilson score interval of the fraction is used instead: it
still bounds a 10/10 score from below. An end at 0 % or 100 % is an infinite Elo difference.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

Z95 = 1.959964


def elo_of(fraction: float) -> float:
    """The Elo difference that makes ``fraction`` the expected score (±inf at 0 and 1)."""
    if fraction <= 0.0:
        return -math.inf
    if fraction >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / fraction - 1.0)


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value):+d}"  # an int: no "-0"


@dataclass(frozen=True, slots=True)
class EloEstimate:
    elo: float
    low: float
    high: float

    def text(self) -> str:
        return f"{format_elo(self.elo)} (95% interval {format_elo(self.low)} .. {format_elo(self.high)})"


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins, draws and losses of the first engine (engine A) against the second."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @classmethod
    def of(cls, scores: Iterable[float]) -> Tally:
        """From A's points per game (1, 0.5 or 0)."""
        values = list(scores)
        bad = [s for s in values if s not in (0.0, 0.5, 1.0)]
        if bad:
            raise ValueError(f"a game scores 0, 0.5 or 1, not {bad[0]!r}")
        return cls(values.count(1.0), values.count(0.5), values.count(0.0))

    def add(self, score: float) -> Tally:
        return Tally(self.wins + (score == 1.0), self.draws + (score == 0.5), self.losses + (score == 0.0))

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def fraction(self) -> float:
        return self.points / self.games if self.games else 0.5

    def elo(self) -> EloEstimate:
        n = self.games
        if n == 0:
            return EloEstimate(0.0, -math.inf, math.inf)
        p = self.fraction
        variance = (self.wins * (1 - p) ** 2 + self.draws * (0.5 - p) ** 2 + self.losses * p**2) / n
        if variance > 0:
            half = Z95 * math.sqrt(variance / n)
            low, high = p - half, p + half
        else:
            low, high = wilson_interval(p, n)
        return EloEstimate(elo_of(p), elo_of(low), elo_of(high))

    def text(self, name_a: str = "A", name_b: str = "B") -> str:
        """``Score of A vs B: 6.5/10 (65.0%), +5 =3 -2, Elo +108 (95% interval -41 .. +290)``."""
        return (f"Score of {name_a} vs {name_b}: {self.points:g}/{self.games} ({100 * self.fraction:.1f}%), "
                f"+{self.wins} ={self.draws} -{self.losses}, Elo {self.elo().text()}")


def wilson_interval(fraction: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a fraction of ``games`` (never wider than 0..1)."""
    denominator = 1 + z * z / games
    centre = (fraction + z * z / (2 * games)) / denominator
    half = z * math.sqrt(fraction * (1 - fraction) / games + z * z / (4 * games * games)) / denominator
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # At 0 % or 100 % the far end is exactly the edge (rounding would give a huge finite Elo).
    return (0.0 if fraction <= 0.0 else low), (1.0 if fraction >= 1.0 else high)


# What a match prints after each game, and how a cluster reads the ending back from its worker's lines.
GAME_ENDING = re.compile(r"^Game \d+/\d+: .*: (?:1-0|0-1|1/2-1/2|\*) (\{.*\} after \d+ plies)$", re.MULTILINE)


def game_line(number: int, total: int, red: str, black: str, result: str, ending: str = "") -> str:
    """A finished game's line as the ``match`` command prints it; ``ending``: "{reason} after N plies"."""
    line = f"Game {number}/{total}: {red} (red) vs {black} (black): {result}"
    return f"{line} {ending}" if ending else line


def game_ending(reason: str, plies: int) -> str:
    return f"{{{reason}}} after {plies} plies"
