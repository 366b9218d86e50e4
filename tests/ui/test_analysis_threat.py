"""Analysis questions that leave the board alone (issue 32 §4): the threat (the other side to move, 显示威胁),
moves left out of the search (banmoves/searchmoves), and the position a pointed-at move leads to."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.game.threat import threat_position
from xiangqi.ui.engines.wrapped_lines import move_at
from xiangqi.ui.study.analysis_panel import LINE_COLUMN, AnalysisPanel
from xiangqi.ui.study.study_analysis import Analyser

from study_support import logged_commands, running_analysis, quick_analysis_redraws  # noqa: F401 (a fixture, used below)

pytestmark = pytest.mark.usefixtures("quick_analysis_redraws")

IN_CHECK = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"   # black's king in check from the rook on the file


@pytest.fixture
def analysis(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[Analyser, AnalysisPanel, Path]]:
    with running_analysis(qtbot, tmp_path, 240) as (analyser, panel, log):
        assert isinstance(analyser, Analyser) and isinstance(panel, AnalysisPanel)
        yield analyser, panel, log


def test_the_threat_position_is_the_other_side_to_move() -> None:
    start = Position()
    passed = threat_position(start)
    assert passed is not None and passed.fen().split()[1] == "b"
    assert passed.cells() == start.cells()
    assert threat_position(Position.from_fen(IN_CHECK)) is None   # a side in check cannot pass


def test_the_threat_shows_the_other_sides_best_line(qtbot: QtBot,
                                                   analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: panel.line_texts() != [], timeout=5000)
    assert panel.line_texts()[0][3].startswith("b2b9")   # red's line: the cannon takes the horse
    qtbot.mouseClick(panel.threat_button, Qt.MouseButton.LeftButton)
    # black to move in the same position: black's cannon takes red's horse and loses itself to the rook
    qtbot.waitUntil(lambda: panel.line_texts() != [] and panel.line_texts()[0][3].startswith("b7b0"),
                    timeout=5000)
    assert analyser.threat and panel.threat_button.isChecked()
    assert panel.line_texts()[0][1] == "+0.50"   # black half a pawn down (cannon for horse): red's view
    assert any(command.startswith("position fen") and command.split()[3] == "b" for command in logged_commands(log))
    qtbot.mouseClick(panel.threat_button, Qt.MouseButton.LeftButton)   # off: red's own lines again
    qtbot.waitUntil(lambda: panel.line_texts() != [] and panel.line_texts()[0][3].startswith("b2b9"),
                    timeout=5000)


def test_no_threat_in_check(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, _log = analysis
    analyser.set_threat(True)
    analyser.analyse(Position.from_fen(IN_CHECK))
    qtbot.waitUntil(lambda: "in check" in panel.state_label.text(), timeout=5000)
    assert panel.line_texts() == []


def test_a_move_left_out_is_not_searched(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: panel.line_texts() != [], timeout=5000)
    first = panel.line_texts()[0][3].split()[0]
    item = panel.tree.topLevelItem(0)
    assert item is not None
    menu = panel.context_menu(panel.tree.visualItemRect(item).center())
    leave_out = [action for action in menu.actions() if first in action.text()]
    assert len(leave_out) == 1
    leave_out[0].trigger()   # as the user picks "Leave b2b9 out of the analysis"
    qtbot.waitUntil(lambda: panel.line_texts() != [] and not panel.line_texts()[0][3].startswith(first),
                    timeout=5000)
    assert f"banmoves {first}" in logged_commands(log)
    assert analyser.excluded == (Move.from_iccs(first),)
    assert first in panel.excluded_label.text() and not panel.excluded_label.isHidden()
    again = [action for action in panel.context_menu(QPoint(1, 1)).actions() if "every move" in action.text()]
    again[0].trigger()
    qtbot.waitUntil(lambda: panel.line_texts() != [] and panel.line_texts()[0][3].startswith(first),
                    timeout=5000)
    assert panel.excluded_label.isHidden()
    position = Position()
    position.push(Move.from_iccs("h2e2"))
    analyser.exclude(Move.from_iccs("h9g7"))
    analyser.analyse(position)   # another position: what was left out is searched again
    assert analyser.excluded == ()


def test_pointing_at_a_move_gives_the_line_up_to_it(qtbot: QtBot,
                                                    analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, _log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: panel.line_texts() != [] and len(panel.line_texts()[0][3].split()) == 2,
                    timeout=5000)
    item = panel.tree.topLevelItem(0)
    assert item is not None
    cell = panel.tree.visualItemRect(item)
    header = panel.tree.header()
    cell.setLeft(header.sectionViewportPosition(LINE_COLUMN))
    cell.setWidth(header.sectionSize(LINE_COLUMN))
    texts = panel.line_texts()[0][3].split()
    metrics = panel.tree.fontMetrics()
    left = cell.left() + 3
    on_second = QPoint(left + metrics.horizontalAdvance(texts[0] + " ") + 2, cell.center().y())
    on_first = QPoint(left + 2, cell.center().y())
    assert move_at(panel.tree, LINE_COLUMN, cell, texts, on_first) == 0
    assert move_at(panel.tree, LINE_COLUMN, cell, texts, on_second) == 1
    with qtbot.waitSignal(panel.line_hovered, timeout=2000) as hovered:
        qtbot.mouseMove(panel.tree.viewport(), on_second)
    assert [move.iccs() for move in hovered.args[0]] == texts
    with qtbot.waitSignal(panel.line_hovered, timeout=2000) as hovered:
        qtbot.mouseMove(panel.tree.viewport(), QPoint(cell.right() - 2, cell.center().y()))   # past the text
    assert hovered.args[0] == ()


def test_x_shows_the_threat_in_red_and_pointing_shows_the_position(qtbot: QtBot, tmp_path: Path) -> None:
    """In the window: X (Engine › Show threat) starts the analysis on the threat, drawn in red; a threat line
    cannot be played; a pointed-at move's position shows beside the mouse without moving the board."""
    from test_study_window import build, stop_engines   # the study window as its tests build it

    from xiangqi.ui.board.shapes import THREAT_COLOR

    window, study, log = build(qtbot, tmp_path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window.board, Qt.Key.Key_X)
    qtbot.waitUntil(lambda: study.panel.line_texts() != [], timeout=10_000)
    assert study.threat_action.isChecked() and study.panel.threat_button.isChecked()
    assert study.panel.line_texts()[0][3].split()[0] in ("炮8进7", "炮2进7")   # black's cannon takes a horse
    assert "threat" in study.panel.state_label.text()
    qtbot.waitUntil(lambda: bool(window.board.shapes.analysis), timeout=5000)
    assert {arrow.color for arrow in window.board.shapes.analysis} == {THREAT_COLOR}
    fen = window.controller.board_position().fen()
    study.panel.line_chosen.emit(study.panel.line_moves(0))   # a click on the threat line: nothing is played
    assert window.controller.board_position().fen() == fen
    moves = study.panel.line_moves(0)
    study.panel.line_hovered.emit(moves[:1])
    assert study.preview.isVisible() and study.preview.caption.text().startswith("1. ")
    assert window.controller.board_position().fen() == fen   # the board stays where it was
    study.panel.line_hovered.emit(())
    assert not study.preview.isVisible()
    qtbot.keyClick(window.board, Qt.Key.Key_X)   # off again: red's own lines, blue
    qtbot.waitUntil(lambda: study.panel.line_texts() != []
                    and study.panel.line_texts()[0][3].split()[0] in ("炮二进七", "炮八进七"), timeout=10_000)
    assert not study.analyser.threat if study.analyser is not None else False
    stop_engines(qtbot, study)
    assert "go infinite" in logged_commands(log)


def test_a_threat_is_named_by_its_pattern() -> None:
    """Black to move, red threatens 马后炮 (cannon h2 to e2 behind the horse): the threat position (red to
    move) and red's line name it; the phase is no name of a threat."""
    from xiangqi.tactics import Motif, threat_motifs

    threat = threat_position(Position.from_fen("4k4/9/4N4/9/9/9/9/7C1/4A4/4K4 b - - 0 1"))
    assert threat is not None and threat.fen().split()[1] == "w"
    assert threat_motifs(threat, [Move.from_iccs("h2e2")]) == {Motif.MA_HOU_PAO, Motif.MATE_IN_N}
    assert threat_motifs(threat, [Move.from_iccs("h2h3")]) == frozenset()
