"""Alpha-beta search: iterative deepening, PVS, transposition table, quiescence, null move, LMR.

The node functions are deliberately long: in CPython every extra call per node costs more than the
work it would hide, so the hot loop keeps make/legality/recursion inline.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from xiangqi.core import Position
from xiangqi.engine.builtin.board import SearchBoard
from xiangqi.engine.builtin.geometry import CHECK_ZONE, LINES, NEAR, iccs
from xiangqi.engine.builtin.table import EXACT, LOWER, UPPER, TranspositionTable

MATE = 30000
MATE_BOUND = MATE - 500  # |score| above this is a mate (distance = MATE - |score|)
BAN = 20000  # perpetual check decided by the rules (not a mate, but a forced result)
INF = 32000
MAX_PLY = 64

CHECK_EVERY = 127  # poll the clock and the stop flag every 128 nodes (a few ms)
MID_ITERATION_REPORT_MS = 1000  # after this, a new best root move is reported before its iteration ends

# Move ordering keys are ``order << 14 | move`` so that one integer sort orders the moves.
# hash move > captures (MVV-LVA: victim value * 16 - attacker rank) > killers > history.
_VICTIM = (0, 50, 4, 4, 8, 16, 9, 3)  # by |cell|
_ATTACKER = (0, 1, 3, 3, 5, 8, 6, 2)
CAPTURE_KEY = tuple(
    tuple((((1 << 22) + _VICTIM[v] * 16 - _ATTACKER[a] + 16) << 14) if v else 0 for a in range(8)) for v in range(8)
)
HASH_KEY = 1 << 37
KILLER_KEYS = (((1 << 21) + 1) << 14, (1 << 21) << 14)
HISTORY_CAP = (1 << 21) - 1
FUTILITY_MARGIN = (0, 150, 330)  # by remaining depth
QS_DELTA = 200
DELTA_VALUE = (0, 0, 200, 200, 400, 900, 450, 200)  # by |cell| (the king counts 0), for qsearch pruning


class SearchAborted(Exception):
    """Raised inside the tree when time, node budget or a stop request ends the search."""


@dataclass
class Limits:
    """When to stop.  Deadlines are absolute ``time.perf_counter()`` values (None = no limit)."""

    depth: int = MAX_PLY - 4
    nodes: int | None = None
    soft_deadline: float | None = None  # do not start a new iteration after this
    hard_deadline: float | None = None  # abort the tree at this instant
    infinite: bool = False  # keep going until stop (even after a forced mate was found)


@dataclass
class Info:
    depth: int
    score: int
    time_ms: int
    nodes: int
    pv: list[int]
    multipv: int = 0  # the line's rank (1 = best) when several lines are asked for, else 0


@dataclass
class Result:
    best: int | None
    ponder: int | None
    score: int
    depth: int
    nodes: int
    pv: list[int] = field(default_factory=list)
    choices: tuple[int, ...] = ()  # the moves a level's random pick was made from (empty: no randomness)


def score_to_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def score_from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


class Searcher:
    """One search at a time.  ``request_stop`` may be called from another thread."""

    def __init__(self, hash_mb: int = 16, natural_limit_plies: int = 120) -> None:
        self.tt = TranspositionTable(hash_mb)
        self.natural_limit = natural_limit_plies
        self.history = [0] * (90 << 7)
        self.killers = [[0, 0] for _ in range(MAX_PLY + 8)]
        self.nodes = 0
        self.stop_requested = False
        self.limits = Limits()
        self.board = SearchBoard(Position().cells(), 0)  # replaced by each search's board
        self.start_time = 0.0
        self.rng = random.Random()
        self.on_info: Callable[[Info], None] | None = None  # the running search's reporter

    # ------------------------------------------------------------------------------- settings
    def set_hash_size(self, megabytes: int) -> None:
        self.tt.resize(megabytes)

    def new_game(self) -> None:
        self.tt.clear()
        self.history = [0] * (90 << 7)

    def request_stop(self) -> None:
        self.stop_requested = True

    # ------------------------------------------------------------------------------- driver
    def search(
        self,
        board: SearchBoard,
        limits: Limits,
        on_info: Callable[[Info], None] | None = None,
        banned: frozenset[int] = frozenset(),
        margin: int = 0,
        lines: int = 1,
    ) -> Result:
        """Iterative deepening on ``board`` (which is used as scratch and left unchanged on return).

        ``margin`` > 0 makes the choice random among root moves scoring within margin of the best.
        ``lines`` > 1 (multi-PV) gives exact scores to the best ``lines`` root moves and reports each
        line after every iteration (``Info.multipv`` 1, 2, ...).
        """
        self._prepare(board, limits)
        self.on_info = on_info
        legal = board.legal_moves()
        root = [m for m in legal if m not in banned]
        if not root:  # mated or stalemated (both lose in xiangqi), or every move banned
            return Result(None, None, 0 if legal else -MATE, 0, 0)
        scores: dict[int, int] = {}
        # The root moves and scores of the last completed iteration: an iteration cut short by the node
        # cap or the clock leaves some moves scored at the new depth and the rest at the old one, and a
        # random pick among those mixed scores favoured moves whose stale score looked good.
        completed: tuple[list[int], dict[int, int]] = ([], {})
        result = Result(root[0], None, 0, 0, 0, [root[0]])
        saved = (list(board.cells), board.side, len(board.keys))
        try:
            for depth in range(1, limits.depth + 1):
                score = self._iteration(root, scores, depth, result, margin, lines)
                completed = (list(root), dict(scores))
                result.depth, result.score, result.nodes = depth, score, self.nodes
                result.pv = self._principal_variation(board, root[0], depth)
                if on_info and lines > 1:
                    self._report_lines(board, root, scores, depth, lines, on_info)
                elif on_info:
                    on_info(Info(depth, score, self.elapsed_ms(), self.nodes, result.pv))
                if self._should_stop_after(depth, score):
                    break
        except SearchAborted:
            _restore(board, saved)
        if margin and completed[0]:
            root, scores = completed
        result.best = self._choose(root, scores, result, margin)
        if result.pv and result.best != result.pv[0] and result.depth:
            self._report_choice(board, result, scores, on_info, lines)
        result.ponder = result.pv[1] if len(result.pv) > 1 and result.pv[0] == result.best else None
        result.nodes = self.nodes
        return result

    def _report_new_best(self, depth: int, move: int, score: int) -> None:
        """A long iteration found a new best move: say so now rather than when the iteration ends (an
        analysing GUI would otherwise show the old line for many seconds)."""
        elapsed = self.elapsed_ms()
        if self.on_info is None or elapsed < MID_ITERATION_REPORT_MS:
            return
        pv = self._principal_variation(self.board, move, depth)
        self.on_info(Info(depth, score, elapsed, self.nodes, pv))

    def _report_lines(self, board: SearchBoard, root: list[int], scores: dict[int, int], depth: int,
                      lines: int, on_info: Callable[[Info], None]) -> None:
        """Multi-PV: one info per line, best first (``root`` is sorted by score after the iteration)."""
        elapsed = self.elapsed_ms()
        for rank, move in enumerate(root[:lines], start=1):
            pv = self._principal_variation(board, move, depth)
            on_info(Info(depth, scores[move], elapsed, self.nodes, pv, rank))

    def _report_choice(self, board: SearchBoard, result: Result, scores: dict[int, int],
                       on_info: Callable[[Info], None] | None, lines: int) -> None:
        """A weaker level picked another move than the best line: the last line reported is the move played,
        so a GUI never shows one move as the engine's plan and plays another."""
        best = result.best
        assert best is not None
        result.pv = self._principal_variation(board, best, result.depth)
        result.score = scores.get(best, result.score)
        if on_info:
            rank = 1 if lines > 1 else 0
            on_info(Info(result.depth, result.score, self.elapsed_ms(), self.nodes, result.pv, rank))

    def _prepare(self, board: SearchBoard, limits: Limits) -> None:
        board.refit()
        self.board = board
        self.limits = limits
        self.nodes = 0
        self.stop_requested = False
        self.start_time = time.perf_counter()
        self.killers = [[0, 0] for _ in range(MAX_PLY + 8)]
        self.history = [h >> 2 for h in self.history]
        while len(board.checks) < len(board.keys):
            board.checks.append(False)

    def _should_stop_after(self, depth: int, score: int) -> bool:
        lim = self.limits
        if lim.infinite:
            return False
        if abs(score) > MATE_BOUND and MATE - abs(score) <= depth:
            return True
        if lim.soft_deadline is not None and time.perf_counter() > lim.soft_deadline:
            return True
        return lim.nodes is not None and self.nodes >= lim.nodes

    def elapsed_ms(self) -> int:
        return int((time.perf_counter() - self.start_time) * 1000)

    def _poll(self) -> None:
        lim = self.limits
        if self.stop_requested:
            raise SearchAborted
        if lim.nodes is not None and self.nodes >= lim.nodes:
            raise SearchAborted
        if lim.hard_deadline is not None and time.perf_counter() >= lim.hard_deadline:
            raise SearchAborted

    # ----------------------------------------------------------------------------------- root
    def _iteration(self, root: list[int], scores: dict[int, int], depth: int, result: Result, margin: int,
                   lines: int = 1) -> int:
        """Search every root move at ``depth``; reorders ``root`` best first; updates result.best.

        With ``lines`` > 1 a move is searched against the ``lines``-th best score so far instead of the
        best one, so the best ``lines`` moves get exact scores; ``root`` ends sorted by score."""
        board = self.board
        side = board.side
        alpha = -INF
        best_score = -INF
        found: list[int] = []  # this iteration's scores, best first (multi-PV)
        for index, move in enumerate(root):
            board.make(move)
            gives = board.attacked(side ^ 1)
            board.checks.append(gives)
            try:
                floor = alpha - margin if margin else alpha
                if lines > 1 and index:
                    kth = found[lines - 1] if len(found) >= lines else -INF
                    score = self._search_above(depth, min(floor, kth), gives)
                elif index == 0 or margin:
                    score = -self._pvs(depth - 1, -INF, -floor, 1, gives, True)
                else:
                    score = -self._pvs(depth - 1, -alpha - 1, -alpha, 1, gives, True)
                    if score > alpha:
                        score = -self._pvs(depth - 1, -INF, -alpha, 1, gives, True)
            finally:
                board.checks.pop()
                board.unmake(move)
            scores[move] = score
            if lines > 1:
                found.append(score)
                found.sort(reverse=True)
            if score > best_score:
                best_score = score
                if score > alpha:
                    alpha = score
                root.insert(0, root.pop(index))
                result.best = move
                if index and lines == 1 and not margin:
                    self._report_new_best(depth, move, score)
        if lines > 1:
            root.sort(key=lambda m: -scores[m])  # stable: the best move stays first among equals
        self._store(board.key, depth, EXACT, best_score, root[0], 0)
        return best_score

    def _search_above(self, depth: int, floor: int, gives: bool) -> int:
        """The score of the root move just made, exact when above ``floor`` (else at most ``floor``):
        a null window at ``floor`` first, the open window only for a move that beats it."""
        if floor <= -INF:
            return -self._pvs(depth - 1, -INF, INF, 1, gives, True)
        score = -self._pvs(depth - 1, -floor - 1, -floor, 1, gives, True)
        if score > floor:
            score = -self._pvs(depth - 1, -INF, -floor, 1, gives, True)
        return score

    def _choose(self, root: list[int], scores: dict[int, int], result: Result, margin: int) -> int:
        best = root[0]
        if not margin or best not in scores or abs(scores[best]) > MATE_BOUND:
            return result.best if result.best is not None else best
        top = scores[best]
        pool = [(m, scores[m] - (top - margin) + 1) for m in root if m in scores and scores[m] >= top - margin]
        result.choices = tuple(m for m, _ in pool)
        pick = self.rng.uniform(0, sum(w for _, w in pool))
        for move, weight in pool:
            pick -= weight
            if pick <= 0:
                return move
        return best

    def _principal_variation(self, board: SearchBoard, first: int, depth: int) -> list[int]:
        """The PV read back from the transposition table (stops at a repetition or a missing entry)."""
        pv = [first]
        seen = {board.key}
        board.make(first)
        made = [first]
        while len(pv) < depth and board.key not in seen:
            seen.add(board.key)
            entry = self.tt.probe(board.key)
            if entry is None or not entry[4] or entry[4] not in board.legal_moves():
                break
            pv.append(entry[4])
            board.make(entry[4])
            made.append(entry[4])
        for move in reversed(made):
            board.unmake(move)
        return pv

    # ------------------------------------------------------------------------------------- TT
    def _store(self, key: int, depth: int, flag: int, score: int, move: int, ply: int) -> None:
        self.tt.store(key, depth, flag, score_to_tt(score, ply), move)

    # ----------------------------------------------------------------------------------- tree
    def _pvs(self, depth: int, alpha: int, beta: int, ply: int, in_check: bool, null_ok: bool) -> int:
        board = self.board
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._poll()
        verdict = board.repetition()
        if verdict is not None:
            return 0 if verdict == 0 else (BAN if verdict > 0 else -BAN)
        if board.plies_since_reset() >= self.natural_limit:
            return 0
        if ply >= MAX_PLY:
            return board.evaluate()
        # Mate-distance pruning.
        if alpha < -MATE + ply:
            alpha = -MATE + ply
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha
        if in_check:
            depth += 1
        if depth <= 0:
            return self._quiesce(alpha, beta, ply, in_check, 0)
        key = board.key
        pv_node = beta - alpha > 1
        tt = self.tt
        entry = tt.slots[key & tt.mask]
        hash_move = 0
        if entry is not None and entry[0] == key:
            hash_move = entry[4]
            if entry[1] >= depth and not pv_node:
                score = score_from_tt(entry[3], ply)
                flag = entry[2]
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score
        side = board.side
        if not pv_node and not in_check:
            static = board.evaluate()
            if depth <= 2 and static - FUTILITY_MARGIN[depth] >= beta and abs(beta) < MATE_BOUND:
                return static - FUTILITY_MARGIN[depth]
            if null_ok and depth >= 3 and static >= beta and board.has_big_pieces(side):
                board.make_null()
                board.checks.append(False)
                try:
                    score = -self._pvs(depth - 3 - (depth >= 7), -beta, -beta + 1, ply + 1, False, False)
                finally:
                    board.checks.pop()
                    board.unmake_null()
                if score >= beta:
                    return beta if score > MATE_BOUND else score
        return self._moves_loop(depth, alpha, beta, ply, in_check, hash_move, pv_node)

    def _ordered(self, board: SearchBoard, moves: list[int], hash_move: int, ply: int) -> list[int]:
        cells = board.cells
        history = self.history
        k1, k2 = self.killers[ply]
        keyed: list[int] = []
        app = keyed.append
        for m in moves:
            victim = cells[m & 127]
            if m == hash_move:
                app(HASH_KEY | m)
            elif victim:
                app(CAPTURE_KEY[abs(victim)][abs(cells[m >> 7])] | m)
            elif m == k1:
                app(KILLER_KEYS[0] | m)
            elif m == k2:
                app(KILLER_KEYS[1] | m)
            else:
                app(history[m] << 14 | m)
        keyed.sort(reverse=True)
        return keyed

    def _moves_loop(
        self, depth: int, alpha: int, beta: int, ply: int, in_check: bool, hash_move: int, pv_node: bool
    ) -> int:
        board = self.board
        side = board.side
        cells = board.cells
        checks = board.checks
        king = board.kings[side]
        near, line = NEAR[king], LINES[king]
        zone, enemy_near = CHECK_ZONE[board.kings[side ^ 1]], NEAR[board.kings[side ^ 1]]
        original_alpha = alpha
        best = -INF
        best_move = 0
        legal = 0
        for keyed in self._ordered(board, board.generate(), hash_move, ply):
            move = keyed & 0x3FFF
            fr = move >> 7
            to = move & 127
            capture = cells[to]
            board.make(move)
            if (in_check or fr == king or near[fr] or line[to]) and board.attacked(side):
                board.unmake(move)
                continue
            legal += 1
            gives = bool(zone[to] or enemy_near[fr]) and board.attacked(side ^ 1)
            checks.append(gives)
            try:
                if legal == 1:
                    score = -self._pvs(depth - 1, -beta, -alpha, ply + 1, gives, True)
                else:
                    reduction = 0
                    quiet = not capture and not in_check and not gives and keyed < KILLER_KEYS[1]
                    if quiet and depth >= 3 and legal > 3:
                        reduction = 1 if legal < 12 or depth < 5 else 2
                    score = -self._pvs(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, gives, True)
                    if score > alpha and (reduction or score < beta):
                        score = -self._pvs(depth - 1, -beta, -alpha, ply + 1, gives, True)
            finally:
                checks.pop()
                board.unmake(move)
            if score > best:
                best = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        if not capture:
                            self._reward_quiet(move, depth, ply)
                        break
        if not legal:
            return -MATE + ply  # checkmate or stalemate: both lose in xiangqi
        flag = LOWER if best >= beta else (EXACT if best > original_alpha else UPPER)
        self._store(board.key, depth, flag, best, best_move, ply)
        return best

    def _reward_quiet(self, move: int, depth: int, ply: int) -> None:
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        bonus = self.history[move] + depth * depth
        self.history[move] = bonus if bonus < HISTORY_CAP else HISTORY_CAP

    def _quiesce(self, alpha: int, beta: int, ply: int, in_check: bool, qply: int) -> int:
        board = self.board
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._poll()
        if ply >= MAX_PLY:
            return board.evaluate()
        cells = board.cells
        side = board.side
        if in_check:
            best = -MATE + ply
            moves = self._ordered(board, board.generate(), 0, ply)
        else:
            best = board.evaluate()
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            moves = [CAPTURE_KEY[abs(cells[m & 127])][abs(cells[m >> 7])] | m for m in board.generate_captures()]
            moves.sort(reverse=True)
            futile = alpha - best - QS_DELTA
        checks = board.checks
        king = board.kings[side]
        near, line = NEAR[king], LINES[king]
        zone, enemy_near = CHECK_ZONE[board.kings[side ^ 1]], NEAR[board.kings[side ^ 1]]
        for keyed in moves:
            move = keyed & 0x3FFF
            fr = move >> 7
            to = move & 127
            if not in_check and DELTA_VALUE[abs(cells[to])] < futile:
                continue
            board.make(move)
            if (in_check or fr == king or near[fr] or line[to]) and board.attacked(side):
                board.unmake(move)
                continue
            gives = qply < 6 and bool(zone[to] or enemy_near[fr]) and board.attacked(side ^ 1)
            checks.append(gives)
            try:
                score = -self._quiesce(-beta, -alpha, ply + 1, gives, qply + 1)
            finally:
                checks.pop()
                board.unmake(move)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best


def _restore(board: SearchBoard, saved: tuple[list[int], int, int]) -> None:
    """After an abort the try/finally blocks have unmade every move; this only double-checks it."""
    cells, side, n_keys = saved
    if board.cells != cells or board.side != side or len(board.keys) != n_keys:
        raise RuntimeError("search board was not restored after an abort")


def format_pv(pv: list[int]) -> str:
    return " ".join(iccs(m) for m in pv)
