"""ICCS coordinates: ``h2e2`` written (the UCCI form); ``H2-E2``, ``h2-e2`` and full width read."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from xiangqi.core.errors import NotationError
from xiangqi.core.move import Move
from xiangqi.core.notation.tables import normalise

if TYPE_CHECKING:
    from xiangqi.core.position import Position

_ICCS = re.compile(r"[a-i][0-9]-?[a-i][0-9]", re.IGNORECASE)


def looks_like_iccs(clean: str) -> bool:
    return _ICCS.fullmatch(clean) is not None


def write(move: Move) -> str:
    return move.iccs()


def read(position: Position, text: str) -> Move:
    clean = normalise(text)
    if not looks_like_iccs(clean):
        raise NotationError(f"cannot read {text!r} as ICCS: expected a square and a square, like h2e2")
    move = Move.from_iccs(clean)
    if position.piece_at(move.from_sq) == 0:
        raise NotationError(f"{text!r}: no piece on {clean[:2].lower()}")
    if not position.is_legal(move):
        raise NotationError(f"{text!r} is illegal in this position")
    return move
