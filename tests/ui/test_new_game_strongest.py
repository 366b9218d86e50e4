"""The new-game dialog says which engine found is the strongest (families.toml's strength_rank) and what the
built-in engine is: always there, with measured levels."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from xiangqi.engine.registry import EngineSpec, builtin_engine_spec
from xiangqi.game.setup import GameSetup
from xiangqi.ui.play.new_game_dialog import NewGameDialog

ELEPHANTEYE = EngineSpec("ElephantEye", "/opt/eleeye/eleeye", family="elephanteye")
FAIRY = EngineSpec("Fairy-Stockfish", "/usr/games/fairy-stockfish", family="fairy-stockfish")
UNKNOWN = EngineSpec("Mystery", "/opt/mystery")


def shown(qtbot: QtBot, engines: list[EngineSpec]) -> str:
    dialog = NewGameDialog(engines, GameSetup(engine=builtin_engine_spec(3)))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.strongest.isVisible()
    return dialog.strongest.text()


def test_the_strongest_engine_found_is_named(qtbot: QtBot) -> None:
    text = shown(qtbot, [UNKNOWN, ELEPHANTEYE, FAIRY, builtin_engine_spec(3)])
    assert text.splitlines() == ["Strongest: Fairy-Stockfish",
                                 "The built-in engine is always there, with measured levels"]
    assert shown(qtbot, [ELEPHANTEYE, builtin_engine_spec(3)]).startswith("Strongest: ElephantEye\n")


def test_with_only_the_built_in_engine_the_dialog_says_where_strength_comes_from(qtbot: QtBot) -> None:
    text = shown(qtbot, [builtin_engine_spec(3)])
    assert text.splitlines() == ["Only the built-in engine was found",
                                 "The built-in engine is always there, with measured levels"]
