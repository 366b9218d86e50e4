"""The analysis's lines as arrows on the board, graded by score (the best thickest), following the position
shown, gone when the analysis stops, and switched off by the setting (分析箭头)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from study_support import material_spec

from xiangqi.core import Move
from xiangqi.engine.messages import Score
from xiangqi.engine.retire import engines_retiring
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.board.themes import ThemeLibrary
from xiangqi.resources import assets_dir
from xiangqi.ui.board.shapes import MIN_WEIGHT, GradedArrow, graded_arrows
from xiangqi.ui.settings.settings_dialog import apply_setting
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.study.study_tools import install_study_ui

H2E2, B2E2, A0A1 = Move.from_iccs("h2e2"), Move.from_iccs("b2e2"), Move.from_iccs("a0a1")


def test_lines_are_graded_by_how_far_behind_the_best_they_are() -> None:
    arrows = graded_arrows(((H2E2, Score(cp=80)), (B2E2, Score(cp=-70)), (A0A1, Score(cp=-900))))
    assert arrows == (GradedArrow(H2E2, 1.0), GradedArrow(B2E2, 0.5), GradedArrow(A0A1, MIN_WEIGHT))
    mates = graded_arrows(((H2E2, Score(mate=3)), (B2E2, Score(mate=5)), (A0A1, Score(mate=-2))))
    assert [a.weight for a in mates] == [1.0, 1.0 - 2 / 300, MIN_WEIGHT]   # a sooner mate is better
    # no score to compare (a book move, a ruling): the first line stands out, the others are faint
    assert graded_arrows(((H2E2, None), (B2E2, Score(book=3)))) == (GradedArrow(H2E2, 1.0),
                                                                    GradedArrow(B2E2, MIN_WEIGHT))
    assert graded_arrows(((H2E2, Score(cp=10)), (H2E2, Score(cp=-500)))) == (GradedArrow(H2E2, 1.0),)
    assert graded_arrows(()) == ()


def test_the_analysis_draws_its_lines_and_the_setting_hides_them(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(),
                        [material_spec("--log", str(tmp_path / "engine.log"))])
    qtbot.addWidget(window)
    study = install_study_ui(window)
    window.resize(1100, 800)
    window.show()
    qtbot.waitExposed(window)
    board = window.board
    assert board.shapes.analysis == ()
    study.analyse_action.trigger()
    study.panel.lines_box.setValue(3)
    # the material engine's three lines from the start: -0.50, -0.50 and -4.00 for red
    qtbot.waitUntil(lambda: len(board.shapes.analysis) == 3, timeout=10_000)
    weights = {arrow.move.iccs(): arrow.weight for arrow in board.shapes.analysis}
    assert weights == {"b2b9": 1.0, "h2h9": 1.0, "a0a1": MIN_WEIGHT}
    shown = board.grab().toImage()
    library = ThemeLibrary.load(assets_dir())
    apply_setting(window, library, "appearance", "analysis_arrows", False)   # as the settings dialog does
    assert not board.shapes.show_analysis
    hidden = board.grab().toImage()
    assert shown != hidden                                   # the arrows were painted, now they are not
    apply_setting(window, library, "appearance", "analysis_arrows", True)
    assert board.grab().toImage() == shown
    study.set_analysing(False)
    assert board.shapes.analysis == ()                       # no analysis, no arrows
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)
