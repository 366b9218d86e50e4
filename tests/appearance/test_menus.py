"""Menus (issue 15): 帮助 with rules, history, shortcuts and about; a sound toggle; 退出 under 文件; no
mnemonic used twice in the menu bar or in one menu; the theme and piece-set menus mark the active one."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QMenu, QTextBrowser

import real_window
from xiangqi.resources import version
from xiangqi.ui.shell.help_menu import HelpMenu, mnemonic

shared_app_window = real_window.shared_app_window   # the fixture


@pytest.fixture
def app_window(shared_app_window):
    """One window for the module's tests: they read its menus and the pages they open (closed before the
    next test), and put back the sound they turned off (a theme chosen or an engine added may stay)."""
    return shared_app_window


def titles(menu) -> list[str]:
    return [action.text() for action in menu.actions() if action.text()]


def all_menus(window) -> list[QMenu]:
    menus, stack = [], [a.menu() for a in window.menuBar().actions()]
    while stack:
        menu = stack.pop()
        menus.append(menu)
        stack += [a.menu() for a in menu.actions() if a.menu() is not None]
    return menus


def help_menu(window) -> HelpMenu:
    return window.findChild(HelpMenu)


def page_text(window) -> str:
    return window.dialogs[-1].findChild(QTextBrowser).toPlainText()


def test_help_menu_opens_rules_history_shortcuts_and_about(app_window) -> None:
    window = app_window(1280, 880)
    assert titles(window.menuBar())[-1] == "帮助(&H)"
    assert titles(help_menu(window).menu) == ["象棋规则(&R)", "象棋历史(&H)", "快捷键(&K)", "关于(&A)"]
    help_menu(window).rules_action.trigger()
    assert "长将" in page_text(window) and "长捉" in page_text(window) and "困毙" in page_text(window)
    help_menu(window).history_action.trigger()
    assert "橘中秘" in page_text(window)
    help_menu(window).shortcuts_action.trigger()
    assert "悔棋" in page_text(window) and "Ctrl+Z" in page_text(window)
    help_menu(window).about_action.trigger()
    about = page_text(window)
    assert version() in about and "GPL" in about and "内置引擎" in about


def test_quit_is_under_file_and_not_under_game(app_window) -> None:
    window = app_window(1280, 880)
    assert titles(window.record_ui.file_menu)[-1] == "退出(&Q)"
    assert "退出(&Q)" not in titles(window.game_menu)


def test_no_mnemonic_is_used_twice_in_the_menu_bar_or_in_a_menu(app_window) -> None:
    window = app_window(1280, 880)
    for menu in [window.menuBar(), *all_menus(window)]:
        letters = [mnemonic(text) for text in titles(menu) if mnemonic(text)]
        assert len(letters) == len(set(letters)), titles(menu)


def test_theme_and_piece_menus_mark_the_active_one(app_window) -> None:
    window = app_window(1280, 880)
    view = window.appearance_ui.menus
    for menu, current in ((view.board_menu, window.board.theme), (view.piece_menu, window.board.pieces)):
        checked = [a.text() for a in menu.actions() if a.isChecked()]
        assert checked == [current.name("zh_CN")] and all(a.isCheckable() for a in menu.actions())
    paper = next(a for a in view.board_menu.actions() if not a.isChecked())
    paper.trigger()
    assert paper.isChecked() and [a for a in view.board_menu.actions() if a.isChecked()] == [paper]


def test_the_sound_toggle_turns_sound_off_and_on_and_is_saved(app_window) -> None:
    window = app_window(1280, 880)
    toggle = help_menu(window).sound_toggle.action
    assert toggle.text() == "声音(&O)" and toggle.isChecked() and window.sounds.enabled
    toggle.trigger()
    assert not window.sounds.enabled and window.appearance_ui.store.settings.sound.enabled is False
    toggle.trigger()
    assert window.sounds.enabled


def test_about_shows_an_engine_name_with_markup_as_text(app_window) -> None:
    """Engine names come from settings and file names (issue 16 item 9): shown as typed, never rendered."""
    window = app_window(1280, 880)
    hostile = '<a href="file:///etc/passwd">click</a><img src="/tmp/x.png">'
    window.engines = [*window.engines, real_window.fake_engine().__class__(name=hostile, command="/bin/true")]
    help_menu(window).about_action.trigger()
    browser = window.dialogs[-1].findChild(QTextBrowser)
    assert hostile in browser.toPlainText()
    html = browser.toHtml()   # the credits' own links (the CCPD's licence and source) are the only anchors
    assert 'href="file:' not in html and "<img" not in html
    assert all(link.startswith("https://") for link in re.findall(r'<a href="([^"]*)"', html))
