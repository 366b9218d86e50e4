"""Material and pieces searches (no Qt, no SQLite): what the user types, read strictly, and the compact
per-game material sequence the database stores so a material search reads no moves.

- Material (``Query.material``): the rooks, horses and cannons of each side (the "major pieces"; kings,
  advisors, elephants and pawns are not counted), red first, a ``-`` between the sides: ``RHC-RC`` (red has
  exactly a rook, a horse and a cannon, black exactly a rook and a cannon), ``RR-`` (two red rooks, black no
  major piece). Letters: R (rook), H or N (horse), C (cannon), in any case, or 车/車/俥, 马/馬/傌, 炮/砲/包.
- Pieces (``Query.pieces``): pieces on given points at one ply, a comma list of a FEN letter (upper case
  red, lower case black: K A B/E N/H R C P) and an ICCS point: ``Ra0,ce7`` (a red rook on a0 and a black
  cannon on e7 at the same ply; other points may hold anything).
- The stored sequence: a game's material signature at the start and after each capture that changed it,
  two bytes each (``signature_bytes``: the first byte has its top bit set, the second not, so a byte search
  in SQL, ``instr``, can only match whole signatures), with the plies where each began.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xiangqi.core.pieces import PieceType
from xiangqi.core.squares import FILE_NAMES

MAX_MATERIAL_CHARS = 40          # of a material search typed
MAX_PIECES = 32                  # points in a pieces search (a board holds 32 pieces)
MAX_PIECES_CHARS = 200
COUNTED = (PieceType.ROOK, PieceType.HORSE, PieceType.CANNON)   # the pieces a signature counts, 2 bits each
_LETTERS = {"R": PieceType.ROOK, "H": PieceType.HORSE, "N": PieceType.HORSE, "C": PieceType.CANNON,
            "车": PieceType.ROOK, "車": PieceType.ROOK, "俥": PieceType.ROOK, "马": PieceType.HORSE,
            "馬": PieceType.HORSE, "傌": PieceType.HORSE, "炮": PieceType.CANNON, "砲": PieceType.CANNON,
            "包": PieceType.CANNON}
_PIECE_LETTERS = {"K": PieceType.KING, "A": PieceType.ADVISOR, "B": PieceType.ELEPHANT, "E": PieceType.ELEPHANT,
                  "N": PieceType.HORSE, "H": PieceType.HORSE, "R": PieceType.ROOK, "C": PieceType.CANNON,
                  "P": PieceType.PAWN}
# Cell value (+type red, -type black) -> the signature's amount for one such piece (0: not counted).
_WEIGHT = {value: 0 for value in range(-7, 8)}
for _side, _sign in ((0, 1), (1, -1)):
    for _slot, _ptype in enumerate(COUNTED):
        _WEIGHT[_sign * int(_ptype)] = 1 << (2 * (3 * _side + _slot))


class MaterialError(ValueError):
    """A material or pieces search that cannot be read; the message quotes it."""


def signature_of_counts(red: Sequence[int], black: Sequence[int]) -> int:
    """The 12-bit signature of rook, horse, cannon counts (3 or more count as 3)."""
    value = 0
    for side, counts in enumerate((red, black)):
        for slot, count in enumerate(counts):
            value |= min(count, 3) << (2 * (3 * side + slot))
    return value


def signature(cells: Iterable[int]) -> int:
    """The material signature of a board's cells."""
    counts = [0] * 6
    for value in cells:
        weight = _WEIGHT[value]
        if weight:
            counts[weight.bit_length() // 2] += 1
    return signature_of_counts(counts[:3], counts[3:])


def capture_weight(value: int) -> int:
    """What the capture of a piece of cell ``value`` takes from a signature (exact while counts stay < 4)."""
    return _WEIGHT[value]


def signature_bytes(value: int) -> bytes:
    return bytes((0x80 | value >> 6, value & 0x3F))


def parse_material(text: str) -> int:
    """The signature a material search asks for: ``RHC-RC``; MaterialError quoting a bad one."""
    if len(text) > MAX_MATERIAL_CHARS:
        raise MaterialError(f"material {text[:MAX_MATERIAL_CHARS]!r}…: over {MAX_MATERIAL_CHARS} characters")
    parts = text.replace(" ", "").replace("–", "-").replace("对", "-").replace("對", "-").split("-")
    if len(parts) != 2:
        raise MaterialError(f"material {text!r}: expected red's pieces, '-', black's pieces (e.g. RHC-RC)")
    counts: list[list[int]] = [[0, 0, 0], [0, 0, 0]]
    for side, part in enumerate(parts):
        for char in part:
            ptype = _LETTERS.get(char.upper())
            if ptype is None:
                raise MaterialError(f"material {text!r}: {char!r} is no rook, horse or cannon (R, H/N, C)")
            counts[side][COUNTED.index(ptype)] += 1
            if counts[side][COUNTED.index(ptype)] > 2:
                raise MaterialError(f"material {text!r}: more than two {ptype.name.lower()}s of a side")
    return signature_of_counts(counts[0], counts[1])


@dataclass(frozen=True, slots=True)
class PiecesWanted:
    """Points (0-89) and the cell value each must hold."""

    points: tuple[tuple[int, int], ...]


def parse_pieces(text: str) -> PiecesWanted:
    """A pieces search ``Ra0,ce7`` read; MaterialError quoting a bad one."""
    if len(text) > MAX_PIECES_CHARS:
        raise MaterialError(f"pieces {text[:40]!r}…: over {MAX_PIECES_CHARS} characters")
    items = [item.strip() for item in text.replace(";", ",").replace(" ", ",").split(",") if item.strip()]
    if not items:
        raise MaterialError(f"pieces {text!r}: expected pieces on points, e.g. Ra0,ce7")
    if len(items) > MAX_PIECES:
        raise MaterialError(f"pieces {text[:40]!r}…: more than {MAX_PIECES} points")
    wanted: dict[int, int] = {}
    for item in items:
        ptype = _PIECE_LETTERS.get(item[:1].upper())
        if ptype is None or len(item) != 3 or item[1].lower() not in FILE_NAMES or not item[2].isdigit():
            raise MaterialError(f"pieces {text[:80]!r}: {item[:10]!r} is not a piece letter and a point "
                                "(e.g. Ra0: red rook on a0; ce7: black cannon on e7)")
        point = int(item[2]) * 9 + FILE_NAMES.index(item[1].lower())
        value = int(ptype) if item[0].isupper() else -int(ptype)
        if wanted.get(point, value) != value:
            raise MaterialError(f"pieces {text[:80]!r}: two pieces on {item[1:]}")
        wanted[point] = value
    return PiecesWanted(tuple(sorted(wanted.items())))


def material_text(value: int) -> str:
    """A signature as the letters of a material search (``RHC-RC``)."""
    sides = []
    for side in (0, 1):
        sides.append("".join(letter * (value >> (2 * (3 * side + slot)) & 3)
                             for slot, letter in enumerate("RHC")))
    return "-".join(sides)
