"""Issue 20: a review runs in the background. Once started the dialog steps aside for a line in the status
bar (positions done of all, time left, Cancel); the window stays usable (no modal box) and the summary
opens when the review is written."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from test_study_window import RECORD, build, record

from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.ui.study.review_dialog import ReviewDialog, duration_text


def start_review(qtbot: QtBot, tmp_path: Path, movetime_ms: int):  # noqa: ANN201 - test helper
    window, study, _log = build(qtbot, tmp_path)
    game = record()
    window.controller.study.open_record(game)
    dialog = study.open_review()
    assert isinstance(dialog, ReviewDialog)
    # the settings page alone: not the summary's empty room around it
    assert dialog.sizeHint().height() < dialog.summary_view.sizeHint().height()
    board = window.board.size()
    dialog.time_box.setValue(movetime_ms)
    dialog.jobs_box.setValue(1)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: study.review_progress is not None and study.review_progress.isVisible())
    assert window.board.size() == board                        # the progress line costs the board nothing
    return window, study, game, dialog


def test_the_review_runs_in_the_background_while_the_user_browses(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, game, dialog = start_review(qtbot, tmp_path, 400)
    progress = study.review_progress
    assert progress is not None and progress.isVisible() and not dialog.isVisible()
    blocking = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isModal() and w.parent() is window]
    assert blocking == []                                      # nothing blocks the window
    total = len(RECORD) + 1
    qtbot.waitUntil(lambda: f"of {total} positions" in progress.label.text() and "left" in progress.label.text(),
                    timeout=20_000)
    assert progress.label.text().startswith("Review: ")
    window.controller.study.show_node(game.mainline()[1])      # browsing meanwhile
    assert window.controller.game.cursor is game.mainline()[1]
    box = window.show_message("Note", "Something to read", icon=QMessageBox.Icon.Information)
    box.button(QMessageBox.StandardButton.Ok).click()          # a box closed: the keys go to the board again
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board)
    flipped = window.board.flipped
    QTest.keyClick(window.board, Qt.Key.Key_F)                 # 翻转棋盘 (F)
    assert window.board.flipped is not flipped
    with qtbot.waitSignal(dialog.reviewed, timeout=30_000):
        pass
    assert dialog.isVisible() and dialog.pages.currentIndex() == 2   # the summary
    assert study.review_progress is None
    assert any(node.nags for node in game.mainline())
    dialog.reject()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_cancel_in_the_status_bar_stops_the_review(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, game, dialog = start_review(qtbot, tmp_path, 2000)
    before = game.tree_signature()
    progress = study.review_progress
    assert progress is not None
    qtbot.mouseClick(progress.cancel_button, Qt.MouseButton.LeftButton)
    assert study.review_progress is None and dialog not in window.dialogs
    assert game.tree_signature() == before
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_time_left_reads_as_minutes_and_seconds() -> None:
    assert [duration_text(s) for s in (0, 0.2, 59.5, 61, 3725)] == ["0:00", "0:01", "1:00", "1:01", "1:02:05"]


def test_review_is_offered_only_when_it_can_run(qtbot: QtBot, tmp_path: Path) -> None:
    from xiangqi.core import Move
    from xiangqi.game.setup import GameSetup
    from study_support import material_spec

    window, study, _log = build(qtbot, tmp_path)
    assert not study.review_action.isEnabled()                 # nothing played yet
    window.controller.study.open_record(record())
    assert study.review_action.isEnabled()                     # a record with moves
    window.start_game(GameSetup(engine=material_spec()))
    qtbot.waitUntil(lambda: window.controller.engine_ready, timeout=10_000)
    window.controller.try_move(Move.from_iccs("h2e2"))
    qtbot.waitUntil(lambda: window.controller.game.ply == 2, timeout=10_000)
    assert not study.review_action.isEnabled()                 # a game against the engine goes on
    window.controller.shutdown()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_engine_trouble_during_a_background_review_is_said_at_once_by_name(qtbot: QtBot, tmp_path: Path) -> None:
    """An illegal best move was reported as 'did not answer in time' ~10 s later, and only in the dialog."""
    window, study, _log = build(qtbot, tmp_path)
    window.controller.study.open_record(record())
    dialog = study.open_review()
    assert isinstance(dialog, ReviewDialog)
    fake = Path(__file__).resolve().parents[1] / "engine" / "fakes" / "fake_engine.py"
    dialog.engines = [EngineSpec(name="Broken engine", command=sys.executable,
                                 args=(str(fake), "--fault", "illegal-bestmove"), protocol=Protocol.UCCI)]
    dialog.engine_box.clear()
    dialog.engine_box.addItem("Broken engine")
    dialog.time_box.setValue(200)
    dialog.jobs_box.setValue(1)
    with qtbot.waitSignal(dialog.trouble, timeout=30_000) as said:
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert "Broken engine" in said.args[0]
    assert "Broken engine" in window.statusBar().currentMessage()
    dialog.reject()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)
