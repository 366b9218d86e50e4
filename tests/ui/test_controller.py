"""The game controller against an in-process scripted engine: turns, undo/redo, draw offers,
resignation, hints, clocks, engine trouble and the autosave snapshot."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject


from xiangqi.core import Color, Move, Termination
from xiangqi.engine.session_types import SessionState
from xiangqi.engine.messages import BestMove
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.play.controller import GameController
from xiangqi.game.result import GameResult
from xiangqi.record import Game as Record
from xiangqi.game.setup import GameSetup, Strength

from app_fakes import Reply, ScriptedClient, builtin_like_spec, play


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0.0

    def __call__(self) -> float:
        return self.ms


def make(qtbot: QtBot, tmp_path: Path, replies: Sequence[Reply] = (), dialect: Dialect = Dialect.UCCI,
         now: FakeTime | None = None, **setup_kw: Any) -> tuple[GameController, list[ScriptedClient]]:
    clients: list[ScriptedClient] = []

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        client = ScriptedClient(spec, owner, replies=list(replies), dialect=dialect)
        clients.append(client)
        return client

    controller = GameController(AutosaveStore(tmp_path / "autosave.json"), factory, now=now)
    setup = GameSetup(engine=builtin_like_spec(), **setup_kw)
    controller.new_game(setup)
    qtbot.waitUntil(lambda: controller.engine_ready)
    return controller, clients


def replied(c: GameController, plies: int) -> bool:
    return c.game.ply == plies or c.game.is_over


def record_args(into: list[tuple[object, ...]], *args: object) -> None:
    into.append(args)


def m(text: str) -> Move:
    return Move.from_iccs(text)


def test_human_move_then_engine_replies(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("h9g7")])
    assert c.human_to_move() and c.can_pick(m("h2e2").from_sq)
    assert not c.can_pick(m("h9g7").from_sq)           # black piece on red's turn
    with qtbot.waitSignal(c.move_played, check_params_cb=lambda p: p.by_engine):
        assert c.try_move(m("h2e2"))
    assert [x.iccs() for x in c.game.moves] == ["h2e2", "h9g7"]
    fen, _limits, _draw = clients[0].gos[0]
    assert " b " in fen


def test_illegal_move_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path)
    with qtbot.waitSignal(c.illegal_move):
        assert not c.try_move(m("a0a5"))
    assert c.game.moves == []


def test_undo_takes_back_both_moves_and_redo_restores(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [play("h9g7"), play("b9c7")])
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert c.undo()
    assert c.game.ply == 0 and c.human_to_move()
    assert c.redo()
    assert [x.iccs() for x in c.game.moves] == ["h2e2", "h9g7"]
    assert c.human_to_move()


def test_engine_playing_red_moves_first_and_board_is_not_pickable(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [play("h2e2")], human=Color.BLACK)
    qtbot.waitUntil(lambda: c.game.ply == 1)
    assert c.human_to_move()


def test_engine_resigns(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [lambda p: BestMove(None, resign=True)])
    with qtbot.waitSignal(c.game_over) as blocker:
        c.try_move(m("h2e2"))
    assert blocker.args[0] == GameResult(Termination.RESIGNATION, Color.RED)


def test_draw_offer_goes_with_next_search_for_ucci(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [lambda p: BestMove(p.legal_moves()[0], draw=True)])
    clients[0].score_cp = -300          # the engine sees itself clearly worse: it takes the draw
    with qtbot.waitSignal(c.message) as said:   # the game actions' words reach the status bar
        c.actions.offer_draw()
    assert said.args == ["Draw offered: the engine answers with its next move"]
    with qtbot.waitSignal(c.game_over) as blocker:
        c.try_move(m("h2e2"))
    assert clients[0].gos[-1][2] is True
    assert blocker.args[0] == GameResult(Termination.AGREED_DRAW, None)


def test_a_level_2_engine_does_not_take_a_draw_in_an_even_opening(qtbot: QtBot, tmp_path: Path) -> None:
    """The engine's own "draw" at a level score (ElephantEye, the built-in engine) is no answer: the
    opening goes on, and the engine's word is not taken for an offer of its own either."""
    c, clients = make(qtbot, tmp_path, [lambda p: BestMove(m("h9g7"), draw=True)],
                      strength=Strength(level=2))
    clients[0].score_cp = 0
    c.actions.offer_draw()
    messages: list[str] = []
    c.message.connect(messages.append)
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert not c.game.is_over and not c.actions.engine_draw_offer
    assert "The engine declines the draw" in messages


def test_engine_offers_draw_and_player_accepts(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [lambda p: BestMove(m("h9g7"), draw=True)])
    with qtbot.waitSignal(c.draw_offered):
        c.try_move(m("h2e2"))
    assert c.game.ply == 2 and c.actions.engine_draw_offer
    with qtbot.waitSignal(c.game_over):
        c.actions.accept_draw()
    assert c.game.result is not None and c.game.result.reason is Termination.AGREED_DRAW


def test_uci_engine_decides_draw_by_its_score(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, dialect=Dialect.UCI)
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    c.actions.offer_draw()            # the scripted engine reports +25 for itself: it declines with its move
    c.try_move(m("h0g2"))
    qtbot.waitUntil(lambda: c.game.ply == 4)
    assert not c.game.is_over
    clients[0].score_cp = -400
    c.actions.offer_draw()            # now it is clearly worse: it takes it
    with qtbot.waitSignal(c.game_over):
        c.try_move(m("b0c2"))
    assert c.game.result == GameResult(Termination.AGREED_DRAW, None)
    assert clients[0].gos[-1][2] is True   # the seat passes the offer; the UCI wire has no word for it


def test_hint_is_suggested_and_cleared_by_a_move(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("b2e2"), play("h9g7")])
    with qtbot.waitSignal(c.changed):
        assert c.actions.request_hint()
    qtbot.waitUntil(lambda: c.hint is not None)
    assert c.hint == m("b2e2")
    c.try_move(m("h2e2"))
    assert c.hint is None


def test_human_move_during_hint_search_discards_it(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("b2e2"), play("h9g7")])
    clients[0].hold = True
    c.actions.request_hint()
    c.try_move(m("h2e2"))      # stops the hint search; its answer must not be played or shown
    clients[0].hold = False
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert [x.iccs() for x in c.game.moves] == ["h2e2", "h9g7"] and c.hint is None


def test_clock_runs_out(qtbot: QtBot, tmp_path: Path) -> None:
    now = FakeTime()
    control = TimeControl(TimeControlKind.CLOCK, total_ms=5_000)
    c, _ = make(qtbot, tmp_path, now=now, time_control=control)
    assert c.clock.running is Color.RED
    now.ms = 5_001
    with qtbot.waitSignal(c.game_over, timeout=2000) as blocker:
        pass
    assert blocker.args[0] == GameResult(Termination.TIME_FORFEIT, Color.BLACK)


def test_engine_gets_the_clocks(qtbot: QtBot, tmp_path: Path) -> None:
    now = FakeTime()
    control = TimeControl(TimeControlKind.CLOCK, total_ms=60_000, increment_ms=1_000, moves_per_period=40)
    c, clients = make(qtbot, tmp_path, now=now, time_control=control)
    now.ms = 4_000
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    limits = clients[0].gos[0][1]
    assert limits.red_time_ms == 57_000 and limits.black_time_ms == 60_000
    assert limits.red_increment_ms == 1_000 and limits.moves_to_go == 40


def test_engine_crash_keeps_game_and_restart_continues(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path)
    clients[0].hold = True
    c.try_move(m("h2e2"))
    with qtbot.waitSignal(c.engine_trouble):
        clients[0].crash()
    assert [x.iccs() for x in c.game.moves] == ["h2e2"] and not c.game.is_over
    c.restart_engine()
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert len(clients) == 2


def test_autosave_after_each_move_and_resume(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [play("h9g7")])
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    saved = AutosaveStore(tmp_path / "autosave.json").load()
    assert saved is not None and saved.moves_played == 2 and saved.model().moves == c.game.moves
    fresh, _ = make(qtbot, tmp_path / "other")
    fresh.resume(saved)
    assert fresh.game.position.fen() == c.game.position.fen()


def test_view_and_play_from_there(qtbot: QtBot, tmp_path: Path) -> None:
    c, _ = make(qtbot, tmp_path, [play("h9g7"), play("b9c7")])
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    c.study.view(0)
    assert c.board_position().fen() == c.game.position_at(0).fen()
    assert not c.can_pick(m("b2e2").from_sq)        # no moves while looking back
    c.study.view(None)
    c.study.view(0)
    c.play_from_view()
    assert c.game.ply == 0 and c.game.can_redo() and c.human_to_move()


def test_two_players_without_engine(qtbot: QtBot, tmp_path: Path) -> None:
    c = GameController(None)
    c.new_game(GameSetup(engine=None))
    assert c.try_move(m("h2e2")) and c.try_move(m("h9g7"))
    c.actions.resign()     # red (to move) resigns
    assert c.game.result == GameResult(Termination.RESIGNATION, Color.BLACK)


def test_show_record_lets_the_engine_go_and_shows_the_line_quietly(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("h9g7")])
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    heard: dict[str, list[tuple[object, ...]]] = {"message": [], "game_over": [], "engine_state": [], "engine_name": []}
    for name, values in heard.items():
        getattr(c, name).connect(partial(record_args, values))
    line = Record(start_fen="4k4/R8/9/9/9/9/9/9/1R7/3K5 w")
    mate = line.add_move(line.root, m("b1b9"))
    with qtbot.waitSignal(c.changed):
        c.study.open_record(line)
    assert c.game.record is line and c.view_ply == 0 and c.seats == {} and c.setup.engine is None
    assert clients[0].state is SessionState.DEAD                 # the engine was shut down
    assert heard["message"] == [] and heard["game_over"] == []   # no "new game", no result dialog
    assert heard["engine_state"] == [("DEAD",)] and heard["engine_name"] == [("",)]
    assert not (tmp_path / "autosave.json").exists()             # a record is not an unfinished game
    c.study.show_node(mate)                                      # the end of the line
    assert c.view_ply is None and c.game.result == GameResult(Termination.CHECKMATE, Color.RED)


def test_engine_is_never_asked_for_a_move_that_loses_by_the_chase_rule(qtbot: QtBot, tmp_path: Path) -> None:
    # Red (the engine) chases the lone black horse with its rook; its fourth h3-rook move would repeat
    # the position a third time and lose by 长捉, so that move is banned on the go that would play it.
    chase = "3k5/9/7n1/9/9/9/7R1/9/9/4K4 b - - 0 1"
    c, clients = make(qtbot, tmp_path, [play("h3g3"), play("g3h3"), play("h3g3"), play("g3g4")],
                      human=Color.BLACK, start_fen=chase)
    for ply, text in enumerate(["h7g9", "g9h7", "h7g9", "g9h7"]):
        assert c.try_move(m(text))
        qtbot.waitUntil(partial(replied, c, 2 * ply + 2))
    assert clients[0].banned == [[], [], [], [m("g3h3")]]
    assert not c.game.is_over and c.game.moves[-1] == m("g3g4")


def test_engine_against_engine_is_two_seats_filled(qtbot: QtBot, tmp_path: Path) -> None:
    clients: list[ScriptedClient] = []

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        client = ScriptedClient(spec, owner)
        clients.append(client)
        return client

    c = GameController(AutosaveStore(tmp_path / "autosave.json"), factory)
    c.new_game(GameSetup(engine=builtin_like_spec(), engine_both=True))
    assert sorted(c.seats) == [Color.RED, Color.BLACK] and len(clients) == 2
    assert not c.human_to_move()
    qtbot.waitUntil(lambda: c.game.ply >= 6, timeout=5000)
    c.shutdown()
    red, black = clients
    assert red.gos and black.gos
    assert all(" w " in fen for fen, _l, _d in red.gos) and all(" b " in fen for fen, _l, _d in black.gos)
    assert c.game.record.headers["Red"] == c.game.record.headers["Black"] == "Scripted"


def test_strength_and_lines_go_only_to_an_engine_that_offers_them(qtbot: QtBot, tmp_path: Path) -> None:
    from xiangqi.engine.messages import EngineOption, OptionKind
    from xiangqi.game.setup import Strength

    offered = (EngineOption("UCI_LimitStrength", OptionKind.CHECK), EngineOption("UCI_Elo", OptionKind.SPIN),
               EngineOption("MultiPV", OptionKind.SPIN))
    clients: list[ScriptedClient] = []

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        client = ScriptedClient(spec, owner, options=offered if not clients else ())
        clients.append(client)
        return client

    c = GameController(None, factory)
    c.new_game(GameSetup(engine=builtin_like_spec(), strength=Strength(level=None, elo=1800)))
    qtbot.waitUntil(lambda: c.engine_ready)
    c.set_engine_option("MultiPV", 3)
    assert clients[0].options_set == [("UCI_LimitStrength", True), ("UCI_Elo", 1800), ("MultiPV", 3)]
    c.restart_engine(builtin_like_spec("Plain"))                 # an engine without those options
    qtbot.waitUntil(lambda: c.engine_ready)
    c.set_engine_option("MultiPV", 2)
    assert clients[1].options_set == [] and not c.engine_has_option("MultiPV")
    c.shutdown()


def test_an_option_refused_during_the_engines_search_is_only_a_message(qtbot: QtBot, tmp_path: Path) -> None:
    from xiangqi.engine.failures import EngineFailure, FailureKind

    c, clients = make(qtbot, tmp_path, [play("h9g7")])
    clients[0].hold = True
    c.try_move(m("h2e2"))
    troubles: list[object] = []
    c.engine_trouble.connect(troubles.append)
    with qtbot.waitSignal(c.message):
        clients[0].failed.emit(EngineFailure(FailureKind.BAD_REQUEST, "MultiPV 9 is out of range", fatal=False))
    clients[0].hold = False
    clients[0].stop()
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert troubles == []


def test_the_engine_moves_while_the_player_looks_back_and_the_view_stays(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("h9g7")])
    clients[0].hold = True
    c.try_move(m("h2e2"))
    c.study.view(0)                             # the player looks at the start while the engine thinks
    clients[0].hold = False
    clients[0].stop()
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert c.view_ply == 0 and c.board_position().fen() == c.game.position_at(0).fen()
    c.study.view(None)
    assert c.view_ply is None and c.human_to_move()


def test_book_moves_are_played_for_the_engine_without_a_search(qtbot: QtBot, tmp_path: Path) -> None:
    c, clients = make(qtbot, tmp_path, [play("b9c7")])
    book = {0: m("h2e2"), 1: m("h9g7")}
    c.book_player = lambda position, ply: book.get(ply)
    c.try_move(m("h2e2"))
    qtbot.waitUntil(lambda: c.game.ply == 2)
    assert c.game.moves[1] == m("h9g7") and clients[0].gos == []       # from the book, no search
    c.try_move(m("h0g2"))                                                # out of book: the engine searches
    qtbot.waitUntil(lambda: c.game.ply == 4)
    assert c.game.moves[3] == m("b9c7") and len(clients[0].gos) == 1


def test_a_new_game_tells_a_uci_engine_ucinewgame(qtbot: QtBot, tmp_path: Path) -> None:
    """The same engine kept for the next game (a real process: the scripted fake in UCI) hears
    ``ucinewgame`` before that game's first search, so its hash does not carry the last game over."""
    from app_fakes import fake_engine_spec

    log = tmp_path / "engine.log"
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))
    setup = GameSetup(engine=fake_engine_spec("--log", str(log), dialect="uci"), human=Color.BLACK)
    controller.new_game(setup)
    qtbot.waitUntil(lambda: controller.game.ply == 1, timeout=20_000)   # the engine (red) moved
    controller.new_game(setup)
    qtbot.waitUntil(lambda: controller.game.ply == 1, timeout=20_000)
    sent = log.read_text(encoding="utf-8").splitlines()
    searches = [i for i, line in enumerate(sent) if line.startswith("go")]
    renewed = [i for i, line in enumerate(sent) if line == "ucinewgame"]
    assert len(searches) >= 2 and renewed and searches[0] < renewed[-1] < searches[-1], sent
    controller.shutdown()
    qtbot.waitUntil(lambda: not controller.engines_running, timeout=10_000)
