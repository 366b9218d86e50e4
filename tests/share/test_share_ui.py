"""File › 导出图片… and Edit › 复制图片 in the real main window, used like a user would."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from xiangqi.core import Move
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.record.record_actions import install_record_ui
from xiangqi.ui.share import pictures as pics
from xiangqi.ui.share.share_actions import ShareUi, install_share_ui
from xiangqi.ui.shell.main_window import MainWindow

MOVES = ("h2e2", "h9g7", "h0g2", "i9h9", "i0h0")


@pytest.fixture
def window(qtbot, tmp_path: Path) -> tuple[MainWindow, ShareUi]:  # noqa: ANN001 - pytest-qt's bot
    window = MainWindow(GameController(), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    record = install_record_ui(window, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    share = install_share_ui(window, record.file_menu, record.edit_menu)
    window.resize(1000, 760)
    for text in MOVES:
        assert window.controller.try_move(Move.from_iccs(text)), text
    return window, share


def test_the_menus_offer_export_and_copy(window: tuple[MainWindow, ShareUi]) -> None:
    main, share = window
    menus = {action.text(): action.menu() for action in main.menuBar().actions() if action.menu()}
    file_menu, edit_menu = menus["&File"], menus["&Edit"]
    assert share.export_action in file_menu.actions() and share.copy_action in edit_menu.actions()


def test_export_a_gif_chosen_in_the_dialog(qtbot, window: tuple[MainWindow, ShareUi],  # noqa: ANN001
                                           tmp_path: Path) -> None:
    main, share = window
    share.export_action.trigger()
    dialog = share.dialog
    assert dialog is not None and dialog.isVisible()
    assert not dialog.delay.isEnabled()                       # PNG first: no GIF settings
    dialog.kind.setCurrentIndex(dialog.kind.findData(pics.ImageKind.GIF))
    assert dialog.delay.isEnabled() and dialog.path.text().endswith(".gif")
    target = tmp_path / "game.gif"
    dialog.path.setText(str(target))
    dialog.width_box.setValue(180)
    dialog.delay.setValue(400)
    assert dialog.last.value() == len(MOVES)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: target.exists() and share.job is None, timeout=20_000)
    with Image.open(target) as gif:
        assert gif.n_frames == len(MOVES) + 1 and gif.size == (180, 198) and gif.info["duration"] == 400
    assert str(target) in main.statusBar().currentMessage()


def test_export_the_shown_position_as_svg(qtbot, window: tuple[MainWindow, ShareUi],  # noqa: ANN001
                                          tmp_path: Path) -> None:
    main, share = window
    share.export_action.trigger()
    dialog = share.dialog
    assert dialog is not None
    dialog.kind.setCurrentIndex(dialog.kind.findData(pics.ImageKind.SVG))
    target = tmp_path / "shown.svg"
    dialog.path.setText(str(tmp_path / "shown"))            # typed without a suffix: the kind adds it
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(target.exists, timeout=10_000)
    assert target.read_bytes().count(b"<image") == 32


def test_copy_position_as_image_puts_the_board_on_the_clipboard(qtbot, window: tuple[MainWindow, ShareUi]  # noqa: ANN001
                                                                ) -> None:
    main, share = window
    clipboard = QGuiApplication.clipboard()
    clipboard.clear()
    share.copy_action.trigger()
    image = clipboard.image()
    assert not image.isNull()
    assert image.width() >= pics.DEFAULT_WIDTH and image.height() > image.width()


def test_the_copy_shortcut_is_no_other_actions(window: tuple[MainWindow, ShareUi]) -> None:
    main, share = window
    key = share.copy_action.shortcut()
    assert not key.isEmpty()
    others = [a.text() for a in main.findChildren(QAction) if a is not share.copy_action and a.shortcut() == key]
    assert others == []


def test_a_gif_shows_its_progress_and_cancel_keeps_the_old_file(qtbot, window: tuple[MainWindow, ShareUi],  # noqa: ANN001
                                                                tmp_path: Path) -> None:
    main, share = window
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "game.gif"
    target.write_bytes(b"the user's old GIF")
    share.export_action.trigger()
    dialog = share.dialog
    assert dialog is not None
    dialog.kind.setCurrentIndex(dialog.kind.findData(pics.ImageKind.GIF))
    dialog.path.setText(str(target))
    dialog.width_box.setValue(120)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    progress = share.gif_progress
    assert progress is not None and progress.isVisible() and progress.maximum() == len(MOVES) + 1
    qtbot.waitUntil(lambda: progress.value() >= 1)                 # a frame is written: the file is under way
    cancel = progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert share.job is None and share.gif_progress is None
    assert "cancelled" in main.statusBar().currentMessage()
    assert target.read_bytes() == b"the user's old GIF" and list(target.parent.iterdir()) == [target]


def test_a_gif_too_long_is_refused_with_a_message(qtbot, window: tuple[MainWindow, ShareUi],  # noqa: ANN001
                                                  tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main, share = window
    monkeypatch.setattr(pics, "MAX_GIF_FRAMES", 3)
    shown: list[str] = []
    monkeypatch.setattr(main, "show_message", lambda title, text, **_kw: shown.append(text))
    share.export_action.trigger()
    dialog = share.dialog
    assert dialog is not None
    dialog.kind.setCurrentIndex(dialog.kind.findData(pics.ImageKind.GIF))
    (tmp_path / "out").mkdir()
    dialog.path.setText(str(tmp_path / "out" / "long.gif"))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert shown and "6 positions to animate: a GIF holds 1 … 3 frames" in shown[0]
    assert share.job is None and list((tmp_path / "out").iterdir()) == []
