"""The core's Zobrist keys re-indexed for the search board: ``PIECE_KEYS[cell + 7][sq]`` and ``SIDE_KEY``.

Same numbers as ``xiangqi.core.zobrist`` (so a SearchBoard key equals ``Position.zobrist``); only the row
order changes, because the search indexes its tables by ``cell + 7`` everywhere.
"""

from __future__ import annotations

from xiangqi.core import zobrist

PIECE_KEYS: tuple[tuple[int, ...], ...] = tuple(tuple(zobrist.PIECE_KEYS[cell]) for cell in range(-7, 8))
SIDE_KEY: int = zobrist.BLACK_TO_MOVE
