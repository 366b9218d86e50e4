"""The engine behind the puzzle solver: is the user's move as good as the solution, what does the other
side answer, what is the best move here (a hint off the line).

``PuzzleEngine`` owns one analyser seat, started on first use. ``compare(position, reference, candidate)``
searches the candidate move alone, then the reference (the solution; None: the engine's own best) at the
same limits, and emits ``compared(Comparison)``; ``best(position)`` emits ``found(Line)``. Requests queue
one after the other. ``unavailable(str)`` says why no answer will come (the engine cannot start or died).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble, wire_seat
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


@dataclass
class _Request:
    position: Position
    banned: tuple[Move, ...]
    done: Callable[[Line | None], None]


class PuzzleEngine(QObject):
    compared = Signal(object)     # Comparison
    found = Signal(object)        # Line | None
    unavailable = Signal(str)

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.limits = BUILTIN_LIMITS if is_builtin(spec) else CHECK_LIMITS
        self.seat = EngineSeat(Role.ANALYSER, spec, factory, parent=self)
        wire_seat(self.seat, info=self._on_info, decided=self._on_decided, trouble=self._on_trouble)
        self._queue: deque[_Request] = deque()
        self._running: _Request | None = None
        self._lines = SearchLines()
        self._started = False

    def compare(self, position: Position, reference: Move | None, candidate: Move) -> None:
        def after_candidate(line: Line | None) -> None:
            def after_reference(ref: Line | None) -> None:
                self.compared.emit(Comparison(line, ref))
            banned = others_than(position, reference) if reference is not None else ()
            self._ask(_Request(position.copy(), banned, after_reference), first=True)
        self._ask(_Request(position.copy(), others_than(position, candidate), after_candidate))

    def best(self, position: Position) -> None:
        self._ask(_Request(position.copy(), (), self.found.emit))

    def cancel(self) -> None:
        """Forget every request (a new puzzle): nothing more is emitted for them."""
        self._queue.clear()
        self._running = None
        self.seat.discard()

    def close(self) -> None:
        self.cancel()
        self.seat.close()

    def _ask(self, request: _Request, first: bool = False) -> None:
        if not self._started:
            self._started = True
            self.seat.start()
        if first:
            self._queue.appendleft(request)
        else:
            self._queue.append(request)
        self._next()

    def _next(self) -> None:
        if self._running is not None or not self._queue:
            return
        self._running = request = self._queue.popleft()
        self._lines = SearchLines(1, self.limits)
        self.seat.search(request.position, self.limits, Purpose.HINT, banned=request.banned)

    def _on_info(self, info: SeatInfo) -> None:
        if self._running is not None and info.purpose is Purpose.HINT:
            self._lines.add(info.info)

    def _on_decided(self, move: SeatMove) -> None:
        request, self._running = self._running, None
        if request is None or move.purpose is not Purpose.HINT:
            return
        lines = self._lines.completed()
        request.done(lines[0] if lines else None)   # no exact score: nothing to judge by
        self._next()

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        if trouble.failure.fatal or trouble.search_lost:
            self._queue.clear()
            self._running = None
            self._started = not trouble.failure.fatal
            self.unavailable.emit(trouble.failure.message)
