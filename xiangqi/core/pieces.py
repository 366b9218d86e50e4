"""Colours, piece types, the board cell encoding and the FEN letters.

A board cell holds ``0`` when empty, ``+PieceType`` for a red piece and ``-PieceType`` for a black one.
"""

from __future__ import annotations

from enum import IntEnum


class Color(IntEnum):
    RED = 0
    BLACK = 1

    @property
    def other(self) -> Color:
        return Color.BLACK if self is Color.RED else Color.RED

    @property
    def sign(self) -> int:
        """+1 for red, -1 for black: the sign of this colour's cell values."""
        return 1 - 2 * self.value


class PieceType(IntEnum):
    """Piece kinds; the numbers are the WXF digit codes."""

    KING = 1
    ADVISOR = 2
    ELEPHANT = 3
    HORSE = 4
    ROOK = 5
    CANNON = 6
    PAWN = 7


EMPTY = 0

# FEN letters of the black pieces; red ones are the upper-case forms.
FEN_LETTERS: dict[PieceType, str] = {
    PieceType.KING: "k",
    PieceType.ADVISOR: "a",
    PieceType.ELEPHANT: "b",
    PieceType.HORSE: "n",
    PieceType.ROOK: "r",
    PieceType.CANNON: "c",
    PieceType.PAWN: "p",
}
_LETTER_TYPES: dict[str, PieceType] = {letter: ptype for ptype, letter in FEN_LETTERS.items()}
_LETTER_TYPES.update({"h": PieceType.HORSE, "e": PieceType.ELEPHANT})  # common aliases on input


def piece_value(color: Color, ptype: PieceType) -> int:
    """The cell value of a ``color`` piece of type ``ptype``."""
    return int(ptype) if color == Color.RED else -int(ptype)


def color_of(value: int) -> Color | None:
    if value > 0:
        return Color.RED
    if value < 0:
        return Color.BLACK
    return None


def type_of(value: int) -> PieceType | None:
    return PieceType(abs(value)) if value else None


def fen_letter(value: int) -> str:
    """The FEN letter of a non-empty cell value (red upper case)."""
    letter = FEN_LETTERS[PieceType(abs(value))]
    return letter.upper() if value > 0 else letter


def value_from_letter(letter: str) -> int | None:
    """The cell value of a FEN letter (``H``/``E`` are aliases of ``N``/``B``), or None if unknown."""
    ptype = _LETTER_TYPES.get(letter.lower())
    if ptype is None or not letter.isascii():
        return None
    return int(ptype) if letter.isupper() else -int(ptype)
