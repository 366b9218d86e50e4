"""Ponder (setting game.ponder): after its move the engine thinks on the player's time about the reply it
expects ("go ponder"); the expected reply is a "ponderhit", another move stops it and searches the real
position; the player's clock runs meanwhile. The material fake engine runs as a real process."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from xiangqi.core import Color, Move
from xiangqi.engine.retire import engines_retiring
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController

from study_support import logged_commands, material_spec


def pondering_game(qtbot: QtBot, tmp_path: Path, ponder: bool = True) -> tuple[GameController, Path]:
    log = tmp_path / "engine.log"
    controller = GameController(None)
    controller.ponder = ponder
    setup = GameSetup(engine=material_spec("--log", str(log), "--delay-ms", "100"),
                      time_control=TimeControl(TimeControlKind.CLOCK, total_ms=600_000))
    controller.new_game(setup)
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=10_000)
    controller.try_move(Move.from_iccs("h2e2"))
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=10_000)
    return controller, log


def first_ponder(commands: list[str]) -> int:
    return next(i for i, c in enumerate(commands) if c.startswith("go ponder"))


def finish(qtbot: QtBot, controller: GameController) -> None:
    controller.shutdown()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)


def test_the_expected_reply_is_a_ponderhit(qtbot: QtBot, tmp_path: Path) -> None:
    controller, log = pondering_game(qtbot, tmp_path)
    qtbot.waitUntil(lambda: any(c.startswith("go ponder") for c in logged_commands(log)), timeout=5000)
    expected = controller.expected_reply
    assert expected is not None and controller.game.position.is_legal(expected)
    assert controller.clock.running is Color.RED          # the player's time runs while the engine ponders
    controller.try_move(expected)
    qtbot.waitUntil(lambda: controller.game.ply == 4, timeout=10_000)
    commands = logged_commands(log)
    assert "ponderhit" in commands
    assert commands.index("ponderhit") > first_ponder(commands)
    finish(qtbot, controller)


def test_another_reply_stops_the_ponder_search(qtbot: QtBot, tmp_path: Path) -> None:
    controller, log = pondering_game(qtbot, tmp_path)
    qtbot.waitUntil(lambda: any(c.startswith("go ponder") for c in logged_commands(log)), timeout=5000)
    other = next(m for m in controller.game.position.legal_moves() if m != controller.expected_reply)
    controller.try_move(other)
    qtbot.waitUntil(lambda: controller.game.ply == 4, timeout=10_000)
    commands = logged_commands(log)
    ponder_at = first_ponder(commands)
    assert "ponderhit" not in commands and "stop" in commands[ponder_at:]
    assert any(c.startswith("go ") and "ponder" not in c for c in commands[ponder_at:])
    assert controller.game.moves[2] == other
    finish(qtbot, controller)


def test_no_pondering_unless_asked(qtbot: QtBot, tmp_path: Path) -> None:
    controller, log = pondering_game(qtbot, tmp_path, ponder=False)
    # A ponder search would be sent right after the engine's move, before the search for its next move:
    # once the engine has answered that one, every command before it has been read.
    controller.try_move(next(iter(controller.game.position.legal_moves())))
    qtbot.waitUntil(lambda: controller.game.ply == 4, timeout=10_000)
    commands = logged_commands(log)
    assert sum(c.startswith("go") for c in commands) == 2
    assert not any("ponder" in c for c in commands)
    finish(qtbot, controller)


def test_a_uci_engine_without_the_ponder_option_does_not_ponder(qtbot: QtBot) -> None:
    from xiangqi.engine.messages import BestMove
    from xiangqi.engine.protocol import Dialect
    from xiangqi.engine.registry import EngineSpec
    from xiangqi.game.setup import GameSetup as Setup

    from app_fakes import ScriptedClient

    def reply(_position: object) -> BestMove:
        return BestMove(Move.from_iccs("h9g7"), ponder=Move.from_iccs("h0g2"))

    controller = GameController(None, lambda spec, owner: ScriptedClient(spec, owner, [reply], Dialect.UCI))
    controller.ponder = True
    controller.new_game(Setup(engine=EngineSpec("uci", "uci-engine")))
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=5000)
    controller.try_move(Move.from_iccs("h2e2"))
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=5000)
    assert controller.expected_reply is None
    finish(qtbot, controller)
