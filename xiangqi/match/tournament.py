"""A tournament of several engines: who meets whom, the crosstable and every engine's Elo (no Qt).

Round-robin: every engine meets every other; gauntlet: the first engine meets each of the others. Each
encounter is a match of ``rounds`` games (twice as many with ``repeat``: each opening once with each colour).

The ratings are ordo-style: the maximum-likelihood Elo of every engine over all the games at once (the
logistic model, a draw half a point: the likelihood of engine i scoring s against j is E^s (1-E)^(1-s),
E = 1 / (1 + 10^((r_j - r_i) / 400))), found by Newton's method. The 95 % interval of each is ±1.96 standard
errors from the inverse of the Fisher information at the maximum. The anchor: the engines' average is 0 in a
round-robin, the first engine is 0 in a gauntlet (its interval is then 0 wide and the others' say how sure
each difference to it is). The maximum exists only when no group of engines won every point against the
rest and every engine is linked to every other by games; otherwise (a 100 % score, frequent in a short
test, or engines that have not met yet) every pair of engines is given one virtual draw, as BayesElo's prior
does, and the table says so.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xiangqi.match.results import Z95

ELO_PER_NATURAL = 400 / math.log(10)   # r in Elo = ELO_PER_NATURAL x the logistic's natural scale
NEWTON_STEPS = 200                     # the Newton iteration's bound ...
NEWTON_TOLERANCE = 1e-9                # ... or until no rating moves more than this (Elo)
MAX_NEWTON_STEP = 400.0                # a step moves no rating by more than this (Elo): damping far away
VIRTUAL_DRAWS = 1                      # per pair of engines, when the maximum does not exist
MAX_NAME_WIDTH = 32                    # an engine's name in the table is cut to this many characters
CROSSTABLE_SUFFIX = ".crosstable.txt"  # the crosstable's file beside the tournament's PGN


class TournamentKind(enum.Enum):
    ROUND_ROBIN = "round-robin"
    GAUNTLET = "gauntlet"


def encounters(kind: TournamentKind, engines: int) -> list[tuple[int, int]]:
    """The pairs (engine indexes, the first one is "A" of the encounter) in the order they are played."""
    if engines < 2:
        raise ValueError(f"a tournament needs 2 or more engines, not {engines}")
    if kind is TournamentKind.GAUNTLET:
        return [(0, other) for other in range(1, engines)]
    return [(i, j) for i in range(engines) for j in range(i + 1, engines)]


def encounter_games(rounds: int, repeat: bool) -> int:
    """The games of each encounter: ``rounds``, twice as many with ``repeat`` (each opening with both colours)."""
    return rounds * (2 if repeat else 1)


def unique_names(names: Sequence[str]) -> list[str]:
    """The engines' names made unique: the same name twice is told apart by its place (``X #2``)."""
    return [f"{name} #{k + 1}" if names.count(name) > 1 else name for k, name in enumerate(names)]


def match_names(first: str, second: str) -> tuple[str, str]:
    """A match's two engines as its PGN and score lines name them (the same engine twice: ``X (A)``, ``X (B)``)."""
    return (first, second) if first != second else (f"{first} (A)", f"{second} (B)")


def crosstable_path(pgn: Path | None) -> Path:
    """Where a tournament's crosstable is written: beside its PGN, ``OUT.crosstable.txt``."""
    base = pgn or Path("match.pgn")
    return base.with_name(base.stem + CROSSTABLE_SUFFIX)


@dataclass(frozen=True, slots=True)
class Rating:
    elo: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Ratings:
    ratings: tuple[Rating, ...]
    anchor: str            # "average" or the first engine's name
    virtual_draws: bool    # the maximum did not exist: one virtual draw per pair that met was added


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """One engine's line of the table, best first: ``against[j]`` its points and games against engine j
    (None: itself or not met)."""

    rank: int
    index: int
    name: str
    rating: Rating
    games: int
    score: float      # fraction of the points
    draws: float      # fraction of the games drawn
    against: tuple[tuple[float, int] | None, ...]


class Crosstable:
    """Every game's result between engines ``i`` and ``j``; the table and the ratings from them."""

    def __init__(self, names: Sequence[str], kind: TournamentKind = TournamentKind.ROUND_ROBIN) -> None:
        self.names = list(names)
        self.kind = kind
        n = len(self.names)
        self.points = np.zeros((n, n))   # points[i, j]: i's points against j
        self.games = np.zeros((n, n))    # games[i, j] == games[j, i]
        self.draws = np.zeros((n, n))

    def add(self, i: int, j: int, i_score: float) -> None:
        if i_score not in (0.0, 0.5, 1.0) or i == j:
            raise ValueError(f"a game between engines {i} and {j} scores 0, 0.5 or 1, not {i_score!r}")
        self.points[i, j] += i_score
        self.points[j, i] += 1 - i_score
        self.games[i, j] += 1
        self.games[j, i] += 1
        if i_score == 0.5:
            self.draws[i, j] += 1
            self.draws[j, i] += 1

    @property
    def total_games(self) -> int:
        return int(self.games.sum() / 2)

    def ratings(self) -> Ratings:
        anchor_first = self.kind is TournamentKind.GAUNTLET
        points, games = self.points, self.games
        virtual = not _maximum_exists(points, games)
        if virtual:
            pairs = (1 - np.eye(len(points))) * VIRTUAL_DRAWS
            points, games = points + pairs / 2, games + pairs
        elo, covariance = _maximum_likelihood(points, games)
        if anchor_first:
            elo = elo - elo[0]
        else:
            centre = np.eye(len(elo)) - 1 / len(elo)
            elo, covariance = centre @ elo, centre @ covariance @ centre
        errors = Z95 * np.sqrt(np.clip(np.diag(covariance), 0, None))
        ratings = tuple(Rating(float(e), float(e - d), float(e + d)) for e, d in zip(elo, errors, strict=True))
        return Ratings(ratings, self.names[0] if anchor_first else "average", virtual)

    def rows(self, ratings: Ratings | None = None) -> list[CrosstableRow]:
        """Every engine's line, the highest Elo first."""
        ratings = ratings or self.ratings()
        order = sorted(range(len(self.names)), key=lambda k: -ratings.ratings[k].elo)
        rows = []
        for rank, k in enumerate(order, start=1):
            played = int(self.games[k].sum())
            against = tuple(None if j == k or not self.games[k, j] else
                            (float(self.points[k, j]), int(self.games[k, j])) for j in range(len(self.names)))
            rows.append(CrosstableRow(rank, k, self.names[k], ratings.ratings[k], played,
                                      self.points[k].sum() / played if played else 0.0,
                                      self.draws[k].sum() / played if played else 0.0, against))
        return rows

    def lines(self) -> list[str]:
        """The table as text lines: rank, name, Elo, interval, games, score, draws, then the score against
        each opponent (in the order the engines were given, marked A, B, C ...)."""
        ratings = self.ratings()
        shown = [one_line(name) for name in self.names]
        width = min(MAX_NAME_WIDTH, max(len(name) for name in shown))
        initials = [mark(k) for k in range(len(self.names))]
        head = (f"{'Rank':>4} {'':2} {'Name':<{width}} {'Elo':>6} {'95% interval':>15} {'Games':>6} "
                f"{'Score':>7} {'Draws':>6}  " + "  ".join(f"{initial:>7}" for initial in initials))
        lines = [head]
        for row in self.rows(ratings):
            cells = ["      -" if j == row.index else (f"{cell[0]:g}/{cell[1]}".rjust(7) if cell else " " * 7)
                     for j, cell in enumerate(row.against)]
            interval = f"[{row.rating.low:+.0f}, {row.rating.high:+.0f}]"
            lines.append(f"{row.rank:>4} {initials[row.index]:2} {shown[row.index][:width]:<{width}} "
                         f"{row.rating.elo:>+6.0f} "
                         f"{interval:>15} {row.games:>6} {100 * row.score:>6.1f}% {100 * row.draws:>5.1f}%  "
                         + "  ".join(cells))
        lines.append(self.footnote(ratings))
        return lines

    def footnote(self, ratings: Ratings) -> str:
        anchor = "the average is 0" if ratings.anchor == "average" else f"{one_line(ratings.anchor)} is 0"
        note = (f"Elo: maximum likelihood over all {self.total_games} games, {anchor}; "
                f"95% interval: ±1.96 standard errors")
        if ratings.virtual_draws:
            note += "; a perfect score or engines yet to meet: one virtual draw was added per pair of engines"
        return note

    def text(self) -> str:
        return "\n".join(self.lines())


def one_line(name: str) -> str:
    """A name as one line of the table: white space (new lines, tabs) as single spaces, cut to the bound."""
    return " ".join(name[: 4 * MAX_NAME_WIDTH].split())[:MAX_NAME_WIDTH] or "?"


def mark(index: int) -> str:
    """The letter that stands for engine ``index`` in the table's columns: A, B, ... then numbers."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def _maximum_exists(points: np.ndarray, games: np.ndarray) -> bool:
    """True when every engine can reach every other through "scored a point against" (strongly connected):
    then no group won all its points against the rest and the likelihood has a finite maximum."""
    n = len(points)
    reach = (points > 0) | np.eye(n, dtype=bool)
    for k in range(n):   # Warshall's transitive closure (a tournament has few engines)
        reach = reach | (reach[:, [k]] & reach[[k], :])
    return bool(reach.all())


def _maximum_likelihood(points: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The Elo of each engine with engine 0 at 0, and their covariance (the inverse Fisher information)."""
    n = len(points)
    r = np.zeros(n)
    for _ in range(NEWTON_STEPS):
        gradient, hessian = _derivatives(r, points, games)
        step = np.linalg.pinv(hessian[1:, 1:]) @ -gradient[1:] * ELO_PER_NATURAL
        step = np.clip(step, -MAX_NEWTON_STEP, MAX_NEWTON_STEP)
        r[1:] += step
        if np.abs(step).max(initial=0.0) < NEWTON_TOLERANCE:
            break
    _, hessian = _derivatives(r, points, games)
    covariance = np.zeros((n, n))
    covariance[1:, 1:] = np.linalg.pinv(-hessian[1:, 1:]) * ELO_PER_NATURAL**2
    return r, covariance


def _derivatives(r: np.ndarray, points: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The log-likelihood's gradient and Hessian in the logistic's natural units."""
    x = r / ELO_PER_NATURAL
    expected = 1 / (1 + np.exp(x[None, :] - x[:, None]))   # expected[i, j]: i's expected score against j
    gradient = (points - games * expected).sum(axis=1)
    weight = games * expected * (1 - expected)
    hessian = weight - np.diag(weight.sum(axis=1))
    return gradient, hessian
