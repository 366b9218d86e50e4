"""Turning a ``go`` command into search limits (time budget), pure arithmetic on a given start instant.

Budget with a clock (``go time T [increment I | movestogo N]``): aim at T/N (or T/25 + 3/4 I) per move,
never start an iteration after 60% of that aim, and abort the tree at twice the aim but never later
than 40% of the remaining clock (all of it minus a safety margin when movestogo is 1), so the engine
cannot lose on time even when an iteration takes much longer than the previous one.
"""

from __future__ import annotations

from xiangqi.engine.builtin.commands import GoCommand
from xiangqi.engine.builtin.search import Limits

OVERHEAD_MS = 60  # reaction time of the process + pipe latency, kept in reserve
MIN_THINK_MS = 10
MOVES_LEFT_GUESS = 25


def clock_limits(go: GoCommand, start: float, millisec: bool) -> Limits:
    """Limits for ``go`` issued at ``start`` (a perf_counter value)."""
    limits = Limits()
    if go.depth is not None:
        limits.depth = min(max(go.depth, 0), limits.depth)  # the default is the deepest the search goes
    if go.nodes is not None:
        limits.nodes = go.nodes
    if go.infinite or go.ponder:
        limits.infinite = go.infinite
        return limits
    soft_ms, hard_ms = time_budget_ms(go, millisec)
    if hard_ms is not None:
        limits.hard_deadline = start + hard_ms / 1000
        limits.soft_deadline = start + (soft_ms if soft_ms is not None else hard_ms) / 1000
    return limits


def time_budget_ms(go: GoCommand, millisec: bool) -> tuple[float | None, float | None]:
    """(soft, hard) milliseconds from the go instant; (None, None) when no time was given."""
    scale = 1.0 if millisec else 1000.0
    if go.movetime is not None:
        hard = max(go.movetime * scale - OVERHEAD_MS, MIN_THINK_MS)
        return hard, hard
    if go.time is None:
        return None, None
    remaining = go.time * scale
    increment = go.increment * scale
    reserve = min(OVERHEAD_MS + remaining * 0.02, remaining * 0.5)
    if go.movestogo == 1:
        hard = max(remaining - reserve, min(MIN_THINK_MS, remaining * 0.5))
        return hard * 0.7, hard
    aim = remaining / go.movestogo if go.movestogo else remaining / MOVES_LEFT_GUESS + increment * 0.75
    hard = min(aim * 2.0, remaining * 0.4, remaining - reserve)
    hard = max(hard, min(MIN_THINK_MS, remaining * 0.5))
    return min(aim * 0.6, hard), hard
