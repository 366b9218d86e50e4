"""The real app window for the issue-15 tests: built as ``python -m xiangqi`` builds it (settings, themes,
record and appearance menus) in a chosen UI language, and the engine helper's fake engine to play."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator

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


SHUTDOWN_S = 10   # for a shared window's engines to stop when its module ends


@pytest.fixture(scope="module")
def shared_app_window(qapp, tmp_path_factory) -> Iterator[Callable[..., object]]:
    """``app_window`` for the tests of a module that each put the window back as they found it (or look
    only): the window of each size and language is built once, for the first test asking for it, and
    handed again to the next ones (~0.3 s of CPU each saved) with its dialogs closed, its size and its UI
    language set again (every test ends in English: tests/conftest.py). Each window has a profile folder of
    its own, as ``app_window``'s has."""
    folder = tmp_path_factory.mktemp("shared-window")
    built: dict[tuple[int, int, str], object] = {}   # by size and language (and ``own``)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "system_language", lambda: "zh_CN")

        def build(width: int, height: int, language: str = "zh_CN", own: str = ""):  # noqa: ANN202
            """The window (a MainWindow); ``own``: a window of its own for the tests passing this name."""
            profile = folder / f"{language}{own}"
            patch.setenv("XIANGQI_CONFIG", str(profile / "user.toml"))   # recent files and the like beside it
            window = built.get((width, height, language + own))
            if window is None:
                profile.mkdir(exist_ok=True)
                (profile / "user.toml").write_text(f'[language]\nui = "{language}"\n', encoding="utf-8")
                look = load_appearance(qapp, profile / "user.toml")
                window = built[(width, height, language + own)] = build_main_window(
                    look, AutosaveStore(profile / f"autosave-{width}x{height}.json"))
            else:
                for dialog in list(window.dialogs):
                    dialog.reject()
                install_translator(qapp, language)
            window.resize(width, height)
            window.show()
            deadline = time.monotonic() + SHUTDOWN_S
            while not window.windowHandle().isExposed() and time.monotonic() < deadline:
                QApplication.processEvents()
            QApplication.processEvents()
            return window

        yield build
        for window in built.values():
            close_shared(window)
    install_translator(qapp, "en")


def close_shared(window) -> None:  # noqa: ANN001 - the MainWindow
    """What ``app_window`` does after its test, then closing and deleting the window."""
    window.appearance_ui.engine_search.wait(30)
    window.controller.shutdown()   # closing would first ask whether to save the game
    deadline = time.monotonic() + SHUTDOWN_S
    while window.controller.engines_running and time.monotonic() < deadline:
        QApplication.processEvents()
    window.record_ui.discard_and_close()   # without the question whether to save the game
    window.deleteLater()


def board_on_screen(window) -> QRect:
    """Where the board (with its margins) is drawn, in window coordinates."""
    QApplication.processEvents()
    rect = window.board.board_geometry().board_rect().toAlignedRect()
    return QRect(window.board.mapTo(window, rect.topLeft()), rect.size())


def click(qtbot, window, name: str) -> None:
    qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=window.board.point_of(parse_square(name)))
