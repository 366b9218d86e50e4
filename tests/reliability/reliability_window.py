"""The app's real main window with the record UI, for the reliability tests (a uniquely named module)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.record.record_actions import RecordUi, install_record_ui


def build_window(qtbot, tmp_path: Path) -> tuple[MainWindow, RecordUi]:  # noqa: ANN001 - pytest-qt's bot
    controller = GameController()
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    ui = install_record_ui(window, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1200, 800)
    return window, ui


def message_boxes(window: MainWindow) -> list[QMessageBox]:
    return [d for d in window.dialogs if isinstance(d, QMessageBox)]
