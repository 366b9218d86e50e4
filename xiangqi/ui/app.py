"""Starting the desktop app: settings, language, themes, sounds, engines, the main window, and the
offer to resume a game the last run did not finish."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDeadlineTimer, QEventLoop, QStandardPaths, QThread, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.engine.registry import builtin_engine_spec, discover_engines
from xiangqi.ui.autosave import AutosaveStore, default_autosave_path
from xiangqi.ui.clock import TimeControl, TimeControlKind
from xiangqi.ui.controller import GameController
from xiangqi.ui.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.game_setup import GameSetup, Strength
from xiangqi.ui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets"
SHIPPED_CONFIG = REPO / "config.toml"
ENGINE_EXIT_WAIT_MS = 3000
SHOWN_PROBE = "XIANGQI_REPORT_SHOWN"   # tests/bench/ui.py: print the start-up time once shown, then quit


@dataclass
class Appearance:
    """What the settings decide before the window opens."""

    board: object = field(default_factory=FallbackBoardTheme)
    pieces: object = field(default_factory=FallbackPieceSet)
    sounds: object | None = None
    settings: Any | None = None
    problems: list[str] = field(default_factory=list)


def app_icon() -> QIcon:
    icon = QIcon(str(ASSETS / "icons" / "xiangqi.svg"))
    for png in sorted((ASSETS / "icons").glob("xiangqi-*.png")):
        icon.addFile(str(png))
    return icon


def user_config_path() -> Path:
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    return Path(folder) / "config.toml"


def load_appearance(app: QApplication) -> Appearance:
    """Settings, language, themes and sounds from the appearance layer (issue 7).
    TEMPORARY: while that layer is not in the tree the app starts with the plain look, the default game
    and no sound, and says so in the status bar. Remove the ImportError branch once it has landed."""
    try:
        from xiangqi.config import load_settings
        from xiangqi.ui.i18n import install_translator
        from xiangqi.ui.sounds import SoundPlayer
        from xiangqi.ui.themes import ThemeLibrary
    except ImportError as exc:
        return Appearance(problems=[f"appearance layer not installed ({exc.name})"])
    settings, problems = load_settings(SHIPPED_CONFIG, user_config_path())
    install_translator(app, settings.language.ui)
    library = ThemeLibrary.load(ASSETS / "themes")
    look = Appearance(settings=settings, problems=list(problems) + list(library.errors))
    if library.boards:    # the plain fallback look stays only when no theme folder loads at all
        look.board = library.board(settings.appearance.board_theme)
    if library.pieces:
        look.pieces = library.piece_set(settings.appearance.piece_set)
    look.sounds = SoundPlayer(ASSETS / "sounds")
    look.sounds.enabled = bool(settings.sound.enabled)
    look.sounds.volume = int(settings.sound.volume)
    return look


def setup_from_settings(settings: Any | None) -> GameSetup:
    """The game a fresh start begins: the built-in engine at the configured level and time control."""
    if settings is None:
        return GameSetup()
    game = settings.game
    level = int(game.level)
    control = TimeControl(TimeControlKind(game.time_control), round(game.move_time * 1000),
                          round(game.clock_minutes * 60_000), round(game.clock_increment * 1000),
                          int(game.clock_moves))
    human = Color.BLACK if game.human_side == "black" else Color.RED
    return GameSetup(human=human, engine=builtin_engine_spec(level), strength=Strength(level=level),
                     time_control=control, natural_limit_plies=int(game.natural_limit_plies))


def apply_view_settings(window: MainWindow, settings: Any | None) -> None:
    if settings is None:
        return
    look = settings.appearance
    window.board.set_coordinates(look.coordinates)
    window.board.show_hints = bool(look.show_hints)
    window.board.show_last_move = bool(look.show_last_move)
    window.board.show_arrow = bool(look.show_best_move_arrow)
    window.set_notation(Notation(look.notation))


def build_main_window(look: Appearance, store: AutosaveStore) -> MainWindow:
    configured = [dict(e) for e in getattr(look.settings, "engines", None) or []]
    engines = discover_engines(configured, errors=look.problems)
    window = MainWindow(GameController(store), look.board, look.pieces, engines, look.sounds,
                        setup_from_settings(look.settings))
    apply_view_settings(window, look.settings)
    from xiangqi.ui.record_actions import install_record_ui   # File/Edit menus (records, issue 6)

    install_record_ui(window)
    return window


def run(argv: list[str]) -> int:
    started = time.perf_counter()
    app = QApplication([sys.argv[0], *argv])
    app.setApplicationName("xiangqi")
    app.setOrganizationName("xiangqi")
    app.setDesktopFileName("xiangqi")
    app.setWindowIcon(app_icon())
    look = load_appearance(app)
    store = AutosaveStore(default_autosave_path())
    window = build_main_window(look, store)
    window.show()
    if look.problems:
        window.statusBar().showMessage("; ".join(look.problems), 15_000)
    if os.environ.get(SHOWN_PROBE):
        QTimer.singleShot(0, lambda: (print(f"shown {time.perf_counter() - started:.3f}", flush=True),
                                      app.quit()))
    else:
        QTimer.singleShot(0, lambda: window.offer_resume(store, lambda: window.start_game(window.last_setup)))
    code = app.exec()
    wait_for_engines(window.controller)
    return code


def wait_for_engines(controller: GameController) -> None:
    """After the window closed: let engine processes quit (quit→terminate→kill) before Python exits."""
    controller.shutdown()
    deadline = QDeadlineTimer(ENGINE_EXIT_WAIT_MS)
    while controller.engines_running and not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        QThread.msleep(10)
