"""Help pages (issue 20): 象棋规则 says how every piece moves (蹩马腿, 塞象眼, the cannon's jump, 飞将,
过河兵) before the referee's rules; 快捷键 has a heading and lists only keys one can press."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QTextBrowser

import real_window
from xiangqi.ui.shell.help_menu import HelpMenu

app_window = real_window.app_window   # the fixture


def open_page(window, action_name: str) -> str:
    menu = window.findChild(HelpMenu)
    menu.menu.popup(window.mapToGlobal(window.rect().center()))
    getattr(menu, action_name).trigger()   # as a click on the menu item does
    menu.menu.hide()
    return window.dialogs[-1].findChild(QTextBrowser).toPlainText()


def test_rules_page_says_how_the_pieces_move(app_window) -> None:
    window = app_window(1280, 880)
    text = open_page(window, "rules_action")
    for words in ("棋子怎样走", "蹩马腿", "塞象眼", "炮架", "飞将", "过河兵", "九宫", "长将", "自然限着"):
        assert words in text, words
    assert text.index("棋子怎样走") < text.index("本程序执行的规则")
    assert "（可在“视图 › 设置… › 对局”中更改）" in text and "可在 设置" not in text


def test_rules_page_in_english_and_traditional(app_window) -> None:
    window = app_window(1280, 880, "en")
    text = open_page(window, "rules_action")
    assert "How the pieces move" in text and "captures by jumping" in text and "crossed the river" in text
    window.controller.shutdown()
    window = app_window(1280, 880, "zh_TW")
    text = open_page(window, "rules_action")
    assert "蹩馬腿" in text and "塞象眼" in text and "過河兵" in text


def test_shortcuts_page_has_a_heading_and_only_keys_one_can_press(app_window) -> None:
    window = app_window(1280, 880)
    text = open_page(window, "shortcuts_action")
    assert text.splitlines()[0] == "快捷键"
    assert "Ctrl+Z" in text and "Home" in text
    assert "撤销" not in text and "重做" not in text and "新建" not in text
    assert not re.search(r"\bF(1[3-9]|2\d|3[0-5])\b", text)
