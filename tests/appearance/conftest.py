"""Helpers for the appearance tests: the shipped theme library, a settings store in a temporary folder,
and a real main window wired to them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from appearance_paths import ASSETS, REPO, SHIPPED  # noqa: F401 (used by fixtures below)
from closed_widgets import delete_closed_widgets  # noqa: F401 (autouse: closed windows deleted after each test)
from slot_exceptions import fail_on_slot_exceptions  # noqa: F401 (autouse: an exception in a slot fails the test)


@pytest.fixture
def library(qapp):
    from xiangqi.ui.board.themes import ThemeLibrary

    return ThemeLibrary.load(ASSETS)


@pytest.fixture
def store(tmp_path, library):
    from xiangqi.config import SettingsStore

    return SettingsStore(SHIPPED, tmp_path / "user" / "config.toml", library.choices())


@pytest.fixture
def themes_copy(tmp_path) -> Path:
    """A writable copy of assets/themes to break folders in."""
    target = tmp_path / "themes"
    shutil.copytree(ASSETS / "themes", target)
    return target


@pytest.fixture
def window(qtbot, tmp_path, library, store):
    from xiangqi.game.autosave import AutosaveStore
    from xiangqi.play.controller import GameController
    from xiangqi.ui.shell.main_window import MainWindow
    from xiangqi.ui.settings.settings_dialog import install_appearance_ui

    look = store.settings.appearance
    win = MainWindow(GameController(AutosaveStore(tmp_path / "autosave.json")), library.board(look.board_theme),
                     library.piece_set(look.piece_set), [])
    qtbot.addWidget(win)
    win.appearance_ui = install_appearance_ui(win, store, library)
    win.resize(900, 760)
    win.show()
    qtbot.waitExposed(win)
    return win
