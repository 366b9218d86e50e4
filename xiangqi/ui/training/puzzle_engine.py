"""The engine behind the puzzle solver: is the user's move as good as the solution, what does the other
side answer, what is the best move here (a hint off the line).

``PuzzleEngine`` is a pool of one analyser seat (``engine.seat_pool.OneSeatPool``), started on first use.
``compare(position, reference, candidate)`` searches the candidate move alone, then the reference (the
solution; None: the engine's own best) at the same limits, and emits ``compared(Comparison)``;
``best(position)`` emits ``found(Line)``. Requests are answered one after the other. An engine that dies or
goes silent is restarted by the pool and the request asked again once; ``unavailable(str)`` says why a
request gets no answer (the engine cannot start, or failed twice on it, or a fault of ours).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, Purpose, SeatInfo, SeatMove
from xiangqi.engine.seat_pool import OneSeatPool, PoolSeat
from xiangqi.game.setup import is_builtin
from xiangqi.review.judging import Line, SearchLines, others_than
from xiangqi.training.puzzle_solving import CHECK_LIMITS, equivalent

BUILTIN_LIMITS = SearchLimits(movetime_ms=1500)   # the built-in engine is too slow for depth 10


@dataclass(frozen=True)
class Comparison:
    candidate: Line | None     # the user's move searched alone (its pv[1]: the other side's answer)
    reference: Line | None     # the solution (or the engine's best) searched alone

    @property
    def as_good(self) -> bool:
        if self.candidate is None:
            return False
        if self.reference is None:
            return True
        return equivalent(self.reference.score, self.candidate.score)


@dataclass(eq=False)
class _Request:
    """One request: its searches of ``position`` one after the other, each with its banned moves; ``done``
    gets the first line of each (None: no exact score came)."""

    position: Position
    searches: tuple[tuple[Move, ...], ...]
    done: Callable[[list[Line | None]], None]
    lines: list[Line | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines = [None] * len(self.searches)


class PuzzleEngine(OneSeatPool[_Request]):
    compared = Signal(object)     # Comparison
    found = Signal(object)        # Line | None
    unavailable = Signal(str)
    WORK = "move checking"

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(spec, factory, parent)
        self.limits = BUILTIN_LIMITS if is_builtin(spec) else CHECK_LIMITS
        self.problem.connect(self.unavailable)   # a fault of ours: the request in flight gets no answer

    def compare(self, position: Position, reference: Move | None, candidate: Move) -> None:
        banned = others_than(position, reference) if reference is not None else ()
        self.submit(_Request(position.copy(), (others_than(position, candidate), banned),
                             lambda lines: self.compared.emit(Comparison(lines[0], lines[1]))))

    def best(self, position: Position) -> None:
        self.submit(_Request(position.copy(), ((),), lambda lines: self.found.emit(lines[0])))

    def make_seat(self) -> _PuzzleSeat:
        return _PuzzleSeat(self)

    def name_of(self, task: _Request, index: int) -> str:
        return "the move check" if len(task.searches) > 1 else "the best move"

    def unanswered(self, task: _Request, why: str) -> None:
        self.unavailable.emit(why)

    def answer(self, request: _Request) -> None:
        self.answered(request)
        request.done(request.lines)


class _PuzzleSeat(PoolSeat[_Request]):
    def __init__(self, pool: PuzzleEngine) -> None:
        super().__init__(pool)
        self.engine = pool
        self.lines = SearchLines()

    def begin(self, task: _Request, index: int) -> None:
        limits = self.engine.limits
        self.lines = SearchLines(1, limits)
        self.watch(limits)
        self.seat.search(task.position, limits, Purpose.MOVE, banned=task.searches[index])

    def on_info(self, info: SeatInfo) -> None:
        self.lines.add(info.info)

    def on_answer(self, move: SeatMove) -> None:
        assert self.item is not None
        request, index = self.item
        lines = self.lines.completed()
        request.lines[index] = lines[0] if lines else None   # no exact score: nothing to judge by
        if index + 1 < len(request.searches):
            self.go_on(index + 1)
            return
        self.hand_on(lambda answered, _index: self.engine.answer(answered))
