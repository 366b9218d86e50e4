"""The evaluation graph: values drawn clamped, the shown ply marked, a click asks for the ply under it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from xiangqi.ui.study.eval_graph import EvalGraph, split_at_zero


def shown_graph(qtbot: QtBot, values: list[float | None]) -> EvalGraph:
    graph = EvalGraph()
    qtbot.addWidget(graph)
    graph.resize(400, 130)
    graph.show()
    qtbot.waitExposed(graph)
    graph.set_values(values)
    return graph


def test_values_are_clamped_and_gaps_left_out(qtbot: QtBot) -> None:
    graph = shown_graph(qtbot, [0.2, 0.5, None, 25.0, -30.0])
    points = [(p.x(), p.y()) for p in graph.line.points()]
    assert points == [(0, 0.2), (1, 0.5), (3, 10.0), (4, -10.0)]
    # the red fill never goes below zero, the black fill never above it, and they meet on the axis
    assert all(p.y() >= 0 for p in graph.red_upper.points())
    assert all(p.y() <= 0 for p in graph.black_upper.points())
    assert (3.5, 0.0) in [(p.x(), p.y()) for p in graph.red_upper.points()]


def test_zero_crossings_are_added() -> None:
    assert split_at_zero([(0, 1.0), (1, -3.0)]) == [(0, 1.0), (0.25, 0.0), (1, -3.0)]
    assert split_at_zero([(0, 0.0), (1, 2.0)]) == [(0, 0.0), (1, 2.0)]


def test_click_asks_for_the_ply_under_the_mouse(qtbot: QtBot) -> None:
    graph = shown_graph(qtbot, [0.0, 0.3, -0.4, 1.2, 2.0, 1.0, 0.5, 0.1, -0.2, 0.0, 0.4, 0.8])
    for ply in (0, 3, 7, 11):
        spot = graph.point_of_ply(ply)
        with qtbot.waitSignal(graph.ply_clicked) as blocker:
            qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(round(spot.x()), 60))
        assert blocker.args == [ply]


def test_the_shown_ply_is_marked(qtbot: QtBot) -> None:
    graph = shown_graph(qtbot, [0.0, 0.5, 1.0])
    graph.set_current_ply(2)
    assert {p.x() for p in graph.marker.points()} == {2.0}
    graph.set_current_ply(None)
    assert graph.marker.count() == 0


def test_an_empty_graph_ignores_clicks(qtbot: QtBot) -> None:
    graph = shown_graph(qtbot, [])
    with qtbot.assertNotEmitted(graph.ply_clicked):
        qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(100, 60))


def test_marked_moves_are_dots_on_the_line(qtbot: QtBot) -> None:
    graph = shown_graph(qtbot, [0.0, 0.5, -3.0, None])
    graph.set_marks({2: "??", 1: "?!", 3: "?"})
    assert [(p.x(), p.y()) for p in graph.dots["??"].points()] == [(2.0, -3.0)]
    assert [(p.x(), p.y()) for p in graph.dots["?!"].points()] == [(1.0, 0.5)]
    assert graph.dots["?"].count() == 0      # no value at ply 3: nowhere to draw it
