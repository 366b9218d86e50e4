"""The phase of a game and the type of an endgame, from the material on the board.

Strong pieces weigh rook 2, horse 1, cannon 1 (a full side: 8, both: 16):

* opening: move number 12 or less and at least 14 of the 16 strong-piece weights on the board;
* endgame: at most 6 weights left (for example 车马 against 车炮, or two rooks against two minors) or no
  rook with at most 4 minors left;
* middlegame: the rest.

An endgame's type is the set of strong kinds left on the board, both sides together: 车类 (rooks only),
马类, 炮类, 马炮, 车马, 车炮, 车马炮, and 兵类 when no strong piece is left (pawns, advisors, elephants).
"""

from __future__ import annotations

from collections.abc import Sequence

from xiangqi.core import Position
from xiangqi.core.movegen import CANNON, HORSE, ROOK
from xiangqi.tactics.motif import Motif

_WEIGHTS = {ROOK: 2, HORSE: 1, CANNON: 1}
OPENING_LAST_MOVE = 12
OPENING_WEIGHT = 14
ENDGAME_WEIGHT = 6

_ENDGAME_TYPES: dict[frozenset[int], Motif] = {
    frozenset(): Motif.PAWN_ENDGAME,
    frozenset({ROOK}): Motif.ROOK_ENDGAME,
    frozenset({HORSE}): Motif.HORSE_ENDGAME,
    frozenset({CANNON}): Motif.CANNON_ENDGAME,
    frozenset({HORSE, CANNON}): Motif.HORSE_CANNON_ENDGAME,
    frozenset({ROOK, HORSE}): Motif.ROOK_HORSE_ENDGAME,
    frozenset({ROOK, CANNON}): Motif.ROOK_CANNON_ENDGAME,
    frozenset({ROOK, HORSE, CANNON}): Motif.ROOK_HORSE_CANNON_ENDGAME,
}


def strong_weight(cells: Sequence[int]) -> int:
    return sum(_WEIGHTS.get(abs(value), 0) for value in cells)


def is_endgame(cells: Sequence[int]) -> bool:
    weight = strong_weight(cells)
    rooks = sum(1 for value in cells if abs(value) == ROOK)
    return weight <= ENDGAME_WEIGHT or (rooks == 0 and weight <= 4)


def phase(position: Position) -> Motif:
    """OPENING, MIDDLEGAME or ENDGAME."""
    cells = position.cells()
    if is_endgame(cells):
        return Motif.ENDGAME
    if position.fullmove_number <= OPENING_LAST_MOVE and strong_weight(cells) >= OPENING_WEIGHT:
        return Motif.OPENING
    return Motif.MIDDLEGAME


def endgame_type(position: Position) -> Motif | None:
    """The endgame's type (a ``*_ENDGAME`` motif), or None when the position is no endgame."""
    cells = position.cells()
    if not is_endgame(cells):
        return None
    return _ENDGAME_TYPES[frozenset(abs(value) for value in cells if abs(value) in _WEIGHTS)]
