"""The narrow exception hierarchy of the rules core.

Every message quotes the offending text and says why; FEN errors also name the rank or field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class XiangqiError(Exception):
    """Base of the errors raised by ``xiangqi.core``."""


class Cancelled(Exception):  # noqa: N818 (a state, not a fault: "cancelled" is what the user did)
    """Work stopped because the user cancelled it: the one name for it. Every reader, builder and importer
    that can be cancelled raises it (a subclass may say which work); a background job ends "cancelled" on
    it (``xiangqi.ui.common.background_job``)."""


class PositionFault(Enum):
    """Why a board cannot be a position of a real game (what ``FenError.problem`` says, for a reader that
    words it in another language than the message)."""

    TOO_MANY = "too many"              # ``count`` pieces of a kind, at most ``limit`` allowed
    NO_KING = "no king"
    OUTSIDE_PALACE = "outside palace"  # a king out of its palace
    UNREACHABLE = "unreachable"        # an advisor or elephant where it can never go
    PAWN_BEHIND = "pawn behind"        # a pawn behind its starting rank
    CHECK_OFF_TURN = "check off turn"  # the side not to move is in check (or the kings face each other)


@dataclass(frozen=True, slots=True)
class PositionProblem:
    """One fault of a board: the side concerned (``red``; for CHECK_OFF_TURN the side in check), the
    piece (``king``, ``advisor``, … as ``PieceType`` names it, lower case) and where (ICCS square)."""

    fault: PositionFault
    red: bool
    piece: str = ""
    square: str = ""
    count: int = 0
    limit: int = 0


class FenError(XiangqiError, ValueError):
    """A FEN string that cannot describe a legal xiangqi position. ``problem`` says what is wrong with a
    well-formed board (None when the text itself is broken)."""

    def __init__(self, message: str, problem: PositionProblem | None = None) -> None:
        super().__init__(message)
        self.problem = problem


class NotationError(XiangqiError, ValueError):
    """Move or square text that cannot be read (bad syntax, no such piece, ambiguous)."""


class AmbiguousMoveError(NotationError):
    """Move text that fits more than one legal move; ``moves`` are their ICCS texts (for a reader that
    words the choice in another language or notation)."""

    def __init__(self, message: str, moves: tuple[str, ...]) -> None:
        super().__init__(message)
        self.moves = moves


class IllegalMoveError(XiangqiError, ValueError):
    """A move that breaks the rules in the position it was played in."""
