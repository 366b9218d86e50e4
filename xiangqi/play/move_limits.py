"""How long an engine opponent may think for its move (no Qt): the game's time control and depth limit,
and on a clock the time both sides have left (part of the game controller's split, issue 29 §5)."""

from __future__ import annotations

from xiangqi.core import Color
from xiangqi.engine.messages import SearchLimits
from xiangqi.game.clock import GameClock, TimeControlKind
from xiangqi.game.setup import GameSetup

DEFAULT_ENGINE_MS = 3000   # per engine move when the game is untimed and no depth is set


def move_limits(setup: GameSetup, clock: GameClock, engine: Color) -> SearchLimits:
    """The limits of ``engine``'s move search in a game set up as ``setup`` whose clock is ``clock``."""
    control, depth = setup.time_control, setup.strength.depth
    if control.kind is TimeControlKind.CLOCK:
        return _clock_limits(setup, clock, depth, engine)
    if control.kind is TimeControlKind.MOVE:
        return SearchLimits(depth=depth, movetime_ms=control.move_time_ms)
    return SearchLimits(depth=depth) if depth else SearchLimits(movetime_ms=DEFAULT_ENGINE_MS)


def _clock_limits(setup: GameSetup, clock: GameClock, depth: int | None, turn: Color) -> SearchLimits:
    control = setup.time_control
    left = {c: max(1, int(clock.remaining_ms(c))) for c in (Color.RED, Color.BLACK)}
    moves_to_go = None
    if clock.in_byoyomi(turn):
        moves_to_go = 1
    elif control.moves_per_period:
        moves_to_go = control.moves_per_period - clock.sides[turn].moves_in_period
    return SearchLimits(depth=depth, red_time_ms=left[Color.RED], black_time_ms=left[Color.BLACK],
                        red_increment_ms=control.increment_ms, black_increment_ms=control.increment_ms,
                        moves_to_go=moves_to_go)
