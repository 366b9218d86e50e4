"""Finding a threefold repetition in a Position's history, labelling the moves of its cycle, and the moves
that would lose by the repetition rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Self

from xiangqi.core.chase import chased_squares
from xiangqi.core.move import Move
from xiangqi.core.outcome import CycleMove, MoveKind, Outcome, Termination, judge_repetition
from xiangqi.core.pieces import Color
from xiangqi.core.squares import SQUARES

if TYPE_CHECKING:
    import numpy as np   # the board's type only: an engine process never imports numpy (core/position.py)

REPETITIONS = 3  # the current position seen this many times in all
_FORBIDDEN = (Termination.PERPETUAL_CHECK, Termination.PERPETUAL_CHASE)  # rulings that lose


class PositionHistory(Protocol):
    """What the repetition rules read of a position (``core.position.Position``, which asks them for its
    outcome: this module does not import it): its keys since the last capture, and moves played and taken
    back on it or on a copy."""

    @property
    def turn(self) -> Color: ...

    @property
    def board(self) -> np.ndarray: ...

    def copy(self) -> Self: ...

    def keys_since_capture(self) -> list[int]: ...

    def piece_at(self, sq: int) -> int: ...

    def push_unchecked(self, move: Move) -> None: ...

    def pop(self) -> Move: ...

    def is_check(self) -> bool: ...

    def legal_moves(self) -> list[Move]: ...

    def outcome(self, natural_limit_plies: int = 120) -> Outcome | None: ...


def repetition_span(position: PositionHistory) -> int | None:
    """Plies back to the first of the last three occurrences of the current position, or None.

    Only the stretch since the last capture can repeat, so only that is searched.
    """
    keys = position.keys_since_capture()
    current = keys[-1]
    seen = [i for i, key in enumerate(keys) if key == current]
    if len(seen) < REPETITIONS:
        return None
    return len(keys) - 1 - seen[-REPETITIONS]


def classify_cycle(position: PositionHistory, plies: int) -> list[CycleMove]:
    """Label each of the last ``plies`` moves with what it did (check, chase or idle), replaying on a copy.

    A chase names the pieces it chased by the square each stood on when the cycle began, kept up as they
    move, so a piece running to and fro stays one target (Pikafish numbers the pieces the same way).
    """
    replay = position.copy()
    moves = [replay.pop() for _ in range(plies)]
    names = {sq: sq for sq in SQUARES if replay.piece_at(sq)}
    cycle: list[CycleMove] = []
    for move in reversed(moves):
        cycle.append(_label(replay, move, names))
    return cycle


def _label(replay: PositionHistory, move: Move, names: dict[int, int]) -> CycleMove:
    """Play ``move`` on ``replay`` and label it; ``names`` follows the piece that moved."""
    mover = replay.turn
    before = chased_squares(replay.board.tolist(), mover)
    replay.push_unchecked(move)
    names[move.to_sq] = names.pop(move.from_sq)  # a cycle has no captures: nothing else changes
    if replay.is_check():
        return CycleMove(mover, MoveKind.CHECK)  # a check that also chases counts as the check (从重)
    # Only a new chase counts: a piece already chased before the move and still chased is no new 捉.
    newly = chased_squares(replay.board.tolist(), mover) - before
    if not newly:
        return CycleMove(mover, MoveKind.IDLE)
    return CycleMove(mover, MoveKind.CHASE, frozenset(names[sq] for sq in newly))


def repetition_outcome(position: PositionHistory) -> Outcome | None:
    span = repetition_span(position)
    if span is None:
        return None
    return judge_repetition(classify_cycle(position, span))


def forbidden_repetition_moves(position: PositionHistory) -> list[Move]:
    """The legal moves that would lose at once by the repetition rules (the threefold repetition they make
    is ruled perpetual check or chase against the mover). A GUI bans them (UCCI ``banmoves``, UCI
    ``searchmoves``), as the UCCI protocol intends, so an engine that does not know the chase rules is not
    lost by them. Empty when every legal move would lose so: the side must still move."""
    legal = position.legal_moves()
    banned = [move for move in legal if _loses_by_repetition(position, move)]
    return banned if len(banned) < len(legal) else []


def _loses_by_repetition(position: PositionHistory, move: Move) -> bool:
    mover = position.turn
    position.push_unchecked(move)  # one of the legal moves
    try:
        if repetition_span(position) is None:  # the usual case, and cheap: no threefold repetition
            return False
        ruling = position.outcome()  # a mate made by the move comes first
        return ruling is not None and ruling.termination in _FORBIDDEN and ruling.winner is not mover
    finally:
        position.pop()
