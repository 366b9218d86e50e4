"""How a game ends: checkmate, stalemate, the natural move limit and repetition rulings.

Repetition is judged from what each side did in the repeating cycle: ``classify_cycle`` labels every move
(check, chase or idle), ``judge_repetition`` turns the labels into a ruling: perpetual check (长将),
perpetual chase (长捉) and check-and-chase (一将一捉) lose, anything else is a draw. Which attacks are
chases is ``xiangqi.core.chase``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, auto

from xiangqi.core.pieces import Color, PieceType


class Termination(Enum):
    CHECKMATE = auto()
    STALEMATE = auto()  # 困毙: the side to move has no legal move and loses
    NATURAL_LIMIT = auto()  # 自然限着: too many plies without a capture; a draw
    REPETITION_DRAW = auto()
    PERPETUAL_CHECK = auto()  # 长将: the side that checked with every move of the cycle loses
    PERPETUAL_CHASE = auto()  # 长捉, 一将一捉: the side that chased (or checked) with every move loses
    INSUFFICIENT_MATERIAL = auto()  # 双方无过河子力: neither side can attack the other's king; a draw
    # Ends the board cannot see (the game model records them; ``Position.outcome`` never returns them):
    TIME_FORFEIT = auto()   # 超时判负
    RESIGNATION = auto()    # 认输
    AGREED_DRAW = auto()    # 议和

    @property
    def from_board(self) -> bool:
        """True when the position itself ended the game (taking a move back resumes it)."""
        return self not in (Termination.TIME_FORFEIT, Termination.RESIGNATION, Termination.AGREED_DRAW)


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: Color | None

    @property
    def result(self) -> str:
        return result_text(self.winner)


def result_text(winner: Color | None) -> str:
    """The PGN result for a winner: "1-0", "0-1", or "1/2-1/2" for a draw (no winner)."""
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner is Color.RED else "0-1"


def insufficient_material(cells: Sequence[int]) -> bool:
    """True when neither side has a piece that can cross the river (rook, horse, cannon or pawn): kings,
    advisors and elephants stay at home, so neither king can ever be attacked and the game is drawn.
    ``cells`` holds signed piece values (``PieceType`` for red, negated for black)."""
    return all(abs(value) < PieceType.HORSE for value in cells)


class MoveKind(Enum):
    """What a move in a repetition cycle did, as far as the repetition rules care."""

    CHECK = auto()
    CHASE = auto()  # newly attacked an opponent piece in earnest (see ``xiangqi.core.chase``), no check
    IDLE = auto()


@dataclass(frozen=True)
class CycleMove:
    mover: Color
    kind: MoveKind
    # The opponent pieces a CHASE newly chased, each named by a number that stays with the piece through
    # the cycle (so a piece running to and fro is one target); empty for the other kinds.
    chased: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if (self.kind is MoveKind.CHASE) != bool(self.chased):
            raise ValueError(f"only a CHASE names chased pieces, and it must: {self}")


def judge_repetition(cycle: Sequence[CycleMove]) -> Outcome:
    """The ruling on a repeated position, from the labelled moves of the cycle that repeated it.

    Checks are ruled first, as Pikafish's ``Position::rule_judge`` does: a side that checked with every
    one of its moves loses whatever the other side did, so perpetual check against perpetual chase
    loses for the checker (the 棋例 agree: "双方均为禁止着法(不包括一方为长将),双方不变作和"); both
    checking perpetually is a draw. Otherwise a side that chased with every move, or checked and chased
    (一将一捉), with one piece chased in all its chasing moves, loses; both or neither is a draw.
    """
    checking = [color for color in Color if _always_checks(_moves_of(cycle, color))]
    if checking:
        return _ruling(checking, Termination.PERPETUAL_CHECK)
    chasing = [color for color in Color if _always_chases(_moves_of(cycle, color))]
    return _ruling(chasing, Termination.PERPETUAL_CHASE)


def _moves_of(cycle: Sequence[CycleMove], color: Color) -> list[CycleMove]:
    return [move for move in cycle if move.mover is color]


def _always_checks(moves: list[CycleMove]) -> bool:
    return bool(moves) and all(move.kind is MoveKind.CHECK for move in moves)


def _always_chases(moves: list[CycleMove]) -> bool:
    """Every move a check or a chase, at least one chase, and one piece chased by all the chases.

    The common piece is Pikafish's rule (``detect_chases`` keeps the pieces newly chased by every move
    of a side): chasing one piece, then another, is not a perpetual chase. Checks mixed in (一将一捉)
    are forbidden by the 棋例 and by our rule; Pikafish rules any cycle with a check in it that is not
    perpetual check a draw, which is where this departs from it.
    """
    chases = [move.chased for move in moves if move.kind is MoveKind.CHASE]
    if not chases or any(move.kind is MoveKind.IDLE for move in moves):
        return False
    return bool(frozenset.intersection(*chases))


def _ruling(culprits: list[Color], termination: Termination) -> Outcome:
    """One side committed the forbidden repetition: it loses; both or neither: a draw."""
    if len(culprits) == 1:
        return Outcome(termination, culprits[0].other)
    return Outcome(Termination.REPETITION_DRAW, None)
