"""The puzzle finder's engine pool (a QtCore driver) with a scripted engine client: passes run batch by
batch on several seats, MultiPV is set per search, and an engine that dies is restarted and asked again,
then the pass is given up, said by the engine's name."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, QTimer
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, OptionValue, Score, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import EngineInfo, SessionState
from xiangqi.training.puzzle_finder import FinderSettings, VerifyResult, verify_position
from xiangqi.training.search_pool import SearchPool, Task
from seat_engine_fake import SeatEngineSignals

SPEC = EngineSpec(name="Scripted Fish", command="scripted", protocol=Protocol.UCI)
FEN = "4k4/8R/5a3/9/9/9/9/9/9/R2K5 w - - 0 1"      # a0a9 mates; a0a6 mates only in 3


class Engine(SeatEngineSignals):
    def __init__(self, log: list[str], dies: bool, parent: QObject) -> None:
        super().__init__(parent)
        self.log, self.dies = log, dies
        self.state = SessionState.BOOTING
        self.multipv = 1
        self._info = EngineInfo("Scripted Fish", "", Dialect.UCI, (EngineOption("MultiPV", OptionKind.SPIN, 1, 1, 9),))

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._info if self.state is not SessionState.BOOTING else None

    def start(self) -> None:
        QTimer.singleShot(0, self._boot)

    def _boot(self) -> None:
        self.state = SessionState.IDLE
        self.ready.emit(self._info)

    def new_game(self) -> None:
        pass

    def set_option(self, name: str, value: OptionValue | None) -> None:
        if name == "MultiPV":
            self.multipv = int(str(value))

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        self.log.append(f"go multipv {self.multipv}")
        QTimer.singleShot(0, self._answer)

    def _answer(self) -> None:
        if self.dies:
            self.state = SessionState.DEAD
            self.failed.emit(EngineFailure(FailureKind.CRASHED, "The engine was stopped by SIGSEGV (signal 11)."))
            return
        lines = [(Move.from_iccs("a0a9"), Score(mate=1)), (Move.from_iccs("a0a6"), Score(mate=3))]
        for index, (move, score) in enumerate(lines[:self.multipv], start=1):
            self.info.emit(Info(depth=9, multipv=index, score=score, pv=(move,)))
        self.best_move.emit(BestMove(lines[0][0]))

    def stop(self) -> None:
        pass

    def ponderhit(self, draw_offer: bool = False) -> None:
        pass

    def shutdown(self) -> None:
        self.state = SessionState.DEAD


def run(qtbot: QtBot, count: int, dies: bool = False) -> tuple[SearchPool, list[object], list[str], list[str]]:
    log: list[str] = []

    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return Engine(log, dies, owner)

    tasks: list[tuple[object, Task]] = [(n, verify_position(Position(FEN), FinderSettings(), f"p{n}"))
                                        for n in range(count)]
    pool = SearchPool(SPEC, iter(tasks), jobs=2, factory=factory)
    done: list[object] = []
    failed: list[str] = []
    pool.task_done.connect(lambda _key, value: done.append(value))
    pool.task_failed.connect(lambda key, why: failed.append(f"{key}: {why}"))
    with qtbot.waitSignal(pool.finished, timeout=10_000):
        pool.start()
    return pool, done, failed, log


def test_every_pass_is_run_on_the_seats_with_two_lines(qtbot: QtBot) -> None:
    pool, done, failed, log = run(qtbot, 12)
    assert failed == [] and len(done) == 12 and pool.searches == 12
    assert set(log) == {"go multipv 2"}
    for result in done:
        assert isinstance(result, VerifyResult) and result.puzzle is not None
        assert [m.iccs() for m in result.puzzle.line] == ["a0a9"] and result.puzzle.mate_in == 1


def test_a_dying_engine_is_asked_again_then_the_pass_is_given_up_by_name(qtbot: QtBot) -> None:
    _pool, done, failed, _log = run(qtbot, 1, dies=True)
    assert done == []
    assert failed == ["0: Scripted Fish stopped: The engine was stopped by SIGSEGV (signal 11)."]
