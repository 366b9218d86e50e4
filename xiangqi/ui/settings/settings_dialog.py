"""Settings in the window: View › Board theme / Piece set (with previews), Coordinates, Notation and the
display toggles, all applied live and remembered; and the Settings dialog (game, appearance, sound,
language, engines). Every change goes through ``xiangqi.config.SettingsStore``, which saves it to the
user's file and tells its listeners; ``apply_setting`` is the listener that updates the main window.

Wiring (in the app, after the main window exists):

    store = SettingsStore(SHIPPED_CONFIG, user_settings_path(), choices=library.choices())
    ui = install_appearance_ui(window, store, library, sounds)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QLabel, QListView, QListWidget, QListWidgetItem, QMainWindow, QMenu,
                               QMessageBox, QProxyStyle, QSlider, QSpinBox, QStyle, QStyleOption, QTabWidget,
                               QVBoxLayout, QWidget)
from PySide6.QtWidgets import QLineEdit   # the player's name (Settings › Game)

from xiangqi.config import Keys, SettingKey, Settings, SettingsError, SettingsSaveError, SettingsStore, section_fields
from xiangqi.core.notation import Notation
from xiangqi.play.engine_list import EngineSearch
from xiangqi.game.setup import setup_from_settings
from xiangqi.ui.common.i18n import LANGUAGE_NAMES, current_language, system_language
from xiangqi.ui.common.contrast import set_high_contrast
from xiangqi.ui.common.dialog_ref import DialogRef
from xiangqi.ui.common.dialog_fit import scrolling
from xiangqi.ui.common.text_size import set_text_size
from xiangqi.ui.board.themes import ThemeLibrary, board_preview, piece_preview
from xiangqi.ui.settings.language_switch import switch_language
from xiangqi.ui.window_host import WindowHost

if TYPE_CHECKING:
    from xiangqi.engine.registry import EngineSpec
    from xiangqi.ui.play.sounds import SoundPlayer

MENU_ICON_PX = 40
DIALOG_SIZE = QSize(820, 560)
ENGINES_TAB = 4   # the settings dialog's page of the engine manager
BOARD_FLAGS = {"show_hints": "show_hints", "show_last_move": "show_last_move",
               "show_best_move_arrow": "show_arrow", "animate_moves": "animate_moves"}


# ----------------------------------------------------------------------------------- live changes
def apply_setting(window: WindowHost, library: ThemeLibrary, section: str, key: str, value: Any) -> None:
    """Show one changed setting in the main window at once (game settings apply to the next game; the
    language is switched by ``AppearanceUi``, which knows the settings store). A key that is no setting is
    an error (SettingsError), not a change that quietly does nothing."""
    if section != "engines" and key not in section_fields(section):
        raise SettingsError(f"unknown setting [{section}] {key!r:.80}")
    board = window.board
    if section == "appearance":
        if key == "board_theme" and library.boards:
            board.set_appearance(library.board(value), board.pieces)
        elif key == "piece_set" and library.pieces:
            board.set_appearance(board.theme, library.piece_set(value))
        elif key == "coordinates":
            board.set_coordinates(value)
        elif key == "notation":
            window.set_notation(Notation(value))
        elif key == "text_size":
            set_text_size(int(value))
        elif key == "high_contrast":
            set_high_contrast(bool(value))
        elif key == "opponent_thinking":
            window.set_opponent_thinking(bool(value))
        elif key == "analysis_arrows":
            board.shapes.show_analysis = bool(value)
            board.update()
        elif key in BOARD_FLAGS:
            setattr(board, BOARD_FLAGS[key], bool(value))
            board.update()
    elif section == "game" and key == "ponder":
        window.controller.ponder = bool(value)   # at once: from the engine's next move
    elif section == "sound" and window.sounds is not None:
        if key == "enabled":
            window.sounds.enabled = bool(value)
        elif key == "volume":
            window.sounds.volume = value


def apply_settings(window: WindowHost, library: ThemeLibrary, settings: Settings) -> None:
    """Show every appearance setting in the main window (at start-up)."""
    for item in fields(settings.appearance):
        apply_setting(window, library, "appearance", item.name, getattr(settings.appearance, item.name))


def report_problems(parent: QWidget, problems: list[str]) -> QMessageBox:
    """Settings that were refused or not saved (each names file, key and value), without blocking."""
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("SettingsDialog", "Settings"),
                      "\n".join(problems), QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)   # the problems quote the user's file
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def report_not_saved(window: QWidget, problems: list[str]) -> QMessageBox:
    """Changes that apply now but could not be written to the settings file: a line in the status bar
    and a message whose details say why (the file was left as it was)."""
    if isinstance(window, QMainWindow):
        window.statusBar().showMessage(QCoreApplication.translate(
            "SettingsDialog", "Settings not saved: the change applies until the program closes."), 15_000)
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("SettingsDialog", "Settings"),
                      QCoreApplication.translate(
                          "SettingsDialog", "The change applies now but could not be saved, so it will be "
                          "lost when the program closes. Your settings file was left as it was."),
                      QMessageBox.StandardButton.Ok, window)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText("\n".join(problem[:300] for problem in problems[:3]))
    box.setDetailedText("\n".join(problems))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


# ----------------------------------------------------------------------------------- view menus
class _BigMenuIcons(QProxyStyle):
    """Menus show 16 px icons; theme previews need room to be seen."""

    def pixelMetric(self, metric: QStyle.PixelMetric, option: QStyleOption | None = None,  # noqa: N802 (Qt's name)
                    widget: QWidget | None = None) -> int:
        if metric == QStyle.PixelMetric.PM_SmallIconSize:
            return MENU_ICON_PX
        return super().pixelMetric(metric, option, widget)


class ViewMenus(QObject):
    """View › Board theme, Piece set, Coordinates, Notation and the display toggles.

    Each entry changes the setting through the store (saved, applied live); the check marks follow the
    store, so a change made in the settings dialog shows here too."""

    def __init__(self, window: WindowHost, store: SettingsStore, library: ThemeLibrary, language: str,
                 menu: QMenu | None = None) -> None:
        super().__init__(window)
        self.window, self.store, self.library = window, store, library
        self.menu = menu or window.view_menu
        self.actions: dict[tuple[str, str], dict[Any, QAction]] = {}
        self._style = _BigMenuIcons()
        self._style.setParent(self)
        boards = [(i, t.name(language), QIcon(board_preview(t, MENU_ICON_PX, MENU_ICON_PX * 3 // 4)))
                  for i, t in library.boards.items()]
        pieces = [(i, p.name(language), QIcon(piece_preview(p, MENU_ICON_PX // 2))) for i, p in
                  library.pieces.items()]
        self.menu.addSeparator()
        self.board_menu = self._choice_menu(self.tr("&Board theme"), Keys.APPEARANCE_BOARD_THEME, boards)
        self.piece_menu = self._choice_menu(self.tr("&Piece set"), Keys.APPEARANCE_PIECE_SET, pieces)
        self.board_menu.setStyle(self._style)
        self.piece_menu.setStyle(self._style)
        self._choice_menu(self.tr("&Coordinates"), Keys.APPEARANCE_COORDINATES, [
            ("traditional", self.tr("&Traditional (Chinese numerals / digits)"), None),
            ("iccs", self.tr("&ICCS (a–i, 0–9)"), None), ("none", self.tr("&None"), None)])
        self.notation_menu = self._choice_menu(self.tr("&Notation"), Keys.APPEARANCE_NOTATION, [
            ("chinese", self.tr("&Chinese"), None), ("wxf", self.tr("&WXF"), None),
            ("iccs", self.tr("&ICCS"), None)])
        self.menu.addSeparator()
        for flag, text in ((Keys.APPEARANCE_SHOW_HINTS, self.tr("Show legal-move &hints")),
                           (Keys.APPEARANCE_SHOW_LAST_MOVE, self.tr("Mark the &last move")),
                           (Keys.APPEARANCE_SHOW_BEST_MOVE_ARROW, self.tr("Show the engine's best-move &arrow")),
                           (Keys.APPEARANCE_ANALYSIS_ARROWS, self.tr("Show the analysis lines as arro&ws")),
                           (Keys.APPEARANCE_OPPONENT_THINKING, self.tr("Show the opponent's thin&king")),
                           (Keys.APPEARANCE_ANIMATE_MOVES, self.tr("Ani&mate moves"))):
            self._toggle(text, flag)
        store.subscribe(self.sync)

    def _choice_menu(self, title: str, key: SettingKey[str],
                     options: Sequence[tuple[str, str, QIcon | None]]) -> QMenu:
        menu = self.menu.addMenu(title)
        group = QActionGroup(menu)
        current = self.store.settings.get(key)
        by_value = self.actions.setdefault((key.section, key.name), {})
        for value, text, icon in options:
            action = QAction(text, group, checkable=True)
            if icon is not None:
                action.setIcon(icon)
            action.setChecked(value == current)
            action.triggered.connect(lambda _c=False, v=value: self.change(key, v))
            menu.addAction(action)
            by_value[value] = action
        return menu

    def _toggle(self, text: str, key: SettingKey[bool]) -> None:
        action = QAction(text, self.menu, checkable=True)
        action.setChecked(self.store.settings.get(key))
        action.toggled.connect(lambda on: self.change(key, on))
        self.menu.addAction(action)
        self.actions[(key.section, key.name)] = {True: action}

    def change(self, key: SettingKey[Any], value: object) -> None:
        try:
            self.store.set_key(key, value)
        except SettingsSaveError as error:
            report_not_saved(self.window, [str(error)])
        except SettingsError as error:
            report_problems(self.window, [str(error)])

    def sync(self, section: str, key: str, value: Any) -> None:
        actions = self.actions.get((section, key))
        if not actions:
            return      # not a menu setting (e.g. the engine list)
        if list(actions) == [True]:
            actions[True].setChecked(bool(value))
        elif value in actions:
            actions[value].setChecked(True)


def build_view_menus(window: WindowHost, store: SettingsStore, library: ThemeLibrary,
                     on_change: Callable[[str, str, Any], None] | None = None,
                     language: str | None = None) -> ViewMenus:
    """The View menu entries; ``on_change(section, key, value)`` (default: ``apply_setting``) is called
    after every change from anywhere (menus, dialog)."""
    store.subscribe(on_change or (lambda s, k, v: apply_setting(window, library, s, k, v)))
    return ViewMenus(window, store, library, language or current_language())


# ----------------------------------------------------------------------------------- the dialog
def _read(widget: QWidget) -> Any:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, (QSpinBox, QDoubleSpinBox, QSlider)):
        return widget.value()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QLineEdit):
        return widget.text().strip()
    item = widget.currentItem() if isinstance(widget, QListWidget) else None
    return item.data(Qt.ItemDataRole.UserRole) if item else None


def _write(widget: QWidget, value: Any) -> None:
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox, QSlider)):
        widget.setValue(value)
    elif isinstance(widget, QComboBox):
        widget.setCurrentIndex(max(0, widget.findData(value)))
    elif isinstance(widget, QLineEdit):
        widget.setText(str(value))
    elif isinstance(widget, QListWidget):
        for row in range(widget.count()):
            item = widget.item(row)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == value:
                widget.setCurrentRow(row)


class SettingsDialog(QDialog):
    """All settings in tabs. OK / Apply save what changed (applied live where possible); the engine
    manager saves its own changes as they are made."""

    def __init__(self, store: SettingsStore, library: ThemeLibrary, parent: QWidget | None = None, *,
                 sounds: SoundPlayer | None = None, language: str | None = None,
                 engine_manager: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.store, self.library, self.sounds = store, library, sounds
        self.language = language or current_language()
        self.bindings: list[tuple[SettingKey[Any], QWidget]] = []   # each widget edits one setting
        self.tabs = QTabWidget(self)
        # each page scrolls on a small screen with larger text (the buttons stay on screen)
        self.tabs.addTab(scrolling(self._game_tab()), self.tr("Game"))
        self.tabs.addTab(scrolling(self._appearance_tab()), self.tr("Appearance"))
        self.tabs.addTab(scrolling(self._sound_tab()), self.tr("Sound"))
        self.tabs.addTab(scrolling(self._language_tab()), self.tr("Language"))
        self.engines = None
        if engine_manager:
            from xiangqi.ui.engines.engine_manager import EngineManager

            self.engines = EngineManager(store, self)
            self.tabs.addTab(self.engines, self.tr("Engines"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.Apply, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.apply)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(self.sizeHint().expandedTo(DIALOG_SIZE))   # room for an engine's option form
        self.load()

    # ------------------------------------------------------------------ tabs
    def _bind(self, form: QFormLayout, label: str, key: SettingKey[Any], widget: QWidget) -> QWidget:
        self.bindings.append((key, widget))
        if isinstance(widget, QCheckBox):
            widget.setText(label)
            form.addRow(widget)
        else:
            form.addRow(label, widget)
        return widget

    @staticmethod
    def _combo(options: list[tuple[Any, str]]) -> QComboBox:
        combo = QComboBox()
        for value, text in options:
            combo.addItem(text, value)
        return combo

    @staticmethod
    def _number(low: float, high: float, decimals: int = 0, step: float = 1) -> QWidget:
        if decimals == 0:
            whole = QSpinBox()
            whole.setRange(int(low), int(high))
            whole.setSingleStep(int(step))
            return whole
        box = QDoubleSpinBox()
        box.setDecimals(decimals)
        box.setRange(low, high)
        box.setSingleStep(step)
        return box

    def _game_tab(self) -> QWidget:
        page, form = QWidget(), QFormLayout()
        name = QLineEdit()
        name.setMaxLength(40)
        name.setPlaceholderText(self.tr("Written as your side's player in the games you play"))
        self._bind(form, self.tr("Your name"), Keys.GAME_PLAYER_NAME, name)
        self._bind(form, self.tr("You play"), Keys.GAME_HUMAN_SIDE,
                   self._combo([("red", self.tr("Red (moves first)")), ("black", self.tr("Black"))]))
        self._bind(form, self.tr("Level (1–5)"), Keys.GAME_LEVEL, self._number(1, 5))
        self._bind(form, self.tr("Time control"), Keys.GAME_TIME_CONTROL, self._combo([
            ("none", self.tr("No time limit")), ("move", self.tr("Fixed time per engine move")),
            ("clock", self.tr("Game clock"))]))
        self._bind(form, self.tr("Seconds per engine move"), Keys.GAME_MOVE_TIME, self._number(0.1, 3600, 1, 0.5))
        self._bind(form, self.tr("Clock: minutes per side"), Keys.GAME_CLOCK_MINUTES, self._number(0.5, 1440, 1))
        self._bind(form, self.tr("Clock: increment (seconds)"), Keys.GAME_CLOCK_INCREMENT,
                   self._number(0, 600, 1))
        self._bind(form, self.tr("Clock: moves per period (0 = whole game)"), Keys.GAME_CLOCK_MOVES,
                   self._number(0, 500))
        self._bind(form, self.tr("Draw after this many plies without a capture"), Keys.GAME_NATURAL_LIMIT_PLIES,
                   self._number(10, 1000))
        self._bind(form, self.tr("The engine thinks on your time (ponder)"), Keys.GAME_PONDER, QCheckBox())
        note = QLabel(self.tr("Game settings apply from the next new game."))
        note.setWordWrap(True)
        form.addRow(note)
        page.setLayout(form)
        return page

    def _preview_list(self, items: list[tuple[str, str, QIcon]], icon: QSize) -> QListWidget:
        view = QListWidget()
        view.setViewMode(QListView.ViewMode.IconMode)
        view.setIconSize(icon)
        view.setResizeMode(QListView.ResizeMode.Adjust)
        view.setMovement(QListView.Movement.Static)
        view.setWordWrap(True)
        view.setGridSize(QSize(icon.width() + 40, icon.height() + 40))
        view.setMinimumHeight(icon.height() + 56)
        for value, text, picture in items:
            item = QListWidgetItem(picture, text, view)
            item.setData(Qt.ItemDataRole.UserRole, value)
        return view

    def _appearance_tab(self) -> QWidget:
        page, form = QWidget(), QFormLayout()
        boards = [(i, t.name(self.language), QIcon(board_preview(t, 96, 72))) for i, t in self.library.boards.items()]
        pieces = [(i, p.name(self.language), QIcon(piece_preview(p, 44, (1, -4, -5))))
                  for i, p in self.library.pieces.items()]
        self._bind(form, self.tr("Board theme"), Keys.APPEARANCE_BOARD_THEME,
                   self._preview_list(boards, QSize(96, 72)))
        self._bind(form, self.tr("Piece set"), Keys.APPEARANCE_PIECE_SET, self._preview_list(pieces, QSize(132, 44)))
        self._bind(form, self.tr("Coordinates"), Keys.APPEARANCE_COORDINATES, self._combo([
            ("traditional", self.tr("Traditional (Chinese numerals / digits)")), ("iccs", self.tr("ICCS (a–i, 0–9)")),
            ("none", self.tr("None"))]))
        self._bind(form, self.tr("Notation"), Keys.APPEARANCE_NOTATION, self._combo([
            ("chinese", self.tr("Chinese (炮二平五)")), ("wxf", self.tr("WXF (C2=5)")),
            ("iccs", self.tr("ICCS (h2e2)"))]))
        for flag, text in ((Keys.APPEARANCE_SHOW_HINTS, self.tr("Show legal-move hints")),
                           (Keys.APPEARANCE_SHOW_LAST_MOVE, self.tr("Mark the last move")),
                           (Keys.APPEARANCE_SHOW_BEST_MOVE_ARROW, self.tr("Show the engine's best-move arrow")),
                           (Keys.APPEARANCE_ANALYSIS_ARROWS, self.tr("Show the analysis lines as arrows")),
                           (Keys.APPEARANCE_OPPONENT_THINKING,
                            self.tr("Show the opponent engine's score and lines in a game")),
                           (Keys.APPEARANCE_ANIMATE_MOVES, self.tr("Animate moves"))):
            self._bind(form, text, flag, QCheckBox())
        size = self._number(100, 200, 0, 25)
        if isinstance(size, QSpinBox):
            size.setSuffix(" %")
        self._bind(form, self.tr("Text size"), Keys.APPEARANCE_TEXT_SIZE, size)
        self._bind(form, self.tr("High-contrast window colours"), Keys.APPEARANCE_HIGH_CONTRAST, QCheckBox())
        page.setLayout(form)
        return page

    def _sound_tab(self) -> QWidget:
        page, form = QWidget(), QFormLayout()
        self._bind(form, self.tr("Play sounds"), Keys.SOUND_ENABLED, QCheckBox())
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setRange(0, 100)
        self._bind(form, self.tr("Volume"), Keys.SOUND_VOLUME, slider)
        if self.sounds is not None and self.sounds.problem:
            form.addRow(QLabel(self.tr("No sound on this computer: %1").replace("%1", self.sounds.problem)))
        page.setLayout(form)
        return page

    def _language_tab(self) -> QWidget:
        page, form = QWidget(), QFormLayout()
        system = LANGUAGE_NAMES[system_language()]
        options = [("system", self.tr("Follow the system (%1)").replace("%1", system))]
        options += [(code, name) for code, name in LANGUAGE_NAMES.items()]
        self._bind(form, self.tr("Language"), Keys.LANGUAGE_UI, self._combo(options))
        note = QLabel(self.tr("The menus, panels and dialogs change to the new language at once."))
        note.setWordWrap(True)
        form.addRow(note)
        page.setLayout(form)
        return page

    # ------------------------------------------------------------------ values
    def load(self) -> None:
        for key, widget in self.bindings:
            _write(widget, self.store.settings.get(key))

    def changes(self) -> list[tuple[SettingKey[Any], Any]]:
        return [(key, _read(w)) for key, w in self.bindings
                if _read(w) is not None and _read(w) != self.store.settings.get(key)]

    def apply(self) -> bool:
        problems: list[str] = []
        unsaved: list[str] = []
        for key, value in self.changes():
            try:
                self.store.set_key(key, value)
            except SettingsSaveError as error:
                unsaved.append(str(error))
            except SettingsError as error:
                problems.append(str(error))
        if unsaved:
            report_not_saved(self.parentWidget() or self, unsaved)   # outlives the dialog on OK
        if problems:
            report_problems(self.parentWidget() or self, problems)
        return not problems and not unsaved

    def accept(self) -> None:
        self.apply()
        super().accept()

    def done(self, result: int) -> None:
        if self.engines is not None:
            self.engines.shutdown()
        super().done(result)


# ----------------------------------------------------------------------------------- wiring
class AppearanceUi(QObject):
    """On the main window, what ``install_appearance_ui`` made: the view menus, View › Settings… and Engine › Manage
    engines…. Game settings become the next new game's defaults; a changed engine list is offered at
    once (new game, change opponent)."""

    def __init__(self, window: WindowHost, store: SettingsStore, library: ThemeLibrary,
                 sounds: SoundPlayer | None = None) -> None:
        super().__init__(window)
        self.window, self.store, self.library, self.sounds = window, store, library, sounds
        window.engine_roles = store.settings.engine_roles   # which engine each feature starts with
        self.menus = build_view_menus(window, store, library, on_change=self._changed)
        self.settings_action = QAction(self.tr("&Settings…"), window)
        self.settings_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(lambda _checked=False: self.open_dialog())
        self.menus.menu.addSeparator()
        self.menus.menu.addAction(self.settings_action)
        self.engines_action = QAction(self.tr("&Manage engines…"), window)
        self.engines_action.triggered.connect(lambda _checked=False: self.open_dialog(ENGINES_TAB))
        window.engine_menu.addSeparator()
        window.engine_menu.addAction(self.engines_action)
        self._dialog: DialogRef[SettingsDialog] = DialogRef()   # forgotten once closed (it deletes itself)
        self.engine_search = EngineSearch(self)
        self.engine_search.found.connect(self._engines_found)

    def search_engines(self) -> None:
        """Find the engines on this computer (on a worker thread); the window offers them when found."""
        self.engine_search.start(self.store.settings.engines)

    def _engines_found(self, engines: list[EngineSpec], problems: list[str]) -> None:
        self.window.set_engines(engines)
        if problems:
            self.window.statusBar().showMessage(problems[0], 15_000)

    def _changed(self, section: str, key: str, value: Any) -> None:
        apply_setting(self.window, self.library, section, key, value)
        if (section, key) == ("language", "ui"):
            switch_language(self.store, value, self._show_notation)
        elif section == "game":
            self.window.last_setup = setup_from_settings(self.store.settings.game)
        elif section == "engines":
            self.search_engines()
        elif section == "engine_roles":
            self.window.engine_roles = self.store.settings.engine_roles

    def _show_notation(self, notation: Notation) -> None:
        """The new language's own notation (the user chose none): the moves and the View menu follow."""
        self.window.set_notation(notation)
        self.menus.sync("appearance", "notation", notation.value)

    @property
    def dialog(self) -> SettingsDialog | None:
        """The settings dialog while it is open."""
        return self._dialog.get()

    def open_dialog(self, tab: int | None = None) -> SettingsDialog:
        """Open the settings dialog (window-modal, without a nested event loop), at page ``tab``."""
        dialog = self._dialog.get()
        if dialog is None:
            dialog = self._dialog.hold(SettingsDialog(self.store, self.library, self.window, sounds=self.sounds))
            self.window.open_dialog(dialog)
        if tab is not None:
            dialog.tabs.setCurrentIndex(min(tab, dialog.tabs.count() - 1))
        return dialog


def install_appearance_ui(window: WindowHost, store: SettingsStore, library: ThemeLibrary,
                          sounds: SoundPlayer | None = None) -> AppearanceUi:
    """View menus (live, remembered) + View › Settings…; call once after the main window is built.
    (``store.errors`` are the settings problems to show the user, e.g. in the status bar.)"""
    return AppearanceUi(window, store, library, sounds)
