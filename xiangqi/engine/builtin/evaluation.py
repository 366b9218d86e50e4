"""Static evaluation: ElephantEye's piece-square tables, fitted to the position at the root of each search.

Scores are centipawn-like: a rook is about 900, a horse or cannon 400-450, an unadvanced pawn 30 and a pawn
across the river 130-390 (ElephantEye's units times ``SCALE``).  As in ElephantEye (preeval.cpp,
``PreEvaluate``), the tables are blended once per search from the root position: between the middlegame
and the endgame tables by the material left, and, for each side, between the "attacking" and the
"attackless" pawn tables and the "threatened" and "threatless" advisor/elephant tables by how many of its
(the enemy's) pieces have crossed the river.  The search board keeps material+table score incrementally
in ``pst[cell + 7][sq]`` (always from red's point of view, black pieces negative); ``king_safety`` adds the
empty-headed cannon, which depends on the whole position and is cheap enough to run at every leaf.
Tables: eleeye_tables.py (LGPL 2.1, credited there and in engines/builtin.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from xiangqi.engine.builtin import eleeye_tables as ee
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

SCALE = 4.4  # ElephantEye's midgame rook (~206) becomes ~900
Pst = tuple[tuple[int, ...], ...]  # [cell + 7][sq] -> score from red's point of view

# Game phase (preeval.cpp): rook 6, horse or cannon 3, any other piece 1; 66 with every piece on the board.
_PHASE_WEIGHT = {KING: 0, ADVISOR: 1, ELEPHANT: 1, PAWN: 1, HORSE: 3, CANNON: 3, ROOK: 6}
TOTAL_MIDGAME = 66
TOTAL_ATTACK = 8
ATTACKLESS_BONUS = 80  # ElephantEye units, for a side whose palace is not threatened


def _at(table: ee.Table, sq: int) -> int:
    """A table's value for a red piece on ``sq`` (tables are laid out rank 9 first)."""
    rank, file = divmod(sq, 9)
    return table[9 - rank][file]


def _blend(a: ee.Table, b: ee.Table, weight: int, total: int) -> tuple[int, ...]:
    """Per square ``(a * weight + b * (total - weight)) // total``, as ElephantEye's integer blend."""
    return tuple((_at(a, sq) * weight + _at(b, sq) * (total - weight)) // total for sq in range(90))


def game_phase(cells: Sequence[int]) -> int:
    """0 (bare kings) .. 66 (every piece): ElephantEye's quadratic midgame value."""
    value = sum(_PHASE_WEIGHT[abs(c)] for c in cells if c)
    return (2 * TOTAL_MIDGAME - value) * value // TOTAL_MIDGAME


def attacks(cells: Sequence[int]) -> tuple[int, int]:
    """(red, black) attack values 0..8: 2 per rook or horse and 1 per cannon or pawn across the river,
    plus 2 per extra rook-equivalent of rooks (2), horses and cannons (1) over the other side's."""
    found = [0, 0]
    simple = [0, 0]
    for sq, cell in enumerate(cells):
        kind = abs(cell)
        if kind < HORSE:
            continue
        side = 0 if cell > 0 else 1
        across = sq >= 45 if side == 0 else sq < 45
        if across:
            found[side] += 2 if kind in (ROOK, HORSE) else 1
        if kind != PAWN:
            simple[side] += 2 if kind == ROOK else 1
    if simple[0] > simple[1]:
        found[0] += (simple[0] - simple[1]) * 2
    else:
        found[1] += (simple[1] - simple[0]) * 2
    return min(found[0], TOTAL_ATTACK), min(found[1], TOTAL_ATTACK)


def pre_evaluate(cells: Sequence[int]) -> tuple[Pst, int]:
    """The tables for a search from ``cells`` and the constant bonus of the side(s) not under threat
    (red's point of view)."""
    mid = game_phase(cells)
    red_attack, black_attack = attacks(cells)
    king_pawn_attacking = _blend(ee.KING_PAWN_MIDGAME_ATTACKING, ee.KING_PAWN_ENDGAME_ATTACKING, mid, TOTAL_MIDGAME)
    king_pawn_attackless = _blend(ee.KING_PAWN_MIDGAME_ATTACKLESS, ee.KING_PAWN_ENDGAME_ATTACKLESS, mid,
                                  TOTAL_MIDGAME)
    shared = {
        KING: king_pawn_attacking,
        HORSE: _blend(ee.HORSE_MIDGAME, ee.HORSE_ENDGAME, mid, TOTAL_MIDGAME),
        ROOK: _blend(ee.ROOK_MIDGAME, ee.ROOK_ENDGAME, mid, TOTAL_MIDGAME),
        CANNON: _blend(ee.CANNON_MIDGAME, ee.CANNON_ENDGAME, mid, TOTAL_MIDGAME),
    }
    own: list[dict[int, tuple[int, ...]]] = []
    for attack, enemy_attack in ((red_attack, black_attack), (black_attack, red_attack)):
        defence = _blend(ee.ADVISOR_ELEPHANT_THREATENED, ee.ADVISOR_ELEPHANT_THREATLESS, enemy_attack, TOTAL_ATTACK)
        pawn = tuple((a * attack + b * (TOTAL_ATTACK - attack)) // TOTAL_ATTACK
                     for a, b in zip(king_pawn_attacking, king_pawn_attackless, strict=True))
        own.append({**shared, ADVISOR: defence, ELEPHANT: defence, PAWN: pawn})
    table: list[tuple[int, ...]] = []
    for cell in range(-7, 8):
        if cell == 0:
            table.append((0,) * 90)
        elif cell > 0:
            table.append(tuple(round(v * SCALE) for v in own[0][cell]))
        else:
            values = own[1][-cell]
            table.append(tuple(-round(values[mirror(sq)] * SCALE) for sq in range(90)))
    bias = ATTACKLESS_BONUS * ((TOTAL_ATTACK - black_attack) - (TOTAL_ATTACK - red_attack)) // TOTAL_ATTACK
    return tuple(table), round(bias * SCALE)


EMPTY_HEADED_CANNON = 60  # enemy cannon facing the king on an open file (空头炮)
