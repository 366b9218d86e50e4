"""The real app window for the issue-15 tests: built as ``python -m xiangqi`` builds it (settings, themes,
record and appearance menus) in a chosen UI language, and the engine helper's fake engine to play."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

import xiangqi.ui.common.i18n as i18n
from xiangqi.core import parse_square
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.game.autosave import AutosaveStore
from xiangqi.ui.shell.app import build_main_window, load_appearance
from xiangqi.ui.common.i18n import install_translator

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
    monkeypatch.setenv("XIANGQI_CONFIG", str(tmp_path / "user.toml"))   # recent files and the like beside it
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
