"""Squares of the xiangqi board and their ICCS names.

The board has 90 intersections, numbered ``sq = rank * 9 + file``:

* ``file`` 0..8 is ICCS ``a``..``i``, counted from RED's left (red sits at the bottom of the diagram);
* ``rank`` 0..9 is ICCS ``0``..``9``, counted from RED's back rank. Red starts on ranks 0-3, black on 6-9,
  and the river lies between ranks 4 and 5.

::

    rank 9   81 82 83 84 85 86 87 88 89    black's back rank (e9 = 85: black king)
    rank 8   72 ..                   80
     ...
    rank 1    9 ..                   17
    rank 0    0  1  2  3  4  5  6  7  8    red's back rank (e0 = 4: red king)
              a  b  c  d  e  f  g  h  i

So ``a0 = 0``, ``e0 = 4``, ``i0 = 8``, ``a9 = 81``, ``e9 = 85``. The palaces are files d-f (3-5) on ranks
0-2 (red) and 7-9 (black). A FEN lists rank 9 first; the ICCS move ``h2e2`` is square 25 to square 22.
"""

from __future__ import annotations

from xiangqi.core.errors import NotationError

FILES = 9
RANKS = 10
SQUARES = range(FILES * RANKS)
FILE_NAMES = "abcdefghi"


def square(file: int, rank: int) -> int:
    """The square on ``file`` (0-8, a-i) and ``rank`` (0-9)."""
    if not (0 <= file < FILES and 0 <= rank < RANKS):
        raise ValueError(f"no square at file {file}, rank {rank}")
    return rank * FILES + file


def file_of(sq: int) -> int:
    return sq % FILES


def rank_of(sq: int) -> int:
    return sq // FILES


def square_name(sq: int) -> str:
    """ICCS name: ``square_name(25) == "h2"``."""
    return FILE_NAMES[sq % FILES] + str(sq // FILES)


def parse_square(text: str) -> int:
    """The square named by ICCS text such as ``"h2"`` (case-insensitive)."""
    name = text.strip().lower()
    if len(name) != 2 or name[0] not in FILE_NAMES or not name[1].isdigit() or not name[1].isascii():
        raise NotationError(f"{text!r} is not a square: expected a file a-i and a rank 0-9, like 'h2'")
    return int(name[1]) * FILES + FILE_NAMES.index(name[0])
