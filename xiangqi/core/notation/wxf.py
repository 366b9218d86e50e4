"""WXF notation: ``C2.5``, tandem ``C+-2``, several pawns ``++.4`` / ``P3.4`` / ``3+.4``.

Written: the WXF's official forms (see ../shared/docs/notation.md) with ``.`` for sideways.
Read as well: ``=`` for ``.``, ``C25`` (sideways without the sign), sign-first tandem ``+C-2``,
xqbase ``Pa.5`` ordinals, ``B``/``N`` letters, digit piece codes ``62.5``, lower case, full width.
"""

from __future__ import annotations

import functools

from xiangqi.core.errors import NotationError
from xiangqi.core.pieces import PieceType
from xiangqi.core.notation.tables import (
    WXF_DIRECTIONS,
    WXF_LETTER_READ,
    WXF_LETTER_WRITE,
    WXF_ORDINAL_LETTERS,
    normalise,
)
from xiangqi.core.notation.words import ByFile, ByOrdinal, ByPlace, Direction, MoveWords, PieceRef, Place, Reading

# Tandem marks for one crowded file, by count, front to back; None = the plain form (middle pawn).
_ONE_FILE_MARKS: dict[int, tuple[str | None, ...]] = {
    2: ("+", "-"),
    3: ("+", None, "-"),
    4: ("++", "+", "-", "--"),
    5: ("++", "+", None, "-", "--"),
}
# Marks after the file digit when two files hold several pawns; None = the file digit again.
_TWO_FILE_MARKS: dict[int, tuple[str | None, ...]] = {2: ("+", "-"), 3: ("+", None, "-")}
_SIGN_PLACES = {"+": Place.PLUS, "-": Place.MINUS, ".": Place.MIDDLE}
_FILE_DIGITS = "123456789"


def write(words: MoveWords) -> str:
    return f"{_piece_part(words)}{words.direction.value}{words.number}"


def _piece_part(words: MoveWords) -> str:
    letter, pick = WXF_LETTER_WRITE[words.piece], words.pick
    if not words.marked:
        return f"{letter}{pick.file}"
    if pick.ordinal is not None:
        mark = _TWO_FILE_MARKS[pick.count][pick.index]
        return f"{pick.file}{mark or pick.file}"
    mark = _ONE_FILE_MARKS[pick.count][pick.index]
    if mark is None:
        return f"{letter}{pick.file}"
    return mark if len(mark) == 2 else f"{letter}{mark}"


def looks_like_wxf(clean: str) -> bool:
    """True for normalised text shaped like WXF (a direction sign before the last digit, or ``C25``)."""
    if len(clean) == 3:
        return clean[0].upper() in WXF_LETTER_READ and clean[1:].isdigit()
    return len(clean) == 4 and clean[2] in WXF_DIRECTIONS + "=" and clean[3] in _FILE_DIGITS


def parse(text: str) -> list[Reading]:
    """Every reading of a WXF text, most likely first; NotationError if it cannot be WXF."""
    return list(readings(text))


@functools.lru_cache(maxsize=8192)  # position-independent, and databases repeat their move texts
def readings(text: str) -> tuple[Reading, ...]:
    """``parse`` as a tuple, remembered per text."""
    clean = normalise(text).replace("=", ".")
    if len(clean) == 3 and clean[1:].isdigit():
        clean = f"{clean[:2]}.{clean[2]}"
    if len(clean) != 4 or clean[2] not in WXF_DIRECTIONS or clean[3] not in _FILE_DIGITS:
        raise NotationError(
            f"cannot read {text!r} as WXF: expected piece, file, one of + - . =, and a digit 1-9"
        )
    refs = _piece_refs(clean[0], clean[1])
    if not refs:
        raise NotationError(f"cannot read {text!r} as WXF: {clean[:2]!r} names no piece")
    direction, number = Direction(clean[2]), int(clean[3])
    return tuple(Reading(piece, ref, direction, number) for piece, ref in refs)


def pawn_place_reading(text: str) -> Reading | None:
    """Fairy-Stockfish's form for three or more pawns on one file: the pawn's place counted from the front
    (1 the front-most) where the letter goes, then the file: ``15=6``, ``35+1``. None for other shapes."""
    clean = normalise(text).replace("=", ".")
    if len(clean) != 4 or clean[0] not in "12345" or clean[1] not in _FILE_DIGITS:
        return None
    if clean[2] not in WXF_DIRECTIONS or clean[3] not in _FILE_DIGITS:
        return None
    return Reading(PieceType.PAWN, ByOrdinal(int(clean[0]), int(clean[1])), Direction(clean[2]), int(clean[3]))


def _piece_refs(first: str, second: str) -> list[tuple[PieceType, PieceRef]]:
    """The pieces the two leading characters may name, most likely first."""
    pawn = PieceType.PAWN
    refs: list[tuple[PieceType, PieceRef]] = []
    if first + second in ("++", "--"):
        refs.append((pawn, ByPlace(Place.FRONT if first == "+" else Place.REAR)))
    if first in _FILE_DIGITS and second in "+-":
        refs.append((pawn, ByPlace(_SIGN_PLACES[second], int(first))))
    if first in _FILE_DIGITS and second == first:
        refs.append((pawn, ByPlace(Place.MIDDLE, int(first))))
    piece = WXF_LETTER_READ.get(first.upper())
    if piece is not None:
        refs.extend(_refs_after_piece(piece, second))
    signed = WXF_LETTER_READ.get(second.upper())
    if first in "+-" and signed is not None:
        refs.append((signed, ByPlace(_SIGN_PLACES[first])))
    return refs


def _refs_after_piece(piece: PieceType, second: str) -> list[tuple[PieceType, PieceRef]]:
    if second in _FILE_DIGITS:
        return [(piece, ByFile(int(second), middle_of_odd=True))]
    if second in _SIGN_PLACES:
        return [(piece, ByPlace(_SIGN_PLACES[second]))]
    if second.lower() in WXF_ORDINAL_LETTERS:
        return [(piece, ByOrdinal(WXF_ORDINAL_LETTERS.index(second.lower()) + 1))]
    return []
