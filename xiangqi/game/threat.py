"""The threat of a position (lichess's "show threat", 显示威胁): what the other side would play if it were its
turn. The position with the side to move passing is searched like any other; a pass is no legal move in
xiangqi, so this is only a question asked of the engine, never a position of the game.

A side in check cannot pass (the other side would take its king), and a side whose opponent has no move
has no threat to show: both give None.
"""

from __future__ import annotations

from xiangqi.core import Position


def threat_position(position: Position) -> Position | None:
    """``position`` with the other side to move (move counters kept, no history), or None when that question
    has no answer: the side to move is in check, or the other side would have no legal move."""
    if position.is_check():
        return None
    fields = position.fen().split()
    fields[1] = "b" if fields[1] == "w" else "w"
    passed = Position.from_fen(" ".join(fields))
    if passed.is_check() or not passed.legal_moves():
        return None   # the other side in check as it moves: the position before it was no legal one
    return passed


__all__ = ["threat_position"]
