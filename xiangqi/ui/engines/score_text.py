"""How an engine's score and speed read in the engine panel and the analysis panel: one wording for both,
in pawns from red's point of view like the ``%eval`` comments a review writes."""

from __future__ import annotations

from xiangqi.engine.messages import Score

# A bound is stated from the engine's side; seen from red's side a lower bound of black's is an upper one.
_BOUND_SIGNS = {1: {"lower": "≥", "upper": "≤"}, -1: {"lower": "≤", "upper": "≥"}}


def pawns_text(score: Score | None, red_sign: int) -> str:
    """A score from red's point of view: ``+0.35``, ``-1.20``, ``#5`` (red mates), ``#-5`` (black mates);
    ``≥``/``≤`` in front of a bound."""
    if score is None:
        return ""
    bound = _BOUND_SIGNS[1 if red_sign > 0 else -1].get(score.bound or "", "")
    if score.mate is not None:
        return f"{bound}#{score.mate * red_sign}"
    if score.cp is not None:
        return f"{bound}{score.cp * red_sign / 100:+.2f}"
    return ""


def nps_text(nps: int | None) -> str:
    """Nodes per second, short: ``850``, ``12.3k``, ``1.5M``."""
    if not nps:
        return ""
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if nps >= size:
            return f"{nps / size:.1f}{unit}"
    return str(nps)
