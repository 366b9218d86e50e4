"""The one engine-task pool (``xiangqi.engine.seat_pool``, issue 33 §1) on real processes of the scripted
fake engine: tasks (positions + limits) run on N seats, results come back in the order given whatever
order the seats finish in, progress counts every search, Cancel retires the engines mid-run, and an engine
that dies is restarted and its search asked again once, then its task given up with the engine named.
The Qt-free bookkeeping underneath (``xiangqi.engine.task_queue``) is tested on its own first."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from fake_engines import FAKE, fake_spec
from xiangqi.core import Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.process import processes_reaping
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat_pool import LinesPool, PositionsTask, TaskResult
from xiangqi.engine.task_queue import InOrder, TaskQueue

START = Position()
LIMITS = SearchLimits(depth=2)


def tasks(*lengths: int) -> list[PositionsTask]:
    """Tasks of ``lengths`` positions each: the start and the positions after its first legal moves."""
    made = []
    for number, length in enumerate(lengths):
        positions = [START.copy()]
        for move in START.legal_moves()[:length - 1]:
            after = START.copy()
            after.push(move)
            positions.append(after)
        made.append(PositionsTask(number, tuple(positions), LIMITS))
    return made


class Run:
    """A pool's signals as they came."""

    def __init__(self, pool: LinesPool) -> None:
        self.pool = pool
        self.results: list[TaskResult] = []
        self.progress: list[tuple[int, int]] = []
        self.troubles: list[str] = []
        pool.task_done.connect(self.results.append)
        pool.progress.connect(lambda done, asked: self.progress.append((done, asked)))
        pool.trouble.connect(self.troubles.append)


def run(qtbot: QtBot, spec: EngineSpec, work: list[PositionsTask], jobs: int = 2) -> Run:
    seen = Run(LinesPool(spec, work, jobs))
    with qtbot.waitSignal(seen.pool.finished, timeout=60_000):
        seen.pool.start()
    wait_engines_gone(qtbot)
    return seen


def wait_engines_gone(qtbot: QtBot) -> None:
    """The pool retires its engines in the background: the test ends once their processes have."""
    qtbot.waitUntil(lambda: not engines_retiring() and not processes_reaping(), timeout=30_000)


def first_process_differs(tmp_path: Path, first: str, others: str, name: str) -> EngineSpec:
    """The fake engine with the switches ``first`` in the first process started (a marker directory made
    atomically says which), ``others`` in every later one (a restart, another seat)."""
    marker = tmp_path / "first-started"
    fake = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))}"
    script = f"if mkdir {shlex.quote(str(marker))} 2>/dev/null; then exec {fake} {first}; else exec {fake} {others}; fi"
    return EngineSpec(name=name, command="/bin/sh", args=("-c", script), protocol=Protocol.UCCI)


def test_the_queue_asks_a_failed_search_again_once_then_gives_its_task_up() -> None:
    queue: TaskQueue[str] = TaskQueue()
    queue.add("game 1", range(2))
    queue.add("game 2", range(1))
    assert queue.take() == ("game 1", 0) and queue.asked == 3
    assert queue.engine_failed("game 1", 0, "died")          # asked again, first
    assert queue.take() == ("game 1", 0)
    assert not queue.engine_failed("game 1", 0, "died again")
    assert queue.why_given_up("game 1") == "died again"
    assert queue.take() == ("game 2", 0)                      # game 1's other search is never asked
    assert queue.take() is None and len(queue) == 0


def test_a_queue_fed_over_time_forgets_the_tasks_it_is_done_with() -> None:
    queue: TaskQueue[str] = TaskQueue()
    queue.add("check 1", range(1))
    assert queue.take() == ("check 1", 0) and queue.engine_failed("check 1", 0, "died")   # asked again
    assert queue.take() == ("check 1", 0)
    queue.forget("check 1")                                   # answered: its failure count is dropped
    queue.add("check 1", range(1))                            # the same task asked again later: two tries again
    assert queue.take() == ("check 1", 0) and queue.engine_failed("check 1", 0, "died")
    queue.add("check 2", range(1))
    queue.reset()                                             # Cancel: nothing waits, nothing is remembered
    assert len(queue) == 0 and queue.take() is None and queue.why_given_up("check 1") is None
    queue.add("check 1", range(1))
    assert queue.take() == ("check 1", 0) and queue.engine_failed("check 1", 0, "died")


def test_results_are_handed_on_in_the_order_given() -> None:
    in_order: InOrder[str] = InOrder()
    assert in_order.put(2, "c") == [] and in_order.put(0, "a") == ["a"]
    assert in_order.put(1, "b") == ["b", "c"]
    with pytest.raises(ValueError, match="task 1 has a result already"):
        in_order.put(1, "b")


def test_tasks_run_on_two_seats_with_progress_and_results_in_order(qtbot: QtBot, tmp_path: Path) -> None:
    # One seat's engine thinks long over its one search, the other answers every other search meanwhile:
    # the tasks end out of order, yet come back in the order given. (Both load the rules core before their
    # banner: the quick one's first search does not spend the slow one's 800 ms on it.)
    spec = first_process_differs(tmp_path, "--delay-ms 800 --load-rules-first", "--delay-ms 1 --load-rules-first",
                                 "Fake")
    seen = run(qtbot, spec, tasks(2, 1, 3, 1))
    assert [result.task.number for result in seen.results] == [0, 1, 2, 3]
    assert [len(result.answers) for result in seen.results] == [2, 1, 3, 1]
    assert all(result.failed is None for result in seen.results)
    for result in seen.results:
        for position, answer in zip(result.task.positions, result.answers, strict=True):
            assert answer.best is not None and position.is_legal(answer.best)
    assert seen.progress == [(done, 7) for done in range(1, 8)]   # every search counted, once
    assert not seen.pool.running and all(seat.idle for seat in seen.pool.seats)


def test_cancel_mid_run_retires_the_engines_and_hands_on_no_more(qtbot: QtBot) -> None:
    pool = LinesPool(fake_spec("--delay-ms", "50"), tasks(3, 3, 3, 3), jobs=2)
    seen = Run(pool)
    pool.progress.connect(lambda _done, _asked: pool.abort())   # Cancel once the first search answered
    with qtbot.waitSignal(pool.finished, timeout=60_000):
        pool.start()
    wait_engines_gone(qtbot)
    assert seen.progress[0] == (1, 12) and len(seen.results) < 4
    assert not pool.running and len(pool.queue) == 0
    assert all(seat.idle and not seat.seat.is_ready for seat in pool.seats)


def test_a_dead_engine_is_restarted_and_its_search_asked_again(qtbot: QtBot, tmp_path: Path) -> None:
    """The first engine process crashes in its first search (a marker directory says it already did);
    the restarted one answers: the task completes, and what happened is said at once by the engine's name."""
    spec = first_process_differs(tmp_path, "--fault crash-in-search", "", "Flaky")
    seen = run(qtbot, spec, tasks(2), jobs=1)
    assert len(seen.results) == 1 and seen.results[0].failed is None and len(seen.results[0].answers) == 2
    assert any(t.startswith("task 0, position 0: Flaky stopped") and t.endswith("asking again")
               for t in seen.troubles)
    assert any(t.startswith("restarting Flaky") for t in seen.troubles)


def test_an_engine_dying_twice_on_a_task_gives_it_up_named_and_the_others_still_run(qtbot: QtBot) -> None:
    seen = run(qtbot, fake_spec("--fault", "crash-in-search", name="Crashy"), tasks(1, 1), jobs=1)
    assert [result.task.number for result in seen.results] == [0, 1]
    for result in seen.results:
        assert result.answers == () and result.failed is not None and result.failed.startswith("Crashy stopped")
    assert any(t.endswith("the task is given up") for t in seen.troubles)


def test_an_engine_that_cannot_start_gives_every_task_up(qtbot: QtBot, tmp_path: Path) -> None:
    spec = EngineSpec(name="Missing", command=str(tmp_path / "no-such-engine"), protocol=Protocol.UCCI)
    seen = run(qtbot, spec, tasks(1, 2), jobs=2)
    assert [result.task.number for result in seen.results] == [0, 1]
    assert all(result.failed is not None and "Missing" in result.failed for result in seen.results)
    assert any(t.endswith("it cannot be used") for t in seen.troubles)
