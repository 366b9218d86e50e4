"""Static evaluation: material + piece-square tables (hand-tuned for xiangqi) + a little king safety.

Scores are in centipawn-like units (an unadvanced pawn is 100, a horse 400, a rook 900).  The
material+PST part is kept incrementally by the search board in ``PST_RED[cell + 7][sq]`` (always from
red's point of view, black pieces negative); ``king_safety`` adds the few terms that depend on the whole
position and is cheap enough to run at every leaf.
"""

from __future__ import annotations

from xiangqi.engine.builtin.geometry import (
    ADVISOR,
    CANNON,
    ELEPHANT,
    HORSE,
    KING,
    PAWN,
    ROOK,
    mirror,
)

BASE_VALUE = {KING: 0, ADVISOR: 200, ELEPHANT: 200, HORSE: 400, ROOK: 900, CANNON: 450, PAWN: 100}

# Bonus tables as seen from red: the first row is rank 9 (black's back rank), the last row rank 0.
_ROOK = (
    (12, 16, 14, 26, 28, 26, 14, 16, 12),
    (12, 24, 18, 32, 66, 32, 18, 24, 12),
    (12, 16, 14, 28, 32, 28, 14, 16, 12),
    (12, 26, 26, 32, 32, 32, 26, 26, 12),
    (16, 22, 22, 28, 30, 28, 22, 22, 16),
    (16, 24, 24, 28, 30, 28, 24, 24, 16),
    (8, 18, 8, 24, 28, 24, 8, 18, 8),
    (-4, 16, 8, 24, 24, 24, 8, 16, -4),
    (10, 16, 12, 24, 0, 24, 12, 16, 10),
    (-12, 12, 8, 24, 0, 24, 8, 12, -12),
)
_HORSE = (
    (8, 16, 32, 24, 8, 24, 32, 16, 8),
    (8, 20, 56, 32, 16, 32, 56, 20, 8),
    (24, 28, 32, 40, 36, 40, 32, 28, 24),
    (16, 48, 36, 48, 40, 48, 36, 48, 16),
    (12, 32, 28, 36, 32, 36, 28, 32, 12),
    (8, 24, 32, 28, 24, 28, 32, 24, 8),
    (4, 12, 16, 12, 20, 12, 16, 12, 4),
    (8, 4, 16, 16, 8, 16, 16, 4, 8),
    (0, 4, 8, 8, -4, 8, 8, 4, 0),
    (0, -8, 0, 0, 0, 0, 0, -8, 0),
)
_CANNON = (
    (12, 8, 0, -20, -24, -20, 0, 8, 12),
    (4, 4, 0, -8, -28, -8, 0, 4, 4),
    (4, 4, 0, -20, -16, -20, 0, 4, 4),
    (0, 0, -4, 8, 20, 8, -4, 0, 0),
    (0, 0, 0, 4, 16, 4, 0, 0, 0),
    (-4, 0, 8, 4, 12, 4, 8, 0, -4),
    (0, 0, 0, 4, 8, 4, 0, 0, 0),
    (8, 0, 16, 12, 20, 12, 16, 0, 8),
    (0, 4, 8, 12, 12, 12, 8, 4, 0),
    (0, 0, 4, 12, 12, 12, 4, 0, 0),
)
_PAWN = (
    (10, 20, 30, 40, 40, 40, 30, 20, 10),
    (40, 70, 100, 130, 150, 130, 100, 70, 40),
    (40, 70, 100, 120, 130, 120, 100, 70, 40),
    (40, 60, 80, 90, 100, 90, 80, 60, 40),
    (30, 40, 50, 60, 70, 60, 50, 40, 30),
    (0, 0, 10, 0, 24, 0, 10, 0, 0),
    (0, 0, 0, 0, 8, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
)
_PALACE_ZERO = tuple((0,) * 9 for _ in range(10))


def _palace_table(values: dict[str, int]) -> tuple[tuple[int, ...], ...]:
    rows = [list(row) for row in _PALACE_ZERO]
    for name, bonus in values.items():
        file, rank = "abcdefghi".index(name[0]), int(name[1])
        rows[9 - rank][file] = bonus
    return tuple(tuple(row) for row in rows)


# King: stay home; stepping up or aside is a small liability.  (Scaling this by the enemy's attacking
# force, twice as steep at full force, scored 2.5/10 instead of 6/10 and 6/10 against Fairy-Stockfish
# UCI_Elo 2000 at 1 s/move, so it stays a plain table.)
_KING = _palace_table({"e0": 0, "d0": -8, "f0": -8, "e1": -12, "d1": -20, "f1": -20, "e2": -30, "d2": -36, "f2": -36})
_ADVISOR = _palace_table({"d0": 0, "f0": 0, "e1": 6, "d2": -4, "f2": -4})
_ELEPHANT = _palace_table({"c0": 0, "g0": 0, "e2": 6, "a2": -4, "i2": -4, "c4": -2, "g4": -2})

_BONUS = {
    KING: _KING,
    ADVISOR: _ADVISOR,
    ELEPHANT: _ELEPHANT,
    HORSE: _HORSE,
    ROOK: _ROOK,
    CANNON: _CANNON,
    PAWN: _PAWN,
}


def red_bonus(ptype: int, sq: int) -> int:
    """Positional bonus of a red piece of type ptype on sq."""
    rank, file = divmod(sq, 9)
    return _BONUS[ptype][9 - rank][file]


def _build_pst() -> tuple[tuple[int, ...], ...]:
    """PST_RED[cell + 7][sq]: material + bonus, positive for red pieces and negative for black ones."""
    table: list[tuple[int, ...]] = []
    for cell in range(-7, 8):
        if cell == 0:
            table.append((0,) * 90)
        elif cell > 0:
            table.append(tuple(BASE_VALUE[cell] + red_bonus(cell, sq) for sq in range(90)))
        else:
            table.append(tuple(-(BASE_VALUE[-cell] + red_bonus(-cell, mirror(sq))) for sq in range(90)))
    return tuple(table)


PST_RED = _build_pst()

# King safety: the enemy's attack weight is 3 per rook + 2 per horse or cannon (see SearchBoard).
MAX_ATTACK = 12
MISSING_ADVISOR_PENALTY = 8  # per missing advisor per unit of enemy attack weight
MISSING_ELEPHANT_PENALTY = 5
EMPTY_HEADED_CANNON = 60  # enemy cannon facing the king on an open file (空头炮)




def defence_penalty(advisors: int, elephants: int, enemy_attack: int) -> int:
    """Penalty for a palace with missing defenders, scaled by how much attacking force the enemy has."""
    attack = min(enemy_attack, MAX_ATTACK)
    return ((2 - advisors) * MISSING_ADVISOR_PENALTY + (2 - elephants) * MISSING_ELEPHANT_PENALTY) * attack


# DEFENCE[advisors * 3 + elephants][enemy attack weight] (weights clipped to MAX_ATTACK): a table so
# that the per-leaf king safety is two lookups.
DEFENCE = tuple(
    tuple(defence_penalty(min(i // 3, 2), min(i % 3, 2), a) for a in range(MAX_ATTACK + 1)) for i in range(9)
)
