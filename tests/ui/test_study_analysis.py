"""Analysis mode: the analyser follows the position, shows multi-PV lines, pauses, stops when closed, and
a clicked line is offered as moves to play (with the material fake engine as a real process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.ui.study.analysis_panel import AnalysisPanel
from xiangqi.ui.engines.score_text import pawns_text
from xiangqi.engine.messages import Score
from xiangqi.engine.retire import engines_retiring
from xiangqi.ui.study.study_analysis import Analyser, connect_panel

from study_support import logged_commands, running_analysis, quick_analysis_redraws  # noqa: F401 (a fixture, used below)

pytestmark = pytest.mark.usefixtures("quick_analysis_redraws")

@pytest.fixture
def analysis(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[Analyser, AnalysisPanel, Path]]:
    with running_analysis(qtbot, tmp_path, 200) as (analyser, panel, log):
        assert isinstance(analyser, Analyser) and isinstance(panel, AnalysisPanel)
        yield analyser, panel, log


def test_scores_read_from_reds_side() -> None:
    assert pawns_text(Score(cp=35), 1) == "+0.35"
    assert pawns_text(Score(cp=35), -1) == "-0.35"
    assert pawns_text(Score(mate=5), 1) == "#5"
    assert pawns_text(Score(mate=5), -1) == "#-5"
    assert pawns_text(Score(cp=120, bound="lower"), -1) == "≤-1.20"


def test_multipv_lines_appear(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: len(panel.line_texts()) == 1, timeout=5000)
    qtbot.waitUntil(panel.lines_box.isEnabled, timeout=5000)
    panel.lines_box.setValue(3)   # as the user turns the spin box
    qtbot.waitUntil(lambda: len(panel.line_texts()) == 3, timeout=5000)
    rows = panel.line_texts()
    assert [row[0] for row in rows] == ["3", "3", "3"]
    # the material engine's lines from the start: cannon takes horse, rook takes cannon (-0.50 for red)
    assert [row[1] for row in rows] == ["-0.50", "-0.50", "-4.00"]
    assert [row[3] for row in rows] == ["b2b9 a9b9", "h2h9 i9h9", "a0a1 b7b0"]
    assert "setoption MultiPV 3" in logged_commands(log)
    assert "go infinite" in logged_commands(log)


def test_analysis_follows_the_position(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: panel.line_texts() != [], timeout=5000)
    position = Position()
    position.push(Move.from_iccs("h2h9"))   # red's cannon takes a horse: red is a horse up (black to move)
    analyser.analyse(position)
    qtbot.waitUntil(lambda: [r[1] for r in panel.line_texts()] == ["+3.50"], timeout=5000)
    assert panel.line_texts()[0][3].startswith("i9h9")   # black's rook takes the cannon back
    assert logged_commands(log).count("go infinite") == 2
    assert "stop" in logged_commands(log)


def test_pause_stops_and_resume_goes_on(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: "go infinite" in logged_commands(log), timeout=5000)
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "stop" in logged_commands(log), timeout=5000)
    assert not analyser.running and panel.pause_button.text() == "Resume"
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: logged_commands(log).count("go infinite") == 2, timeout=5000)
    assert analyser.running


def test_closing_stops_the_engine(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, _panel, log = analysis
    analyser.analyse(Position())
    qtbot.waitUntil(lambda: "go infinite" in logged_commands(log), timeout=5000)
    analyser.close()
    qtbot.waitUntil(lambda: "quit" in logged_commands(log), timeout=5000)
    assert logged_commands(log)[-2:] == ["stop", "quit"] or logged_commands(log)[-1] == "quit"


def test_clicking_a_line_offers_its_moves(qtbot: QtBot, analysis: tuple[Analyser, AnalysisPanel, Path]) -> None:
    analyser, panel, _log = analysis
    position = Position()
    position.push(Move.from_iccs("h2h9"))
    analyser.analyse(position)
    qtbot.waitUntil(lambda: panel.line_texts() != [], timeout=5000)
    item = panel.tree.topLevelItem(0)
    assert item is not None
    with qtbot.waitSignal(panel.line_chosen) as blocker:
        qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton,
                         pos=panel.tree.visualItemRect(item).center())
    assert [m.iccs() for m in blocker.args[0]][:1] == ["i9h9"]


def test_an_engine_that_crashes_is_reported(qtbot: QtBot) -> None:
    import sys

    from xiangqi.engine.registry import EngineSpec, Protocol
    from study_support import REPO

    crashing = EngineSpec("crasher", sys.executable,
                          (str(REPO / "tests" / "engine" / "fakes" / "fake_engine.py"), "--fault", "crash-in-search"),
                          protocol=Protocol.UCCI)
    analyser = Analyser(crashing)
    panel = AnalysisPanel()
    qtbot.addWidget(panel)
    connect_panel(analyser, panel)
    analyser.start()
    with qtbot.waitSignal(analyser.trouble, timeout=10_000) as trouble:
        analyser.analyse(Position())
    assert "crashed" in trouble.args[0]
    qtbot.waitUntil(lambda: "failed" in panel.state_label.text(), timeout=5000)
    analyser.close()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)
