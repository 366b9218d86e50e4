"""Analysing the positions of games with engine processes in parallel (Qt, no widgets).

``ReviewRunner`` takes the main-line positions of several games, and ``jobs`` engine seats take them off a
queue one at a time (``go movetime`` or ``go depth``), so N engines keep N cores busy until the last
position. Each position a move was played in is judged inside its own search (``xiangqi.review.judging``):
the best line's and the played move's scores come from one search, also where our rules would have ended
the game (a repetition, a perpetual chase) but the game went on. Only the last position, when the game
ended there by the rules, is not searched. With a depth or node limit each search starts from an empty hash
table (``new_game``), so the review is the same whatever ``jobs`` is.

When an engine dies (or sends an illegal move, or stays silent), ``engine_trouble`` says so at once, by
the engine's name; a dead one is restarted and the position asked again; if it fails a second time on the
same game, that game is given up (``GameWork.failed``) and the engine is restarted for the next game's
positions. An engine that cannot start gives up every game left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Color, Move, Position
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, Purpose, SeatInfo, SeatMove
from xiangqi.engine.seat_pool import FixedTaskPool, PoolSeat
from xiangqi.engine.session_types import EngineInfo
from xiangqi.review.annotate import PositionValue, terminal_value
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.judging import (
    CONFIRM_FROM_LOSS,
    PAIR_MULTIPV,
    REVIEW_MULTIPV,
    Line,
    SearchLines,
    after_limits,
    confirm_limits,
    expected_lines,
    line_of,
    ended_line,
    forced_line,
    move_line,
    others_than_both,
    pair_limits,
    pair_loss,
)


@dataclass
class GameWork:
    """One game's positions and what is known of them so far."""

    number: int
    positions: Sequence[Position]
    values: list[PositionValue | None] = field(default_factory=list)
    failed: str | None = None

    def __post_init__(self) -> None:
        self.values = [None] * len(self.positions)

    @property
    def done(self) -> bool:
        return self.failed is not None or all(v is not None for v in self.values)

    def played(self, ply: int) -> Move | None:
        """The move played in position ``ply`` (None for the last position)."""
        if ply + 1 >= len(self.positions):
            return None
        return self.positions[ply + 1].move_stack[-1]


class ReviewRunner(FixedTaskPool[GameWork]):
    """Analyses every position of every game given on ``jobs`` seats (``xiangqi.engine.seat_pool``);
    ``position_done`` as each position is judged, ``game_done`` for each game in the order given."""

    position_done = Signal(int, int)   # game number, ply
    game_done = Signal(object)         # GameWork (check ``failed``), in the order the games were given
    engine_trouble = Signal(str)       # an engine died, sent an illegal move or stayed silent (and what follows)
    WORK = "review"
    GIVEN_UP = "the game is given up"

    def __init__(self, spec: EngineSpec, games: Sequence[GameWork], limits: SearchLimits, jobs: int = 1,
                 parent: QObject | None = None, factory: EngineFactory | None = None) -> None:
        super().__init__(spec, factory, jobs, games, parent)
        self.limits = limits
        self.engine_info: EngineInfo | None = None   # the engine's own name and options, once it answered

    @property
    def games(self) -> list[GameWork]:
        return self.tasks

    def searches_of(self, task: GameWork) -> range:
        """Every position a move was played in is searched, even one our rules call finished; the last
        position, when the game ended there by the rules, is judged without a search."""
        last = len(task.positions) - 1
        outcome = task.positions[last].outcome()
        if outcome is not None:
            task.values[last] = terminal_value(outcome)
            self.position_done.emit(task.number, last)
        return range(last + (outcome is None))

    def make_seat(self) -> _Seat:
        return _Seat(self)

    def say(self, text: str) -> None:
        self.engine_trouble.emit(text)

    def name_of(self, task: GameWork, index: int) -> str:
        return f"game {task.number}, position {index}"

    def hand_on(self, task: GameWork) -> None:
        self.game_done.emit(task)

    def deliver(self, work: GameWork, ply: int, value: PositionValue) -> None:
        self.queue.answered_one()
        if work.failed is None:
            work.values[ply] = value
            self.position_done.emit(work.number, ply)
        self.hand_on_done()

    def engine_ready(self, info: EngineInfo) -> None:
        self.engine_info = info


class _Seat(PoolSeat[GameWork]):
    """One engine seat judging one position after the other: a search of the position, and when the move
    played is not the engine's, a second search of the two side by side (MultiPV 2), or of the played move
    alone for an engine without MultiPV (``xiangqi.review.judging``)."""

    def __init__(self, runner: ReviewRunner) -> None:
        super().__init__(runner)
        self.runner = runner
        self.multipv = REVIEW_MULTIPV
        self.seat.set_option("MultiPV", REVIEW_MULTIPV)   # sent only if the engine offers it
        self.lines = SearchLines()
        self.first: tuple[Line, ...] | None = None   # the lines of the position's own search, once it ended
        self.pair = False                             # the second search has the engine's move beside the played one
        self.pair_lines: tuple[Line, ...] | None = None   # a pair search's lines while a deeper one confirms them
        self.after_moves: tuple[Move, ...] = ()   # the search running is of the position after these moves

    def on_ready(self, info: EngineInfo) -> None:
        self.runner.engine_ready(info)

    def begin(self, task: GameWork, index: int) -> None:
        position = task.positions[index]
        self.first, self.pair, self.pair_lines, self.after_moves = None, False, None, ()
        self._set_multipv(REVIEW_MULTIPV)   # back from a pair search (also one cut short by a restart)
        limits = self.runner.limits
        if limits.depth is not None or limits.nodes is not None:
            # A review to a depth or a node count is reproducible: each position from an empty hash table, so the
            # result depends neither on --jobs nor on which engine analysed what before.
            self.seat.new_game()
        legal = position.legal_moves()
        banned = tuple(forbidden_repetition_moves(position))
        if len(banned) >= len(legal):
            banned = ()  # the rules forbid every move, yet the game went on: let the engine search them all
        allowed = [move for move in legal if move not in banned]
        if len(allowed) == 1:
            # One move to play: an engine may answer it without a search (ElephantEye: depth 1 at once).
            self._search_after(position, allowed[0], None)
            return
        multipv = REVIEW_MULTIPV if self.seat.offers("MultiPV") else 1
        self._search(position, limits, banned, expected_lines(len(allowed), multipv))

    def _search_after(self, position: Position, move: Move, depth: int | None) -> None:
        """``move`` judged by a search of the position after it and the replies forced after it, as many
        plies less deep than ``depth`` (``judging.move_line``)."""
        moves, after = forced_line(position, move)
        if not after.legal_moves():
            self._searched(ended_line(moves), move)   # it mates (or a forced reply does): nothing to search
            return
        self.after_moves = moves
        self._set_multipv(1)
        self._search(after, after_limits(self.runner.limits, depth, len(moves)), (), 1)

    def _set_multipv(self, lines: int) -> None:
        if lines != self.multipv:
            self.multipv = lines
            self.seat.set_option("MultiPV", lines)   # sent only if the engine offers it; again after a restart

    def _search(self, position: Position, limits: SearchLimits, banned: tuple[Move, ...], expected: int) -> None:
        self.lines = SearchLines(expected, limits)
        self.watch(limits)   # the pool's watchdog: to a depth or a node count, alive as long as it reports
        self.seat.search(position, limits, Purpose.MOVE, banned=banned)

    def on_info(self, info: SeatInfo) -> None:
        self.lines.add(info.info)

    def on_answer(self, move: SeatMove) -> None:
        lines, engine_move = self.lines.completed(), move.best.move
        if self.after_moves:
            lines, engine_move = move_line(self.after_moves, lines), self.after_moves[0]
            self.after_moves = ()
        self._searched(lines, engine_move)

    def _searched(self, lines: tuple[Line, ...], engine_move: Move | None) -> None:
        """A search of the position (or of the position after one move) ended with ``lines``."""
        assert self.item is not None
        work, ply = self.item
        played = work.played(ply)
        if self.first is None and played is not None and line_of(lines, played) is None:
            self.first = lines
            self._second_search(work.positions[ply], lines, played)
            return
        first = self.first if self.first is not None else lines
        if self.pair and played is not None and first:
            position = work.positions[ply]
            lines = self._judged_pair(position, lines, first[0].move, played)
            if self._confirm(position, lines, first[0].move, played):
                return
        played_line = line_of(lines, played) if played is not None else None
        best_line = line_of(lines, first[0].move) if self.pair and first else None
        value = position_value(work.positions[ply].turn, engine_move, first, played_line, best_line)
        self.hand_on(lambda delivered, at: self.runner.deliver(delivered, at, value))

    def _judged_pair(self, position: Position, lines: tuple[Line, ...], best: Move,
                     played: Move) -> tuple[Line, ...]:
        """A confirming search's lines, or the pair search's when it gave no exact score of either move."""
        if self.pair_lines is not None and pair_loss(lines, best, played, position.turn) is None:
            return self.pair_lines
        return lines

    def _confirm(self, position: Position, lines: tuple[Line, ...], best: Move, played: Move) -> bool:
        """After a pair search that would mark the move, or came close (``CONFIRM_FROM_LOSS``): True, a deeper
        pair search confirms, clears or makes the mark."""
        if self.pair_lines is not None:
            return False   # this was the confirming search
        loss = pair_loss(lines, best, played, position.turn)
        if loss is None or loss < CONFIRM_FROM_LOSS:
            return False
        self.pair_lines = lines
        self._search(position, confirm_limits(self.runner.limits), others_than_both(position, best, played),
                     PAIR_MULTIPV)
        return True

    def _second_search(self, position: Position, lines: tuple[Line, ...], played: Move) -> None:
        """The move played is not the engine's: both moves side by side in one search (MultiPV 2), or, for
        an engine without MultiPV, the position after the played one, a ply less deep than the first search."""
        limits = self.runner.limits
        self.pair = bool(lines) and self.seat.offers("MultiPV")
        if self.pair:
            self._set_multipv(PAIR_MULTIPV)
            self._search(position, pair_limits(limits), others_than_both(position, lines[0].move, played),
                         PAIR_MULTIPV)
            return
        depth = lines[0].depth if lines else None
        self._search_after(position, played, depth)


def position_value(turn: Color, engine_move: Move | None, lines: tuple[Line, ...], played: Line | None,
                   pair_best: Line | None = None) -> PositionValue:
    """What a position's search found: the best line (red's view), the engine's move and line, and the
    played move's score from the same search (None when no exact score of it came). ``pair_best``: the
    engine's move's line in the pair search that also scored the played move (the loss is judged by it)."""
    played_value = Evaluation.from_score(played.score, turn) if played is not None else None
    played_depth = played.depth if played is not None else None
    if not lines:
        # An engine that sent no exact score: nothing to judge by.
        return PositionValue(Evaluation(cp=0), engine_move, (), None, played=played_value, played_depth=played_depth)
    best = lines[0]
    judged_best = Evaluation.from_score(pair_best.score, turn) if pair_best is not None and played is not None else None
    return PositionValue(Evaluation.from_score(best.score, turn), best.move, best.pv, best.depth,
                         played=played_value, judged_best=judged_best, played_depth=played_depth)
