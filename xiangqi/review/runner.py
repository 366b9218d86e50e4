"""Analysing the positions of games with engine processes in parallel (Qt, no widgets).

``ReviewRunner`` takes the main-line positions of several games, and ``jobs`` engine seats take them off a
queue one at a time (``go movetime`` or ``go depth``), so N engines keep N cores busy until the last
position. Positions already over by the rules are not searched. With a depth limit each search starts
from an empty hash table (``new_game``), so the review is the same whatever ``jobs`` is. When an engine
dies, it is restarted and the position asked again; if it dies a second time on the same game, that
game is given up (``GameWork.failed``) and the engine is restarted for the next game's positions.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal

from xiangqi.core import Position
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble
from xiangqi.engine.session_types import SessionState
from xiangqi.review.annotate import PositionValue, terminal_value
from xiangqi.review.evaluation import Evaluation

RESTARTS_PER_GAME = 1
ANSWER_GRACE_MS = 10_000  # past the move time (or per depth search), a silent engine counts as dead


@dataclass
class GameWork:
    """One game's positions and what is known of them so far."""

    number: int
    positions: Sequence[Position]
    values: list[PositionValue | None] = field(default_factory=list)
    restarts: int = 0
    failed: str | None = None

    def __post_init__(self) -> None:
        self.values = [None] * len(self.positions)

    @property
    def done(self) -> bool:
        return self.failed is not None or all(v is not None for v in self.values)


class ReviewRunner(QObject):
    """Analyses every position of every game given; signals as each position and game is done."""

    position_done = Signal(int, int)   # game number, ply
    game_done = Signal(object)         # GameWork (check ``failed``)
    problem = Signal(str)              # an internal error that stopped the review
    finished = Signal()

    def __init__(self, spec: EngineSpec, games: Sequence[GameWork], limits: SearchLimits, jobs: int = 1,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec, self.limits = spec, limits
        self.games = list(games)
        self._queue: deque[tuple[GameWork, int]] = deque()
        self._jobs = max(1, jobs)
        self._workers: list[_Worker] = []
        self._reported: set[int] = set()
        self.running = False

    def start(self) -> None:
        self.running = True
        for work in self.games:
            for ply, position in enumerate(work.positions):
                outcome = position.outcome()
                if outcome is not None:
                    work.values[ply] = terminal_value(outcome)
                    self.position_done.emit(work.number, ply)
                else:
                    self._queue.append((work, ply))
        self._report_finished_games()
        count = min(self._jobs, len(self._queue))
        self._workers = [_Worker(self, index) for index in range(count)]
        for worker in self._workers:
            worker.start()
        self._check_finished()

    def fail(self, text: str) -> None:
        """A fault of this program in a slot: say so and stop, rather than wait for nothing."""
        self.problem.emit(f"internal error, review stopped: {text}")
        self.abort()

    def guarded(self, slot: Callable[..., None]) -> Callable[..., None]:
        """``slot``, but an exception in it stops the review with the traceback."""
        def run(*args: object) -> None:
            try:
                slot(*args)
            except Exception:  # noqa: BLE001 (any fault of ours: reported, then the review stops)
                self.fail(traceback.format_exc())
        return run

    def abort(self) -> None:
        self._queue.clear()
        for worker in self._workers:
            worker.close()
        self._finish()

    # --------------------------------------------------------------------------- for the workers
    def next_item(self) -> tuple[GameWork, int] | None:
        while self._queue:
            work, ply = self._queue.popleft()
            if work.failed is None:
                return work, ply
        return None

    def deliver(self, work: GameWork, ply: int, value: PositionValue) -> None:
        if work.failed is None:
            work.values[ply] = value
            self.position_done.emit(work.number, ply)
        self._report_finished_games()

    def engine_died(self, work: GameWork, ply: int, why: str) -> bool:
        """An engine died on ``work``'s position: True to ask it again, False when the game is given up."""
        if work.failed is not None:
            return False
        if work.restarts < RESTARTS_PER_GAME:
            work.restarts += 1
            self._queue.appendleft((work, ply))
            return True
        work.failed = why
        self._report_finished_games()
        return False

    def worker_idle(self) -> None:
        self._check_finished()

    def _report_finished_games(self) -> None:
        for work in self.games:
            if work.done and work.number not in self._reported:
                self._reported.add(work.number)
                self.game_done.emit(work)

    def _check_finished(self) -> None:
        if self.running and all(worker.idle for worker in self._workers) and not self._queue:
            for worker in self._workers:
                worker.close()
            self._finish()

    def _finish(self) -> None:
        if self.running:
            self.running = False
            self.finished.emit()


class _Worker(QObject):
    """One engine seat analysing one position after the other."""

    def __init__(self, runner: ReviewRunner, index: int) -> None:
        super().__init__(runner)
        self.runner = runner
        self.seat = EngineSeat(Role.ANALYSER, runner.spec, parent=self)
        self.seat.decided.connect(runner.guarded(self._on_decided))
        self.seat.info.connect(runner.guarded(self._on_info))
        self.seat.trouble.connect(runner.guarded(self._on_trouble))
        self.item: tuple[GameWork, int] | None = None
        self.last: SeatInfo | None = None
        self.idle = False
        self.watchdog = QTimer(self, singleShot=True)
        self.watchdog.timeout.connect(runner.guarded(self._on_watchdog))

    def start(self) -> None:
        self.seat.start()
        self._next()

    def close(self) -> None:
        self.watchdog.stop()
        self.item = None
        self.idle = True
        self.seat.close()

    def _next(self) -> None:
        self.item = self.runner.next_item()
        if self.item is None:
            self.idle = True
            self.runner.worker_idle()
            return
        work, ply = self.item
        position = work.positions[ply]
        self.last = None
        limits = self.runner.limits
        self.watchdog.start((limits.movetime_ms or 0) + ANSWER_GRACE_MS)
        if limits.depth is not None:
            # A depth-limited review is reproducible: each position from an empty hash table, so the
            # result depends neither on --jobs nor on which engine analysed what before.
            self.seat.new_game()
        self.seat.search(position, limits, Purpose.MOVE, banned=forbidden_repetition_moves(position))

    def _on_info(self, info: SeatInfo) -> None:
        if info.info.score is not None and info.info.pv and (info.info.multipv or 1) == 1:
            self.last = info

    def _on_decided(self, move: SeatMove) -> None:
        if self.item is None or move.purpose is not Purpose.MOVE:
            return
        self.watchdog.stop()
        work, ply = self.item
        self.item = None
        self.runner.deliver(work, ply, _value(move, self.last))
        self._next()

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        if not trouble.failure.fatal:
            return  # an option refused, an illegal move (its search ends with no move: asked again below)
        self._died(trouble.failure.message)

    def _on_watchdog(self) -> None:
        self._died("the engine did not answer in time")

    def _died(self, why: str) -> None:
        self.watchdog.stop()
        item, self.item = self.item, None
        if item is not None:
            self.runner.engine_died(*item, why)
        if self.seat.state is not SessionState.BOOTING:
            self.seat.restart()
        self._next()


def _value(move: SeatMove, info: SeatInfo | None) -> PositionValue:
    """The engine's answer for a position: its last main-line score, best move and line."""
    position = move.position
    if info is None or info.info.score is None:
        evaluation = Evaluation(cp=0)  # an engine that sent no score: nothing to judge by
        return PositionValue(evaluation, move.best.move, (), None)
    evaluation = Evaluation.from_score(info.info.score, position.turn)
    pv = info.info.pv if info.info.pv[:1] == ((move.best.move,) if move.best.move else ()) else ()
    return PositionValue(evaluation, move.best.move, pv, info.info.depth)
