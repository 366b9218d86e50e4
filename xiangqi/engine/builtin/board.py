"""The search's own board: a plain-list mailbox with piece sets, incremental material+PST and Zobrist key.

Why not the core Position: the search makes and unmakes small int move codes hundreds of thousands of
times per move.  Measured on the reference machine, Position.push_unchecked+is_check+pop costs 1.6x
this board's make+attacked+unmake (the numpy board is written too), Position.legal_moves() 2.3x the
pseudo-legal list the search needs, and Position keeps no incremental evaluation.  The rules stay the
core's: pseudo-legal moves come from ``xiangqi.core.movegen.pseudo_moves`` and the king-attack test is
``xiangqi.core.movegen.king_attacked`` (the search rejects moves that leave the own king attacked,
flying general included); only the captures-only generator for quiescence is written here.  Hash keys
use the core's Zobrist tables, so they equal ``Position.zobrist`` (checked by tests), and repetition is
judged with the core's ``judge_repetition`` (see ``SearchBoard.repetition``).

Move codes are ``from_sq << 7 | to_sq``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xiangqi.core.movegen import pseudo_moves
from xiangqi.core.outcome import CycleMove, MoveKind, judge_repetition
from xiangqi.core.pieces import Color
from xiangqi.core.tables import (
    ADVISOR_MOVES,
    ELEPHANT_MOVES,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    KING_MOVES,
    PAWN_ATTACKERS,
    PAWN_MOVES,
)
from xiangqi.engine.builtin.evaluation import EMPTY_HEADED_CANNON, pre_evaluate
from xiangqi.engine.builtin.geometry import ADVISOR, BLACK, CANNON, ELEPHANT, HORSE, KING, PAWN, RED, ROOK
from xiangqi.engine.builtin.keys import PIECE_KEYS, SIDE_KEY
from xiangqi.engine.builtin.lines import (
    CANNON_COL,
    CANNON_ROW,
    COL_BIT,
    FILE_OF,
    RANK_OF,
    ROOK_COL,
    ROOK_ROW,
    ROW_BIT,
    occupancy,
)



class SearchBoard:
    """Mutable position for the search; ``cells[sq]`` holds +type for red, -type for black, 0 empty."""

    __slots__ = (
        "captured",
        "cells",
        "checks",
        "cols",
        "counts",
        "key",
        "keys",
        "kings",
        "material",
        "pieces",
        "pst",
        "resets",
        "rows",
        "side",
    )

    def __init__(self, cells: Sequence[int], side: int, halfmove_clock: int = 0) -> None:
        self.cells = [int(c) for c in cells]
        self.side = side
        self.kings = [0, 0]
        self.pieces: tuple[set[int], set[int]] = (set(), set())
        self.counts = [0] * 15
        self.pst, self.material = pre_evaluate(self.cells)
        key = SIDE_KEY if side == BLACK else 0
        for sq, cell in enumerate(self.cells):
            if cell:
                self.pieces[RED if cell > 0 else BLACK].add(sq)
                self.counts[cell + 7] += 1
                self.material += self.pst[cell + 7][sq]
                key ^= PIECE_KEYS[cell + 7][sq]
                if cell == KING or cell == -KING:
                    self.kings[RED if cell > 0 else BLACK] = sq
        self.key = key
        self.rows, self.cols = occupancy(self.cells)  # line occupancy bits (see lines.py)
        self.captured: list[int] = []
        self.keys: list[int] = [key]  # key of every position since the start (index = ply)
        self.checks: list[bool] = [self.attacked(side)]  # was the side to move in check there
        # Indices in ``keys`` where the reversible stretch restarts (captures, null moves); the first
        # entry is negative when the FEN says that plies without capture were played before it.
        self.resets: list[int] = [-halfmove_clock]

    # ----------------------------------------------------------------------------------------- make
    def make(self, move: int) -> None:
        cells = self.cells
        fr = move >> 7
        to = move & 127
        piece = cells[fr]
        victim = cells[to]
        cells[to] = piece
        cells[fr] = 0
        pst = self.pst[piece + 7]
        keys = PIECE_KEYS[piece + 7]
        key = self.key ^ keys[fr] ^ keys[to] ^ SIDE_KEY
        material = self.material + pst[to] - pst[fr]
        side = self.side
        own = self.pieces[side]
        own.discard(fr)
        own.add(to)
        self.rows[RANK_OF[fr]] ^= ROW_BIT[fr]
        self.cols[FILE_OF[fr]] ^= COL_BIT[fr]
        if victim:
            material -= self.pst[victim + 7][to]
            key ^= PIECE_KEYS[victim + 7][to]
            self.pieces[side ^ 1].discard(to)
            self.counts[victim + 7] -= 1
            self.resets.append(len(self.keys))
        else:
            self.rows[RANK_OF[to]] |= ROW_BIT[to]
            self.cols[FILE_OF[to]] |= COL_BIT[to]
        if piece == KING or piece == -KING:
            self.kings[side] = to
        self.material = material
        self.key = key
        self.side = side ^ 1
        self.captured.append(victim)
        self.keys.append(key)

    def unmake(self, move: int) -> None:
        cells = self.cells
        fr = move >> 7
        to = move & 127
        piece = cells[to]
        victim = self.captured.pop()
        cells[fr] = piece
        cells[to] = victim
        keys = self.keys
        keys.pop()
        self.key = keys[-1]
        side = self.side ^ 1
        self.side = side
        own = self.pieces[side]
        own.discard(to)
        own.add(fr)
        self.rows[RANK_OF[fr]] |= ROW_BIT[fr]
        self.cols[FILE_OF[fr]] |= COL_BIT[fr]
        pst = self.pst[piece + 7]
        material = self.material - pst[to] + pst[fr]
        if victim:
            material += self.pst[victim + 7][to]
            self.pieces[side ^ 1].add(to)
            self.counts[victim + 7] += 1
            self.resets.pop()
        else:
            self.rows[RANK_OF[to]] ^= ROW_BIT[to]
            self.cols[FILE_OF[to]] ^= COL_BIT[to]
        if piece == KING or piece == -KING:
            self.kings[side] = fr
        self.material = material

    def refit(self) -> None:
        """Blend the evaluation tables for this position (ElephantEye does it at the root of every search:
        the phase and the attack state then hold for the whole tree)."""
        self.pst, bias = pre_evaluate(self.cells)
        pst = self.pst
        self.material = bias + sum(pst[cell + 7][sq] for sq, cell in enumerate(self.cells))

    def make_null(self) -> None:
        self.side ^= 1
        self.key ^= SIDE_KEY
        self.resets.append(len(self.keys))
        self.keys.append(self.key)

    def unmake_null(self) -> None:
        self.side ^= 1
        self.keys.pop()
        self.key = self.keys[-1]
        self.resets.pop()

    # -------------------------------------------------------------------------------------- attacks
    def attacked(self, side: int) -> bool:
        """Is the king of ``side`` attacked (the facing enemy king counts)?

        The same answer as the core's ``king_attacked`` (tests compare them on many positions), with the
        rank and file looked up from the occupancy bits instead of walked."""
        cells = self.cells
        king = self.kings[side]
        row = self.rows[RANK_OF[king]]
        col = self.cols[FILE_OF[king]]
        if side == RED:
            for sq in ROOK_COL[king][col]:
                if cells[sq] == -ROOK or cells[sq] == -KING:
                    return True
            for sq in ROOK_ROW[king][row]:
                if cells[sq] == -ROOK:
                    return True
            for sq in CANNON_COL[king][col]:
                if cells[sq] == -CANNON:
                    return True
            for sq in CANNON_ROW[king][row]:
                if cells[sq] == -CANNON:
                    return True
            for sq, leg in HORSE_ATTACKERS[king]:
                if cells[sq] == -HORSE and not cells[leg]:
                    return True
            for sq in PAWN_ATTACKERS[BLACK][king]:
                if cells[sq] == -PAWN:
                    return True
            return False
        for sq in ROOK_COL[king][col]:
            if cells[sq] == ROOK or cells[sq] == KING:
                return True
        for sq in ROOK_ROW[king][row]:
            if cells[sq] == ROOK:
                return True
        for sq in CANNON_COL[king][col]:
            if cells[sq] == CANNON:
                return True
        for sq in CANNON_ROW[king][row]:
            if cells[sq] == CANNON:
                return True
        for sq, leg in HORSE_ATTACKERS[king]:
            if cells[sq] == HORSE and not cells[leg]:
                return True
        for sq in PAWN_ATTACKERS[RED][king]:
            if cells[sq] == PAWN:
                return True
        return False

    def in_check(self) -> bool:
        return self.attacked(self.side)

    # ------------------------------------------------------------------------------------ movegen
    def generate(self) -> list[int]:
        """All pseudo-legal moves of the side to move (may leave its own king attacked): the core's."""
        return pseudo_moves(self.cells, self.side)

    def generate_captures(self) -> list[int]:
        """Pseudo-legal captures of the side to move."""
        cells = self.cells
        side = self.side
        sign = 1 if side == RED else -1
        out: list[int] = []
        app = out.append
        rows, cols = self.rows, self.cols
        for fr in self.pieces[side]:
            kind = cells[fr] * sign
            base = fr << 7
            if kind == ROOK or kind == CANNON:
                row_hits, col_hits = (ROOK_ROW, ROOK_COL) if kind == ROOK else (CANNON_ROW, CANNON_COL)
                for to in row_hits[fr][rows[RANK_OF[fr]]]:
                    if cells[to] * sign < 0:
                        app(base | to)
                for to in col_hits[fr][cols[FILE_OF[fr]]]:
                    if cells[to] * sign < 0:
                        app(base | to)
            elif kind == HORSE:
                for to, leg in HORSE_MOVES[fr]:
                    if cells[to] * sign < 0 and not cells[leg]:
                        app(base | to)
            elif kind == PAWN:
                for to in PAWN_MOVES[side][fr]:
                    if cells[to] * sign < 0:
                        app(base | to)
            elif kind == ELEPHANT:
                for to, eye in ELEPHANT_MOVES[side][fr]:
                    if cells[to] * sign < 0 and not cells[eye]:
                        app(base | to)
            else:
                for to in ADVISOR_MOVES[side][fr] if kind == ADVISOR else KING_MOVES[side][fr]:
                    if cells[to] * sign < 0:
                        app(base | to)
        return out

    def legal_moves(self) -> list[int]:
        side = self.side
        result = []
        for move in self.generate():
            self.make(move)
            if not self.attacked(side):
                result.append(move)
            self.unmake(move)
        return result

    # ------------------------------------------------------------------------------------- eval
    def evaluate(self) -> int:
        """Static score from the side to move's point of view."""
        score = self.material + self._king_safety()
        return score if self.side == RED else -score

    def _king_safety(self) -> int:
        """The empty-headed cannon (the palace defenders are in the blended tables)."""
        score = 0
        cells = self.cells
        red_king, black_king = self.kings
        # The first piece up (down) the king's file; a king in its palace is the file's lowest (highest)
        # piece of its own side, so the last (first) of the file's blockers is the one in front of it.
        ahead = ROOK_COL[red_king][self.cols[FILE_OF[red_king]]]
        if ahead and ahead[-1] > red_king and cells[ahead[-1]] == -CANNON:
            score -= EMPTY_HEADED_CANNON
        ahead = ROOK_COL[black_king][self.cols[FILE_OF[black_king]]]
        if ahead and ahead[0] < black_king and cells[ahead[0]] == CANNON:
            score += EMPTY_HEADED_CANNON
        return score

    def has_big_pieces(self, side: int) -> bool:
        """Enough attacking material that a null move is safe from zugzwang."""
        c = self.counts
        if side == RED:
            return c[7 + ROOK] + c[7 + HORSE] + c[7 + CANNON] > 0
        return c[7 - ROOK] + c[7 - HORSE] + c[7 - CANNON] > 0

    # ------------------------------------------------------------------------------ repetition
    def plies_since_reset(self) -> int:
        return len(self.keys) - 1 - self.resets[-1]

    def repetition(self) -> int | None:
        """Look for an earlier occurrence of the current position in the reversible stretch.

        Returns None (no repetition), 0 (draw), +1 (the side to move wins: the opponent checked on
        every one of its moves in the cycle while we did not) or -1 (the side to move loses).
        The verdict is the core's ``judge_repetition`` applied to the cycle; unlike the game (which
        rules on the third occurrence) the search rules on the first repeat, as engines usually do.
        """
        keys = self.keys
        n = len(keys) - 1
        key = keys[n]
        i = n - 4
        limit = self.resets[-1]
        if limit < 0:
            limit = 0
        while i >= limit:
            if keys[i] == key:
                return cycle_verdict(self.checks, i, n, self.side)
            i -= 2
        return None


def cycle_verdict(checks: Sequence[bool], start: int, end: int, side_to_move: int) -> int:
    """Judge a repetition between positions ``start`` and ``end`` (same side to move) by the core's rule.

    ``checks[j]`` tells whether the move leading to position j gave check.  Returns +1 if the side to
    move wins the ruling, -1 if it loses, 0 for a draw.
    """
    cycle = []
    mover = side_to_move  # start and end have the same side to move, who played the move into start + 1
    for j in range(start + 1, end + 1):
        cycle.append(CycleMove(Color(mover), MoveKind.CHECK if checks[j] else MoveKind.IDLE))
        mover ^= 1
    winner = judge_repetition(cycle).winner
    if winner is None:
        return 0
    return 1 if winner == side_to_move else -1
