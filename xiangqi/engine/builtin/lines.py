"""Rook and cannon targets on a rank or file, looked up from the line's occupancy (no square-by-square scan).

The search board keeps ``rows[rank]`` (bit ``file`` set when that square is occupied) and ``cols[file]``
(bit ``rank``).  ``ROOK_ROW[sq][rows[rank of sq]]`` is the tuple of squares on sq's rank where a rook on
sq meets its first piece left and right; ``CANNON_ROW`` the second piece (what a cannon can capture);
``ROOK_COL``/``CANNON_COL`` the same along the file.  Captures and attacks on the king are then one or
two lookups per line piece instead of a walk along four rays (profiled: the ray walks of the quiescence
capture generator and of the king-attack test were a third of the search's time).
Built once at import (about 0.05 s); identical tuples are shared.
"""

from __future__ import annotations

Hits = tuple[tuple[int, ...], ...]  # [occupancy bits] -> squares


def _blockers(position: int, bits: int, length: int, rank: int) -> tuple[int, ...]:
    """Positions of the ``rank``-th occupied square (1 = first) on each side of ``position``."""
    found: list[int] = []
    for step in (-1, 1):
        seen = 0
        at = position + step
        while 0 <= at < length:
            if bits >> at & 1:
                seen += 1
                if seen == rank:
                    found.append(at)
                    break
            at += step
    return tuple(found)


def _table(length: int, rank: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(_blockers(p, bits, length, rank) for bits in range(1 << length)) for p in range(length))


def _per_square(along_rank: bool, rank: int) -> tuple[Hits, ...]:
    shared: dict[tuple[int, ...], tuple[int, ...]] = {}
    line = _table(9 if along_rank else 10, rank)
    out: list[Hits] = []
    for sq in range(90):
        r, f = divmod(sq, 9)
        hits = line[f] if along_rank else line[r]
        # A line position has only a few dozen distinct hit tuples among its 512 or 1024 occupancies: map each
        # once to board squares (mapping all of them made the import take 0.25 s of every engine's start).
        squares = {hit: tuple(r * 9 + x for x in hit) if along_rank else tuple(y * 9 + f for y in hit)
                   for hit in set(hits)}
        out.append(tuple(map({hit: shared.setdefault(t, t) for hit, t in squares.items()}.__getitem__, hits)))
    return tuple(out)


RANK_OF = tuple(sq // 9 for sq in range(90))
FILE_OF = tuple(sq % 9 for sq in range(90))
ROW_BIT = tuple(1 << (sq % 9) for sq in range(90))  # the square's bit in rows[rank]
COL_BIT = tuple(1 << (sq // 9) for sq in range(90))  # the square's bit in cols[file]

ROOK_ROW = _per_square(True, 1)
ROOK_COL = _per_square(False, 1)
CANNON_ROW = _per_square(True, 2)
CANNON_COL = _per_square(False, 2)


def occupancy(cells: list[int]) -> tuple[list[int], list[int]]:
    """(rows, cols) bit masks of the occupied squares."""
    rows = [0] * 10
    cols = [0] * 9
    for sq, cell in enumerate(cells):
        if cell:
            rows[sq // 9] |= ROW_BIT[sq]
            cols[sq % 9] |= COL_BIT[sq]
    return rows, cols
