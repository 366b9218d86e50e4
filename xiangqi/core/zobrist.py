"""64-bit Zobrist keys: one per (cell value, square) and one for black to move.

Keys come from a fixed seed so they are the same in every run (useful for books and tests).
``PIECE_KEYS[value][sq]`` works for negative (black) values too: the table has 15 rows and Python's
negative indexing maps -7..-1 onto rows 8..14.
"""

from __future__ import annotations

import random

_rng = random.Random(0x58494E47514921)  # fixed seed
PIECE_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if value == 0 else _rng.getrandbits(64) for _ in range(90)) for value in range(15)
)
BLACK_TO_MOVE: int = _rng.getrandbits(64)


def zobrist_of(cells: list[int], side: int) -> int:
    """The key computed from scratch (the Position keeps it up to date incrementally)."""
    key = BLACK_TO_MOVE if side else 0
    for sq, value in enumerate(cells):
        if value:
            key ^= PIECE_KEYS[value][sq]
    return key
