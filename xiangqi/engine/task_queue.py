"""What a pool of engine seats keeps track of, without Qt (issue 33 §1): the searches waiting, which task
(a game's positions, a puzzle pass) each belongs to, a search asked again once when its engine failed and
its task given up the second time, how many searches are done of how many, and results handed on in the
order their tasks were given.

The driver that owns the engine processes (``xiangqi.engine.seat_pool``) takes searches from here; the
review, the puzzle finder and their commands only say what a task is and what its answers make.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Generic, TypeVar

RETRIES_PER_TASK = 1   # a task whose engine died (or stayed silent) is asked again once, then given up

TaskT = TypeVar("TaskT")
ResultT = TypeVar("ResultT")


class TaskQueue(Generic[TaskT]):
    """The searches waiting, as (task, index), first in first out. A search whose engine failed goes back
    to the front ``retries`` times per task; the next failure gives the task up, and the searches of a task
    given up are never handed out again. ``asked`` / ``answered`` count the searches (progress)."""

    def __init__(self, retries: int = RETRIES_PER_TASK) -> None:
        self.retries = retries
        self._waiting: deque[tuple[TaskT, int]] = deque()
        # By id(task), each entry keeping its task alive, so that an id is never another task's meanwhile.
        self._failures: dict[int, tuple[TaskT, int]] = {}
        self._given_up: dict[int, tuple[TaskT, str]] = {}
        self.asked = 0
        self.answered = 0

    def __len__(self) -> int:
        return len(self._waiting)

    def add(self, task: TaskT, indexes: Iterable[int]) -> None:
        before = len(self._waiting)
        self._waiting.extend((task, index) for index in indexes)
        self.asked += len(self._waiting) - before

    def take(self) -> tuple[TaskT, int] | None:
        """The next search of a task not given up (None: nothing waits)."""
        while self._waiting:
            task, index = self._waiting.popleft()
            if id(task) not in self._given_up:
                return task, index
        return None

    def answered_one(self) -> None:
        self.answered += 1

    def engine_failed(self, task: TaskT, index: int, why: str) -> bool:
        """The engine failed on this search: True, it is asked again first; False, its task is given up."""
        _task, failures = self._failures.get(id(task), (task, 0))
        if failures < self.retries:
            self._failures[id(task)] = (task, failures + 1)
            self._waiting.appendleft((task, index))
            return True
        self.give_up(task, why)
        return False

    def give_up(self, task: TaskT, why: str) -> None:
        self._failures.pop(id(task), None)
        self._given_up[id(task)] = (task, why)

    def why_given_up(self, task: TaskT) -> str | None:
        entry = self._given_up.get(id(task))
        return entry[1] if entry is not None else None

    def clear(self) -> None:
        """Nothing more is handed out (Cancel, or no engine left)."""
        self._waiting.clear()

    def forget(self, task: TaskT) -> None:
        """``task`` is over (answered or given up, none of its searches waiting): its failure count and mark
        are dropped, so that a queue fed tasks for hours keeps only those in flight."""
        self._failures.pop(id(task), None)
        self._given_up.pop(id(task), None)

    def reset(self) -> None:
        """Every task forgotten (Cancel of a queue fed over time); the counts stay."""
        self._waiting.clear()
        self._failures.clear()
        self._given_up.clear()


class InOrder(Generic[ResultT]):
    """Results handed on in the order their tasks were given (0, 1, 2 …): each once every earlier one came,
    whatever order the seats finished them in."""

    def __init__(self) -> None:
        self._next = 0
        self._held: dict[int, ResultT] = {}

    def put(self, number: int, result: ResultT) -> list[ResultT]:
        """The result of task ``number``; the results now due, in order (often none, or several)."""
        if number < self._next or number in self._held:
            raise ValueError(f"task {number} has a result already")
        self._held[number] = result
        due: list[ResultT] = []
        while self._next in self._held:
            due.append(self._held.pop(self._next))
            self._next += 1
        return due


__all__ = ["InOrder", "RETRIES_PER_TASK", "TaskQueue"]
