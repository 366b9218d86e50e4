"""Language and notation live (issue 20): Settings › Language changes every visible string at once, like a
theme (menus, docks, panels, the open dialog), no restart; the English UI writes moves in WXF unless the
user chose a notation; switching notation rewrites the variations tree and the comment header too."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox

import real_window
from real_window import click
from xiangqi.config import SettingsStore
from xiangqi.core.notation import Notation
from xiangqi.ui.settings.language_switch import follow_language
from xiangqi.ui.settings.settings_dialog import SettingsDialog

app_window = real_window.app_window   # the fixture
SHIPPED = Path(__file__).resolve().parents[2] / "config.toml"
PGN = '[Event "t"]\n\n1. 炮二平五 {centre} (1. 相三进五 马８进７) 1... 马８进７ 2. 马二进三 *\n'


def choose_language(qtbot, window, name: str, button: QDialogButtonBox.StandardButton) -> SettingsDialog:
    window.appearance_ui.settings_action.trigger()   # View › Settings…
    dialog = window.findChildren(SettingsDialog)[-1]
    qtbot.waitUntil(dialog.isVisible)
    page = dialog.tabs.widget(3)   # 语言 / Language
    dialog.tabs.setCurrentWidget(page)
    combo = page.findChild(QComboBox)
    combo.setCurrentIndex(combo.findText(name))
    dialog.findChild(QDialogButtonBox).button(button).click()
    return dialog


def test_language_changes_at_once_everywhere(app_window, qtbot) -> None:
    window = app_window(1280, 880)
    click(qtbot, window, "b0")
    click(qtbot, window, "c2")   # 马八进七
    qtbot.waitUntil(lambda: window.move_list.cell_text(0, 0) != "")
    assert window.move_list.cell_text(0, 0) == "马八进七"
    dialog = choose_language(qtbot, window, "English", QDialogButtonBox.StandardButton.Apply)
    assert window.game_menu.title() == "&Game" and window.view_menu.title() == "&View"
    assert window.record_ui.file_menu.title() == "&File"
    assert window.move_list.table.model().headerData(0, Qt.Orientation.Horizontal) == "Red"
    assert window.engine_panel.tree.headerItem().text(1) == "Red's view"
    assert window.record_ui.dock.windowTitle() == "Comments and variations"
    assert dialog.tabs.tabText(3) == "Language" and dialog.windowTitle() == "Settings"   # the open dialog too
    assert window.windowTitle() == "Untitled game[*] — Xiangqi"   # made from a pattern and a translated part
    # English readers get WXF (they chose no notation): the move list is written anew
    qtbot.waitUntil(lambda: window.move_list.cell_text(0, 0) == "H8+7")
    assert window.appearance_ui.menus.actions[("appearance", "notation")]["wxf"].isChecked()
    choose_language(qtbot, window, "繁體中文", QDialogButtonBox.StandardButton.Ok)
    assert window.game_menu.title() == "遊戲(&G)" and window.record_ui.file_menu.title() == "檔案(&F)"
    assert window.engine_panel.tree.headerItem().text(1) == "紅方視角"
    qtbot.waitUntil(lambda: window.move_list.cell_text(0, 0) == "傌八進七")


def test_english_shows_wxf_unless_the_user_chose_a_notation(app_window, tmp_path) -> None:
    window = app_window(1280, 880, "en")
    assert window.move_list.notation is Notation.WXF
    user = tmp_path / "chosen.toml"
    user.write_text('[appearance]\nnotation = "chinese"\n', encoding="utf-8")
    chosen = SettingsStore(SHIPPED, user)
    assert follow_language(chosen, "en") is None and chosen.settings.appearance.notation == "chinese"
    fresh = SettingsStore(SHIPPED, tmp_path / "fresh.toml")
    assert follow_language(fresh, "en") is Notation.WXF and fresh.settings.appearance.notation == "wxf"
    assert not (tmp_path / "fresh.toml").exists()   # a default, not a choice: nothing is written


def test_switching_notation_rewrites_variations_and_comment_header(app_window, qtbot, tmp_path) -> None:
    record = tmp_path / "variation.pgn"
    record.write_text(PGN, encoding="utf-8")
    window = app_window(1280, 880)
    assert window.record_ui.open_file(record)
    panel = window.record_ui.panel
    qtbot.waitUntil(lambda: window.controller.game.record.ply_count() == 3)
    window.controller.study.view(1)
    qtbot.waitUntil(lambda: "炮二平五" in panel.comment_label.text())
    variation = panel.variations.index(1).data()            # the main line's first variation
    assert variation.startswith("1. 相三进五")
    window.appearance_ui.menus.actions[("appearance", "notation")]["wxf"].trigger()   # View › 记谱法 › WXF
    assert "C2.5" in panel.comment_label.text() and "炮" not in panel.comment_label.text()
    variation = panel.variations.index(1).data()
    assert variation.startswith("1. E3+5"), variation
