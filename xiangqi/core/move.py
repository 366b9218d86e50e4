"""A move as a pair of squares, with its ICCS text (``h2e2``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from xiangqi.core.errors import NotationError
from xiangqi.core.squares import FILE_NAMES, FILES, square_name

_ICCS = re.compile(r"\s*([a-i])([0-9])\s*-?\s*([a-i])([0-9])\s*", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True, slots=True)
class Move:
    """From-square and to-square (see ``xiangqi.core.squares``). Legality is the Position's business."""

    from_sq: int
    to_sq: int

    def iccs(self) -> str:
        return square_name(self.from_sq) + square_name(self.to_sq)

    def __str__(self) -> str:
        return self.iccs()

    @classmethod
    def from_iccs(cls, text: str) -> Move:
        """Read ``h2e2``, ``H2-E2`` or ``h2-e2``; raises NotationError otherwise."""
        match = _ICCS.fullmatch(text)
        if match is None:
            raise NotationError(f"{text!r} is not an ICCS move: expected like 'h2e2' or 'H2-E2'")
        f1, r1, f2, r2 = match.groups()
        from_sq = int(r1) * FILES + FILE_NAMES.index(f1.lower())
        to_sq = int(r2) * FILES + FILE_NAMES.index(f2.lower())
        if from_sq == to_sq:
            raise NotationError(f"{text!r} is not a move: from and to are the same square")
        return cls(from_sq, to_sq)
