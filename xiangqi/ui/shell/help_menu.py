"""The Help menu (帮助: rules, history, keyboard shortcuts, about), the sound toggle, and the menu bar's
order: Quit under File, one mnemonic per letter in each menu. The rules and history pages are HTML files
in ``assets/help/`` (one per language); the shortcut list is read from the window's own actions, so it
is never out of date."""

from __future__ import annotations

import re
import sys
from html import escape
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtCore import QKeyCombination, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QTextBrowser, QVBoxLayout, QWidget

from xiangqi.config import Keys
from xiangqi.resources import assets_dir, data_root, version
from xiangqi.play.engine_list import engine_display_name
from xiangqi.training.ccpd import CCPD_LICENCE_URL, CCPD_REPOSITORY_URL
from xiangqi.ui.common.i18n import current_language
from xiangqi.ui.common.dialog_ref import DialogRef

if TYPE_CHECKING:
    from xiangqi.config import SettingsStore
    from xiangqi.ui.shell.main_window import MainWindow

HELP_SIZE = (620, 560)
_MNEMONIC = re.compile(r"&([^&])")


def help_page(name: str, language: str) -> str:
    """``assets/help/<name>.<language>.html`` (English when that language has none)."""
    folder = assets_dir() / "help"
    for candidate in (folder / f"{name}.{language}.html", folder / f"{name}.en.html"):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    return ""


def mnemonic(text: str) -> str | None:
    """The Alt+letter of a menu text ("文件(&F)" -> "f"), or None."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


# Keys every PC keyboard has besides the printable ones. Qt's standard shortcuts also bind keys few
# keyboards have (Undo, Redo, New, F13-F35: "撤销", "F14"): the page lists only keys one can press.
_PLAIN_KEYS = frozenset({
    Qt.Key.Key_Escape, Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Backspace, Qt.Key.Key_Return,
    Qt.Key.Key_Enter, Qt.Key.Key_Insert, Qt.Key.Key_Delete, Qt.Key.Key_Pause, Qt.Key.Key_Print,
    Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Right, Qt.Key.Key_Down,
    Qt.Key.Key_PageUp, Qt.Key.Key_PageDown,
    *(Qt.Key(Qt.Key.Key_F1.value + n) for n in range(12))})
_FIRST_SPECIAL_KEY = 0x01000000   # Qt's key codes below this are printable characters


class _KeyCombinations(Protocol):
    """QKeySequence's ``operator[]``, which PySide6 has but its type stubs do not declare."""

    def __getitem__(self, index: int) -> QKeyCombination: ...


def pressable(sequence: QKeySequence) -> bool:
    """True when every key of ``sequence`` is on an ordinary keyboard."""
    combinations = cast(_KeyCombinations, sequence)
    keys = [combinations[index].key() for index in range(sequence.count())]
    return bool(keys) and all(key.value < _FIRST_SPECIAL_KEY or key in _PLAIN_KEYS for key in keys)


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window that has a shortcut one can press, in menu order;
    the keys as this system writes them (``QKeySequence.NativeText``)."""
    rows = []
    for action in window.actions():
        keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts()
                         if pressable(s))
        what = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")
        what = re.sub(r"\(\w\)$", "", what)   # "悔棋(U)" -> "悔棋": the mnemonic is not the shortcut
        if keys and what and (what, keys) not in rows:
            rows.append((what, keys))
    return rows


class HelpMenu(QObject):
    """帮助 › 象棋规则 / 象棋历史 / 快捷键 / 关于, each a page in a dialog opened without blocking."""

    def __init__(self, window: MainWindow, sound_toggle: SoundToggle | None = None) -> None:
        super().__init__(window)
        self.window, self.sound_toggle = window, sound_toggle
        self.menu = window.menuBar().addMenu(self.tr("&Help"))
        self.rules_action = self.menu.addAction(self.tr("Xiangqi &rules"), self.show_rules)
        self.history_action = self.menu.addAction(self.tr("Xiangqi &history"), self.show_history)
        self.shortcuts_action = self.menu.addAction(self.tr("&Keyboard shortcuts"), self.show_shortcuts)
        self.menu.addSeparator()
        self.about_action = self.menu.addAction(self.tr("&About"), self.show_about)
        self._dialog: DialogRef[QDialog] = DialogRef()   # forgotten once closed

    def show_rules(self) -> QDialog:
        return self._page(self.tr("Xiangqi rules"), help_page("rules", current_language()))

    def show_history(self) -> QDialog:
        return self._page(self.tr("Xiangqi history"), help_page("history", current_language()))

    def show_shortcuts(self) -> QDialog:
        title, action, keys = self.tr("Keyboard shortcuts"), self.tr("Action"), self.tr("Keys")
        head = f"<tr><th align='left'>{action}</th><th align='left'>&nbsp;&nbsp;{keys}</th></tr>"
        rows = "".join(f"<tr><td>{escape(what)}</td><td>&nbsp;&nbsp;<b>{escape(keys)}</b></td></tr>"
                       for what, keys in shortcut_rows(self.window))
        return self._page(title, f"<h2>{escape(title)}</h2><table cellpadding='2'>{head}{rows}</table>")

    def show_about(self) -> QDialog:
        # Engine names come from the user's settings and from file names: text, never markup.
        engines = "".join(f"<li>{escape(engine_display_name(spec))}</li>" for spec in self.window.engines)
        title = self.tr("Xiangqi")
        summary = self.tr("Play Chinese chess against the computer.")
        licence = self.tr("Licence: GPL 3.0 or later. Drawings and sounds CC0; glyph outlines SIL OFL 1.1 (Noto CJK).")
        ccpd = escape(self.tr("Puzzles, training positions and the starter game database made from the Chinese Chess "
                              "Practical Dataset (CCPD), "
                              "Yu-Han Tseng, CC BY 4.0 (converted and selected)."))
        ccpd_links = (f'<a href="{CCPD_LICENCE_URL}">CC BY 4.0</a> · '
                      f'<a href="{CCPD_REPOSITORY_URL}">{escape(CCPD_REPOSITORY_URL.split("//", 1)[1])}</a>')
        found = self.tr("Engines found")
        data = escape(self.tr("Program data: {0}").format(data_root()))
        text = (f"<h2>{title} {version()}</h2><p>{summary}</p><p>{licence}</p><p>{ccpd}<br>{ccpd_links}</p>"
                f"<h3>{found}</h3><ul>{engines}</ul><p>{data}<br>Python {sys.version.split()[0]}</p>")
        return self._page(self.tr("About Xiangqi"), text)

    def _page(self, title: str, html: str) -> QDialog:
        dialog = QDialog(self.window)
        dialog.setWindowTitle(title)
        dialog.resize(*HELP_SIZE)
        page = QTextBrowser(dialog)
        page.setOpenExternalLinks(True)
        page.setHtml(html)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(page)
        layout.addWidget(buttons)
        self.window.open_dialog(self._dialog.hold(dialog))   # in window.dialogs until closed, announced for tests
        return dialog

    @property
    def dialog(self) -> QDialog | None:
        """The help page while it is open."""
        return self._dialog.get()


class SoundToggle(QObject):
    """View › Sound: on/off, saved in the settings like the other toggles; follows the settings dialog."""

    def __init__(self, window: MainWindow, store: SettingsStore) -> None:
        super().__init__(window)
        self.store = store
        self.action = QAction(self.tr("S&ound"), window, checkable=True)
        self.action.setChecked(store.settings.get(Keys.SOUND_ENABLED))
        self.action.toggled.connect(self._toggled)
        window.view_menu.addSeparator()
        window.view_menu.addAction(self.action)
        store.subscribe(self._sync)

    def _toggled(self, on: bool) -> None:
        if self.store.settings.get(Keys.SOUND_ENABLED) != on:
            self.store.set_key(Keys.SOUND_ENABLED, on)

    def _sync(self, section: str, key: str, value: object) -> None:
        if (section, key) == ("sound", "enabled") and self.action.isChecked() != bool(value):
            self.action.setChecked(bool(value))


def move_quit_to_file_menu(window: MainWindow, file_menu: QMenu) -> None:
    """退出 belongs at the end of 文件 (File), not in 游戏 (Game)."""
    window.game_menu.removeAction(window.quit_action)
    actions = window.game_menu.actions()
    if actions and actions[-1].isSeparator():
        window.game_menu.removeAction(actions[-1])
    file_menu.addSeparator()
    file_menu.addAction(window.quit_action)


def install_help_and_menu_order(window: MainWindow, store: SettingsStore | None) -> HelpMenu:
    """Help menu, sound toggle (when there are settings) and Quit under File (when there is a File menu).
    The window keeps them (they are its children): ``window.findChild(HelpMenu)``."""
    if window.record_ui is not None:
        move_quit_to_file_menu(window, window.record_ui.file_menu)
    return HelpMenu(window, SoundToggle(window, store) if store is not None else None)
