"""An engine inside the test's process, for the appearance tests that need an engine to play but are not
about its process (the rows beside an engine, a match's table, the board keeping its place): what
``real_window.fake_engine()``'s process does (the handshake, the first legal move after one info line) and,
asked for ``MultiPV`` lines, what ``test_layout_modes.material_engine()``'s does (one line per legal move
with an answer), without a Python process per engine (~0.25 s of CPU each, two per match).

The ``in_process_engines`` fixture makes every engine seat of the test (games, matches, analysis, hints) use
it: ``xiangqi.engine.seat.client_factory`` is the one place a seat gets its engine from. It answers a ``go``
after the search's movetime (else at once, on the next event-loop turn), so a match plays at the pace it
was given instead of as fast as the CPU allows while a test waits; ``go infinite`` and pondering answer on
``stop`` only, as an engine does."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QTimer

import xiangqi.engine.seat as seat_module
from xiangqi.core import Move, Position
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, Score, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import EngineInfo, SessionState
from seat_engine_fake import SeatEngineSignals

MULTIPV = EngineOption("MultiPV", OptionKind.SPIN, default=1, min=1, max=5)
# What each fake engine process says of itself in its handshake (name, options), by its script's name.
HANDSHAKES = {
    "material_engine.py": ("Material", (MULTIPV,)),
    "fake_engine.py": ("FakeEngine (ucci)", (
        EngineOption("usemillisec", OptionKind.CHECK, default=False),
        EngineOption("hashsize", OptionKind.SPIN, default=16, min=0, max=1024),
        EngineOption("style", OptionKind.COMBO, default="normal", vars=("solid", "normal", "risky")),
        EngineOption("bookfiles", OptionKind.STRING, default="BOOK.DAT"),
        EngineOption("newgame", OptionKind.BUTTON))),
}


class InProcessEngine(SeatEngineSignals):
    """Stands in for ``EngineClient``: the seat interface (``xiangqi.engine.seat.SeatEngine``)."""


    def __init__(self, spec: EngineSpec, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.state = SessionState.BOOTING
        script = Path(spec.args[0]).name if spec.args else ""
        name, options = HANDSHAKES.get(script, HANDSHAKES["fake_engine.py"])
        self._info = EngineInfo(name=name, author="the test suite", dialect=Dialect.UCCI, options=options)
        self.lines = 1
        self._pending: Position | None = None
        self._timed = True   # the search ends by itself (its info line then), not on stop
        self._answer_timer = QTimer(self, singleShot=True)
        self._answer_timer.timeout.connect(self._answer)

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._info if self.state not in (SessionState.BOOTING, SessionState.DEAD) else None

    def start(self) -> None:
        QTimer.singleShot(0, self, self._boot)

    def _boot(self) -> None:
        if self.state is SessionState.BOOTING:
            self._set_state(SessionState.IDLE)
            self.ready.emit(self._info)

    def new_game(self) -> None:
        pass

    def set_option(self, name: str, value: object) -> None:
        if name.lower() == MULTIPV.name.lower() and isinstance(value, int) and MULTIPV in self._info.options:
            self.lines = value

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        self._pending = position.copy()
        self._timed = not (ponder or limits.infinite)
        self._set_state(SessionState.THINKING)
        if ponder or limits.infinite:
            QTimer.singleShot(0, self, self._report_lines)   # then it waits for stop
        else:
            self._answer_timer.start(limits.movetime_ms or 0)

    def _report_lines(self) -> None:
        """One info line per ``MultiPV`` line: the i-th legal move and the first answer to it."""
        position = self._pending
        if position is None:
            return
        for index, move in enumerate(position.legal_moves()[:self.lines], start=1):
            position.push(move)
            answers = position.legal_moves()
            position.pop()
            self.info.emit(Info(depth=1, multipv=index, score=Score(cp=0), pv=(move, *answers[:1])))

    def ponderhit(self, draw_offer: bool = False) -> None:
        self._timed = True
        self._answer_timer.start(0)

    def stop(self) -> None:
        if self._pending is not None:
            self._answer_timer.start(0)

    def _answer(self) -> None:
        position, self._pending = self._pending, None
        if position is None or self.state is SessionState.DEAD:
            return
        moves = position.legal_moves()
        if moves and self._timed:
            self.info.emit(Info(depth=1, score=Score(cp=0), pv=(moves[0],)))
        self._set_state(SessionState.IDLE)
        self.best_move.emit(BestMove(moves[0] if moves else None))

    def shutdown(self) -> None:
        self._pending = None
        self._answer_timer.stop()
        self._set_state(SessionState.DEAD)

    def _set_state(self, state: SessionState) -> None:
        if state is not self.state:
            self.state = state
            self.state_changed.emit(state)


def in_process_client(spec: EngineSpec, owner: QObject) -> SeatEngine:
    return InProcessEngine(spec, owner)


@pytest.fixture
def in_process_engines() -> Iterator[None]:
    """Every engine seat made during the test gets an ``InProcessEngine`` instead of a process."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(seat_module, "client_factory", in_process_client)
        yield
