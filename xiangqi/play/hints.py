"""Hints in a game: a suggestion for the player from the strongest engine available, searched to a real
depth, never from the opponent's engine held back to its level (a level-2 opponent searched a hint at
depth 2). The hint engine has its own seat, started at the first hint and kept for the next ones.

Which engine is strongest is ``hint_engine``: the first engine other than the built-in one (the registry
lists configured engines first; ElephantEye, Pikafish, Fairy-Stockfish are all far stronger than the
built-in engine), else the built-in engine at its full level."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec, builtin_engine_spec
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, SeatMove, SeatTrouble, wire_seat

BUILTIN_HINT_LEVEL = 5   # the built-in engine gives hints at full strength
HINT_DEPTH = 12          # a real search (ElephantEye reaches it in well under a second) ...
HINT_MAX_MS = 3000       # ... or this long, whichever comes first (the built-in engine stops at its level)


def hint_engine(engines: Sequence[EngineSpec]) -> EngineSpec:
    """The engine hints come from: the first that is not the built-in one, else the built-in at full level."""
    stronger = next((spec for spec in engines if spec.family != BUILTIN_FAMILY), None)
    return stronger if stronger is not None else builtin_engine_spec(BUILTIN_HINT_LEVEL)


class HintSeat(QObject):
    """One engine seat for hints; ``found`` carries the suggested move with the position it is for."""

    found = Signal(object, object)   # Move | None, Position searched
    failed = Signal(object)          # SeatTrouble: the hint engine cannot help (the game goes on)

    def __init__(self, factory: EngineFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self.seat: EngineSeat | None = None

    @property
    def searching(self) -> bool:
        return self.seat is not None and self.seat.searching

    @property
    def open(self) -> bool:
        return self.seat is not None

    def ask(self, spec: EngineSpec, position: Position, banned: Iterable[Move] = ()) -> None:
        """Search ``position`` for the best move with ``spec`` (the seat restarts for another engine)."""
        if self.seat is not None and self.seat.spec != spec:
            self.close()
        if self.seat is None:
            self.seat = EngineSeat(Role.ANALYSER, spec, self._factory, self)
            wire_seat(self.seat, decided=self._on_decided, trouble=self._on_trouble)
            self.seat.start()
        self.seat.search(position, SearchLimits(depth=HINT_DEPTH, movetime_ms=HINT_MAX_MS), Purpose.HINT,
                         banned=banned)

    def discard(self) -> None:
        if self.seat is not None:
            self.seat.discard()

    def stop(self) -> None:
        if self.seat is not None:
            self.seat.stop()

    def close(self) -> None:
        seat, self.seat = self.seat, None
        if seat is not None:
            seat.decided.disconnect()
            seat.trouble.disconnect()
            seat.close()
            seat.deleteLater()

    def _on_decided(self, decided: SeatMove) -> None:
        if decided.purpose is Purpose.HINT:
            self.found.emit(decided.best.move, decided.position)

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        if trouble.failure.fatal or trouble.search_lost:
            self.close()
        self.failed.emit(trouble)
