"""N engine seats taking searches from one queue (a QtCore driver: signals and timers, no widgets; issue 33
§1). ``WorkerPool`` is the skeleton every pool shares (the match's boards too: ``match.runner``). On it,
``SeatPool`` is the one of the review's and the puzzle finder's pools: each seat's ready/info/decided/trouble
wired in one place, a watchdog, an engine that dies (or sends a bad move, or stays silent) restarted and
its search asked again once (``task_queue.RETRIES_PER_TASK``), then its task given up and named; an engine
that cannot start leaves the others at work; a fault of ours in a slot stops the work with its traceback
rather than leave it waiting for nothing; ``abort`` (Cancel) retires every engine.

A pool says what its tasks are: ``make_seat`` (a ``PoolSeat`` that knows how to ask one search, with the
pool's watchdog (``watch``), and what its answer makes), ``say`` (its trouble signal), ``name_of`` a search
and what a given-up task means. The review (``review.runner``) and the puzzle finder
(``training.search_pool``) judge as they search; ``LinesPool`` is the plain case: a task is positions +
limits, its result the engine's move and lines for each position, handed on in the order the tasks were
given. ``OneSeatPool`` is the interactive case: one seat whose tasks arrive over time (the puzzle solver's
judge, 猜谱's), each a short conversation whose next search depends on the last (``go_on``).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from xiangqi.core import Move, Position
from xiangqi.engine.messages import Info, SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import (EngineFactory, EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble,
                                 wire_seat)
from xiangqi.engine.session_types import EngineInfo
from xiangqi.engine.task_queue import InOrder, TaskQueue, TaskT

ANSWER_GRACE_MS = 10_000   # past its move time, a silent engine is dead
# A search to a depth or a node count, since its last info line: one iteration of a review's 900,000-node
# confirming search took over 10 s without a line on a machine with load 15 on 2 cores.
QUIET_GRACE_MS = 120_000
# (read when a search starts, so that a test may shorten them)


class Worker(Protocol):
    """What a pool runs: a seat (or a match's board of two) that takes work until ``idle``."""

    @property
    def idle(self) -> bool: ...

    def close(self) -> None: ...


WorkerT = TypeVar("WorkerT", bound=Worker)


class WorkerPool(QObject, Generic[WorkerT]):
    """The skeleton every engine pool shares: its ``workers``, slots guarded so that a fault of ours stops the
    work with its traceback (``problem``) rather than leave it waiting, ``abort`` (Cancel: every engine
    retired), and ``finished`` once, when no work is left and every worker is idle."""

    problem = Signal(str)   # an internal error that stopped the work, or what the pool reports (a match)
    finished = Signal()
    WORK = "work"           # what an internal error stopped, in its words ("review", "match")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workers: list[WorkerT] = []
        self.running = False

    def work_left(self) -> bool:
        """Work not handed out yet: the pool does not finish meanwhile."""
        return False

    def stop_work(self) -> None:
        """Nothing more is handed out (Cancel, a fault)."""

    def guarded(self, slot: Callable[..., None]) -> Callable[..., None]:
        """``slot``, but an exception in it stops the work with the traceback (Qt would only print it and go
        on waiting for an answer that never comes)."""
        def run(*args: object) -> None:
            try:
                slot(*args)
            except Exception:  # noqa: BLE001 (any fault of ours: reported, then the work stops)
                self.problem.emit(f"internal error, {self.WORK} stopped: {traceback.format_exc()}")
                self.abort()
        return run

    def abort(self) -> None:
        self.stop_work()
        for worker in self.workers:
            worker.close()
        self._finish()

    def all_idle(self) -> bool:
        return all(worker.idle for worker in self.workers)

    def check_finished(self) -> None:
        if self.running and not self.work_left() and self.all_idle():
            for worker in self.workers:
                worker.close()
            self._finish()

    def _finish(self) -> None:
        if self.running:
            self.running = False
            self.finished.emit()


class SeatPool(WorkerPool["PoolSeat[TaskT]"], Generic[TaskT]):
    """Runs the searches of ``queue`` on ``jobs`` seats; ``finished`` once nothing is left (or aborted)."""

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None, jobs: int,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.factory = factory   # the engine client for each seat (a scripted fake in tests); None: the process
        self.jobs = max(1, jobs)
        self.queue: TaskQueue[TaskT] = TaskQueue()

    @property
    def seats(self) -> list[PoolSeat[TaskT]]:
        return self.workers

    # ----------------------------------------------------------------------- what each pool says
    def make_seat(self) -> PoolSeat[TaskT]:
        raise NotImplementedError

    def say(self, text: str) -> None:
        """Engine trouble, said at once (an engine died, is restarted, a search asked again …)."""
        raise NotImplementedError

    def name_of(self, task: TaskT, index: int) -> str:
        return f"search {index}"

    def on_given_up(self, task: TaskT, index: int, why: str) -> None:
        """``task`` failed twice: it is given up (its searches still waiting are never asked)."""

    def on_all_unusable(self, why: str) -> None:
        """No seat's engine can start: by default the work stops."""
        self.abort()

    def next_search(self) -> tuple[TaskT, int] | None:
        return self.queue.take()

    def quiet_grace_ms(self) -> int:
        """How long a search without a move time may go without a line before its engine counts as dead."""
        return QUIET_GRACE_MS

    # ----------------------------------------------------------------------- the skeleton
    def work_left(self) -> bool:
        return bool(self.queue)

    def stop_work(self) -> None:
        self.queue.clear()

    def start_seats(self, count: int) -> None:
        self.running = True
        self.workers = [self.make_seat() for _ in range(count)]
        for seat in self.workers:
            seat.seat.start()   # the first search is asked for once the engine is ready (its options known)
        self.check_finished()

    def engine_failed(self, task: TaskT, index: int, why: str) -> None:
        if self.queue.why_given_up(task) is not None:
            return
        if self.queue.engine_failed(task, index, why):
            self.say(f"{self.name_of(task, index)}: {why}; asking again")
        else:
            self.on_given_up(task, index, why)

    def seat_unusable(self, why: str) -> None:
        """A seat's engine failed while starting: that seat stops; with none left, ``on_all_unusable``."""
        self.say(f"{why}; it cannot be used")
        if self.all_idle():
            self.on_all_unusable(why)
        self.check_finished()


class PoolSeat(QObject, Generic[TaskT]):
    """One engine seat of a pool answering searches one after the other. A subclass asks a search
    (``begin``) and, when ``on_answer`` has what it needs, hands the answer to its pool and calls ``ask_next``."""

    def __init__(self, pool: SeatPool[TaskT]) -> None:
        super().__init__(pool)
        self.pool = pool
        self.seat = EngineSeat(Role.ANALYSER, pool.spec, pool.factory, parent=self)
        wire_seat(self.seat, ready=self._on_ready, info=self._on_info, decided=self._on_decided,
                  trouble=self._on_trouble, guard=pool.guarded)
        self.item: tuple[TaskT, int] | None = None   # the search being asked
        self.idle = False
        self.started = False   # its engine answered its hello (since the last restart)
        self.watchdog = QTimer(self, singleShot=True)
        self.watchdog.timeout.connect(pool.guarded(self._on_watchdog))
        self.timed = True      # the search asked has a move time (else: alive while it reports)

    # ----------------------------------------------------------------------- what each seat does
    def begin(self, task: TaskT, index: int) -> None:
        raise NotImplementedError

    def on_answer(self, move: SeatMove) -> None:
        """The engine answered the search asked (the watchdog is stopped)."""
        raise NotImplementedError

    def on_info(self, info: SeatInfo) -> None:
        """A line of the search under way."""

    def on_ready(self, info: EngineInfo) -> None:
        """The engine (re)started: what it is and offers is known."""

    # ----------------------------------------------------------------------- the skeleton
    def quiet_grace_ms(self) -> int:
        return self.pool.quiet_grace_ms()

    def watch(self, limits: SearchLimits) -> None:
        """The watchdog for a search with ``limits`` (``begin`` calls it): dead when silent past its move
        time and ``ANSWER_GRACE_MS``, or, without a move time, ``quiet_grace_ms`` since its last line."""
        movetime = limits.movetime_ms
        self.timed = movetime is not None
        self.watchdog.start(movetime + ANSWER_GRACE_MS if movetime is not None else self.quiet_grace_ms())

    def go_on(self, index: int) -> None:
        """Ask search ``index`` of the task being asked now, before anything waiting (its next step, which
        depends on what the last one found; if its engine fails, this search is the one asked again)."""
        assert self.item is not None
        self.item = (self.item[0], index)
        self.begin(*self.item)

    def hand_on(self, give: Callable[[TaskT, int], None]) -> None:
        """The search asked is answered: ``give`` takes its task and index, then the seat asks the next search
        (unless what ``give`` did closed it)."""
        assert self.item is not None
        task, index = self.item
        self.item = None
        give(task, index)
        if not self.idle:
            self.ask_next()

    def drop(self) -> None:
        """Forget the search being asked (Cancel): its answer is discarded and the seat takes the next."""
        self.watchdog.stop()
        if self.item is not None:
            self.item = None
            self.seat.discard()
            self.ask_next()

    def close(self) -> None:
        self.watchdog.stop()
        self.item = None
        self.idle = True
        self.started = False   # started again by its pool (a pool of one does, on its next task)
        self.seat.close()

    def ask_next(self) -> None:
        """The next search from the pool, or idle."""
        self.item = self.pool.next_search()
        if self.item is None:
            self.idle = True
            self.pool.check_finished()
            return
        self.begin(*self.item)

    def _on_ready(self, info: EngineInfo) -> None:
        self.started = True
        self.on_ready(info)
        if self.item is None and not self.idle:
            self.ask_next()

    def _on_info(self, info: SeatInfo) -> None:
        if self.item is not None and not self.timed:
            self.watchdog.start(self.quiet_grace_ms())   # alive as long as it reports
        self.on_info(info)

    def _on_decided(self, move: SeatMove) -> None:
        if self.item is None or move.purpose is not Purpose.MOVE:
            return
        self.watchdog.stop()
        self.on_answer(move)

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        failure, name = trouble.failure, self.seat.spec.name
        if failure.fatal:
            self._died(f"{name} stopped: {failure.message}")
        elif trouble.search_lost and self.item is not None:
            self._died(f"{name} sent a bad move: {failure.message}", restart=False)
        # else: an option refused; the engine goes on

    def _on_watchdog(self) -> None:
        self._died(f"{self.seat.spec.name} did not answer in time")

    def _died(self, why: str, restart: bool = True) -> None:
        self.watchdog.stop()
        item, self.item = self.item, None
        if item is None and not self.started:
            self.idle = True   # it failed while starting (the first time or after a restart)
            self.pool.seat_unusable(why)
            return
        if item is not None:
            self.pool.engine_failed(*item, why)
        if restart:
            self.started = False
            self.pool.say(f"restarting {self.seat.spec.name} ({why.rstrip('.')})")
            self.seat.restart()   # the next search is asked for once it is ready again
        else:
            self.ask_next()


class OneSeatPool(SeatPool[TaskT]):
    """One seat whose tasks arrive over time, answered one after the other (the puzzle solver's judge,
    猜谱's): a pool of one that waits for the next ``submit`` instead of finishing when idle. Its engine
    starts with the first task (or ``warm_up``); the watchdog, the restart of a dead or silent engine, a
    search asked again once and a task given up the second time are the pool's, as for every pool. A task
    given up, or waiting when the engine cannot start, goes to ``unanswered``; the next task tries to
    start the engine again. ``cancel`` forgets every task; ``close`` retires the engine."""

    trouble = Signal(str)   # engine trouble said at once (restarting, asking again)

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None, parent: QObject | None = None) -> None:
        super().__init__(spec, factory, 1, parent)

    def unanswered(self, task: TaskT, why: str) -> None:
        """``task`` gets no answer (its engine failed twice, or cannot start): say so."""
        raise NotImplementedError

    def say(self, text: str) -> None:
        self.trouble.emit(text)

    def work_left(self) -> bool:
        return True   # more tasks may come: only ``close`` ends the pool

    def quiet_grace_ms(self) -> int:
        return ANSWER_GRACE_MS   # someone waits for the answer: a search to a depth is dead after a short silence

    def warm_up(self) -> None:
        """Start the engine now, before the first task (it is ready when the user asks)."""
        if not self.workers:
            self.start_seats(1)

    def submit(self, task: TaskT) -> None:
        """Ask ``task`` (its search 0 first) once the tasks before it are answered."""
        self.queue.add(task, (0,))
        self.running = True
        if not self.workers:
            self.start_seats(1)
            return
        seat = self.workers[0]
        if seat.idle:
            seat.idle = False
            if seat.started:
                seat.ask_next()
            else:
                seat.seat.start()   # its engine could not start, or was closed: try again

    def answered(self, task: TaskT) -> None:
        """``task`` has its answer: the queue forgets it (its failure count)."""
        self.queue.forget(task)

    def cancel(self) -> None:
        """Forget every task, the one being searched too: nothing more is said of them; the engine stays."""
        self.queue.reset()
        for seat in self.workers:
            seat.drop()

    def stop_work(self) -> None:
        self.queue.reset()   # (close, or a fault of ours: ``problem`` says so)

    def close(self) -> None:
        """Retire the engine, every task forgotten; a later ``submit`` starts it again."""
        self.abort()

    def on_given_up(self, task: TaskT, index: int, why: str) -> None:
        self.queue.forget(task)
        self.unanswered(task, why)

    def on_all_unusable(self, why: str) -> None:
        while (item := self.queue.take()) is not None:
            self.on_given_up(item[0], item[1], why)


class FixedTask(Protocol):
    """A task known from the start: done once every search answered, or given up (``failed``: why)."""

    failed: str | None

    @property
    def done(self) -> bool: ...


FixedT = TypeVar("FixedT", bound=FixedTask)


class FixedTaskPool(SeatPool[FixedT]):
    """A pool of ``tasks`` all known at the start, each handed on (``hand_on``) once done, in the order given;
    a task given up, or every task left when no engine can start, is done with ``failed`` set."""

    GIVEN_UP = "the task is given up"

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None, jobs: int, tasks: Sequence[FixedT],
                 parent: QObject | None = None) -> None:
        super().__init__(spec, factory, jobs, parent)
        self.tasks = list(tasks)
        self._in_order: InOrder[FixedT] = InOrder()
        self._handed: set[int] = set()   # indexes in ``tasks``

    def searches_of(self, task: FixedT) -> range:
        """The indexes of ``task``'s searches (what it needs no search for, it may settle here)."""
        raise NotImplementedError

    def hand_on(self, task: FixedT) -> None:
        raise NotImplementedError

    def start(self) -> None:
        self.running = True
        for task in self.tasks:
            self.queue.add(task, self.searches_of(task))
        self.hand_on_done()
        self.start_seats(min(self.jobs, len(self.queue)))

    def on_given_up(self, task: FixedT, index: int, why: str) -> None:
        task.failed = why
        self.say(f"{self.name_of(task, index)}: {why}; {self.GIVEN_UP}")
        self.hand_on_done()

    def on_all_unusable(self, why: str) -> None:
        for task in self.tasks:
            if not task.done:
                task.failed = why
        self.queue.clear()
        self.hand_on_done()

    def hand_on_done(self) -> None:
        for index, task in enumerate(self.tasks):
            if task.done and index not in self._handed:
                self._handed.add(index)
                for due in self._in_order.put(index, task):
                    self.hand_on(due)


@dataclass(frozen=True)
class PositionsTask:
    """A task: ``positions`` (one, or a game's) searched with ``limits``, ``multipv`` lines each."""

    number: int                       # its place in the order given (0, 1, …): results come back in it
    positions: tuple[Position, ...]
    limits: SearchLimits
    multipv: int = 1


@dataclass(frozen=True)
class PositionAnswer:
    """The engine's move for one position and its last line of each MultiPV rank (best first)."""

    best: Move | None
    lines: tuple[Info, ...]


@dataclass(frozen=True)
class TaskResult:
    task: PositionsTask
    answers: tuple[PositionAnswer, ...]   # one a position, in order (none when ``failed``)
    failed: str | None = None             # why the task was given up (the engine named)


@dataclass(eq=False)
class _Work:
    task: PositionsTask
    answers: list[PositionAnswer | None] = field(default_factory=list)
    failed: str | None = None

    @property
    def done(self) -> bool:
        return self.failed is not None or all(answer is not None for answer in self.answers)


class LinesPool(FixedTaskPool[_Work]):
    """``tasks`` on ``jobs`` seats: ``progress(answered, asked)`` after each search, ``task_done`` for each
    task (a ``TaskResult``) in the order given, then ``finished``."""

    task_done = Signal(object)      # TaskResult
    progress = Signal(int, int)     # searches answered, searches asked
    trouble = Signal(str)
    WORK = "analysis"

    def __init__(self, spec: EngineSpec, tasks: Sequence[PositionsTask], jobs: int = 1,
                 factory: EngineFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(spec, factory, jobs, [_Work(task, [None] * len(task.positions)) for task in tasks], parent)

    def searches_of(self, task: _Work) -> range:
        return range(len(task.task.positions))

    def make_seat(self) -> _LinesSeat:
        return _LinesSeat(self)

    def say(self, text: str) -> None:
        self.trouble.emit(text)

    def name_of(self, task: _Work, index: int) -> str:
        return f"task {task.task.number}, position {index}"

    def answer(self, work: _Work, index: int, answer: PositionAnswer) -> None:
        self.queue.answered_one()
        if work.failed is None:
            work.answers[index] = answer
        self.progress.emit(self.queue.answered, self.queue.asked)
        self.hand_on_done()

    def hand_on(self, task: _Work) -> None:
        answers = () if task.failed else tuple(answer for answer in task.answers if answer is not None)
        self.task_done.emit(TaskResult(task.task, answers, task.failed))


class _LinesSeat(PoolSeat[_Work]):
    def __init__(self, pool: LinesPool) -> None:
        super().__init__(pool)
        self.lines_pool = pool
        self.lines: dict[int, Info] = {}
        self.multipv: int | None = None

    def on_ready(self, info: EngineInfo) -> None:
        self.multipv = None   # a restarted engine has its defaults again

    def begin(self, task: _Work, index: int) -> None:
        limits, multipv = task.task.limits, task.task.multipv if self.seat.offers("MultiPV") else 1
        if multipv != self.multipv:
            self.seat.set_option("MultiPV", multipv)
            self.multipv = multipv
        if limits.depth is not None or limits.nodes is not None:
            self.seat.new_game()   # reproducible: each search from an empty hash, whichever seat runs it
        self.lines = {}
        self.watch(limits)
        self.seat.search(task.task.positions[index], limits)

    def on_info(self, info: SeatInfo) -> None:
        if info.info.score is not None and info.info.pv:
            self.lines[info.info.multipv or 1] = info.info

    def on_answer(self, move: SeatMove) -> None:
        lines = tuple(self.lines[rank] for rank in sorted(self.lines))
        self.hand_on(lambda work, index: self.lines_pool.answer(work, index, PositionAnswer(move.best.move, lines)))


__all__ = ["FixedTask", "FixedTaskPool", "LinesPool", "OneSeatPool", "PoolSeat", "PositionAnswer", "PositionsTask",
           "SeatPool", "TaskResult", "Worker", "WorkerPool"]
