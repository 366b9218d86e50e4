"""Scores read the same everywhere a score is shown: pawns from red's point of view, ``#n`` for a mate
(also the built-in engine's mate scores), a repetition ruling or a book move in words; the column says
whose view it is, and the graph's tool tip says a point's value the same way."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.engine.messages import Info, Score
from xiangqi.engine.seat import Purpose, Role, SeatInfo
from xiangqi.review.evaluation import Evaluation
from xiangqi.ui.engines.engine_panel import EnginePanel
from xiangqi.ui.engines.score_text import pawns_text
from xiangqi.ui.study.eval_graph import EvalGraph


def test_mate_scores_read_as_mates_not_hundreds_of_pawns() -> None:
    # the built-in engine's 30000 - n reaches the UI as mate n (tests/engine/test_score_scale.py)
    assert pawns_text(Score(mate=1), 1) == "#1"
    assert pawns_text(Score(mate=1), -1) == "#-1"
    assert pawns_text(Score(mate=-2), 1) == "#-2"
    assert pawns_text(Score(cp=2_999), 1) == "+29.99"


def test_rulings_and_book_moves_are_words_not_pawns() -> None:
    assert pawns_text(Score(ruling=1), 1) == "Red wins by rule"
    assert pawns_text(Score(ruling=1), -1) == "Black wins by rule"
    assert pawns_text(Score(ruling=-1), -1) == "Red wins by rule"
    assert pawns_text(Score(book=34), 1) == "book move"


def test_engine_panel_shows_the_mate_and_says_whose_view(qtbot: QtBot) -> None:
    panel = EnginePanel()
    qtbot.addWidget(panel)
    panel.show()
    position = Position()
    position.push(Move.from_iccs("h2e2"))   # black to move: a mate for black reads #-n
    info = Info(depth=9, score=Score(mate=2), pv=(Move.from_iccs("h9g7"),))
    panel.show_analysis(SeatInfo(info, position, -1, Purpose.MOVE, Role.BLACK))
    header = panel.tree.headerItem()
    assert header.text(1) == "Red's view"
    assert "red's point of view" in header.toolTip(1)
    item = panel.tree.topLevelItem(0)
    assert item is not None and item.text(1) == "#-2"


def test_graph_tool_tip_says_the_mate(qtbot: QtBot) -> None:
    graph = EvalGraph()
    qtbot.addWidget(graph)
    graph.resize(400, 130)
    graph.show()
    qtbot.waitExposed(graph)
    graph.set_evaluations({0: Evaluation(cp=20), 1: Evaluation(cp=-35), 2: Evaluation(mate=3)}, 12)
    spot = graph.point_of_ply(2).toPoint()
    QApplication.sendEvent(graph.viewport(), QHelpEvent(QEvent.Type.ToolTip, spot, graph.mapToGlobal(spot)))
    qtbot.waitUntil(QToolTip.isVisible)
    assert QToolTip.text() == "Move 1, Black: #3"
    assert graph.point_text(1) == "Move 1, Red: -0.35"
    assert graph.point_text(5) == "Move 3, Red: no evaluation"
