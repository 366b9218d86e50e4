"""The sequential probability ratio test of an engine match, on game pairs (no Qt).

Games are played in pairs (one opening, each engine once with red); a pair scores 0, ½, 1, 1½ or 2 points
for engine A, counted as the pentanomial LL, LD, DD+WL, WD, WW. After each pair the generalized
log-likelihood ratio (GSPRT) of H1 (Elo = elo1) against H0 (Elo = elo0) is compared with Wald's bounds
log(beta/(1-alpha)) and log((1-beta)/alpha): at or above the upper bound H1 is accepted (A is stronger by
about elo1), at or below the lower one H0.

The formulas are fishtest's (``server/fishtest/stats/LLRcalc.py``: ``LLR_logistic`` and ``LLR_normalized``,
by Michel Van den Bergh) as fastchess also implements them (``app/src/matchmaking/sprt/sprt.cpp``):

* the pair results become a distribution over the scores 0, ¼, ½, ¾, 1 (a pair's points / 2), a count of 0
  replaced by 1e-3 (``regularize``);
* logistic model: the maximum-likelihood distribution with expected score s is ``p_i / (1 + θ (a_i - s))``,
  θ the root of ``Σ p_i (a_i - s) / (1 + θ (a_i - s)) = 0`` (Van den Bergh, "Comments on Normalized Elo",
  Proposition 1.1), with s = 1 / (1 + 10^(-elo/400)); the LLR is N · Σ p_i log(p1_i / p0_i);
* normalized model: the same with the t-value (mu - ½) / sigma fixed at t = √2 · nElo / (800 / ln 10) for
  pairs (section 4.1 of the same note): an iteration from the uniform distribution, each step solving for θ
  with ``phi_i = a_i - ½ - t sigma (1 + ((mu - a_i) / sigma)²) / 2``.

The root is found by bisection (no SciPy in the program's dependencies; fishtest uses brentq, fastchess ITP,
both to a tolerance well below what changes the LLR in its sixth decimal).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xiangqi.match.results import Z95, elo_of

NELO_DIVIDED_BY_NT = 800 / math.log(10)   # fishtest's nelo_divided_by_nt
REGULARIZED_ZERO = 1e-3                    # a count of 0 as fishtest and fastchess take it
ROOT_TOLERANCE = 1e-14                     # bisection stops when the bracket is this narrow
MLE_ITERATIONS = 100                       # the normalized model's fixed point: at most this many steps
MLE_TOLERANCE = 1e-12                      # ... or until no probability moves more than this
MAX_SPRT_TEXT = 200                        # an --sprt value quoted in an error message at most this long


class SprtError(ValueError):
    """An SPRT setting that cannot be used (the message quotes it)."""


class EloModel(enum.Enum):
    NORMALIZED = "normalized"
    LOGISTIC = "logistic"


class Decision(enum.Enum):
    CONTINUE = "continue"
    H0 = "H0"   # accepted: A is not elo1 stronger (the lower bound was reached)
    H1 = "H1"   # accepted: A is elo1 stronger (the upper bound was reached)


@dataclass(frozen=True, slots=True)
class SprtSettings:
    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: EloModel = EloModel.NORMALIZED

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SprtError(f"elo0 must be below elo1, not elo0={self.elo0:g} elo1={self.elo1:g}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 1:
                raise SprtError(f"{name} must lie between 0 and 1, not {value:g}")
        if self.alpha + self.beta >= 1:
            raise SprtError(f"alpha + beta must be below 1, not {self.alpha + self.beta:g}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @classmethod
    def parse(cls, words: Sequence[str]) -> SprtSettings:
        """From ``elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic]`` (elo0, elo1 required)."""
        values: dict[str, str] = {}
        for word in words:
            name, equals, value = word.partition("=")
            if not equals or name not in ("elo0", "elo1", "alpha", "beta", "model"):
                raise SprtError(f"--sprt takes elo0= elo1= alpha= beta= model=, not {word[:MAX_SPRT_TEXT]!r}")
            values[name] = value
        if "elo0" not in values or "elo1" not in values:
            raise SprtError(f"--sprt needs elo0= and elo1=, given {' '.join(words)[:MAX_SPRT_TEXT]!r}")
        try:
            numbers = {name: float(values[name]) for name in ("elo0", "elo1", "alpha", "beta") if name in values}
            model = EloModel(values.get("model", EloModel.NORMALIZED.value))
        except ValueError as exc:
            raise SprtError(f"--sprt {' '.join(words)[:MAX_SPRT_TEXT]!r}: {str(exc)[:MAX_SPRT_TEXT]}") from None
        if not all(math.isfinite(value) for value in numbers.values()):
            raise SprtError(f"--sprt values must be finite numbers: {' '.join(words)[:MAX_SPRT_TEXT]!r}")
        return cls(model=model, **numbers)

    def text(self) -> str:
        return (f"elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g} "
                f"model={self.model.value}")


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Game pairs by engine A's points: LL 0, LD ½, DD and WL 1, WD 1½, WW 2."""

    ll: int = 0
    ld: int = 0
    dd: int = 0
    wl: int = 0
    wd: int = 0
    ww: int = 0

    def add(self, first: float, second: float) -> Pentanomial:
        """With one more pair: A's points in its two games (0, 0.5 or 1 each)."""
        if first not in (0.0, 0.5, 1.0) or second not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game scores 0, 0.5 or 1, not {first!r} / {second!r}")
        points = first + second
        fields = {"ll": self.ll, "ld": self.ld, "dd": self.dd, "wl": self.wl, "wd": self.wd, "ww": self.ww}
        key = {0.0: "ll", 0.5: "ld", 1.5: "wd", 2.0: "ww"}.get(points, "dd" if first == 0.5 else "wl")
        fields[key] += 1
        return Pentanomial(**fields)

    @property
    def pairs(self) -> int:
        return self.ll + self.ld + self.dd + self.wl + self.wd + self.ww

    def counts(self) -> tuple[int, int, int, int, int]:
        """In fishtest's order: LL, LD, DD+WL, WD, WW."""
        return self.ll, self.ld, self.dd + self.wl, self.wd, self.ww

    def text(self) -> str:
        return f"[{self.ll}, {self.ld}, {self.dd + self.wl}, {self.wd}, {self.ww}]"

    def elo(self) -> tuple[float, float]:
        """A's logistic Elo difference and the half-width of its 95 % interval, from the pairs' mean score
        and variance (fastchess's pentanomial Elo: the score ± 1.96 standard errors, turned into Elo)."""
        if self.pairs == 0:
            return 0.0, math.inf
        _, pdf = _pdf(self.counts())
        mean, variance = _mean_variance(pdf)
        error = Z95 * math.sqrt(variance / self.pairs)
        elo = elo_of(mean)
        return elo, (elo_of(mean + error) - elo_of(mean - error)) / 2


@dataclass(frozen=True, slots=True)
class SprtStatus:
    llr: float
    lower: float
    upper: float
    decision: Decision
    pentanomial: Pentanomial

    def text(self) -> str:
        """``LLR 1.23 (-2.94, 2.94) [LL, LD, DD+WL, WD, WW] [1, 2, 3, 2, 1]  Elo +12.3 ± 45.6``."""
        elo, error = self.pentanomial.elo()
        shown_elo = "n/a" if math.isinf(elo) or math.isnan(elo) else f"{elo:+.1f}"
        shown_error = "inf" if math.isinf(error) or math.isnan(error) else f"{error:.1f}"
        verdict = {Decision.H1: "  H1 accepted", Decision.H0: "  H0 accepted"}.get(self.decision, "")
        return (f"LLR {self.llr:.2f} ({self.lower:.2f}, {self.upper:.2f}), pairs {self.pentanomial.pairs} "
                f"[LL, LD, DD+WL, WD, WW] {self.pentanomial.text()}, Elo {shown_elo} ± {shown_error}{verdict}")


def status(settings: SprtSettings, pentanomial: Pentanomial) -> SprtStatus:
    """The LLR after these pairs, the bounds and whether the test stops."""
    counts = pentanomial.counts()
    if pentanomial.pairs == 0:
        llr = 0.0
    elif settings.model is EloModel.LOGISTIC:
        llr = llr_logistic(settings.elo0, settings.elo1, counts)
    else:
        llr = llr_normalized(settings.elo0, settings.elo1, counts)
    decision = (Decision.H1 if llr >= settings.upper else Decision.H0 if llr <= settings.lower
                else Decision.CONTINUE)
    return SprtStatus(llr, settings.lower, settings.upper, decision, pentanomial)


# ------------------------------------------------------------------------------------------- the formulas
Pdf = list[tuple[float, float]]   # (score, probability), scores ascending


def logistic_score(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def llr_logistic(elo0: float, elo1: float, counts: Sequence[int]) -> float:
    """fishtest's ``LLR_logistic``: counts L, D, W (3) or LL, LD, DD+WL, WD, WW (5); elo0, elo1 logistic."""
    total, pdf = _pdf(counts)
    p0, p1 = (_mle_expected(pdf, logistic_score(elo)) for elo in (elo0, elo1))
    return total * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


def llr_normalized(nelo0: float, nelo1: float, counts: Sequence[int]) -> float:
    """fishtest's ``LLR_normalized``: counts as ``llr_logistic``; nelo0, nelo1 in normalized Elo. Where the
    most likely distribution cannot be found (a t-value so far from the results that the iteration leaves
    its bracket, where fishtest's own asserts fail: e.g. elo1=400 after a few pairs all won), fishtest's
    closed-form approximation ``LLR_normalized_alt`` (section 4.2 of the note) is used instead."""
    scale = math.sqrt(2) if len(counts) == 5 else 1.0
    total, pdf = _pdf(counts)
    try:
        p0, p1 = (_mle_t_value(pdf, 0.5, scale * nelo / NELO_DIVIDED_BY_NT) for nelo in (nelo0, nelo1))
    except ArithmeticError:
        return _llr_normalized_alt(nelo0, nelo1, total, pdf)
    return total * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


def _llr_normalized_alt(nelo0: float, nelo1: float, total: float, pdf: Pdf) -> float:
    """fishtest's ``LLR_normalized_alt``: (games / 2) log((1 + (t - t0)²) / (1 + (t - t1)²))."""
    mu, variance = _mean_variance(pdf)
    pairs = len(pdf) == 5
    sigma = math.sqrt(2 * variance if pairs else variance)
    games = 2 * total if pairs else total
    t0, t1 = (nelo / NELO_DIVIDED_BY_NT for nelo in (nelo0, nelo1))
    t = (mu - 0.5) / sigma
    return games / 2 * math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2))


def _pdf(counts: Sequence[int]) -> tuple[float, Pdf]:
    if len(counts) not in (3, 5):
        raise ValueError(f"give 3 (L, D, W) or 5 (pentanomial) counts, not {len(counts)}")
    values = [float(count) if count else REGULARIZED_ZERO for count in counts]
    total = sum(values)
    return total, [(index / (len(values) - 1), value / total) for index, value in enumerate(values)]


def _mean_variance(pdf: Pdf) -> tuple[float, float]:
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def _secular(pdf: Pdf) -> float:
    """The root x of ``Σ p_i a_i / (1 + x a_i) = 0`` between -1/max(a) and -1/min(a) (fishtest's ``secular``)."""
    values = [a for a, _ in pdf]
    if not min(values) < 0 < max(values) or not all(math.isfinite(a) for a in values):
        raise ArithmeticError(f"no root: the values {values} do not change sign")
    low, high = -1 / max(values), -1 / min(values)

    def f(x: float) -> float:
        return sum(p * a / (1 + x * a) for a, p in pdf)

    return _bisect(f, low, high)


def _bisect(f: Callable[[float], float], low: float, high: float) -> float:
    """The root of ``f``, decreasing from +inf at ``low`` to -inf at ``high`` (the secular function is)."""
    while high - low > ROOT_TOLERANCE * max(1.0, abs(low), abs(high)):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _mle_expected(pdf: Pdf, s: float) -> list[float]:
    """The most likely distribution with expected score ``s`` given the observed ``pdf`` (Prop. 1.1)."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [p / (1 + x * (a - s)) for a, p in pdf]


def _mle_t_value(pdf: Pdf, reference: float, t: float) -> list[float]:
    """The most likely distribution with ``(mu - reference) / sigma == t`` (section 4.1)."""
    probabilities = [1 / len(pdf)] * len(pdf)
    for _ in range(MLE_ITERATIONS):
        mu, variance = _mean_variance([(a, q) for (a, _), q in zip(pdf, probabilities, strict=True)])
        if not variance > 0:
            raise ArithmeticError(f"the iteration left its domain (variance {variance})")
        sigma = math.sqrt(variance)
        phi = [a - reference - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2 for a, _ in pdf]
        x = _secular([(value, p) for value, (_, p) in zip(phi, pdf, strict=True)])
        new = [p / (1 + x * value) for value, (_, p) in zip(phi, pdf, strict=True)]
        moved = max(abs(a - b) for a, b in zip(new, probabilities, strict=True))
        probabilities = new
        if moved < MLE_TOLERANCE:
            break
    return probabilities


class PairTracker:
    """Collects finished games (in any order) into pairs: game 2k-1 and 2k share an opening, colours
    swapped (``xiangqi.match.schedule``); ``add`` returns the pair's two scores once both are in."""

    def __init__(self) -> None:
        self._waiting: dict[int, tuple[int, float]] = {}

    def add(self, number: int, a_score: float) -> tuple[float, float] | None:
        pair = (number - 1) // 2
        other = self._waiting.pop(pair, None)
        if other is None:
            self._waiting[pair] = (number, a_score)
            return None
        first, second = sorted([other, (number, a_score)])
        return first[1], second[1]


class SprtTracker:
    """The running test of a match: ``add_game`` after each finished game gives the status once its pair
    is complete (None until then)."""

    def __init__(self, settings: SprtSettings) -> None:
        self.settings = settings
        self.pentanomial = Pentanomial()
        self.current = status(settings, self.pentanomial)
        self._pairs = PairTracker()

    def add_game(self, number: int, a_score: float) -> SprtStatus | None:
        pair = self._pairs.add(number, a_score)
        if pair is None:
            return None
        self.pentanomial = self.pentanomial.add(*pair)
        self.current = status(self.settings, self.pentanomial)
        return self.current
