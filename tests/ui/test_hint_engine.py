"""A hint in a game comes from the strongest engine available at a real depth, not from the opponent's
engine held to its level (issue 29 §4)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from app_fakes import ScriptedClient, builtin_like_spec, play
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec, builtin_engine_spec
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup, Strength
from xiangqi.play.controller import GameController
from xiangqi.play.hints import BUILTIN_HINT_LEVEL, HINT_DEPTH, hint_engine
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow


def test_the_strongest_engine_is_the_first_that_is_not_built_in() -> None:
    strong = builtin_like_spec("ElephantEye")
    assert hint_engine([builtin_engine_spec(2), strong]) == strong
    fallback = hint_engine([builtin_engine_spec(2)])
    assert fallback.family == BUILTIN_FAMILY and fallback.options["level"] == BUILTIN_HINT_LEVEL


def test_the_hint_comes_from_the_strongest_engine_at_a_real_depth(qtbot: QtBot, tmp_path: Path) -> None:
    clients: dict[str, ScriptedClient] = {}
    answers = {"Strong": [play("b2e2")], "Opponent": [play("h9g7")]}

    def factory(spec: EngineSpec, owner: QObject) -> ScriptedClient:
        client = clients[spec.name] = ScriptedClient(spec, None, replies=answers[spec.name])
        return client

    controller = GameController(AutosaveStore(tmp_path / "autosave.json"), factory)
    opponent = dataclasses.replace(builtin_like_spec("Opponent"), family=BUILTIN_FAMILY)
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(),
                        [opponent, builtin_like_spec("Strong")])
    qtbot.addWidget(window)
    window.start_game(GameSetup(engine=opponent, strength=Strength(level=2)))
    qtbot.waitUntil(lambda: controller.engine_ready)
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: controller.hint is not None)
    assert controller.hint == Move.from_iccs("b2e2")
    _fen, limits, _draw = clients["Strong"].gos[-1]
    assert limits.depth == HINT_DEPTH
    assert clients["Opponent"].gos == []                 # the opponent was not asked
    controller.try_move(Move.from_iccs("h2e2"))
    qtbot.waitUntil(lambda: controller.game.ply == 2)
    controller.shutdown()
    qtbot.waitUntil(lambda: not controller.engines_running)
