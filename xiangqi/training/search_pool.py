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

import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal

from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble
from xiangqi.review.judging import SearchLines, expected_lines
from xiangqi.training.puzzle_finder import Lines, SearchRequest

ANSWER_GRACE_MS = 20_000
OPEN_PER_JOB = 4
FRESH_HASH_MB = 16    # enough for a 1,000,000-node search; cleared before each search in ~1 ms

Task = Generator[list[SearchRequest], list[Lines], object]


@dataclass
class _Open:
    """One pass at work: its current batch and the answers so far."""

    key: object
    task: Task
    batch: list[SearchRequest] = field(default_factory=list)
    answers: list[Lines | None] = field(default_factory=list)
    retries: int = 0


class SearchPool(QObject):
    task_done = Signal(object, object)   # key, the pass's return value
    task_failed = Signal(object, str)    # key, why
    trouble = Signal(str)
    problem = Signal(str)                # an internal error that stopped the work
    finished = Signal()

    def __init__(self, spec: EngineSpec, tasks: Iterator[tuple[object, Task]], jobs: int = 1,
                 factory: EngineFactory | None = None, parent: QObject | None = None, *,
                 fresh_hash: bool = False) -> None:
        super().__init__(parent)
        self.spec, self.factory = spec, factory
        self.fresh_hash = fresh_hash
        self._tasks = tasks
        self._jobs = max(1, jobs)
        self._open: list[_Open] = []
        self._queue: deque[tuple[_Open, int]] = deque()
        self._workers: list[_Worker] = []
        self.running = False
        self.searches = 0

    def start(self) -> None:
        self.running = True
        self._refill()
        self._workers = [_Worker(self) for _ in range(self._jobs)]
        for worker in self._workers:
            worker.seat.start()
        self._check_finished()

    def abort(self) -> None:
        self._queue.clear()
        self._open.clear()
        self._tasks = iter(())
        for worker in self._workers:
            worker.close()
        self._finish()

    def guarded(self, slot: Callable[..., None]) -> Callable[..., None]:
        def run(*args: object) -> None:
            try:
                slot(*args)
            except Exception:  # noqa: BLE001 (a fault of ours: reported, then the work stops)
                self.problem.emit(f"internal error, stopped: {traceback.format_exc()}")
                self.abort()
        return run

    # ------------------------------------------------------------------------------ the passes
    def _refill(self) -> None:
        while len(self._open) < self._jobs * OPEN_PER_JOB:
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
        self._queue.extend((work, index) for index in range(len(batch)))
        if not batch:
            self._advance(work, [])

    def next_search(self) -> tuple[_Open, int] | None:
        while self._queue:
            work, index = self._queue.popleft()
            if work in self._open:
                return work, index
        return None

    def answer(self, work: _Open, index: int, lines: Lines) -> None:
        self.searches += 1
        if work not in self._open:
            return
        work.answers[index] = lines
        if all(a is not None for a in work.answers):
            self._advance(work, [a for a in work.answers if a is not None])
            self._refill()

    def failed(self, work: _Open, index: int, why: str) -> None:
        if work not in self._open:
            return
        if work.retries < 1:
            work.retries += 1
            self._queue.appendleft((work, index))
            self.trouble.emit(f"{why}; asking again")
            return
        self._open.remove(work)
        work.task.close()
        self.task_failed.emit(work.key, why)
        self._refill()

    def worker_idle(self) -> None:
        self._check_finished()

    def all_idle(self) -> bool:
        return all(w.idle for w in self._workers)

    def _check_finished(self) -> None:
        if self.running and not self._queue and not self._open and self.all_idle():
            for worker in self._workers:
                worker.close()
            self._finish()

    def _finish(self) -> None:
        if self.running:
            self.running = False
            self.finished.emit()


class _Worker(QObject):
    """One engine seat answering searches one after the other."""

    def __init__(self, pool: SearchPool) -> None:
        super().__init__(pool)
        self.pool = pool
        self.seat = EngineSeat(Role.ANALYSER, pool.spec, pool.factory, parent=self)
        self.seat.ready.connect(pool.guarded(self._on_ready))
        self.seat.info.connect(pool.guarded(self._on_info))
        self.seat.decided.connect(pool.guarded(self._on_decided))
        self.seat.trouble.connect(pool.guarded(self._on_trouble))
        self.item: tuple[_Open, int] | None = None
        self.lines = SearchLines()
        self.multipv: int | None = None
        self.idle = False
        self.started = False
        self.watchdog = QTimer(self, singleShot=True)
        self.watchdog.timeout.connect(pool.guarded(self._on_watchdog))
        if pool.fresh_hash:
            self.seat.set_option("Threads", 1)
            self.seat.set_option("Hash", FRESH_HASH_MB)

    def close(self) -> None:
        self.watchdog.stop()
        self.item = None
        self.idle = True
        self.seat.close()

    def _on_ready(self, _info: object) -> None:
        self.started = True
        self.multipv = None
        if self.item is not None:
            self._send()
        elif not self.idle:
            self._next()

    def _next(self) -> None:
        self.item = self.pool.next_search()
        if self.item is None:
            self.idle = True
            self.pool.worker_idle()
            return
        self._send()

    def _send(self) -> None:
        assert self.item is not None
        work, index = self.item
        request = work.batch[index]
        multipv = request.multipv if self.seat.offers("MultiPV") else 1
        if multipv != self.multipv:
            self.seat.set_option("MultiPV", multipv)
            self.multipv = multipv
        self.lines = SearchLines(expected_lines(len(request.position.legal_moves()), multipv), request.limits)
        self.watchdog.start((request.limits.movetime_ms or 0) + ANSWER_GRACE_MS)
        if self.pool.fresh_hash:
            self.seat.new_game()
        self.seat.search(request.position, request.limits, Purpose.MOVE)

    def _on_info(self, info: SeatInfo) -> None:
        self.lines.add(info.info)
        self.watchdog.start(ANSWER_GRACE_MS)

    def _on_decided(self, move: SeatMove) -> None:
        if self.item is None or move.purpose is not Purpose.MOVE:
            return
        self.watchdog.stop()
        work, index = self.item
        self.item = None
        self.pool.answer(work, index, self.lines.completed())
        if not self.idle:
            self._next()

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        if trouble.failure.fatal:
            self._died(f"{self.seat.spec.name} stopped: {trouble.failure.message}")
        elif trouble.search_lost and self.item is not None:
            self._died(f"{self.seat.spec.name} sent a bad move: {trouble.failure.message}", restart=False)

    def _on_watchdog(self) -> None:
        self._died(f"{self.seat.spec.name} did not answer in time")

    def _died(self, why: str, restart: bool = True) -> None:
        self.watchdog.stop()
        item, self.item = self.item, None
        if item is None and not self.started:
            self.idle = True
            self.pool.trouble.emit(f"{why}; it cannot be used")
            if self.pool.all_idle():
                self.pool.abort()
            else:
                self.pool.worker_idle()
            return
        if item is not None:
            self.pool.failed(*item, why)
        if restart:
            self.started = False
            self.seat.restart()
        else:
            self._next()
