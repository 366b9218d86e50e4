"""Chases (捉): the opponent pieces a side attacks in earnest, as the perpetual-chase rule counts them.

The repetition rules (the Chinese Xiangqi Association's 棋例, the Asian rules) forbid chasing a piece
with every move of a repeating cycle. Which attacks are chases follows Pikafish, ``Position::chased`` in
src/position.cpp (read for this; nothing copied):

* the king and the pawns may attack as they like: their attacks are never chases;
* the opponent's king is no target (that is check), nor is a pawn still on its own side of the river;
* an attack is a capture the attacker could legally make now, so a capture that would leave its own
  king attacked (a pinned attacker, kings facing) is no attack. Pikafish lets a pinned piece attack
  only its pinner and then tests legality; testing legality alone gives the same answers;
* attacking a stronger piece is a chase even when the target is protected: a horse or cannon attacking
  a rook, an advisor or elephant attacking a rook, horse or cannon;
* any other attack is a chase only when the target is unprotected: after the capture the opponent has
  no *legal* recapture, so a protector that is pinned (or would face the kings) does not protect;
* an attack on a piece of the same kind that could legally take the attacker back is an offer to
  exchange (兑), not a chase.

Whether a move *newly* chases (捉 after the move that was not there before it) is the repetition code's
business (``xiangqi.core.repetition``). Clarity over speed: this runs only once a threefold repetition
is found, never in move generation.
"""

from __future__ import annotations

from xiangqi.core.movegen import (ADVISOR, CANNON, ELEPHANT, HORSE, KING, PAWN, ROOK, follows_pattern,
                                  king_attacked)
from xiangqi.core.squares import SQUARES
from xiangqi.core.tables import on_own_half

# Attacks by these kinds can be chases; the king's and the pawns' never are.
_CHASERS = frozenset({ADVISOR, ELEPHANT, HORSE, ROOK, CANNON})

# Targets worth more than the attacker: attacking them is a chase even if they are protected, because
# taking and being taken back still wins material.
_STRONGER_TARGETS: dict[int, frozenset[int]] = {
    HORSE: frozenset({ROOK}),
    CANNON: frozenset({ROOK}),
    ADVISOR: frozenset({ROOK, HORSE, CANNON}),
    ELEPHANT: frozenset({ROOK, HORSE, CANNON}),
}


def chased_squares(cells: list[int], side: int) -> frozenset[int]:
    """Squares of the opponent pieces that ``side`` (0 red, 1 black) chases here, whoever is to move."""
    sign = 1 - 2 * side
    attackers = [sq for sq in SQUARES if cells[sq] * sign in _CHASERS]
    targets = [sq for sq in SQUARES if _is_target(cells, side, sq)]
    return frozenset(dst for dst in targets if any(_chases(cells, side, src, dst) for src in attackers))


def can_capture(cells: list[int], side: int, src: int, dst: int) -> bool:
    """Whether ``side`` may legally move ``src`` to ``dst`` here, as if it were to move: the piece's
    pattern, and its own king not attacked afterwards."""
    if not follows_pattern(cells, side, src, dst):
        return False
    after = _played(cells, src, dst)
    return not king_attacked(after, after.index(KING * (1 - 2 * side)), side)


def _is_target(cells: list[int], side: int, sq: int) -> bool:
    """An opponent piece other than the king; a pawn only once it has crossed the river."""
    kind = -cells[sq] * (1 - 2 * side)  # positive for the opponent's pieces
    if kind <= 0 or kind == KING:
        return False
    return kind != PAWN or on_own_half(side, sq)  # an opponent pawn on our half has crossed


def _chases(cells: list[int], side: int, src: int, dst: int) -> bool:
    """Whether ``side``'s piece on ``src`` chases the opponent piece on ``dst``."""
    if not can_capture(cells, side, src, dst):
        return False
    attacker, target = abs(cells[src]), abs(cells[dst])
    if target in _STRONGER_TARGETS.get(attacker, frozenset()):
        return True
    if _protected(cells, side, src, dst):
        return False
    # Two pieces of a kind attacking each other offer an exchange, unless the target cannot take back.
    return attacker != target or not can_capture(cells, 1 - side, dst, src)


def _protected(cells: list[int], side: int, src: int, dst: int) -> bool:
    """Whether the opponent could legally take back on ``dst`` after ``side`` captured there from ``src``."""
    after = _played(cells, src, dst)
    other = 1 - side
    sign = 1 - 2 * other
    return any(after[sq] * sign > 0 and can_capture(after, other, sq, dst) for sq in SQUARES)


def _played(cells: list[int], src: int, dst: int) -> list[int]:
    """A scratch copy of the board with the piece on ``src`` moved to ``dst``."""
    after = list(cells)
    after[dst] = after[src]
    after[src] = 0
    return after
