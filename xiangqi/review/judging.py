"""Judging a move inside one search of the position before it (no Qt).

The engine first searches the position the move was played in (one line): its best move and the
position's value. When the played move is another one, the two moves are judged **side by side in one
search**: the same position searched again, restricted to the engine's move and the played move
(``searchmoves`` in UCI, ``banmoves`` of every other move in UCCI: the seat's ``banned`` argument does
both), with ``MultiPV`` 2, so both scores come from one tree, one depth, one side's point of view. With
two root moves only, the pair search goes deeper than the first; it gets ``PAIR_EFFORT`` times the
first search's time (or nodes); a depth-limited review searches the pair to the same depth.
Measured (tests/bench/review_agreement.py; node budgets standing for 300 ms on the reference machine,
so the figures do not depend on its load): on 147 master moves, against Fairy-Stockfish at depth 16
judging the played move at that depth, the pair search agreed on 86.4 % of marks with 0 false ?/?? at
twice the time, against 79.6 % and 2.0 % for the played move searched alone at the first search's depth.
A move the pair search would mark, or rates close to a mark (``CONFIRM_FROM_LOSS``), gets one more pair
search, deeper (``CONFIRM_EFFORT``), whose scores judge it: a mark is a claim made to the player, so it
is checked (89.8 % and 0 on the same moves).
An engine with no ``MultiPV`` (ElephantEye) gets the played move judged by a search of the position
**after** it, one ply shallower than the first search completed (the same time or nodes as a cap), its
score turned to the mover's view and its mates moved by a ply (``move_line``): both scores then reach
the same depth below the position. Banning every other move does not do it: ElephantEye left with one
legal move answers at depth 1 at once (447 of 447 such searches in a review of 8 games, issue 28), so a
static score was compared with a depth-8 one. For the same reason a position with one move to play (the
only legal one, or the only one the repetition rules allow) is judged by a search of the position after
that move, for every engine: every position gets a real search.

Only exact scores count: a line with ``upperbound``/``lowerbound`` is a search window's edge, not a
value. The lines used are those of the deepest *completed* iteration: the engine prints every MultiPV
line at the end of each iteration. A Stockfish stopped by its move time also prints the lines of the
iteration cut short, every one labelled with the new depth although most carry the old iteration's
scores and some neither (recorded: ``tests/review/transcripts/fairy_multipv_stop.txt``). So in a timed
search a block of lines counts as an iteration once a deeper line followed it; the last block only
when it reached the search's depth limit. (The time in the lines cannot tell: on a busy machine a
completed iteration is printed after the time limit too.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from xiangqi.core import Color, Move, Position
from xiangqi.engine.messages import Info, Score, SearchLimits
from xiangqi.engine.registry import EngineFamily
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.marks import win_percent

# Lines asked for in the first search. Measured (tests/bench/review_agreement.py, 147 master moves against
# depth 16): at 300 ms/move 1 line agreed on 70.7 % of marks and 3 lines on 57.8 % (three lines cost the
# best line depth). So one line, then the pair search (below) when the played move is another one.
REVIEW_MULTIPV = 1
PAIR_MULTIPV = 2
# The pair search's time (or nodes) against the first search's: at 1x it agreed on 81.6 % of marks with
# 1.4 % false ?/??, at 2x on 86.4 % with none, at 4x on 85.0 % with none (same bench, node budgets).
PAIR_EFFORT = 2
# A move the pair search would mark is searched once more, side by side again, at 6x the first search's
# effort (its hash kept: a deeper iteration of the same tree), and that search's scores judge it: the
# marks that are search noise at the shallower depth go (89.8 % same marks, 0 false ?/??, same bench),
# at the cost of one longer search for the ~15 % of moves that get a mark. A depth-limited review
# confirms two plies deeper.
CONFIRM_EFFORT = 6
CONFIRM_PLIES = 2
# The confirming search runs from this loss in the pair search (winning-chance points): a move the pair
# search rates close to a mark gets the same second look as a marked one, so a mark the shallower search
# just missed is found. Half a ?! (set before any figure was seen): on 147 moves against depth 16, recall
# 46 % -> 54 %, precision 75 % -> 70 %, kappa 0.50 -> 0.54, for ~30 % more engine time (README, Review).
CONFIRM_FROM_LOSS = 2.5
# A review's default search per position when the engine's family names none (``review_nodes`` in
# engines/families.toml): a node budget, so the same review run twice gives the same marks (at a time per
# position the marks changed on 80 of 794 moves between a busy and an idle run, issue 28).
DEFAULT_REVIEW_NODES = 150_000


def review_limits(family: EngineFamily | None, strength: float = 1.0) -> SearchLimits:
    """The default search per position for an engine of ``family``: its ``review_nodes`` (else
    ``DEFAULT_REVIEW_NODES``) times ``strength`` (复盘's quick / normal / deep)."""
    nodes = family.review_nodes if family is not None and family.review_nodes else DEFAULT_REVIEW_NODES
    return SearchLimits(nodes=max(1, round(nodes * strength)))


@dataclass(frozen=True, slots=True)
class Line:
    """One exact line of a search: its first move, score (side to move's view), depth and moves.
    ``settled``: for the best line of a finished search, the depth from which its move stayed the best
    (how deep one must look to find it; None when not known)."""

    move: Move
    score: Score
    depth: int
    pv: tuple[Move, ...]
    settled: int | None = field(default=None, compare=False)


class SearchLines:
    """The ``info`` lines of one search, kept as blocks of MultiPV lines 1..n of one depth. ``expected``:
    how many lines an iteration has (MultiPV, or fewer when the position has fewer moves to search)."""

    def __init__(self, expected: int = 1, limits: SearchLimits | None = None) -> None:
        self.expected = max(1, expected)
        self.timed = limits is not None and limits.movetime_ms is not None
        self.depth_limit = limits.depth if limits is not None else None
        self.depth_limited = not self.timed and self.depth_limit is not None
        self._block: list[Line] | None = None
        self._last_block: tuple[Line, ...] = ()   # the latest complete block
        self._confirmed: tuple[Line, ...] = ()    # the latest complete block a deeper line followed
        self._best: Line | None = None            # the last exact first line
        self._settled: int | None = None          # the depth since which the first line's move is the same

    def add(self, info: Info) -> None:
        score, index, depth = info.score, info.multipv or 1, info.depth
        if depth is None:
            return
        if self._last_block and depth > self._last_block[0].depth:
            self._confirmed = self._last_block
        if score is None or not info.pv or (score.cp is None and score.mate is None):
            return   # no score, or one that is no value (an opening book's weight, a repetition ruling)
        if score.bound is not None:
            self._block = None   # a window's edge: this iteration's block is not exact
            return
        line = Line(info.pv[0], score, depth, info.pv)
        block = self._block
        if index == 1:
            if self._best is None or self._best.move != line.move:
                self._settled = depth
            self._block = block = [line]
            self._best = line
        elif block is not None and index == len(block) + 1 and block[0].depth == depth:
            block.append(line)
        else:
            self._block = None
            return
        if len(block) >= self.expected:
            self._last_block = tuple(block)

    def completed(self) -> tuple[Line, ...]:
        """The lines of the deepest completed iteration, best first (the first with its ``settled`` depth when
        it is the last first line's move); when no iteration completed, the last exact first line alone
        (better than nothing); () when the engine sent no exact line."""
        lines = self._completed()
        if lines and self._best is not None and lines[0].move == self._best.move:
            return (replace(lines[0], settled=self._settled), *lines[1:])
        return lines

    def _completed(self) -> tuple[Line, ...]:
        last = self._last_block
        if last and (not self.timed or (self.depth_limit is not None and last[0].depth >= self.depth_limit)):
            return last
        if self._confirmed:
            return self._confirmed
        if last:
            return last   # one block only (an engine that prints its result once): nothing better
        return (self._best,) if self._best is not None else ()


def expected_lines(allowed: int, multipv: int) -> int:
    """How many lines a MultiPV search prints per iteration: no more than the ``allowed`` moves it may search."""
    return max(1, min(multipv, allowed))


def line_of(lines: tuple[Line, ...], move: Move) -> Line | None:
    return next((line for line in lines if line.move == move), None)


def restricted_limits(limits: SearchLimits, depth: int | None) -> SearchLimits:
    """A restricted search's limits: the depth the first search completed (its own depth limit when it had
    one), with the first search's time, if any, as a cap."""
    if depth is None or limits.depth is not None:
        return limits
    return SearchLimits(depth=depth, movetime_ms=limits.movetime_ms, nodes=limits.nodes)


def others_than(position: Position, move: Move) -> tuple[Move, ...]:
    """Every legal move but ``move``: banned, they restrict a search to ``move`` in either dialect."""
    return tuple(m for m in position.legal_moves() if m != move)


# How many forced plies (a position with one legal move) a search of the position after a move skips.
FORCED_PLIES = 8


def after_limits(limits: SearchLimits, depth: int | None, plies: int = 1) -> SearchLimits:
    """The limits of a search ``plies`` plies further on: that much less than ``depth`` (the depth the
    position's own search completed, else the review's depth limit), with the review's time and nodes,
    if any, as a cap. Without a known depth (a single-move position of a timed or node review), the
    review's limits themselves."""
    if limits.depth is not None:
        depth = limits.depth
    if depth is None:
        return limits
    return SearchLimits(depth=max(1, depth - plies), movetime_ms=limits.movetime_ms, nodes=limits.nodes)


def forced_line(position: Position, move: Move) -> tuple[tuple[Move, ...], Position]:
    """``move`` and the replies forced after it (positions with one legal move: ElephantEye answers them
    at depth 1 without a search), up to ``FORCED_PLIES``; and the position they lead to."""
    moves, after = [move], position.copy()
    after.push(move)
    while len(moves) < FORCED_PLIES:
        legal = after.legal_moves()
        if len(legal) != 1:
            break
        moves.append(legal[0])
        after.push(legal[0])
    return tuple(moves), after


def mover_score(score: Score) -> Score:
    """The score of the position after a move (the opponent's view) as the mover's score of that move:
    negated, and a mate one ply further away (the move itself is a ply: mated in N after it is a mate
    in N + 1 for the mover; the opponent mating in N stays N moves away)."""
    if score.mate is not None:
        mate = -score.mate if score.mate > 0 else -score.mate + 1
        return Score(mate=mate, raw=score.raw)
    if score.cp is not None:
        return Score(cp=-score.cp, raw=score.raw)
    return score


def move_line(moves: tuple[Move, ...], after: tuple[Line, ...]) -> tuple[Line, ...]:
    """The lines of a search of the position after ``moves`` (a move and the replies forced after it), as
    the first move's own line in the position before it: the mover's score (turned and moved a ply for
    each move), as many plies deeper, the moves in front of the line. () when none came."""
    if not after:
        return ()
    line, score = after[0], after[0].score
    for _ in moves:
        score = mover_score(score)
    return (Line(moves[0], score, line.depth + len(moves), (*moves, *line.pv)),)


def ended_line(moves: tuple[Move, ...]) -> tuple[Line, ...]:
    """``moves`` leave the side to move no legal move: it has lost (mated, or stalemated: a loss in xiangqi)."""
    score = Score(mate=0)
    for _ in moves:
        score = mover_score(score)
    return (Line(moves[0], score, len(moves), moves),)


def pair_limits(limits: SearchLimits) -> SearchLimits:
    """The pair search's limits: ``PAIR_EFFORT`` times the first search's time and nodes; a depth limit
    stays (a depth-limited review compares both moves at that depth)."""
    return replace(limits,
                   movetime_ms=limits.movetime_ms * PAIR_EFFORT if limits.movetime_ms is not None else None,
                   nodes=limits.nodes * PAIR_EFFORT if limits.nodes is not None else None)


def confirm_limits(limits: SearchLimits) -> SearchLimits:
    """The confirming search's limits: ``CONFIRM_EFFORT`` times the first search's time and nodes, or
    ``CONFIRM_PLIES`` deeper."""
    return replace(limits,
                   depth=limits.depth + CONFIRM_PLIES if limits.depth is not None else None,
                   movetime_ms=limits.movetime_ms * CONFIRM_EFFORT if limits.movetime_ms is not None else None,
                   nodes=limits.nodes * CONFIRM_EFFORT if limits.nodes is not None else None)


def pair_loss(lines: tuple[Line, ...], best: Move, played: Move, turn: Color) -> float | None:
    """The winning chances (percentage points) the played move loses against the engine's move in a pair
    search's lines; None when the lines lack either move's exact score."""
    best_line, played_line = line_of(lines, best), line_of(lines, played)
    if best_line is None or played_line is None:
        return None
    return max(0.0, win_percent(Evaluation.from_score(best_line.score, turn), turn)
               - win_percent(Evaluation.from_score(played_line.score, turn), turn))


def others_than_both(position: Position, best: Move, played: Move) -> tuple[Move, ...]:
    """Every legal move but the engine's and the played one: banned, they leave the pair to search."""
    return tuple(m for m in position.legal_moves() if m not in (best, played))
