"""Shared set-up of the record UI tests (the real main window with ``install_record_ui``) and the tests
that the record UI is wired into the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QMessageBox, QToolBar
from app_fakes import ScriptedClient, builtin_like_spec

from xiangqi.core import Color, Move
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.game.setup import GameSetup
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.record.record_actions import RecordUi, install_record_ui

SAMPLE_PGN = "eleeye/SAMPLE.PGN"
SAMPLE_XQF = "eleeye/SAMPLE.XQF"
GBK_PGN = "eleeye/CCGC/01.宝岛一号(先负)相眼竞技(A1-A2).PGN"
MULTI_PGN = "wukong/bulk_games_uci.pgn"
VARIATIONS_XQF = "cchess/game_varations.xqf"


def build_window(qtbot, tmp_path: Path) -> tuple[MainWindow, RecordUi]:  # noqa: ANN001 - pytest-qt's bot
    """The app's real main window (two players, no engine) with the record UI installed."""
    controller = GameController()
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    ui = install_record_ui(window, settings)
    window.resize(1200, 800)
    return window, ui


def click_index(qtbot, view: QAbstractItemView, index: QModelIndex) -> None:  # noqa: ANN001 - pytest-qt's bot
    """Click the row or cell of ``index`` in ``view`` as a user does: the window shown, the cell scrolled
    into view first."""
    assert index.isValid()
    window = view.window()
    if not window.isVisible():
        window.show()
        qtbot.waitExposed(window)
    def placed() -> bool:   # a list laid out in batches (the variations panel) places a far row turns later
        view.scrollTo(index)
        return view.visualRect(index).isValid()

    qtbot.waitUntil(placed)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())


def message_boxes(window: MainWindow) -> list[QMessageBox]:
    return [d for d in window.dialogs if isinstance(d, QMessageBox)]


def message_text(box: QMessageBox) -> str:
    return "\n".join((box.text(), box.informativeText(), box.detailedText()))


def moves_of(window: MainWindow) -> list[str]:
    return [m.iccs() for m in window.controller.game.moves]


def play(window: MainWindow, *iccs: str) -> None:
    for text in iccs:
        assert window.controller.try_move(Move.from_iccs(text)), text


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_install_adds_file_and_edit_menus_the_replay_bar_and_the_panel(record_window) -> None:
    window, ui = record_window
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles[:3] == ["File", "Edit", "Game"]
    file_items = [a.text().replace("&", "") for a in ui.file_menu.actions() if a.text()]
    assert file_items == ["Open…", "Open Recent", "Save", "Save As…"]
    edit_items = [a.text().replace("&", "") for a in ui.edit_menu.actions() if a.text()]
    assert "Copy FEN" in edit_items and "Edit position…" in edit_items
    assert window.findChild(QDockWidget, "comments_dock") is ui.dock
    assert window.findChild(QToolBar, "replay_toolbar") is ui.replay_bar
    assert "Untitled game" in window.windowTitle()


def test_moves_played_on_the_board_enter_the_record_and_a_new_game_starts_a_new_record(record_window) -> None:
    window, ui = record_window
    play(window, "h2e2", "h9g7")
    assert [n.move.iccs() for n in ui.link.record.mainline()] == ["h2e2", "h9g7"]
    assert ui.link.modified and window.isWindowModified()
    window.controller.undo()
    play(window, "b9c7")          # a different reply: the game played is the main line, the old move stays
    assert [c.move.iccs() for c in ui.link.record.mainline()[0].children] == ["b9c7", "h9g7"]
    window.controller.new_game(window.last_setup.with_engine(None))
    assert ui.link.record.ply_count() == 0 and not ui.link.modified


def test_opening_a_record_during_an_engine_game_lets_the_engine_go(qtbot, tmp_path: Path,  # noqa: ANN001
                                                                  shared_data: Path) -> None:
    controller = GameController(engine_factory=lambda spec, owner: ScriptedClient(spec, owner))
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    ui = install_record_ui(window, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window.start_game(GameSetup(human=Color.RED, engine=builtin_like_spec()))
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=5000)
    play(window, "h2e2")
    qtbot.waitUntil(lambda: len(controller.game.moves) == 2, timeout=5000)    # the engine answered
    assert ui.link.record.headers["Black"] == "Scripted"
    ui.link.set_modified(False)
    assert ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert controller.seats == {} and controller.setup.engine is None
    assert "not running" in window.engine_label.text()
    assert len(moves_of(window)) == ui.link.record.ply_count() == 75
