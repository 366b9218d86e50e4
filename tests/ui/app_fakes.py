"""Helpers for the app tests: an in-process scripted engine (for controller logic), specs for the
engine helper's fake engine process (for tests that act as a user), and a ready main window."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer

from xiangqi.core import Move, Position
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import BestMove, Info, Score
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import EngineInfo, SessionState
from seat_engine_fake import SeatEngineSignals

REPO = Path(__file__).resolve().parents[2]
FAKE_ENGINE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"

Reply = Callable[[Position], BestMove]


class ScriptedClient(SeatEngineSignals):
    """Stands in for EngineClient inside the process: answers each ``go`` on the next event-loop turn
    with the next scripted reply (a function of the position), after one ``info`` line."""


    def __init__(self, spec: EngineSpec, parent: QObject | None = None,
                 replies: list[Reply] | None = None, dialect: Dialect = Dialect.UCCI,
                 options: tuple[Any, ...] = ()) -> None:
        super().__init__(parent)
        self.spec = spec
        self.replies = list(replies or [])
        self.gos: list[tuple[str, Any, bool]] = []
        self.banned: list[list[Move]] = []  # the moves each go banned
        self.options_set: list[tuple[str, object]] = []
        self.stops = 0
        self.state = SessionState.BOOTING
        self._info = EngineInfo(name="Scripted", author="", dialect=dialect, options=tuple(options))
        self.hold = False          # when True, go() waits for stop() before answering
        self.score_cp = 25         # the score of the info line sent before each answer (the engine's view)
        self._pending: Position | None = None

    def start(self) -> None:
        QTimer.singleShot(0, self, self._boot)

    def _boot(self) -> None:
        self.state = SessionState.IDLE
        self.ready.emit(self._info)

    def new_game(self) -> None:
        pass

    def set_option(self, name: str, value: object) -> None:
        self.options_set.append((name, value))

    def go(self, position: Position, limits: Any, *, ponder: bool = False, draw_offer: bool = False,
           banned: Any = ()) -> None:
        self.gos.append((position.fen(), limits, draw_offer))
        self.banned.append(list(banned))
        self._pending = position.copy()
        self.state = SessionState.THINKING
        if not self.hold:
            QTimer.singleShot(0, self, self._answer)

    def ponderhit(self, draw_offer: bool = False) -> None:
        pass

    def stop(self) -> None:
        self.stops += 1
        if self._pending is not None:
            QTimer.singleShot(0, self, self._answer)

    def _answer(self) -> None:
        position, self._pending = self._pending, None
        if position is None:
            return
        reply = self.replies.pop(0) if self.replies else first_legal
        best = reply(position)
        if best.move is not None:
            self.info.emit(Info(depth=3, score=Score(cp=self.score_cp), nps=1000, pv=(best.move,)))
        self.state = SessionState.IDLE
        self.best_move.emit(best)

    def crash(self) -> None:
        self._pending = None
        self._set_state(SessionState.DEAD)
        self.failed.emit(EngineFailure(FailureKind.CRASHED, "the engine crashed (signal 11)", signal=11))

    def shutdown(self) -> None:
        self._set_state(SessionState.DEAD)

    def _set_state(self, state: SessionState) -> None:
        self.state = state
        self.state_changed.emit(state)

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._info if self.state not in (SessionState.BOOTING, SessionState.DEAD) else None


def first_legal(position: Position) -> BestMove:
    return BestMove(position.legal_moves()[0])


def play(iccs: str) -> Reply:
    return lambda _position: BestMove(Move.from_iccs(iccs))


def builtin_like_spec(name: str = "Scripted") -> EngineSpec:
    return EngineSpec(name=name, command=sys.executable, args=(), protocol=Protocol.UCCI, options={},
                      workdir=None, family="scripted")


def fake_engine_spec(*extra: str, name: str = "Fake engine", dialect: str = "ucci") -> EngineSpec:
    """The engine helper's scripted fake engine as a real process."""
    return EngineSpec(name=name, command=sys.executable, args=(str(FAKE_ENGINE), "--dialect", dialect, *extra),
                      protocol=Protocol.UCCI if dialect == "ucci" else Protocol.UCI, options={},
                      workdir=None, family="fake")


def _satisfies_the_seat_interface(client: ScriptedClient) -> SeatEngine:
    """mypy checks here that the fake has everything a seat needs of a real client."""
    return client
