"""Legal move generation on a plain list of 90 cell values (the hot path of perft and search).

Moves are ints here, ``from_sq << 7 | to_sq``; ``Position`` turns them into ``Move`` objects. Sides are
ints (0 red, 1 black). A plain list is read instead of the numpy board because one list read costs about
a third of a numpy element read; the loops are written out by hand for the same reason.

Legality without trying every move: when the own king is not in check, a move can only expose it if
* it is a king move, or
* it leaves a square diagonally next to the king (the leg of a horse aimed at the king), or
* it leaves or enters a rank or file through the king on which an enemy rook, cannon or king stands
  (opening a line, removing one of a cannon's two screens, or becoming a cannon's screen).
Only those moves are tried on the board; in check, every move is tried.
"""

from __future__ import annotations

from collections.abc import Sequence

from xiangqi.core.tables import (
    ADVISOR_MOVES,
    NEAR_KING,
    ELEPHANT_MOVES,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    KING_MOVES,
    LINE_OF,
    PAWN_ATTACKERS,
    PAWN_MOVES,
    RAYS,
)

KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7


def _lines_attacked(cells: list[int], rays: Sequence[tuple[int, ...]], sign: int) -> bool:
    """Whether an enemy rook or king (first piece) or cannon (second piece) sits on one of ``rays``."""
    rook, cannon, enemy_king = -ROOK * sign, -CANNON * sign, -KING * sign
    for ray in rays:
        screened = False
        for sq in ray:
            value = cells[sq]
            if value:
                if screened:
                    if value == cannon:
                        return True
                    break
                if value == rook or value == enemy_king:
                    return True
                screened = True
    return False


def king_attacked(cells: list[int], king: int, side: int) -> bool:
    """Whether ``side``'s king on ``king`` is attacked (the facing enemy king counts as a rook)."""
    sign = 1 - 2 * side
    if _lines_attacked(cells, RAYS[king], sign):
        return True
    horse = -HORSE * sign
    for sq, leg in HORSE_ATTACKERS[king]:
        if cells[sq] == horse and not cells[leg]:
            return True
    pawn = -PAWN * sign
    for sq in PAWN_ATTACKERS[1 - side][king]:
        if cells[sq] == pawn:
            return True
    return False


def pseudo_moves(cells: list[int], side: int, enemy_lines: list[int] | None = None) -> list[int]:
    """Moves that follow each piece's pattern, ignoring whether the own king is left attacked.

    If ``enemy_lines`` is given, the squares of the enemy rooks, cannons and king are appended to it.
    """
    sign = 1 - 2 * side
    out: list[int] = []
    append = out.append
    pawn_moves, advisor_moves = PAWN_MOVES[side], ADVISOR_MOVES[side]
    elephant_moves, king_moves = ELEPHANT_MOVES[side], KING_MOVES[side]
    sq = -1
    for value in cells:
        sq += 1
        if not value:
            continue
        kind = value * sign
        if kind < 0:
            if enemy_lines is not None and (kind == -ROOK or kind == -CANNON or kind == -KING):
                enemy_lines.append(sq)
            continue
        base = sq << 7
        if kind == ROOK:
            for ray in RAYS[sq]:
                for target in ray:
                    value = cells[target]
                    if not value:
                        append(base | target)
                    else:
                        if value * sign < 0:
                            append(base | target)
                        break
        elif kind == CANNON:
            for ray in RAYS[sq]:
                screened = False
                for target in ray:
                    value = cells[target]
                    if screened:
                        if value:
                            if value * sign < 0:
                                append(base | target)
                            break
                    elif value:
                        screened = True
                    else:
                        append(base | target)
        elif kind == HORSE:
            for target, leg in HORSE_MOVES[sq]:
                if not cells[leg] and cells[target] * sign <= 0:
                    append(base | target)
        elif kind == PAWN:
            for target in pawn_moves[sq]:
                if cells[target] * sign <= 0:
                    append(base | target)
        elif kind == ELEPHANT:
            for target, eye in elephant_moves[sq]:
                if not cells[eye] and cells[target] * sign <= 0:
                    append(base | target)
        else:
            for target in (advisor_moves if kind == ADVISOR else king_moves)[sq]:
                if cells[target] * sign <= 0:
                    append(base | target)
    return out


def _leaves_king_safe(cells: list[int], move: int, side: int, king: int) -> bool:
    src, dst = move >> 7, move & 127
    moved, captured = cells[src], cells[dst]
    cells[dst] = moved
    cells[src] = 0
    safe = not king_attacked(cells, dst if src == king else king, side)
    cells[src] = moved
    cells[dst] = captured
    return safe


def follows_pattern(cells: list[int], side: int, src: int, dst: int) -> bool:
    """Whether ``side``'s piece on ``src`` may go to ``dst`` by its own pattern (the same moves as
    ``pseudo_moves``, for one piece and one target: no list of every move is built)."""
    sign = 1 - 2 * side
    kind = cells[src] * sign
    if kind <= 0 or cells[dst] * sign > 0:
        return False
    if kind == ROOK or kind == CANNON:
        direction = LINE_OF[src][dst]
        if direction < 0:
            return False
        between = 0
        for sq in RAYS[src][direction]:
            if sq == dst:
                break
            if cells[sq]:
                between += 1
        return between == (1 if kind == CANNON and cells[dst] else 0)
    if kind == HORSE:
        steps = HORSE_MOVES[src]
    elif kind == ELEPHANT:
        steps = ELEPHANT_MOVES[side][src]
    else:
        table = PAWN_MOVES if kind == PAWN else ADVISOR_MOVES if kind == ADVISOR else KING_MOVES
        return dst in table[side][src]
    for target, blocker in steps:  # a horse's leg, an elephant's eye
        if target == dst:
            return not cells[blocker]
    return False


def is_legal_move(cells: list[int], side: int, king: int, src: int, dst: int, in_check: bool) -> bool:
    """One move of ``legal_moves``, checked alone: its pattern, then that the own king is safe after it.
    ``in_check`` tells whether the king is attacked now; if not, only what ``legal_moves`` tries can
    expose it (see the module notes): a king move, a horse's leg next to the king, or a change on a
    line through the king (``src`` opened, or ``dst`` became a cannon's screen)."""
    if not follows_pattern(cells, side, src, dst):
        return False
    if in_check or src in NEAR_KING[king]:
        return _leaves_king_safe(cells, src << 7 | dst, side, king)
    line = LINE_OF[king]
    opened, screened = line[src], line[dst]
    if opened < 0 and screened < 0:
        return True
    rays = RAYS[king]
    hot: tuple[tuple[int, ...], ...]
    if opened < 0 or opened == screened:
        hot = (rays[screened],)
    else:
        hot = (rays[opened], rays[screened]) if screened >= 0 else (rays[opened],)
    moved, captured = cells[src], cells[dst]
    cells[dst] = moved
    cells[src] = 0
    exposed = _lines_attacked(cells, hot, 1 - 2 * side)
    cells[src] = moved
    cells[dst] = captured
    return not exposed


def legal_moves(cells: list[int], side: int, king: int) -> list[int]:
    """Every legal move of ``side`` whose king stands on ``king``."""
    enemy_lines: list[int] = []
    moves = pseudo_moves(cells, side, enemy_lines)
    if king_attacked(cells, king, side):
        return [m for m in moves if _leaves_king_safe(cells, m, side, king)]
    near = NEAR_KING[king]
    line, rays = LINE_OF[king], RAYS[king]
    hot = [rays[d] for d in {line[sq] for sq in enemy_lines} if d >= 0]
    risky = near.union(*hot) if hot else near
    sign = 1 - 2 * side
    legal = []
    for move in moves:
        src = move >> 7
        dst = move & 127
        if src in risky or dst in risky:
            moved, captured = cells[src], cells[dst]
            cells[dst] = moved
            cells[src] = 0
            if src in near:
                exposed = king_attacked(cells, dst if src == king else king, side)
            else:
                exposed = _lines_attacked(cells, hot, sign)
            cells[src] = moved
            cells[dst] = captured
            if exposed:
                continue
        legal.append(move)
    return legal


def perft(cells: list[int], side: int, kings: list[int], depth: int) -> int:
    """Leaf count of the legal move tree, counting the last ply in bulk. Restores ``cells`` and ``kings``."""
    if depth <= 0:
        return 1
    moves = legal_moves(cells, side, kings[side])
    if depth == 1:
        return len(moves)
    total = 0
    king = kings[side]
    other = 1 - side
    for move in moves:
        src, dst = move >> 7, move & 127
        moved, captured = cells[src], cells[dst]
        cells[dst] = moved
        cells[src] = 0
        if src == king:
            kings[side] = dst
        total += perft(cells, other, kings, depth - 1)
        kings[side] = king
        cells[src] = moved
        cells[dst] = captured
    return total
