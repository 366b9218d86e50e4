"""The View menus and the settings dialog change the main window live and remember the choice."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QListWidget, QSlider

from xiangqi.config import SettingsStore, load_settings
from xiangqi.ui.settings.settings_dialog import SettingsDialog
from xiangqi.ui.shell.user_files import autosave_path, recent_files_settings, user_settings_path

from appearance_paths import SHIPPED


def widget_for(dialog: SettingsDialog, section: str, key: str):
    return next(w for bound, w in dialog.bindings if (bound.section, bound.name) == (section, key))


def test_view_menu_toggles_apply_live_and_are_remembered(window, store):
    menus = window.appearance_ui.menus
    assert window.board.show_hints is True
    menus.actions[("appearance", "show_hints")][True].trigger()            # uncheck
    menus.actions[("appearance", "coordinates")]["iccs"].trigger()
    menus.actions[("appearance", "notation")]["wxf"].trigger()
    assert window.board.show_hints is False and window.board.coordinates == "iccs"
    again, errors = load_settings(SHIPPED, store.user)
    assert errors == []
    assert (again.appearance.show_hints, again.appearance.coordinates, again.appearance.notation) == \
           (False, "iccs", "wxf")


def test_settings_dialog_applies_and_saves_what_changed(qtbot, window, store):
    dialog = SettingsDialog(store, window.appearance_ui.library, window, engine_manager=False)
    qtbot.addWidget(dialog)
    boards: QListWidget = widget_for(dialog, "appearance", "board_theme")
    assert [boards.item(i).data(256) for i in range(boards.count())] == ["dark", "high_contrast", "paper", "wood"]
    boards.setCurrentRow(2)                                                       # paper
    widget_for(dialog, "sound", "volume").setValue(25)
    language: QComboBox = widget_for(dialog, "language", "ui")
    language.setCurrentIndex(language.findData("zh_TW"))
    hints: QCheckBox = widget_for(dialog, "appearance", "show_best_move_arrow")
    hints.setChecked(False)
    assert {(key.section, key.name) for key, _ in dialog.changes()} == {
        ("appearance", "board_theme"), ("sound", "volume"), ("language", "ui"),
        ("appearance", "show_best_move_arrow")}
    dialog.accept()
    assert window.board.theme.id == "paper" and window.board.show_arrow is False
    menus = window.appearance_ui.menus
    assert menus.actions[("appearance", "board_theme")]["paper"].isChecked()     # the menu follows
    saved = SettingsStore(SHIPPED, store.user).settings
    assert (saved.appearance.board_theme, saved.sound.volume, saved.language.ui) == ("paper", 25, "zh_TW")


def test_dialog_shows_the_current_settings(qtbot, window, store):
    store.set("sound", "volume", 33)
    store.set("game", "time_control", "clock")
    dialog = SettingsDialog(store, window.appearance_ui.library, window, engine_manager=False)
    qtbot.addWidget(dialog)
    slider: QSlider = widget_for(dialog, "sound", "volume")
    assert slider.value() == 33
    assert widget_for(dialog, "game", "time_control").currentData() == "clock"
    assert dialog.changes() == []


def test_user_settings_path_can_be_overridden(monkeypatch, tmp_path):
    monkeypatch.setenv("XIANGQI_CONFIG", str(tmp_path / "x.toml"))
    assert user_settings_path() == tmp_path / "x.toml"
    monkeypatch.delenv("XIANGQI_CONFIG")
    assert user_settings_path().name == "config.toml"


def test_another_profile_keeps_its_autosave_and_recent_files_beside_its_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("XIANGQI_CONFIG", str(tmp_path / "x.toml"))
    assert autosave_path() == tmp_path / "x.autosave.json"
    recent = recent_files_settings()
    recent.setValue("recent", ["/a.pgn"])
    recent.sync()
    assert (tmp_path / "x.recent.ini").is_file()
    monkeypatch.delenv("XIANGQI_CONFIG")
    assert autosave_path().name == "autosave.json" and autosave_path().parent != tmp_path
    assert recent_files_settings().fileName() != str(tmp_path / "x.recent.ini")
