"""Square geometry the search needs beyond the core's move tables (``xiangqi.core.tables``).

Squares are the core's (sq = rank * 9 + file); move codes are ``from_sq << 7 | to_sq`` as in
``xiangqi.core.movegen``.  The tables here are filters that let the search skip most legality and
gives-check tests; they are built once at import.
"""

from __future__ import annotations

from xiangqi.core.tables import DIAGONAL_NEIGHBOURS, HORSE_ATTACKERS, PAWN_ATTACKERS

RED = 0
BLACK = 1

KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7


def _lines(king: int) -> bytes:
    """1 on the squares sharing the king's rank or file (rook, cannon and facing-king lines)."""
    return bytes(int(sq != king and (sq // 9 == king // 9 or sq % 9 == king % 9)) for sq in range(90))


def _near(king: int) -> bytes:
    """1 on the king's lines and its diagonal neighbours (horse legs)."""
    line = _lines(king)
    return bytes(int(line[sq] or sq in DIAGONAL_NEIGHBOURS[king]) for sq in range(90))


def _check_zone(king: int) -> bytes:
    """1 where a piece that arrives may give check: the lines, horse-attack squares, pawn squares."""
    zone = bytearray(_lines(king))
    for origin, _ in HORSE_ATTACKERS[king]:
        zone[origin] = 1
    for side in (RED, BLACK):
        for origin in PAWN_ATTACKERS[side][king]:
            zone[origin] = 1
    return bytes(zone)


# Legality and gives-check filters: a move can only expose its own king if it leaves a NEAR square or
# lands on a LINE square (a new cannon screen), and can only check the enemy king if it lands in the
# CHECK_ZONE or leaves one of that king's NEAR squares (a discovered attack).
LINES = tuple(_lines(sq) for sq in range(90))
NEAR = tuple(_near(sq) for sq in range(90))
CHECK_ZONE = tuple(_check_zone(sq) for sq in range(90))


def mirror(sq: int) -> int:
    """The square seen from the other side (rank flipped, file kept): PST lookup for black."""
    rank, file = divmod(sq, 9)
    return (9 - rank) * 9 + file


def move_code(from_sq: int, to_sq: int) -> int:
    return from_sq << 7 | to_sq


def iccs(code: int) -> str:
    fr, to = code >> 7, code & 127
    return f"{'abcdefghi'[fr % 9]}{fr // 9}{'abcdefghi'[to % 9]}{to // 9}"
