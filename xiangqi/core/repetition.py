"""Finding a threefold repetition in a Position's history and labelling the moves of its cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xiangqi.core.outcome import CycleMove, MoveKind, Outcome, judge_repetition

if TYPE_CHECKING:
    from xiangqi.core.position import Position

REPETITIONS = 3  # the current position seen this many times in all


def repetition_span(position: Position) -> int | None:
    """Plies back to the first of the last three occurrences of the current position, or None.

    Only the stretch since the last capture can repeat, so only that is searched.
    """
    keys = position.keys_since_capture()
    current = keys[-1]
    seen = [i for i, key in enumerate(keys) if key == current]
    if len(seen) < REPETITIONS:
        return None
    return len(keys) - 1 - seen[-REPETITIONS]


def classify_cycle(position: Position, plies: int) -> list[CycleMove]:
    """Label each of the last ``plies`` moves with what it did (check or not), replaying on a copy."""
    replay = position.copy()
    moves = [replay.pop() for _ in range(plies)]
    cycle = []
    for move in reversed(moves):
        mover = replay.turn
        replay.push_unchecked(move)
        cycle.append(CycleMove(mover, MoveKind.CHECK if replay.is_check() else MoveKind.IDLE))
    return cycle


def repetition_outcome(position: Position) -> Outcome | None:
    span = repetition_span(position)
    if span is None:
        return None
    return judge_repetition(classify_cycle(position, span))
