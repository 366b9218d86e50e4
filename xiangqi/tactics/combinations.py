"""Tactics: the ways a solver's line wins material or forces the win, each a rule over the line.

"Attacks" means by the piece's pattern (``follows_pattern``); a target is "loose" when no enemy piece
defends it. Material is counted in pawn units (``PIECE_VALUES``: rook 9, horse 4, cannon 4.5, advisor and
elephant 2, pawn 1). The rules, for a solver move at ply ``i`` (an even ply of the line):

* 捉双 fork: the moved piece attacks two enemy pieces at once, each the king, worth more than it or loose,
  and the solver takes one of them later in the line (or the line stops there).
* 抽将 discovered_check: after the move a piece other than the moved one checks (the move opened its line
  or removed a cannon's second screen), and the solver wins at least an advisor's worth in its next two
  moves.
* 闪击 discovered_attack: the move opens a line so another solver piece newly attacks an enemy horse,
  cannon or rook, while the moved piece checks or attacks something itself; the line wins material.
* 牵制 pin: after the move an enemy piece is newly pinned (taking it off the board would expose its king,
  to a rook, cannon or a horse whose leg it blocks) and the solver later takes that piece.
* 拦截 interference: the move goes to an empty square between an enemy rook, cannon or horse and a square
  that enemy piece defended, the defence is cut, and a later solver move lands on that square.
* 弃子 sacrifice: at some point in the line the solver has given away at least 3 pawn units more than it
  took, and the line still ends in mate or wins that back.
* 捉死 trapped_piece: after the move an enemy horse, cannon or rook is attacked and every legal move of it
  also lands on an attacked square, and the solver takes it later in the line.
* 兑子 simplification: two pieces of the same kind (not pawns) are traded in the line and the line ends in
  an endgame with the solver ahead.
* 长将/长捉 perpetual_rule_win: played after the game's history, the line ends in a repetition the rules
  decide for the solver (the defender checked or chased perpetually).
"""

from __future__ import annotations

from collections.abc import Callable

from xiangqi.core import Color, Termination
from xiangqi.core.movegen import CANNON, HORSE, KING, PAWN, ROOK, follows_pattern, king_attacked
from xiangqi.tactics.board import PIECE_VALUES, attackers_of, between, kind_at, material
from xiangqi.tactics.line import Line
from xiangqi.tactics.motif import Motif
from xiangqi.tactics.phases import is_endgame

LineRule = Callable[[Line], bool]

_STRONG = (HORSE, CANNON, ROOK)
# The solver moves a rule looks at: the first few carry the idea; later ones are the execution.
_IDEA_PLIES = 8


def _solver_plies(line: Line) -> range:
    return range(0, min(len(line.moves), _IDEA_PLIES), 2)


def _captures_later(line: Line, ply: int, kinds: tuple[int, ...]) -> bool:
    return any(abs(line.captured(later)) in kinds for later in range(ply, len(line.moves), 2))


def _loose(board: list[int], side: int, sq: int) -> bool:
    """No piece of ``side`` (the owner of ``sq``) defends it."""
    return not attackers_of(board, side, sq)


def _targets(board: list[int], solver: int, src: int) -> list[int]:
    """Enemy pieces the piece on ``src`` attacks that it can win: the king, a dearer piece or a loose one."""
    value = PIECE_VALUES[kind_at(board, src)]
    sign = 1 - 2 * solver
    found = []
    for sq in range(90):
        if board[sq] * sign < 0 and follows_pattern(board, solver, src, sq):
            kind = kind_at(board, sq)
            if kind == KING or PIECE_VALUES[kind] > value or _loose(board, 1 - solver, sq):
                found.append(sq)
    return found


def fork(line: Line) -> bool:
    for ply in _solver_plies(line):
        board = list(line.boards[ply + 1])
        targets = _targets(board, line.solver, line.moves[ply].to_sq)
        if len(targets) >= 2:
            kinds = tuple(kind_at(board, sq) for sq in targets if kind_at(board, sq) != KING)
            if ply + 1 == len(line.moves) or _captures_later(line, ply + 2, kinds):
                return True
    return False


def _checkers(board: list[int], solver: int) -> set[int]:
    king = board.index(-KING * (1 - 2 * solver))
    return {sq for sq in attackers_of(board, solver, king) if kind_at(board, sq) != KING}


def discovered_check(line: Line) -> bool:
    for ply in _solver_plies(line):
        before, after = list(line.boards[ply]), list(line.boards[ply + 1])
        opened = _checkers(after, line.solver) - _checkers(before, line.solver) - {line.moves[ply].to_sq}
        if opened and line.gain(ply, ply + 4) >= 2:
            return True
    return False


def discovered_attack(line: Line) -> bool:
    for ply in _solver_plies(line):
        before, after = list(line.boards[ply]), list(line.boards[ply + 1])
        moved = line.moves[ply].to_sq
        sign = 1 - 2 * line.solver
        newly = [(src, sq) for sq in range(90) if after[sq] * sign < 0 and kind_at(after, sq) in _STRONG
                 for src in attackers_of(after, line.solver, sq)
                 if src != moved and src not in attackers_of(before, line.solver, sq)]
        if newly and _targets(after, line.solver, moved) and line.gain(ply, len(line.moves)) >= 2:
            return True
    return False


def _pinned(board: list[int], defender: int) -> set[int]:
    """Defender pieces whose removal exposes their king."""
    sign = 1 - 2 * defender
    king = board.index(KING * sign)
    found = set()
    for sq in range(90):
        if board[sq] * sign > 0 and sq != king:
            saved, board[sq] = board[sq], 0
            if king_attacked(board, king, defender):
                found.add(sq)
            board[sq] = saved
    return found


def pin(line: Line) -> bool:
    for ply in _solver_plies(line):
        before, after = list(line.boards[ply]), list(line.boards[ply + 1])
        if king_attacked(after, after.index(KING * (1 - 2 * line.defender)), line.defender):
            continue   # a check pins nothing: the reply must answer it
        for sq in _pinned(after, line.defender) - _pinned(before, line.defender):
            if any(line.moves[later].to_sq == sq and line.captured(later)
                   for later in range(ply + 2, len(line.moves), 2)):
                return True
    return False


def interference(line: Line) -> bool:
    for ply in _solver_plies(line):
        move = line.moves[ply]
        before, after = list(line.boards[ply]), list(line.boards[ply + 1])
        if before[move.to_sq]:
            continue
        for later in range(ply + 2, len(line.moves), 2):
            target = line.moves[later].to_sq
            cut = [sq for sq in attackers_of(before, line.defender, target)
                   if kind_at(before, sq) in _STRONG and _blocks(move.to_sq, sq, target, before)
                   and sq not in attackers_of(after, line.defender, target)]
            if cut:
                return True
    return False


def _blocks(square: int, piece: int, target: int, board: list[int]) -> bool:
    """Whether ``square`` lies on the way from ``piece`` to ``target`` (a line, or a horse's leg)."""
    if kind_at(board, piece) == HORSE:
        return abs(square % 9 - piece % 9) + abs(square // 9 - piece // 9) == 1
    return square in between(piece, target)


def sacrifice(line: Line) -> bool:
    worst = min((line.gain(0, stop) for stop in range(2, len(line.moves) + 1, 2)), default=0.0)
    if worst > -3:
        return False
    return line.ends_in_mate() or line.gain(0, len(line.moves)) >= 0


def trapped_piece(line: Line) -> bool:
    for ply in _solver_plies(line):
        if ply + 1 >= len(line.moves):
            break
        after = list(line.boards[ply + 1])
        reply_position = line.start.copy()
        for move in line.moves[:ply + 1]:
            reply_position.push_unchecked(move)
        if reply_position.is_check():
            continue
        for sq in _chased(after, line.solver):
            escapes = [m.to_sq for m in reply_position.legal_moves() if m.from_sq == sq]
            if all(_chased_on(after, line.solver, sq, to) for to in escapes) and \
                    _captures_later(line, ply + 2, (kind_at(after, sq),)):
                return True
    return False


def _chased(board: list[int], solver: int) -> list[int]:
    sign = 1 - 2 * solver
    return [sq for sq in range(90) if board[sq] * sign < 0 and kind_at(board, sq) in _STRONG
            and _attacked_cheaply(board, solver, sq)]


def _attacked_cheaply(board: list[int], solver: int, sq: int) -> bool:
    value = PIECE_VALUES[kind_at(board, sq)]
    attackers = attackers_of(board, solver, sq)
    return bool(attackers) and (_loose(board, 1 - solver, sq) or
                                any(PIECE_VALUES[kind_at(board, src)] < value for src in attackers))


def _chased_on(board: list[int], solver: int, src: int, dst: int) -> bool:
    """Whether the enemy piece on ``src``, moved to ``dst``, stands attacked cheaply there."""
    moved, taken = board[src], board[dst]
    board[dst], board[src] = moved, 0
    try:
        return _attacked_cheaply(board, solver, dst)
    finally:
        board[src], board[dst] = moved, taken


def simplification(line: Line) -> bool:
    traded = False
    for ply in range(len(line.moves) - 1):
        first, second = abs(line.captured(ply)), abs(line.captured(ply + 1))
        if first and first == second and first != PAWN and line.moves[ply].to_sq == line.moves[ply + 1].to_sq:
            traded = True
    if not traded:
        return False
    end = list(line.boards[-1])
    return is_endgame(end) and material(end, line.solver) > material(end, line.defender)


def perpetual_rule_win(line: Line) -> bool:
    outcome = line.end.outcome()
    return (outcome is not None and outcome.winner is Color(line.solver)
            and outcome.termination in (Termination.PERPETUAL_CHECK, Termination.PERPETUAL_CHASE))


LINE_RULES: dict[Motif, LineRule] = {
    Motif.FORK: fork,
    Motif.DISCOVERED_CHECK: discovered_check,
    Motif.DISCOVERED_ATTACK: discovered_attack,
    Motif.PIN: pin,
    Motif.INTERFERENCE: interference,
    Motif.SACRIFICE: sacrifice,
    Motif.TRAPPED_PIECE: trapped_piece,
    Motif.SIMPLIFICATION: simplification,
    Motif.PERPETUAL_RULE_WIN: perpetual_rule_win,
}


def line_motifs(line: Line) -> frozenset[Motif]:
    """The tactics of a solver's line."""
    return frozenset(motif for motif, rule in LINE_RULES.items() if rule(line))
