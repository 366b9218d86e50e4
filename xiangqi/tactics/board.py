"""Board facts the detectors share: who attacks a square, the checkers of a king and its flight squares.

Sides are ints here as in ``xiangqi.core.movegen`` (0 red, 1 black); ``cells`` is a list of 90 cell values
(``Position.cells()``). "Relative" ranks count from a side's own back rank: 0 is its base line, 2 the top of
its palace, so one rule serves both colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xiangqi.core.movegen import CANNON, HORSE, KING, PAWN, ROOK, follows_pattern, king_attacked
from xiangqi.core.tables import KING_MOVES, RAYS

CENTRE_FILE = 4

# Material in pawn units, for "wins material" and "loses a rook" (the usual 车9 马炮4-4.5 士象2 兵1 scale).
PIECE_VALUES: dict[int, float] = {0: 0.0, KING: 0.0, 2: 2.0, 3: 2.0, HORSE: 4.0, ROOK: 9.0, CANNON: 4.5, PAWN: 1.0}


def relative_rank(side: int, sq: int) -> int:
    """The rank of ``sq`` counted from ``side``'s own back rank (0) towards the enemy (9)."""
    rank = sq // 9
    return rank if side == 0 else 9 - rank


def relative_square(side: int, file: int, rank: int) -> int:
    """The square on ``file`` at ``rank`` counted from ``side``'s back rank."""
    return (rank if side == 0 else 9 - rank) * 9 + file


def kind_at(cells: Sequence[int], sq: int) -> int:
    """The piece kind on ``sq`` (0 when empty)."""
    return abs(cells[sq])


def side_at(cells: Sequence[int], sq: int) -> int:
    """0 for a red piece, 1 for a black one, -1 for an empty square."""
    value = cells[sq]
    return -1 if not value else (0 if value > 0 else 1)


def pieces_of(cells: Sequence[int], side: int) -> list[int]:
    sign = 1 - 2 * side
    return [sq for sq in range(90) if cells[sq] * sign > 0]


def material(cells: Sequence[int], side: int) -> float:
    sign = 1 - 2 * side
    return sum(PIECE_VALUES[value * sign] for value in cells if value * sign > 0)


def kings_face(cells: Sequence[int], king: int, file_sq: int) -> bool:
    """Whether a king standing on ``file_sq`` would face the other king on ``king`` (same file, nothing
    between): the facing king then "attacks" it (白脸将)."""
    if king % 9 != file_sq % 9 or king == file_sq:
        return False
    low, high = sorted((king, file_sq))
    return not any(cells[sq] for sq in range(low + 9, high, 9))


def attackers_of(cells: list[int], side: int, target: int) -> list[int]:
    """Squares of ``side``'s pieces that attack ``target`` by their pattern (legality of the capture aside),
    the facing king included."""
    found = []
    sign = 1 - 2 * side
    for sq in range(90):
        value = cells[sq] * sign
        if value <= 0 or sq == target:
            continue
        if value == KING:
            if kings_face(cells, sq, target):
                found.append(sq)
        elif follows_pattern(cells, side, sq, target) or (cells[target] * sign > 0 and _defends(cells, side,
                                                                                                  sq, target)):
            found.append(sq)
    return found


def _defends(cells: list[int], side: int, src: int, target: int) -> bool:
    """Whether ``src`` would attack ``target`` were an enemy piece there (a piece defending its own)."""
    saved = cells[target]
    cells[target] = -saved
    try:
        return follows_pattern(cells, side, src, target)
    finally:
        cells[target] = saved


def cannon_screen(cells: Sequence[int], cannon: int, target: int) -> int:
    """The one piece between a cannon and the square it attacks on a line (-1 if not exactly one)."""
    for ray in RAYS[cannon]:
        if target in ray:
            between = [sq for sq in ray[:ray.index(target)] if cells[sq]]
            return between[0] if len(between) == 1 else -1
    return -1


def between(a: int, b: int) -> tuple[int, ...]:
    """The squares strictly between ``a`` and ``b`` on their rank or file (empty if not on one line)."""
    for ray in RAYS[a]:
        if b in ray:
            return ray[:ray.index(b)]
    return ()


@dataclass(frozen=True)
class Flight:
    """A square next to the king in its palace: own-blocked, or which enemy pieces would attack the king
    there (computed with the king moved there, so the king no longer screens or blocks its old square)."""

    square: int
    blocked: bool               # a piece of the king's own side stands there
    covered_by: tuple[int, ...]  # squares of the enemy pieces attacking it


@dataclass(frozen=True)
class KingView:
    """The defending king of a position: its square, the pieces checking it, its flight squares."""

    cells: tuple[int, ...]
    side: int                    # the defender
    king: int
    checkers: tuple[int, ...]
    flights: tuple[Flight, ...]

    @property
    def attacker(self) -> int:
        return 1 - self.side

    def covering(self, sq: int) -> bool:
        """Whether the enemy piece on ``sq`` covers at least one flight square."""
        return any(sq in flight.covered_by for flight in self.flights)

    def attacker_pieces(self, kind: int) -> list[int]:
        sign = 1 - 2 * self.attacker
        return [sq for sq in range(90) if self.cells[sq] == kind * sign]


def king_view(cells: Sequence[int], side: int) -> KingView:
    """The view of ``side``'s king in ``cells``."""
    board = list(cells)
    king = board.index(KING * (1 - 2 * side))
    attacker = 1 - side
    checkers = tuple(sq for sq in attackers_of(board, attacker, king) if kind_at(board, sq) != KING)
    flights = []
    for sq in KING_MOVES[side][king]:
        if board[sq] * (1 - 2 * side) > 0:
            flights.append(Flight(sq, True, ()))
            continue
        saved = board[sq]
        board[sq], board[king] = board[king], 0
        covered = tuple(attackers_of(board, attacker, sq))
        board[king], board[sq] = board[sq], saved
        flights.append(Flight(sq, False, covered))
    return KingView(tuple(board), side, king, checkers, tuple(flights))


def in_check(cells: list[int], side: int) -> bool:
    return king_attacked(cells, cells.index(KING * (1 - 2 * side)), side)
