"""The window contract (``ui/window_host.py``): the main window has every part it promises the features,
installing the features hangs nothing new on the window (each feature is kept by whoever installed it), and no
feature looks a part of the window up by name."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from xiangqi.config import SettingsStore
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.board.themes import ThemeLibrary
from xiangqi.ui.match.match_ui import install_match_ui
from xiangqi.ui.record.record_actions import install_record_ui
from xiangqi.ui.settings.settings_dialog import install_appearance_ui
from xiangqi.ui.shell.help_menu import install_help_and_menu_order
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.study.study_tools import install_study_ui
from xiangqi.ui.window_host import WindowHost

from app_fakes import REPO


def test_the_main_window_has_every_part_the_contract_declares(qtbot: QtBot) -> None:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    declared = [name for name in WindowHost.__annotations__ if not name.startswith("_")]
    assert "controller" in declared and "game_menu" in declared
    assert [name for name in declared if not hasattr(window, name)] == []
    promised = [name for name, value in vars(WindowHost).items() if callable(value) and not name.startswith("_")]
    assert {"open_dialog", "show_message", "ask", "set_notation"} <= set(promised)
    assert [name for name in promised if getattr(MainWindow, name) is getattr(WindowHost, name)] == []


def test_installing_the_features_hangs_nothing_on_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    before = set(vars(window))
    library = ThemeLibrary.load(REPO / "assets")
    store = SettingsStore(REPO / "config.toml", tmp_path / "user.toml", library.choices())
    records = install_record_ui(window, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    study = install_study_ui(window)
    match = install_match_ui(window, window.book_ui)
    appearance = install_appearance_ui(window, store, library)
    install_help_and_menu_order(window, store)
    assert set(vars(window)) - before == set()
    assert records.parent() is window and study.parent() is window and match.parent() is window
    assert appearance.parent() is window
    assert window.confirm_discard == records.confirm_discard   # the declared hook, set by the record feature


def test_no_feature_looks_the_window_up_by_name() -> None:
    lookup = re.compile(r"\b(?:get|has|set)attr\(\s*(?:self\.)?window")
    found = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in sorted((REPO / "xiangqi" / "ui").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if lookup.search(line)]
    assert found == [], "declare the part on WindowHost (ui/window_host.py) instead"
