"""Chinese notation: ``炮二平五`` / ``马8进7``, ``前炮退二``, ``中兵平四``, ``一兵平五``.

Written: simplified characters (traditional on request: 俥二進一, 馬8進7, 後砲退二); red numbers as Chinese
numerals, black numbers as digits (half-width, full-width on request); the ordinals 一二三四五 stay Chinese
for black too (``一卒平5``).
Read as well: traditional and variant characters (車 俥 馬 傌 砲 帥 將 進 後 ...), digits for either side,
full-width text, the piece before its place (``兵前平四``) and the old five-character forms
(``前兵九平八``).
"""

from __future__ import annotations

import functools

from xiangqi.core.errors import NotationError
from xiangqi.core.pieces import Color, PieceType
from xiangqi.core.notation.tables import (
    CN_DIRECTION_READ,
    CN_DIRECTION_WRITE,
    CN_DIRECTION_WRITE_TRADITIONAL,
    CN_FRONT,
    CN_MIDDLE,
    CN_NUMERALS,
    CN_PIECE_READ,
    CN_PIECE_WRITE,
    CN_PIECE_WRITE_TRADITIONAL,
    CN_PLACE_READ,
    CN_REAR,
    CN_REAR_TRADITIONAL,
    FULLWIDTH_DIGITS,
    cn_numeral_value,
    normalise,
)
from xiangqi.core.notation.words import ByFile, ByOrdinal, ByPlace, Direction, MoveWords, PieceRef, Place, Reading

# The word that replaces the file, by the number of pieces of the kind on it, front to back.
_PLACE_WORDS: dict[int, str] = {
    2: CN_FRONT + CN_REAR,
    3: CN_FRONT + CN_MIDDLE + CN_REAR,
    4: CN_NUMERALS[:4],
    5: CN_NUMERALS[:5],
}
_PLACES = {CN_FRONT: Place.FRONT, CN_MIDDLE: Place.MIDDLE, CN_REAR: Place.REAR}


def write(words: MoveWords, *, fullwidth_digits: bool = False, traditional: bool = False) -> str:
    """The move in simplified characters, or ``traditional`` ones (俥傌炮 for red, 車馬砲 for black, 進, 後)."""
    direction = (CN_DIRECTION_WRITE_TRADITIONAL if traditional else CN_DIRECTION_WRITE)[words.direction.value]
    number = _number(words.color, words.number, fullwidth_digits)
    return f"{_piece_part(words, fullwidth_digits, traditional)}{direction}{number}"


def _piece_part(words: MoveWords, fullwidth_digits: bool, traditional: bool) -> str:
    names = CN_PIECE_WRITE_TRADITIONAL if traditional else CN_PIECE_WRITE
    name, pick = names[words.color][words.piece], words.pick
    if not words.marked:
        return name + _number(words.color, pick.file, fullwidth_digits)
    if pick.ordinal is not None:
        return CN_NUMERALS[pick.ordinal - 1] + name
    place = _PLACE_WORDS[pick.count][pick.index]
    return (CN_REAR_TRADITIONAL if traditional and place == CN_REAR else place) + name


def _number(color: Color, value: int, fullwidth_digits: bool) -> str:
    if color is Color.RED:
        return CN_NUMERALS[value - 1]
    return FULLWIDTH_DIGITS[value - 1] if fullwidth_digits else str(value)


_TRADITIONAL = str.maketrans({"车": "車", "马": "馬", "帅": "帥", "将": "將", "进": "進", "后": "後"})


def to_traditional(text: str) -> str:
    """Written Chinese notation in traditional characters (for a 繁體中文 interface): 車九進一, 後炮退二."""
    return text.translate(_TRADITIONAL)


def parse(text: str) -> list[Reading]:
    """Every reading of a Chinese text, most likely first; NotationError if it cannot be one."""
    return list(readings(text))


# The readings depend on the text alone (not the position), and a database says the same few thousand
# move texts over and over: each is parsed once (texts that are no move raise, and are not remembered).
@functools.lru_cache(maxsize=8192)
def readings(text: str) -> tuple[Reading, ...]:
    """``parse`` as a tuple, remembered per text."""
    clean = normalise(text)
    if len(clean) not in (4, 5):
        raise NotationError(f"cannot read {text!r} as Chinese notation: expected 4 or 5 characters")
    direction = CN_DIRECTION_READ.get(clean[-2])
    number = cn_numeral_value(clean[-1])
    if direction is None or number is None:
        raise NotationError(
            f"cannot read {text!r} as Chinese notation: it must end in 进/退/平 and a number 1-9"
        )
    refs = _piece_refs(clean[:-2])
    if not refs:
        raise NotationError(f"cannot read {text!r} as Chinese notation: {clean[:-2]!r} names no piece")
    return tuple(Reading(piece, ref, Direction(direction), number) for piece, ref in refs)


def _piece_refs(head: str) -> list[tuple[PieceType, PieceRef]]:
    """Readings of the part before the direction: 炮二, 前炮, 一兵, 兵前, 前兵九."""
    pieces = [CN_PIECE_READ.get(ch) for ch in head]
    if len(head) == 2 and pieces[0] is not None:
        file_number = cn_numeral_value(head[1])
        if file_number is not None:
            return [(pieces[0], ByFile(file_number))]
        place = _place_ref(head[1], None)
        return [(pieces[0], place)] if isinstance(place, ByPlace) else []
    if len(head) in (2, 3) and pieces[1] is not None:
        file_number = cn_numeral_value(head[2]) if len(head) == 3 else None
        if len(head) == 3 and file_number is None:
            return []
        ref = _place_ref(head[0], file_number)
        return [(pieces[1], ref)] if ref is not None else []
    return []


def _place_ref(char: str, file_number: int | None) -> PieceRef | None:
    """前/中/后 (traditional 後 too) or an ordinal 一-五, on a given file or on the crowded files."""
    place = CN_PLACE_READ.get(char)
    if place is not None:
        return ByPlace(_PLACES[place], file_number)
    ordinal = cn_numeral_value(char)
    if ordinal is not None and ordinal <= 5:
        return ByOrdinal(ordinal, file_number)
    return None
