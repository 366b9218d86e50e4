"""Per-square move tables, computed once at import, for the hot move-generation loops.

Sides are ints here (0 red, 1 black) and squares follow ``xiangqi.core.squares``. Tables are tuples so a
lookup in a loop costs one index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Table = tuple[tuple[int, ...], ...]
LegTable = tuple[tuple[tuple[int, int], ...], ...]
_Entry = TypeVar("_Entry")

_ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_HORSE = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


def _at(file: int, rank: int) -> int:
    return rank * 9 + file if 0 <= file < 9 and 0 <= rank < 10 else -1


def in_palace(side: int, sq: int) -> bool:
    file, rank = sq % 9, sq // 9
    return 3 <= file <= 5 and (rank <= 2 if side == 0 else rank >= 7)


def on_own_half(side: int, sq: int) -> bool:
    return sq // 9 <= 4 if side == 0 else sq // 9 >= 5


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    file, rank, out = sq % 9, sq // 9, []
    while (nxt := _at(file + df, rank + dr)) >= 0:
        out.append(nxt)
        file, rank = file + df, rank + dr
    return tuple(out)


def _steps(sq: int, deltas: tuple[tuple[int, int], ...], keep: Callable[[int], bool]) -> tuple[int, ...]:
    file, rank = sq % 9, sq // 9
    targets = (_at(file + df, rank + dr) for df, dr in deltas)
    return tuple(t for t in targets if t >= 0 and keep(t))


def _horse_moves(sq: int) -> tuple[tuple[int, int], ...]:
    """(target, leg) pairs: the leg is the square next to the horse in the long direction."""
    file, rank, out = sq % 9, sq // 9, []
    for df, dr in _HORSE:
        target = _at(file + df, rank + dr)
        if target >= 0:
            out.append((target, _at(file + int(df / 2), rank + int(dr / 2))))
    return tuple(out)


def _elephant_moves(side: int, sq: int) -> tuple[tuple[int, int], ...]:
    """(target, eye) pairs; elephants never cross the river."""
    file, rank, out = sq % 9, sq // 9, []
    for df, dr in _DIAGONAL:
        target = _at(file + 2 * df, rank + 2 * dr)
        if target >= 0 and on_own_half(side, target):
            out.append((target, _at(file + df, rank + dr)))
    return tuple(out)


def _pawn_moves(side: int, sq: int) -> tuple[int, ...]:
    forward = 1 if side == 0 else -1
    deltas = ((0, forward), (1, 0), (-1, 0)) if not on_own_half(side, sq) else ((0, forward),)
    return _steps(sq, deltas, lambda t: True)


def _per_side(build: Callable[[int, int], _Entry]) -> tuple[tuple[_Entry, ...], tuple[_Entry, ...]]:
    return tuple(build(0, sq) for sq in range(90)), tuple(build(1, sq) for sq in range(90))


RAYS: tuple[Table, ...] = tuple(tuple(_ray(sq, df, dr) for df, dr in _ORTHOGONAL) for sq in range(90))
HORSE_MOVES: LegTable = tuple(_horse_moves(sq) for sq in range(90))
# HORSE_ATTACKERS[sq]: (horse square, leg) pairs from which a horse attacks sq.
HORSE_ATTACKERS: LegTable = tuple(
    tuple((h, leg) for h in range(90) for t, leg in HORSE_MOVES[h] if t == sq) for sq in range(90)
)
KING_MOVES = _per_side(lambda side, sq: _steps(sq, _ORTHOGONAL, lambda t: in_palace(side, t)))
ADVISOR_MOVES = _per_side(lambda side, sq: _steps(sq, _DIAGONAL, lambda t: in_palace(side, t)))
ELEPHANT_MOVES = _per_side(_elephant_moves)
PAWN_MOVES = _per_side(_pawn_moves)
# PAWN_ATTACKERS[side][sq]: squares from which a pawn of ``side`` attacks sq.
PAWN_ATTACKERS = _per_side(lambda side, sq: tuple(p for p in range(90) if sq in PAWN_MOVES[side][p]))

# LINE_OF[k][sq]: index into RAYS[k] of the ray from k that passes through sq, or -1.
LINE_OF: Table = tuple(
    tuple(next((d for d, ray in enumerate(RAYS[k]) if sq in ray), -1) for sq in range(90)) for k in range(90)
)
# DIAGONAL_NEIGHBOURS[k]: the squares that can be the leg of a horse attacking k.
DIAGONAL_NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(_steps(sq, _DIAGONAL, lambda t: True)) for sq in range(90)
)

# NEAR_KING[k]: k and the squares diagonally next to it; a move from one of them can expose the king to
# anything, moves from elsewhere only along the king's rank and file.
NEAR_KING: tuple[frozenset[int], ...] = tuple(DIAGONAL_NEIGHBOURS[sq] | {sq} for sq in range(90))

# Squares each piece kind can ever stand on (used to validate FEN input), found by walking the tables
# from the starting squares.
def _reachable(moves: Table | LegTable, start: tuple[int, ...]) -> frozenset[int]:
    seen, todo = set(start), list(start)
    while todo:
        for step in moves[todo.pop()]:
            target = step[0] if isinstance(step, tuple) else step
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return frozenset(seen)


ADVISOR_SQUARES = (_reachable(ADVISOR_MOVES[0], (3, 5)), _reachable(ADVISOR_MOVES[1], (84, 86)))
ELEPHANT_SQUARES = (_reachable(ELEPHANT_MOVES[0], (2, 6)), _reachable(ELEPHANT_MOVES[1], (83, 87)))
