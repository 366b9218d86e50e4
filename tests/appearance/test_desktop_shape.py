"""A desktop that holds its shape (issue 15): the board never changes size or place because of text (the
turn passing in a clock game, the clocks ticking, engine lines and names appearing), and at 800×600 it
keeps at least 60 % of the window's height. The window is the one ``python -m xiangqi`` builds."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

import xiangqi.ui.i18n as i18n
from xiangqi.core import parse_square
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.setup import GameSetup
from xiangqi.ui.app import build_main_window, load_appearance
from xiangqi.ui.i18n import install_translator

from appearance_paths import REPO

FAKE_ENGINE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
LONG_TEXT = "Fairy-Stockfish 14.0.1 LB 64 POPCNT by Fabian Fichter, Stockfish developers " * 3


def fake_engine() -> EngineSpec:
    return EngineSpec(name="Fake engine", command=sys.executable, args=(str(FAKE_ENGINE),),
                      protocol=Protocol.UCCI, options={}, workdir=None, family="fake")


@pytest.fixture
def app_window(qapp, qtbot, tmp_path, monkeypatch):
    """The real start-up path (settings, themes, record and appearance menus) with a fresh settings file."""
    monkeypatch.setattr(i18n, "system_language", lambda: "zh_CN")
    made = {}

    def build(width: int, height: int, language: str = "zh_CN"):
        user = tmp_path / "user.toml"
        user.write_text(f'[language]\nui = "{language}"\n', encoding="utf-8")
        look = load_appearance(qapp, user)
        made["window"] = window = build_main_window(look, AutosaveStore(tmp_path / "autosave.json"))
        qtbot.addWidget(window)
        window.resize(width, height)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield build
    if "window" in made:
        window = made["window"]
        window.appearance_ui.engine_search.wait(30)
        window.controller.shutdown()   # closing would first ask whether to save the game
        qtbot.waitUntil(lambda: not window.controller.engines_running, timeout=10_000)
    install_translator(qapp, "en")


def board_on_screen(window) -> QRect:
    """Where the board (with its margins) is drawn, in window coordinates."""
    QApplication.processEvents()
    rect = window.board.board_geometry().board_rect().toAlignedRect()
    return QRect(window.board.mapTo(window, rect.topLeft()), rect.size())


def click(qtbot, window, name: str) -> None:
    qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=window.board.point_of(parse_square(name)))


def test_the_board_keeps_its_place_on_both_sides_turns_in_a_clock_game(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    window.start_game(GameSetup(engine=fake_engine(), time_control=TimeControl(TimeControlKind.CLOCK,
                                                                               total_ms=600_000)))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    seen = {"red to move": board_on_screen(window)}
    click(qtbot, window, "h2")
    click(qtbot, window, "e2")
    seen["black to move"] = board_on_screen(window)
    qtbot.waitUntil(lambda: len(window.controller.game.moves) == 2, timeout=10_000)
    seen["red to move again"] = board_on_screen(window)
    qtbot.wait(1100)   # the clock ticks
    seen["a second later"] = board_on_screen(window)
    assert len(set(seen.values())) == 1, seen
    assert seen["red to move"].left() >= 8, "the board keeps a margin from the window's left edge"


def test_engine_text_never_resizes_the_board(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    before = board_on_screen(window)
    window.engine_panel.set_engine_name(LONG_TEXT)
    window.engine_panel.set_state(LONG_TEXT)
    window.statusBar().showMessage(LONG_TEXT)
    assert board_on_screen(window) == before
    assert window.width() == 1280


@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1920, 1080)])
def test_the_board_keeps_most_of_the_height_at_any_window_size(app_window, qtbot, size) -> None:
    window = app_window(*size)
    qtbot.wait(100)   # the side panels give way on the next event-loop turns
    assert (window.width(), window.height()) == size, "the window fits the size asked for"
    board = board_on_screen(window)
    assert board.height() >= 0.6 * window.height(), (board, window.size())
    assert window.rect().contains(board)
