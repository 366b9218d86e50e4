"""The review runner with a scripted engine client in the process: one search judges a move when the
played move is the engine's best, a second one of the engine's move and the played move side by side
(MultiPV 2, twice the time) when not — or of the played move alone at the depth the first completed, for
an engine without MultiPV; positions our rules call finished are searched when the game went on; an
illegal best move and a dead engine are reported at once, by name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QObject, QTimer
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, OptionValue, Score, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import EngineInfo, SessionState
from xiangqi.record import Game
from xiangqi.review.annotate import PositionValue, annotate_game, main_line_positions
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.judging import REVIEW_MULTIPV
from xiangqi.review.marks import Mark
from xiangqi.review.runner import GameWork, ReviewRunner
from seat_engine_fake import SeatEngineSignals

SPEC = EngineSpec(name="Scripted Fish", command="scripted", protocol=Protocol.UCI)
MULTIPV = EngineOption("MultiPV", OptionKind.SPIN, 1, 1, 500)
MOVETIME_300 = SearchLimits(movetime_ms=300)


@dataclass
class Go:
    fen: str
    limits: SearchLimits
    banned: tuple[Move, ...]


# What the scripted engine says for a search: its info lines and its best move.
Script = Callable[[Position, SearchLimits, tuple[Move, ...]], tuple[list[Info], BestMove]]


@dataclass
class Log:
    gos: list[Go] = field(default_factory=list)
    options: list[tuple[str, OptionValue | None]] = field(default_factory=list)
    starts: int = 0


class ScriptedEngine(SeatEngineSignals):
    """Stands in for EngineClient: answers each ``go`` on the next event-loop turn from ``script``."""


    def __init__(self, script: Script, log: Log, options: tuple[EngineOption, ...], parent: QObject) -> None:
        super().__init__(parent)
        self.script, self.log = script, log
        self.state = SessionState.BOOTING
        self._info = EngineInfo("Scripted Fish 1.0", "", Dialect.UCI, options)

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._info if self.state is not SessionState.BOOTING else None

    def start(self) -> None:
        self.log.starts += 1
        QTimer.singleShot(0, self._boot)

    def _boot(self) -> None:
        self.state = SessionState.IDLE
        self.ready.emit(self._info)

    def new_game(self) -> None:
        pass

    def set_option(self, name: str, value: OptionValue | None) -> None:
        self.log.options.append((name, value))

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        go = Go(position.fen(), limits, tuple(banned))
        self.log.gos.append(go)
        copy = position.copy()
        QTimer.singleShot(0, lambda: self._answer(copy, go))

    def _answer(self, position: Position, go: Go) -> None:
        if self.state is SessionState.DEAD:
            return
        try:
            lines, best = self.script(position, go.limits, go.banned)
        except EngineDeath:
            self.state = SessionState.DEAD
            self.failed.emit(EngineFailure(FailureKind.CRASHED, "The engine was stopped by SIGSEGV (signal 11).",
                                           signal=11))
            return
        for line in lines:
            self.info.emit(line)
        if best.move is not None and not position.is_legal(best.move):
            self.failed.emit(EngineFailure(
                FailureKind.ILLEGAL_BESTMOVE,
                f"The engine played {best.move.iccs()!r}, which is illegal in {position.fen()!r}.", fatal=False))
            return
        self.best_move.emit(best)

    def stop(self) -> None:
        pass

    def ponderhit(self, draw_offer: bool = False) -> None:
        pass

    def shutdown(self) -> None:
        self.state = SessionState.DEAD


class EngineDeath(Exception):
    pass


def run(qtbot: QtBot, moves: list[str], script: Script, limits: SearchLimits = MOVETIME_300,
        options: tuple[EngineOption, ...] = (MULTIPV,)) -> tuple[GameWork, Log, list[str], ReviewRunner]:
    game = Game({"Red": "R", "Black": "B"})
    node = game.root
    for text in moves:
        node = node.add_child(Move.from_iccs(text))
    log = Log()

    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return ScriptedEngine(script, log, options, owner)

    work = GameWork(1, main_line_positions(game))
    runner = ReviewRunner(SPEC, [work], limits, 1, factory=factory)
    troubles: list[str] = []
    runner.engine_trouble.connect(troubles.append)
    with qtbot.waitSignal(runner.finished, timeout=10_000):
        runner.start()
    return work, log, troubles, runner


def line(depth: int, index: int, cp: int, move: str) -> Info:
    return Info(depth=depth, multipv=index, score=Score(cp=cp), pv=(Move.from_iccs(move),))


def multipv_script(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
    """Three lines per iteration (depths 7 and 8; h2e2 best), or the played move alone when restricted."""
    legal = [m for m in position.legal_moves() if m not in banned]
    if len(legal) == 1:
        return [line(8, 1, -250, legal[0].iccs())], BestMove(legal[0])
    if len(legal) == 2:   # the pair search: the engine's move, then the played one, two iterations
        pair = sorted((m.iccs() for m in legal), key=lambda text: text != "h2e2")
        infos = [line(depth, i + 1, (35, -250)[i], move) for depth in (9, 10) for i, move in enumerate(pair)]
        return infos, BestMove(Move.from_iccs(pair[0]))
    top = [m.iccs() for m in legal[:3]]
    if position.turn.name == "RED" and Move.from_iccs("h2e2") in legal:
        top = ["h2e2", *[t for t in top if t != "h2e2"][:2]]
    infos = [line(depth, i + 1, 40 - 10 * i, move) for depth in (7, 8) for i, move in enumerate(top)]
    return infos, BestMove(Move.from_iccs(top[0]))


def test_a_move_among_the_lines_is_judged_in_that_one_search(qtbot: QtBot) -> None:
    work, log, troubles, runner = run(qtbot, ["h2e2"], multipv_script)
    assert ("MultiPV", REVIEW_MULTIPV) in log.options
    assert len(log.gos) == 2 and all(go.banned == () for go in log.gos)   # the start, and the last position
    start = work.values[0]
    assert start is not None and start.best == Move.from_iccs("h2e2") and start.played == Evaluation(cp=40)
    assert troubles == [] and runner.engine_info is not None and runner.engine_info.name == "Scripted Fish 1.0"


def test_a_move_other_than_the_engines_is_judged_beside_it_in_one_pair_search(qtbot: QtBot) -> None:
    work, log, _, _ = run(qtbot, ["i0i1"], multipv_script)
    first, second = log.gos[0], log.gos[1]
    assert first.banned == () and first.limits == SearchLimits(movetime_ms=300)
    pair = {Move.from_iccs("h2e2"), Move.from_iccs("i0i1")}
    assert set(Position().legal_moves()) - set(second.banned) == pair
    assert second.limits == SearchLimits(movetime_ms=600)   # twice the time: two root moves, deeper
    assert log.options == [("MultiPV", 1), ("MultiPV", 2), ("MultiPV", 1)]   # back to one line after it
    value = work.values[0]
    assert value is not None and value.evaluation == Evaluation(cp=40)   # the position's value: first search
    assert value.judged_best == Evaluation(cp=35) and value.played == Evaluation(cp=-250)   # both: the pair


def test_the_pair_search_scores_are_what_the_mark_is_judged_by() -> None:
    game = Game({})
    game.root.add_child(Move.from_iccs("i0i1"))
    values = [PositionValue(Evaluation(cp=400), Move.from_iccs("h2e2"), judged_best=Evaluation(cp=30),
                            played=Evaluation(cp=10)), PositionValue(Evaluation(cp=20))]
    summary = annotate_game(game, main_line_positions(game), values)
    assert game.mainline()[0].nags == [] and summary.red.inaccuracies == 0   # 30 -> 10 cp: no mark
    # (judged against the first search's 400 cp the move would have been a blunder)


def test_the_mark_is_the_smaller_loss_of_the_judging_search_and_the_numbers_shown(qtbot: QtBot) -> None:
    """The loss inside the one search marks the move, but never more than the numbers written say (the
    better move's value against the [%eval] after the move): a mark never contradicts what is shown."""
    for after_cp, mark in ((-250, Mark.BLUNDER), (-40, Mark.INACCURACY), (40, None)):
        game = Game({})
        game.root.add_child(Move.from_iccs("i0i1"))
        positions = main_line_positions(game)
        values = [PositionValue(Evaluation(cp=40), Move.from_iccs("h2e2"), played=Evaluation(cp=-250)),
                  PositionValue(Evaluation(cp=after_cp))]
        annotate_game(game, positions, values)
        assert game.mainline()[0].nags == ([mark.value] if mark else []), after_cp


def test_an_engine_without_multipv_gets_no_such_option_and_the_position_after_the_move_searched(
        qtbot: QtBot) -> None:
    def single(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        legal = [m for m in position.legal_moves() if m not in banned]
        return [Info(depth=limits.depth or 6, score=Score(cp=15), pv=(legal[0],))], BestMove(legal[0])

    work, log, _, _ = run(qtbot, ["h2e2", "h9g7"], single, options=())
    assert log.options == []
    assert len(log.gos) == 5   # two positions twice (best was not the move played), the last once
    after = log.gos[1]   # the position after the played move, one ply less deep than the first search
    assert after.fen == work.positions[1].fen() and after.banned == ()
    assert after.limits == SearchLimits(depth=5, movetime_ms=300)
    first = work.values[0]
    assert first is not None and first.played == Evaluation(cp=-15) and first.played_depth == 6
    assert all(v is not None and v.played is not None for v in work.values[:2])


def test_a_position_with_one_move_is_judged_by_a_search_of_the_position_after_it(qtbot: QtBot) -> None:
    fen = "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1"   # the red king in check by a rook: e0e1 is its only move
    position = Position.from_fen(fen)
    assert len(position.legal_moves()) == 1
    only = position.legal_moves()[0]

    def deep(pos: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        legal = [m for m in pos.legal_moves() if m not in banned]
        return [Info(depth=limits.depth or 9, score=Score(mate=2), pv=(legal[0],))], BestMove(legal[0])

    game = Game({}, start_fen=fen)
    game.root.add_child(only)
    log = Log()

    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return ScriptedEngine(deep, log, (), owner)

    work = GameWork(1, main_line_positions(game))
    runner = ReviewRunner(SPEC, [work], SearchLimits(depth=8), 1, factory=factory)
    with qtbot.waitSignal(runner.finished, timeout=10_000):
        runner.start()
    assert log.gos[0].fen == work.positions[1].fen()   # never the one-move position itself
    assert log.gos[0].limits == SearchLimits(depth=7)
    value = work.values[0]
    # Black mates in 2 after the only move: the mover is mated in 2, searched 8 plies deep.
    assert value is not None and value.evaluation == Evaluation(mate=-2) and value.played == Evaluation(mate=-2)
    assert value.depth == 8 and value.played_depth == 8 and value.best == only


def test_a_position_our_rules_call_finished_is_searched_when_the_game_went_on(qtbot: QtBot) -> None:
    moves = ["h0g2", "h9g7", "g2h0", "g7h9"] * 2 + ["h0g2", "h9g7"]   # a repetition draw by ply 8
    work, log, _, _ = run(qtbot, moves, multipv_script)
    assert work.positions[8].outcome() is not None
    assert all(value is not None and not value.terminal and value.played is not None for value in work.values[:-1])


def test_an_illegal_best_move_is_reported_at_once_by_name(qtbot: QtBot) -> None:
    def illegal(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        return [], BestMove(Move.from_iccs("a0a9"))

    work, _, troubles, _ = run(qtbot, ["h2e2"], illegal)
    assert troubles and "Scripted Fish sent a bad move" in troubles[0] and "'a0a9'" in troubles[0]
    assert work.failed is not None and "a0a9" in work.failed


def test_a_dead_engine_is_restarted_and_said_so(qtbot: QtBot) -> None:
    deaths = [True]

    def dies_once(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        if deaths:
            deaths.pop()
            raise EngineDeath
        return multipv_script(position, limits, banned)

    work, log, troubles, _ = run(qtbot, ["h2e2"], dies_once)
    assert log.starts == 2
    assert any("restarting Scripted Fish" in t and "SIGSEGV" in t for t in troubles)
    assert work.failed is None and all(v is not None for v in work.values)


class SlowDepthEngine(ScriptedEngine):
    """Reports a new depth every 60 ms, five times, before its move: alive all along, but slower than the
    (shortened) grace allows for a silent engine."""

    def _answer(self, position: Position, go: Go) -> None:
        self._report(position, go, 1)

    def _report(self, position: Position, go: Go, depth: int) -> None:
        move = position.legal_moves()[0]
        if depth > 5:
            self.best_move.emit(BestMove(move))
            return
        self.info.emit(Info(depth=depth, score=Score(cp=10), pv=(move,)))
        QTimer.singleShot(60, lambda: self._report(position, go, depth + 1))


def test_a_depth_search_that_keeps_reporting_is_not_taken_for_a_dead_engine(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("xiangqi.engine.seat_pool.QUIET_GRACE_MS", 150)
    log = Log()
    game = Game({})
    game.root.add_child(Move.from_iccs("b0c2"))   # the first legal move: one search per position

    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return SlowDepthEngine(multipv_script, log, (), owner)

    work = GameWork(1, main_line_positions(game))
    runner = ReviewRunner(SPEC, [work], SearchLimits(depth=5), 1, factory=factory)
    troubles: list[str] = []
    runner.engine_trouble.connect(troubles.append)
    with qtbot.waitSignal(runner.finished, timeout=10_000):
        runner.start()
    assert troubles == [] and work.failed is None and all(v is not None for v in work.values)


class QuietNodeEngine(ScriptedEngine):
    """Says nothing for 250 ms (2.5 times the shortened grace), then answers: a node search's long iteration
    on a busy machine."""

    def _answer(self, position: Position, go: Go) -> None:
        QTimer.singleShot(250, lambda: ScriptedEngine._answer(self, position, go))


def test_a_node_search_quiet_longer_than_the_timed_grace_is_not_taken_for_a_dead_engine(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Under load 15 a 900,000-node confirming search was silent > 10 s and the review gave the game up.)"""
    monkeypatch.setattr("xiangqi.engine.seat_pool.ANSWER_GRACE_MS", 100)
    log = Log()
    game = Game({})
    game.root.add_child(Move.from_iccs("b0c2"))

    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return QuietNodeEngine(multipv_script, log, (), owner)

    work = GameWork(1, main_line_positions(game))
    runner = ReviewRunner(SPEC, [work], SearchLimits(nodes=150_000), 1, factory=factory)
    troubles: list[str] = []
    runner.engine_trouble.connect(troubles.append)
    with qtbot.waitSignal(runner.finished, timeout=10_000):
        runner.start()
    assert troubles == [] and work.failed is None


def confirming_script(confirm_scores: tuple[int, int] | None) -> Script:
    """``multipv_script``, but the pair search's mark is looked at again at 6x the time: there the engine
    sees ``confirm_scores`` (engine's move, played move), or sends no exact line (None)."""
    def script(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        legal = [m for m in position.legal_moves() if m not in banned]
        if len(legal) == 2 and limits.movetime_ms == 1800:
            pair = sorted((m.iccs() for m in legal), key=lambda text: text != "h2e2")
            if confirm_scores is None:
                return [], BestMove(Move.from_iccs(pair[0]))
            infos = [line(depth, i + 1, confirm_scores[i], move) for depth in (12, 13) for i, move in enumerate(pair)]
            return infos, BestMove(Move.from_iccs(pair[0]))
        return multipv_script(position, limits, banned)
    return script


def test_a_mark_from_the_pair_search_is_confirmed_by_a_deeper_one_that_judges_it(qtbot: QtBot) -> None:
    work, log, _, _ = run(qtbot, ["i0i1"], confirming_script((30, 20)))
    assert [go.limits.movetime_ms for go in log.gos[:3]] == [300, 600, 1800]   # first, pair, confirming
    assert log.gos[2].banned == log.gos[1].banned                            # the same two moves
    value = work.values[0]
    assert value is not None and value.judged_best == Evaluation(cp=30) and value.played == Evaluation(cp=20)
    game = Game({})
    game.root.add_child(Move.from_iccs("i0i1"))
    annotate_game(game, main_line_positions(game), list(work.values))   # type: ignore[arg-type]
    assert game.mainline()[0].nags == []   # 10 cp apart at the deeper search: no mark


def test_a_confirming_search_without_exact_scores_leaves_the_pair_search_to_judge(qtbot: QtBot) -> None:
    work, log, _, _ = run(qtbot, ["i0i1"], confirming_script(None))
    assert len(log.gos) == 4   # first, pair, confirming; the last position
    value = work.values[0]
    assert value is not None and value.judged_best == Evaluation(cp=35) and value.played == Evaluation(cp=-250)


def test_a_move_the_pair_search_does_not_mark_is_not_searched_again(qtbot: QtBot) -> None:
    def close(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        legal = [m for m in position.legal_moves() if m not in banned]
        if len(legal) == 2:
            pair = sorted((m.iccs() for m in legal), key=lambda text: text != "h2e2")
            return [line(9, i + 1, (35, 30)[i], move) for i, move in enumerate(pair)], BestMove(Move.from_iccs(pair[0]))
        return multipv_script(position, limits, banned)

    _, log, _, _ = run(qtbot, ["i0i1"], close)
    assert [go.limits.movetime_ms for go in log.gos] == [300, 600, 300]   # no confirming search


def pair_scores_script(pair_scores: tuple[int, int], confirm_scores: tuple[int, int]) -> Script:
    """``multipv_script``, the pair search scoring (engine's move, played move) ``pair_scores`` and the
    confirming search (6x the time) ``confirm_scores``."""
    def script(position: Position, limits: SearchLimits, banned: tuple[Move, ...]) -> tuple[list[Info], BestMove]:
        legal = [m for m in position.legal_moves() if m not in banned]
        if len(legal) == 2:
            pair = sorted((m.iccs() for m in legal), key=lambda text: text != "h2e2")
            scores = confirm_scores if limits.movetime_ms == 1800 else pair_scores
            return [line(9, i + 1, scores[i], move) for i, move in enumerate(pair)], BestMove(Move.from_iccs(pair[0]))
        return multipv_script(position, limits, banned)
    return script


def test_a_move_the_pair_search_rates_close_to_a_mark_gets_the_deeper_look_that_marks_it(qtbot: QtBot) -> None:
    # +0.35 against -0.05: 3.7 points lost, from CONFIRM_FROM_LOSS but under ?!; the deeper search: 8.7 points
    work, log, _, _ = run(qtbot, ["i0i1"], pair_scores_script((35, -5), (35, -60)))
    assert [go.limits.movetime_ms for go in log.gos[:3]] == [300, 600, 1800]   # first, pair, confirming
    game = Game({})
    game.root.add_child(Move.from_iccs("i0i1"))
    annotate_game(game, main_line_positions(game), list(work.values))   # type: ignore[arg-type]
    assert game.mainline()[0].nags == [Mark.INACCURACY.value]
