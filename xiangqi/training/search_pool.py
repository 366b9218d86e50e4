"""Running the puzzle finder's passes on engine processes in parallel (a Qt driver: QtCore, no widgets).

``SearchPool`` takes passes (``puzzle_finder`` generators, one per game or position) and ``jobs`` engine
seats take their searches off one queue: a pass's next batch is asked for once every search of its
batch has answered. Only a few passes are open at a time (``jobs * 4``), so a collection of thousands of
games is read into passes as the work goes. An engine that dies or stays silent is restarted and the
search asked again once; a pass whose search fails twice is given up (``failed``).

With ``fresh_hash`` every search starts from a cleared hash (``ucinewgame`` first, a small ``FRESH_HASH_MB``
table so that clearing it is cheap): at a node limit with one thread, a search's answer then depends on its
position only, not on which engine process took it or what it searched before, so a build is reproducible.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, SeatInfo, SeatMove
from xiangqi.engine.seat_pool import PoolSeat, SeatPool
from xiangqi.engine.session_types import EngineInfo
from xiangqi.review.judging import SearchLines, expected_lines
from xiangqi.training.puzzle_finder import Lines, SearchRequest

OPEN_PER_JOB = 4
FRESH_HASH_MB = 16    # enough for a 1,000,000-node search; cleared before each search in ~1 ms

Task = Generator[list[SearchRequest], list[Lines], object]


@dataclass(eq=False)
class _Open:
    """One pass at work: its current batch and the answers so far."""

    key: object
    task: Task
    batch: list[SearchRequest] = field(default_factory=list)
    answers: list[Lines | None] = field(default_factory=list)


class SearchPool(SeatPool[_Open]):
    """The passes' searches on ``jobs`` seats (``xiangqi.engine.seat_pool``); ``task_done`` / ``task_failed``
    as each pass ends, in the order they end (a pass's result is written under its key)."""

    task_done = Signal(object, object)   # key, the pass's return value
    task_failed = Signal(object, str)    # key, why
    trouble = Signal(str)
    WORK = "search"

    def __init__(self, spec: EngineSpec, tasks: Iterator[tuple[object, Task]], jobs: int = 1,
                 factory: EngineFactory | None = None, parent: QObject | None = None, *,
                 fresh_hash: bool = False) -> None:
        super().__init__(spec, factory, jobs, parent)
        self.fresh_hash = fresh_hash
        self._tasks = tasks
        self._open: list[_Open] = []

    @property
    def searches(self) -> int:
        """Searches answered so far."""
        return self.queue.answered

    def start(self) -> None:
        self.running = True
        self._refill()
        self.start_seats(self.jobs)

    def abort(self) -> None:
        self._open.clear()
        self._tasks = iter(())
        super().abort()

    # ------------------------------------------------------------------------------ what the pool says
    def make_seat(self) -> _Seat:
        return _Seat(self)

    def say(self, text: str) -> None:
        self.trouble.emit(text)

    def name_of(self, task: _Open, index: int) -> str:
        return str(task.key)

    def on_given_up(self, task: _Open, index: int, why: str) -> None:
        self._open.remove(task)
        task.task.close()
        self.task_failed.emit(task.key, why)
        self._refill()

    def work_left(self) -> bool:
        return super().work_left() or bool(self._open)   # a pass waits for its next batch

    # ------------------------------------------------------------------------------ the passes
    def _refill(self) -> None:
        while len(self._open) < self.jobs * OPEN_PER_JOB:
            item = next(self._tasks, None)
            if item is None:
                return
            key, task = item
            self._advance(_Open(key, task), None)

    def _advance(self, work: _Open, answers: list[Lines] | None) -> None:
        try:
            batch = next(work.task) if answers is None else work.task.send(answers)
        except StopIteration as stop:
            if work in self._open:
                self._open.remove(work)
            self.task_done.emit(work.key, stop.value)
            return
        if work not in self._open:
            self._open.append(work)
        work.batch, work.answers = batch, [None] * len(batch)
        self.queue.add(work, range(len(batch)))
        if not batch:
            self._advance(work, [])

    def answer(self, work: _Open, index: int, lines: Lines) -> None:
        self.queue.answered_one()
        if work not in self._open:
            return
        work.answers[index] = lines
        if all(a is not None for a in work.answers):
            self._advance(work, [a for a in work.answers if a is not None])
            self._refill()


class _Seat(PoolSeat[_Open]):
    """One engine seat answering the passes' searches, MultiPV as each asks."""

    def __init__(self, pool: SearchPool) -> None:
        super().__init__(pool)
        self.search_pool = pool
        self.lines = SearchLines()
        self.multipv: int | None = None
        if pool.fresh_hash:
            self.seat.set_option("Threads", 1)
            self.seat.set_option("Hash", FRESH_HASH_MB)

    def on_ready(self, info: EngineInfo) -> None:
        self.multipv = None

    def begin(self, task: _Open, index: int) -> None:
        request = task.batch[index]
        multipv = request.multipv if self.seat.offers("MultiPV") else 1
        if multipv != self.multipv:
            self.seat.set_option("MultiPV", multipv)
            self.multipv = multipv
        self.lines = SearchLines(expected_lines(len(request.position.legal_moves()), multipv), request.limits)
        self.watch(request.limits)   # the pool's watchdog
        if self.search_pool.fresh_hash:
            self.seat.new_game()
        self.seat.search(request.position, request.limits)

    def on_info(self, info: SeatInfo) -> None:
        self.lines.add(info.info)

    def on_answer(self, move: SeatMove) -> None:
        lines = self.lines.completed()
        self.hand_on(lambda task, index: self.search_pool.answer(task, index, lines))
