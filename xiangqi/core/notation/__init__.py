"""Move notation: ICCS coordinates, WXF and Chinese, written and read for every legal move.

The rules are those of ../shared/docs/notation.md (seed 000 section 1.1 and the WXF's official page).
Writers give one canonical form; readers take every form listed there, detect the notation when asked,
and raise :class:`~xiangqi.core.errors.NotationError` quoting the text and saying why.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from xiangqi.core.errors import AmbiguousMoveError, NotationError
from xiangqi.core.move import Move
from xiangqi.core.notation import chinese, iccs, wxf
from xiangqi.core.notation.tables import contains_cjk, normalise
from xiangqi.core.notation.words import Reading, choose_move, crowded_columns, describe
from xiangqi.core.pieces import PieceType, piece_value

if TYPE_CHECKING:
    from xiangqi.core.position import Position

__all__ = ["Notation", "NotationError", "detect_notation", "move_to_text", "text_to_move"]


class Notation(Enum):
    ICCS = "iccs"
    WXF = "wxf"
    CHINESE = "chinese"


def detect_notation(text: str) -> Notation:
    """Which notation ``text`` is written in, from its shape alone (no position needed)."""
    clean = normalise(text)
    if contains_cjk(clean):
        return Notation.CHINESE
    if iccs.looks_like_iccs(clean):
        return Notation.ICCS
    if wxf.looks_like_wxf(clean):
        return Notation.WXF
    raise NotationError(f"cannot read {text!r}: it is not ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)")


def move_to_text(position: Position, move: Move, notation: Notation, *, fullwidth_digits: bool = False,
                 traditional: bool = False) -> str:
    """``move`` (legal in ``position``, the position before it) written in ``notation``; Chinese notation in
    traditional characters when ``traditional`` (for a 繁體中文 interface: 俥二進一, 馬8進7)."""
    if not position.is_legal(move):
        raise NotationError(f"{move.iccs()!r} is not a legal move in {position.fen()!r}")
    if notation is Notation.ICCS:
        return iccs.write(move)
    words = describe(position.cells(), move)
    if notation is Notation.WXF:
        return wxf.write(words)
    return chinese.write(words, fullwidth_digits=fullwidth_digits, traditional=traditional)


# Bound once: an enum member read through its class costs ten times a global in Python 3.11 (every move read).
_ICCS, _WXF = Notation.ICCS, Notation.WXF


def text_to_move(position: Position, text: str, notation: Notation | None = None) -> Move:
    """The legal move ``text`` names in ``position``; ``notation=None`` detects it."""
    if notation is None:
        notation = detect_notation(text)
    if notation is _ICCS:
        return iccs.read(position, text)
    if notation is _WXF:
        pawn = wxf.pawn_place_reading(text)
        if pawn is not None:
            return _pawn_place_or_wxf(position, text, pawn)
        return choose_move(position, text, wxf.readings(text))
    return choose_move(position, text, chinese.readings(text))


def _official_middle_pawn(position: Position, text: str) -> bool:
    """``33.4`` with two files of several pawns is the WXF's own form for the middle pawn of file 3 (what
    our writer writes): it wins over the pawn numbering there."""
    clean = normalise(text)
    if clean[0] != clean[1]:
        return False
    pawn = piece_value(position.turn, PieceType.PAWN)
    return len(crowded_columns(position.cells(), pawn, position.turn)) >= 2


def _pawn_place_or_wxf(position: Position, text: str, pawn: Reading) -> Move:
    """``15=6`` is Fairy-Stockfish's front pawn of file 5, or in WXF's digit codes a king (1) on file 5:
    the one that is a legal move here, and an error when both are (never silently the other move)."""
    if _official_middle_pawn(position, text):
        return choose_move(position, text, wxf.parse(text))
    found: dict[Move, str] = {}
    problems: list[NotationError] = []
    for label in ("the pawn numbering", "WXF piece codes"):
        try:
            readings = [pawn] if label == "the pawn numbering" else wxf.parse(text)
            found.setdefault(choose_move(position, text, readings), label)
        except NotationError as exc:
            problems.append(exc)
    if len(found) == 1:
        return next(iter(found))
    if found:
        both = "; ".join(f"{label} gives {move.iccs()}" for move, label in found.items())
        raise AmbiguousMoveError(f"{text!r} is ambiguous: {both}", tuple(move.iccs() for move in found))
    raise problems[-1]
