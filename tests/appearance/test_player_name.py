"""Issue 20: the player has a name (Settings › 对局), written as their side's player in the games they
play here (it was "—（红）" and [Red ""])."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLineEdit

from xiangqi.config import Keys, SettingsStore, load_settings
from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.game.setup import GameSetup
from xiangqi.record import load_games
from xiangqi.ui.record.record_actions import install_record_ui
from xiangqi.ui.settings.settings_dialog import SettingsDialog

from appearance_paths import SHIPPED


def name_box(dialog: SettingsDialog) -> QLineEdit:
    box = next(w for key, w in dialog.bindings if key == Keys.GAME_PLAYER_NAME)
    assert isinstance(box, QLineEdit)
    return box


def test_the_players_name_is_set_in_the_settings_and_written_in_the_games(qtbot, window, store,
                                                                          tmp_path: Path) -> None:
    record_ui = install_record_ui(window)
    dialog = window.appearance_ui.open_dialog()
    qtbot.keyClicks(name_box(dialog), "Li Lai")
    assert dialog.changes() == [(Keys.GAME_PLAYER_NAME, "Li Lai")]
    dialog.accept()
    assert SettingsStore(SHIPPED, store.user).settings.game.player_name == "Li Lai"
    window.start_game(window.last_setup.with_engine(None))          # two players: the name on red
    assert window.controller.game.record.headers["Red"] == "Li Lai"
    window.start_game(GameSetup(human=Color.BLACK, engine=None, player=window.last_setup.player))
    assert window.controller.game.record.headers["Black"] == "Li Lai"
    assert "Li Lai (Black)" in record_ui.panel.players.text()
    out = tmp_path / "named.pgn"
    assert record_ui.save_as_file(out, Notation.ICCS)
    assert load_games(out)[0].headers["Black"] == "Li Lai"
    again = SettingsDialog(store, window.appearance_ui.library, window, engine_manager=False)
    qtbot.addWidget(again)
    assert name_box(again).text() == "Li Lai" and again.changes() == []


def test_the_new_game_dialog_keeps_the_name(qtbot, window, store) -> None:
    settings = window.appearance_ui.open_dialog()
    name_box(settings).setText("王")
    settings.accept()
    dialog = window.open_new_game_dialog()
    assert dialog.setup().player == "王"
    dialog.accept()
    assert window.controller.game.record.headers["Red"] == "王"     # red by default, the engine black
    window.controller.shutdown()


def test_a_bad_name_in_the_file_is_reported_with_its_key(tmp_path: Path) -> None:
    user = tmp_path / "config.toml"
    user.write_text('[game]\nplayer_name = "two\\nlines"\n', encoding="utf-8")
    settings, errors = load_settings(SHIPPED, user)
    assert settings.game.player_name == ""
    assert any("player_name" in str(error) for error in errors)
