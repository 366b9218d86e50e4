"""The app as ``python -m xiangqi`` builds it: settings, language, themes, sounds, the record menus and
the appearance menus in one window; settings problems shown; engine-list changes offered at once."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtWidgets import QMessageBox

import xiangqi.ui.common.i18n as i18n
from xiangqi.config import EngineEntry, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.ui.shell.app import build_main_window, load_appearance, show_problems
from xiangqi.game.autosave import AutosaveStore
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.settings.settings_dialog import ENGINES_TAB, SettingsDialog

from appearance_paths import REPO

FAKE_ENGINE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"


@pytest.fixture
def app_window(qapp, qtbot, tmp_path, monkeypatch):
    """The real start-up path with a fresh user settings file and the locale of a C/POSIX system."""
    monkeypatch.setattr(i18n, "system_language", lambda: i18n.language_for_locale("C"))
    made = {}

    def build(user_text: str = ""):
        user = tmp_path / "user.toml"
        if user_text:
            user.write_text(user_text, encoding="utf-8")
        made["look"] = look = load_appearance(qapp, user)
        made["window"] = window = build_main_window(look, AutosaveStore(tmp_path / "autosave.json"))
        qtbot.addWidget(window)
        return look, window

    yield build
    if "window" in made:
        made["window"].appearance_ui.engine_search.wait(30)   # no search outlives its window
    install_translator(qapp, "en")


def titles(menu) -> list[str]:
    return [action.text() for action in menu.actions() if action.text()]


def test_the_app_opens_in_chinese_with_one_notation_menu_settings_and_engine_manager(app_window, qtbot):
    look, window = app_window()
    assert look.language == "zh_CN" and look.problems == []
    assert titles(window.menuBar())[:6] == ["文件(&F)", "编辑(&E)", "游戏(&G)", "练习(&T)", "视图(&V)", "引擎(&N)"]
    view = titles(window.view_menu)
    assert view.count("记谱法(&N)") == 1 and "棋盘主题(&B)" in view and "设置(&S)…" in view
    assert "管理引擎(&M)…" in titles(window.engine_menu)
    assert window.board.theme.id == "wood" and window.board.animate_moves is True   # settings applied
    window.appearance_ui.engines_action.trigger()
    dialog = window.appearance_ui.dialog
    assert isinstance(dialog, SettingsDialog) and dialog in window.dialogs
    assert dialog.tabs.currentIndex() == ENGINES_TAB and dialog.tabs.currentWidget() is dialog.engines
    dialog.reject()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)   # the probe engine has quit


def test_settings_problems_are_shown_naming_file_key_and_value(app_window):
    look, window = app_window('[appearance]\nboard_theme = "nope"\n[game]\nmove_time = -3\n')
    assert window.board.theme.id == "wood"            # that key alone fell back
    box = show_problems(window, look.problems)
    assert isinstance(box, QMessageBox) and box in window.dialogs
    shown = box.informativeText()
    assert "user.toml" in shown and 'board_theme = "nope"' in shown and "move_time = -3" in shown


def test_engine_list_changes_reach_the_new_game_dialog_and_game_settings_the_next_game(app_window, qtbot):
    look, window = app_window()
    assert window.engines[-1].family == "builtin"            # offered at once, before the search ends
    with qtbot.waitSignal(window.appearance_ui.engine_search.found, timeout=30_000):
        pass                                                 # the start-up search (PATH, engines/)
    fake = EngineEntry("Fake engine", sys.executable, args=(str(FAKE_ENGINE),), protocol=Protocol.UCCI)
    with qtbot.waitSignal(window.appearance_ui.engine_search.found, timeout=30_000):
        look.store.set_engines([fake])                       # the engine manager saved a new list
    dialog = window.open_new_game_dialog()
    names = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())]
    assert names[0] == "Fake engine" and "内置引擎" in names          # the built-in engine's name translated
    dialog.reject()
    look.store.set("game", "level", 5)
    look.store.set("game", "human_side", "black")
    assert window.last_setup.strength.level == 5 and window.last_setup.engine.options["level"] == 5
    assert window.last_setup.human.name == "BLACK"


def test_a_profile_that_remembered_ucci_for_fairy_stockfish_is_moved_to_uci_once(qapp, tmp_path, monkeypatch):
    """An earlier version wrote the dialect Fairy-Stockfish answered (UCCI, skewed between the colours) into
    the user's engine list: the start moves it to UCI, saves it and says so; a UCCI chosen by hand stays."""
    monkeypatch.setattr(i18n, "system_language", lambda: i18n.language_for_locale("C"))
    user = tmp_path / "user.toml"
    user.write_text('[[engines]]\nname = "Fairy-Stockfish"\ncommand = "/usr/games/fairy-stockfish"\n'
                    'protocol = "ucci"\n\n[[engines]]\nname = "Kept"\ncommand = "/opt/fairy-stockfish"\n'
                    'protocol = "ucci"\nprotocol_by_hand = true\n', encoding="utf-8")
    look = load_appearance(qapp, user)
    assert [e.protocol for e in look.store.settings.engines] == [Protocol.UCI, Protocol.UCCI]
    notes = [p for p in look.problems if "Fairy-Stockfish" in p]
    assert len(notes) == 1 and "UCCI" in notes[0] and "UCI" in notes[0]
    assert 'protocol = "uci"' in user.read_text(encoding="utf-8")      # saved: the next start finds nothing
    again = load_appearance(qapp, user)
    assert not [p for p in again.problems if "Fairy-Stockfish" in p]
    assert [e.protocol for e in again.store.settings.engines] == [Protocol.UCI, Protocol.UCCI]
