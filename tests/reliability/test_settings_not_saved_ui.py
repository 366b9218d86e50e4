"""Issue 16 item 2 (GUI): a View-menu change whose settings file cannot be written applies, and the user
is told in the status bar with the reason in the message's details; no traceback."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from reliability_paths import REPO, SHIPPED


def test_a_view_menu_change_that_cannot_be_saved_is_reported(qtbot, tmp_path: Path) -> None:
    from xiangqi.config import SettingsStore
    from xiangqi.game.autosave import AutosaveStore
    from xiangqi.play.controller import GameController
    from xiangqi.ui.shell.main_window import MainWindow
    from xiangqi.ui.settings.settings_dialog import install_appearance_ui
    from xiangqi.ui.board.themes import ThemeLibrary

    library = ThemeLibrary.load(REPO / "assets")
    user = tmp_path / "config.toml"
    user.write_bytes(b'[sound]\nvolume = 20\n# caf\xe9\n')            # not UTF-8: cannot be edited safely
    store = SettingsStore(SHIPPED, user, library.choices())
    window = MainWindow(GameController(AutosaveStore(tmp_path / "autosave.json")), library.board("wood"),
                        library.piece_set("engraved"), [])
    qtbot.addWidget(window)
    window.appearance_ui = install_appearance_ui(window, store, library)
    toggle = window.appearance_ui.menus.actions[("appearance", "show_hints")][True]
    before = toggle.isChecked()
    toggle.trigger()                                                     # as a click in View would
    assert store.settings.appearance.show_hints is (not before)          # applied for this run
    assert "not saved" in window.statusBar().currentMessage()
    boxes = [box for box in window.findChildren(QMessageBox) if box.isVisible()]
    assert boxes and str(user) in boxes[-1].detailedText() and "UTF-8" in boxes[-1].detailedText()
    assert user.read_bytes() == b'[sound]\nvolume = 20\n# caf\xe9\n'   # the user's other keys kept
