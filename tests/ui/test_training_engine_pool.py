"""The puzzle solver's judge and 猜谱's judge on the one engine pool (a pool of one seat, issue 33 §1), as a
user sees them: an engine that goes silent mid-search is given up after the watchdog's time (shortened
here) and asked again once on a restarted engine; silent twice, the request is answered "the engine did
not answer" and the next request works on the engine started again; an engine that dies mid-search is
restarted and the same request answered. The engines are scripted: each ``go`` takes the next entry of a
plan shared by every engine process the judge starts (a restart makes a new one); the last tests run the
fake engine's real processes."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, QTimer
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.engine import seat_pool
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.process import processes_reaping
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import SessionState
from xiangqi.record import read_pgn
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.guess import GuessSessions
from xiangqi.ui.training.guess_move import GuessTheMove
from xiangqi.ui.training.puzzle_engine import PuzzleEngine

from app_fakes import FAKE_ENGINE, builtin_like_spec, fake_engine_spec
from test_training_guess import GAME, JudgingClient, make_window
from test_training_guess import click_move as click_guess
from test_training_puzzles import PUZZLE, SPEC, ScriptedEngine, solver_with
from test_training_puzzles import click_move as click_puzzle

GRACE_MS = 500    # the watchdog's grace in these tests (10 s in use): a scripted engine answers at once
PROCESS_GRACE_MS = 2_000   # for a real process on a loaded machine (its priority is lowered)
SILENT, CRASH, HOLD = "silent", "crash", "hold"   # HOLD: thinks until told to stop


@pytest.fixture(autouse=True)
def short_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seat_pool, "ANSWER_GRACE_MS", GRACE_MS)


def misbehave(engine: QObject, plan: list[str]) -> bool:
    """The next ``go`` as ``plan`` says: True when it is not answered (silent, or the engine crashes)."""
    if not plan:
        return False
    what = plan.pop(0)
    if what == CRASH:
        QTimer.singleShot(0, engine, lambda: crash(engine))
    return True


def crash(engine: QObject) -> None:
    engine.state = SessionState.DEAD   # type: ignore[attr-defined]
    engine.failed.emit(EngineFailure(FailureKind.CRASHED, "the engine crashed (signal 11)",   # type: ignore[attr-defined]
                                     signal=11))


class PlannedPuzzleEngine(ScriptedEngine):
    def __init__(self, log: list[str], plan: list[str], parent: QObject) -> None:
        super().__init__(log, parent)
        self.plan = plan
        self.held: tuple[Position, SearchLimits, tuple[Move, ...]] | None = None

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        if self.plan and self.plan[0] == HOLD:
            self.plan.pop(0)
            self.held = (position, limits, tuple(banned))
        elif not misbehave(self, self.plan):
            super().go(position, limits, ponder=ponder, draw_offer=draw_offer, banned=banned)

    def stop(self) -> None:
        held, self.held = self.held, None
        if held is not None:
            super().go(held[0], held[1], banned=held[2])


class PlannedJudgingClient(JudgingClient):
    def __init__(self, spec: EngineSpec, owner: QObject, plan: list[str]) -> None:
        super().__init__(spec, owner)
        self.plan = plan

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: object = ()) -> None:
        if not misbehave(self, self.plan):
            super().go(position, limits, ponder=ponder, draw_offer=draw_offer, banned=banned)


def planned_puzzle_engine(plan: list[str], started: list[PlannedPuzzleEngine]) -> PuzzleEngine:
    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        started.append(PlannedPuzzleEngine([], plan, owner))
        return started[-1]
    return PuzzleEngine(SPEC, factory)


def test_a_silent_engine_is_reported_and_the_next_move_is_judged_after_the_restart(qtbot: QtBot) -> None:
    started: list[PlannedPuzzleEngine] = []
    engine = planned_puzzle_engine([SILENT, SILENT], started)
    solver = solver_with(qtbot, engine)
    click_puzzle(qtbot, solver, "a0a8")                # off the line: the engine must judge it
    assert solver.prompt.text() == "Checking your move…"
    qtbot.waitUntil(lambda: solver.prompt.text() == "Checking your move… (the engine failed; asking it again)",
                    timeout=10_000)                    # silent past the watchdog: restarted, asked again
    with qtbot.waitSignal(engine.unavailable, timeout=10_000) as told:
        pass                                           # silent again: given up
    assert told.args == ["Scripted Fish did not answer in time"]
    assert solver.detail.text() == "The engine cannot judge moves: Scripted Fish did not answer in time"
    assert solver.retry_button.isEnabled()             # the move is not counted as solved
    assert len(started) == 3                           # silent, asked again on a restart, restarted again
    qtbot.mouseClick(solver.retry_button, Qt.MouseButton.LeftButton)
    click_puzzle(qtbot, solver, "a0a8")                # as good as the solution: judged by the new engine
    qtbot.waitUntil(lambda: "go on" in solver.prompt.text(), timeout=10_000)
    assert len(started) == 3


def test_an_engine_that_dies_mid_search_is_restarted_and_the_move_judged(qtbot: QtBot) -> None:
    started: list[PlannedPuzzleEngine] = []
    engine = planned_puzzle_engine([CRASH], started)
    troubles: list[str] = []
    engine.trouble.connect(troubles.append)
    unavailable: list[str] = []
    engine.unavailable.connect(unavailable.append)
    solver = solver_with(qtbot, engine)
    click_puzzle(qtbot, solver, "b1b9")                # mates in 3 only: worse than the solution
    qtbot.waitUntil(lambda: "answered by" in solver.prompt.text(), timeout=10_000)
    assert unavailable == [] and len(started) == 2
    assert troubles[0] == "the move check: Scripted Fish stopped: the engine crashed (signal 11); asking again"


def test_a_new_puzzle_forgets_the_search_under_way_and_its_engine_goes_on(qtbot: QtBot) -> None:
    """Cancel (a new puzzle shown) drops a long search under way: its answer is not taken for the next
    move, its watchdog stops, and the same engine (not restarted) judges the next move."""
    started: list[PlannedPuzzleEngine] = []
    engine = planned_puzzle_engine([HOLD], started)
    unavailable: list[str] = []
    engine.unavailable.connect(unavailable.append)
    solver = solver_with(qtbot, engine)
    click_puzzle(qtbot, solver, "a0a8")
    qtbot.waitUntil(lambda: solver.prompt.text() == "Checking your move…" and engine.seats[0].item is not None)
    solver.show_puzzle(PUZZLE, "again")
    assert engine.seats[0].item is None and not engine.seats[0].watchdog.isActive()
    click_puzzle(qtbot, solver, "a0a8")
    qtbot.waitUntil(lambda: "go on" in solver.prompt.text(), timeout=10_000)
    assert unavailable == [] and len(started) == 1


def guess_dialog(qtbot: QtBot, tmp_path: Path, plan: list[str],
                 clients: list[PlannedJudgingClient]) -> GuessTheMove:
    def factory(spec: EngineSpec, owner: QObject) -> SeatEngine:
        clients.append(PlannedJudgingClient(spec, owner, plan))
        return clients[-1]
    window = make_window(qtbot, tmp_path, [builtin_like_spec()])
    window.controller.study.open_record(read_pgn(GAME)[0])
    dialog = GuessTheMove(window, GuessSessions(TrainingDatabase(tmp_path / "t.sqlite")), factory)
    window.open_dialog(dialog)
    dialog.seconds.setValue(0.1)   # the engine's time a move: a silent search is given up 1.1 s after
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    return dialog


def test_guess_a_silent_engine_leaves_the_guess_unjudged_and_the_next_is_judged(qtbot: QtBot,
                                                                               tmp_path: Path) -> None:
    clients: list[PlannedJudgingClient] = []
    dialog = guess_dialog(qtbot, tmp_path, [SILENT, SILENT], clients)
    judge = dialog.judge
    assert judge is not None
    click_guess(qtbot, dialog, "c3c4")
    qtbot.waitUntil(lambda: dialog.prompt.text() == "Your move: 兵七进一. The engine failed; asking it again…",
                    timeout=10_000)
    with qtbot.waitSignal(judge.unavailable, timeout=10_000):
        pass
    assert dialog.feedback.text() == "The engine cannot judge: Scripted did not answer in time"
    assert dialog.board.position().move_stack == [Move.from_iccs("h2e2")]    # the master's move is shown
    assert dialog.session is not None and dialog.session.skipped == 1
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    click_guess(qtbot, dialog, "h0g2")                                      # judged by the engine started again
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=10_000)
    assert len(clients) == 3 and dialog.feedback.text().startswith("Same move as the master!")
    dialog.reject()


def test_guess_an_engine_that_dies_mid_search_is_restarted_and_the_guess_judged(qtbot: QtBot,
                                                                               tmp_path: Path) -> None:
    clients: list[PlannedJudgingClient] = []
    dialog = guess_dialog(qtbot, tmp_path, [CRASH], clients)
    judge = dialog.judge
    assert judge is not None
    unavailable: list[str] = []
    judge.unavailable.connect(unavailable.append)
    with qtbot.waitSignal(judge.judged, timeout=10_000):
        click_guess(qtbot, dialog, "h2e2")
    assert unavailable == [] and len(clients) == 2
    assert dialog.feedback.text().startswith("Same move as the master!")
    assert dialog.session is not None and dialog.session.skipped == 0
    dialog.reject()


def first_process_silent(tmp_path: Path) -> EngineSpec:
    """The fake engine process: the first one started never answers a search (nor its stop), every later
    one (a restart) answers at once. A marker directory, made atomically, says which is first."""
    marker = tmp_path / "first-started"
    fake = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE_ENGINE))}"
    script = (f"if mkdir {shlex.quote(str(marker))} 2>/dev/null; then exec {fake} --fault no-bestmove-after-stop; "
              f"else exec {fake}; fi")
    return EngineSpec(name="Sleepy", command="/bin/sh", args=("-c", script), protocol=Protocol.UCCI)


def close_and_wait(qtbot: QtBot, engine: PuzzleEngine) -> None:
    engine.close()
    qtbot.waitUntil(lambda: not engines_retiring() and not processes_reaping(), timeout=30_000)


def test_a_real_silent_engine_process_is_restarted_and_the_request_answered(qtbot: QtBot, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seat_pool, "ANSWER_GRACE_MS", PROCESS_GRACE_MS)
    engine = PuzzleEngine(first_process_silent(tmp_path))
    troubles: list[str] = []
    engine.trouble.connect(troubles.append)
    with qtbot.waitSignal(engine.found, timeout=30_000) as found:
        engine.best(Position())
    assert found.args[0] is not None and Position().is_legal(found.args[0].move)
    assert troubles == ["the best move: Sleepy did not answer in time; asking again",
                        "restarting Sleepy (Sleepy did not answer in time)"]
    close_and_wait(qtbot, engine)


def test_a_real_engine_process_dying_in_every_search_is_reported_after_asking_twice(qtbot: QtBot) -> None:
    engine = PuzzleEngine(fake_engine_spec("--fault", "crash-in-search", name="Crashy"))
    troubles: list[str] = []
    engine.trouble.connect(troubles.append)
    with qtbot.waitSignal(engine.unavailable, timeout=30_000) as told:
        engine.best(Position())
    assert told.args[0].startswith("Crashy stopped")
    assert sum(text.endswith("asking again") for text in troubles) == 1
    close_and_wait(qtbot, engine)


def test_an_engine_that_cannot_start_is_reported_for_each_request_and_tried_again(qtbot: QtBot,
                                                                                  tmp_path: Path) -> None:
    engine = PuzzleEngine(EngineSpec(name="Missing", command=str(tmp_path / "no-such-engine"),
                                     protocol=Protocol.UCCI))
    for _request in range(2):
        with qtbot.waitSignal(engine.unavailable, timeout=30_000) as told:
            engine.best(Position())
        assert "Missing" in told.args[0]
    close_and_wait(qtbot, engine)
