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


def test_the_dialog_is_as_tall_as_the_time_control_chosen_and_scrolls_only_when_the_screen_is_short(
        qtbot: QtBot, monkeypatch) -> None:  # noqa: ANN001
    """No blank under a one-row time control (a stack is as tall as its tallest page: the clock's four rows);
    choosing the clock grows the open dialog to show them whole; on a short screen the sections scroll and
    the OK button stays in view."""
    from PySide6.QtCore import QSize

    from xiangqi.ui.common import dialog_fit

    dialog = NewGameDialog([FAIRY, builtin_engine_spec(3)], GameSetup(engine=builtin_engine_spec(3)))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.time_kind.setCurrentIndex(1)   # a fixed time a move: one row
    short = dialog.height()
    assert not dialog.area.verticalScrollBar().isVisible()
    dialog.time_kind.setCurrentIndex(2)   # the game clock: four rows
    qtbot.waitUntil(lambda: dialog.height() > short + 40)
    assert not dialog.area.verticalScrollBar().isVisible()
    monkeypatch.setattr(dialog_fit, "screen_room", lambda _widget: QSize(800, short - 60))
    dialog.time_kind.setCurrentIndex(1)
    dialog.time_kind.setCurrentIndex(2)
    qtbot.waitUntil(lambda: dialog.area.verticalScrollBar().isVisible())
    assert dialog.height() <= short - 60
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert dialog.rect().contains(ok.geometry().translated(dialog.buttons.pos()))
