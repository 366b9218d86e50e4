"""Starting the desktop app: settings, language, themes, sounds, engines, the main window, and the
offer to resume a game the last run did not finish (or the game record named on the command line)."""

from __future__ import annotations

import gc
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop, QThread, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from xiangqi import resources
from xiangqi.config import SettingsStore
from xiangqi.game.autosave import AutosaveStore
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.play.engine_list import advise_engine_dialects, quick_engine_list
from xiangqi.game.setup import setup_from_settings
from xiangqi.ui.shell.help_menu import install_help_and_menu_order
from xiangqi.ui.common.file_dialogs import remember_folders_in
from xiangqi.ui.common.i18n import install_translator
from xiangqi.ui.common.text_size import set_text_size
from xiangqi.ui.settings.language_switch import follow_language
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.match.match_ui import install_match_ui
from xiangqi.ui.record.record_actions import RECORD_SUFFIXES, install_record_ui
from xiangqi.ui.settings.settings_dialog import apply_settings, install_appearance_ui
from xiangqi.ui.share.share_actions import install_share_ui
from xiangqi.ui.study.study_tools import install_study_ui
from xiangqi.training.database import training_db_path
from xiangqi.ui.training.menu import install_training_ui
from xiangqi.ui.database.database_actions import install_database_ui
from xiangqi.ui.shell.profile_lock import ProfileMode, claim_profile, profile_title
from xiangqi.ui.shell.user_files import autosave_path, database_path, recent_files_settings, user_settings_path
from xiangqi.ui.play.sounds import SoundPlayer
from xiangqi.ui.board.themes import BoardLook, PieceLook, ThemeLibrary

ASSETS = resources.assets_dir()              # the checkout's assets/, or the installed package's copy
SHIPPED_CONFIG = resources.shipped_config()
ENGINE_EXIT_WAIT_MS = 3000
SHOWN_PROBE = "XIANGQI_REPORT_SHOWN"   # tests/bench/ui.py: print the start-up time once shown, then quit


@dataclass
class Appearance:
    """What the settings decide before the window opens."""

    library: ThemeLibrary
    store: SettingsStore
    language: str
    board: BoardLook
    pieces: PieceLook
    sounds: SoundPlayer
    problems: list[str] = field(default_factory=list)   # settings and theme problems for the user


def app_icon() -> QIcon:
    icon = QIcon(str(ASSETS / "icons" / "xiangqi.svg"))
    for png in sorted((ASSETS / "icons").glob("xiangqi-*.png")):
        icon.addFile(str(png))
    return icon


def load_appearance(app: QApplication, user_config: Path | None = None) -> Appearance:
    """Settings (shipped + the user's file, or $XIANGQI_CONFIG), the UI language, themes and sounds.
    The plain fallback look is used only when no theme folder loads at all."""
    library = ThemeLibrary.load(ASSETS)
    store = SettingsStore(SHIPPED_CONFIG, user_config or user_settings_path(), library.choices())
    settings = store.settings
    language = install_translator(app, settings.language.ui)
    set_text_size(settings.appearance.text_size)   # before the widgets that size themselves from it (clocks)
    follow_language(store, language)   # English: WXF moves (C2=5) unless the user chose a notation
    board: BoardLook = library.board(settings.appearance.board_theme) if library.boards else FallbackBoardTheme()
    pieces: PieceLook = library.piece_set(settings.appearance.piece_set) if library.pieces else FallbackPieceSet()
    sounds = SoundPlayer(ASSETS / "sounds", enabled=settings.sound.enabled, volume=settings.sound.volume)
    moved = advise_engine_dialects(store)   # Fairy-Stockfish remembered in UCCI by an earlier version: UCI
    return Appearance(library, store, language, board, pieces, sounds, [*store.errors, *library.errors, *moved])


def build_main_window(look: Appearance, autosave: AutosaveStore) -> MainWindow:
    """The main window with the record menus (File, Edit, replay, comments) and the appearance menus
    (View › themes, notation, toggles, Settings…; Engine › Manage engines…), as the settings say.
    It offers the configured and built-in engines at once and the others once they are found (on a
    worker thread)."""
    settings = look.store.settings
    engines = quick_engine_list(settings.engines, look.problems)
    window = MainWindow(GameController(autosave), look.board, look.pieces, engines, look.sounds,
                        setup_from_settings(settings.game))
    window.record_ui = install_record_ui(window, recent_files_settings())
    install_share_ui(window, window.record_ui.file_menu, window.record_ui.edit_menu)   # 导出图片…, 复制图片
    study = install_study_ui(window)              # Engine › Analyse, Game › Review, the evaluation graph
    install_match_ui(window, window.book_ui)      # Game › Engine match… (openings from the book)
    install_training_ui(window, training_db_path(look.store.user or user_settings_path()),   # 练习
                        study.after_review, window.book_ui)
    window.database_ui = install_database_ui(window, window.record_ui.link, window.book_ui,   # 棋谱库
                                            database_path(), recent_files_settings())
    window.book_ui.use_settings(look.store)       # the book opened last, book moves for engines
    window.controller.ponder = settings.game.ponder
    appearance = window.appearance_ui = install_appearance_ui(window, look.store, look.library, look.sounds)
    apply_settings(window, look.library, settings)
    install_help_and_menu_order(window, look.store)   # 帮助, sound toggle, 退出 under 文件
    appearance.search_engines()
    return window


def show_problems(window: MainWindow, problems: list[str]) -> QMessageBox | None:
    """Settings and themes that could not be used (each problem names its file, key and value)."""
    if not problems:
        return None
    window.statusBar().showMessage(QCoreApplication.translate("App", "Settings problem: {0}").format(problems[0]),
                                   15_000)
    return window.show_message(QCoreApplication.translate("App", "Settings"),
                               QCoreApplication.translate("App", "Some settings could not be used; the "
                                                                 "defaults were used for them."),
                               problems, QMessageBox.Icon.Warning)


def show_profile_problem(window: MainWindow, problem: str) -> QMessageBox | None:
    """The profile could not be locked though no other window holds it: say what failed, and that this
    window works read-only (nothing it changes is saved)."""
    if not problem:
        return None
    return window.show_message(QCoreApplication.translate("App", "Profile"),
                               QCoreApplication.translate("App", "The profile cannot be written, so this window "
                                                                 "opens read-only: nothing you change is saved."),
                               [problem], QMessageBox.Icon.Warning)


def record_files(arguments: list[str]) -> list[Path]:
    """Game records named on the command line (Qt has taken its own options out already): anything that
    exists, so a double-clicked .pgn, .xqf or .cbl opens and the reader says why a folder, a device such as
    /dev/zero or a file that is no record is not opened (rather than a new game starting without a word)."""
    return [Path(a) for a in arguments if Path(a).suffix.lower() in RECORD_SUFFIXES or Path(a).exists()]


def run(argv: list[str]) -> int:
    started = time.perf_counter()
    app = QApplication([sys.argv[0], *argv])
    app.setApplicationName("xiangqi")
    app.setOrganizationName("xiangqi")
    app.setDesktopFileName("xiangqi")
    app.setWindowIcon(app_icon())
    look = load_appearance(app)
    claim = claim_profile()              # one window per profile: a second one waits, reads or goes apart
    if claim.mode is ProfileMode.QUIT:
        return 0
    if claim.mode is not ProfileMode.OWNER:
        look = load_appearance(app)      # the copied settings, so this window's changes stay its own
        app.setApplicationDisplayName(profile_title(claim.mode))
    store = AutosaveStore(autosave_path())
    window = build_main_window(look, store)
    window.shape.remember_in(recent_files_settings())   # the size, place and docks of the last run
    remember_folders_in(recent_files_settings())        # file dialogs start in the last folder of each kind
    window.show()
    show_problems(window, look.problems)
    show_profile_problem(window, claim.problem)
    # What exists now (modules, Qt wrappers, the window) lives as long as the app: out of the collector's
    # sight, a full collection walks only what came later (measured: 48 ms -> 6 ms with a 20,000-move
    # game open), and every full collection stalls the window for as long as it runs.
    gc.freeze()
    if os.environ.get(SHOWN_PROBE):
        QTimer.singleShot(0, lambda: (print(f"shown {time.perf_counter() - started:.3f}", flush=True),
                                      app.quit()))
    elif (record_ui := window.record_ui) is not None and record_files(app.arguments()[1:]):
        # ``xiangqi FILE.pgn``: open the record instead
        QTimer.singleShot(0, lambda: record_ui.open_file(record_files(app.arguments()[1:])[0]))
    else:
        QTimer.singleShot(0, lambda: window.offer_resume(store, lambda: window.start_game(window.last_setup)))
    code = app.exec()
    wait_for_engines(window.controller)
    if claim.lock is not None:
        claim.lock.release()
    return code


def wait_for_engines(controller: GameController) -> None:
    """After the window closed: let engine processes quit (quit→terminate→kill) before Python exits."""
    controller.shutdown()
    deadline = QDeadlineTimer(ENGINE_EXIT_WAIT_MS)
    while controller.engines_running and not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        QThread.msleep(10)
