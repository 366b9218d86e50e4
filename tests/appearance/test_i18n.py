"""Languages: the default follows the locale; the main window is translated in 简体, 繁體 and English;
the committed translations cover every string the UI code marks for translation."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QMenu, QToolBar

from xiangqi.ui.common.i18n import install_translator, language_for_locale, translation_file

from appearance_paths import ASSETS, REPO

REGENERATE = ".venv/bin/python assets/tools/update_translations.py"


@pytest.mark.parametrize("locale, language", [
    ("zh_CN", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"), ("zh-Hans-CN", "zh_CN"), ("zh_SG", "zh_CN"),
    ("zh_TW", "zh_TW"), ("zh_HK.UTF-8", "zh_TW"), ("zh-Hant-HK", "zh_TW"), ("zh_MO", "zh_TW"),
    ("zh-Hant", "zh_TW"), ("en_US", "en"), ("en-GB", "en"), ("en", "en"),
    ("C", "zh_CN"), ("POSIX", "zh_CN"), ("", "zh_CN"), ("fr_FR", "zh_CN")])
def test_default_language_follows_the_locale(locale, language):
    assert language_for_locale(locale) == language


def ts_messages(file: Path) -> dict[tuple[str, str], str | None]:
    """(context, source) -> finished translation (None when unfinished)."""
    messages = {}
    for context in ET.parse(file).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            text = translation.text or "".join(n.text or "" for n in translation.iter("numerusform"))
            done = translation.get("type") is None and text
            messages[(context.findtext("name"), message.findtext("source"))] = text if done else None
    return messages


def test_the_translations_cover_every_marked_string(tmp_path):
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for folder in ("ui", "play") for p in (REPO / "xiangqi" / folder).rglob("*.py"))
    subprocess.run([str(Path(sys.executable).parent / "pyside6-lupdate"), *sources, "-ts", str(fresh)],
                   check=True, capture_output=True)
    wanted = set(ts_messages(fresh))
    for language in ("zh_CN", "zh_TW"):
        committed = ts_messages(ASSETS / "i18n" / f"xiangqi_{language}.ts")
        missing = sorted(wanted - {k for k, v in committed.items() if v})
        assert missing == [], f"untranslated in {language} (run {REGENERATE}): {missing[:10]}"
        compiled = QTranslator()
        assert compiled.load(str(translation_file(language)))
        stale = [(c, s) for (c, s), text in committed.items()
                 if text and "%n" not in s and compiled.translate(c, s) != text]
        assert stale == [], f"{language}.qm is older than its .ts (run {REGENERATE}): {stale[:5]}"


def visible_texts(window) -> set[str]:
    """Window title, menu titles and every action text in the menus and tool bars."""
    texts = {window.windowTitle()}
    def walk(menu: QMenu):
        texts.add(menu.title())
        for action in menu.actions():
            if action.menu():
                walk(action.menu())
            elif action.text():
                texts.add(action.text())
    for action in window.menuBar().actions():
        walk(action.menu())
    for bar in window.findChildren(QToolBar):
        texts.add(bar.windowTitle())
        texts.update(action.text() for action in bar.actions())
    return {t for t in texts if t}


@pytest.mark.parametrize("language, game_menu", [("zh_CN", "游戏(&G)"), ("zh_TW", "遊戲(&G)"), ("en", "&Game")])
def test_main_window_is_translated(qapp, qtbot, tmp_path, library, store, language, game_menu):
    from xiangqi.game.autosave import AutosaveStore
    from xiangqi.play.controller import GameController
    from xiangqi.ui.shell.main_window import MainWindow
    from xiangqi.ui.record.record_actions import install_record_ui
    from xiangqi.ui.settings.settings_dialog import install_appearance_ui

    try:
        assert install_translator(qapp, language) == language
        window = MainWindow(GameController(AutosaveStore(tmp_path / "a.json")), library.board("wood"),
                            library.piece_set("engraved"), [])
        qtbot.addWidget(window)
        install_record_ui(window)
        install_appearance_ui(window, store, library)
        texts = visible_texts(window)
        assert game_menu in texts
        if language != "en":
            english = {source for (_, source), text in ts_messages(ASSETS / "i18n" / f"xiangqi_{language}.ts").items()
                       if text and text != source}
            assert texts & english == set(), f"untranslated visible text in {language}"
            assert QCoreApplication.translate("QPlatformTheme", "Cancel") != "Cancel"   # Qt's own strings
    finally:
        install_translator(qapp, "en")


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_result_texts_are_translated(qapp, language):
    from xiangqi.core import Termination
    from xiangqi.ui.play.result_dialog import reason_text

    try:
        install_translator(qapp, language)
        untranslated = [r for r in Termination if reason_text(r).isascii()]
        assert untranslated == []
    finally:
        install_translator(qapp, "en")
    assert reason_text(Termination.CHECKMATE) == "by checkmate"
