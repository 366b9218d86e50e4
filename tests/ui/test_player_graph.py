"""Issue 20's graph bugs: the ply labels of a long game turned to "…" (more labels than fit), and a game
resumed from the autosave came back without its graph (the engine's scores were kept nowhere)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCharts import QValueAxis
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.game.autosave import AutosaveStore
from xiangqi.ui.study.eval_graph import EvalGraph
from xiangqi.ui.study.study_tools import install_study_ui


def label_spacing(graph: EvalGraph) -> tuple[float, float]:
    """(px between two neighbouring ply labels on screen, px the widest label needs)."""
    axis = graph.axis_x
    if axis.tickType() is QValueAxis.TickType.TicksDynamic:
        step = axis.tickInterval()
    else:
        step = (axis.max() - axis.min()) / (axis.tickCount() - 1)
    spacing = graph.point_of_ply(round(step)).x() - graph.point_of_ply(0).x()
    return spacing, QFontMetricsF(axis.labelsFont()).horizontalAdvance(str(int(axis.max())))


@pytest.mark.parametrize("width", [220, 320, 700])
@pytest.mark.parametrize("plies", [40, 180, 640])
def test_the_ply_labels_fit_however_long_the_game(qtbot: QtBot, width: int, plies: int) -> None:
    graph = EvalGraph()
    qtbot.addWidget(graph)
    graph.resize(width, 130)
    graph.show()
    qtbot.waitExposed(graph)
    graph.set_values([0.1 * (ply % 7 - 3) for ply in range(plies + 1)])
    qtbot.waitUntil(lambda: 0 < graph.chart().plotArea().width() < width)
    spacing, widest = label_spacing(graph)
    assert spacing >= widest + 8, (spacing, widest)          # room for each label: none is cut to "…"
    labels = graph.x_labels()
    assert labels[0] == "0" and all(int(label) % int(labels[1]) == 0 for label in labels)   # round plies
    assert len(labels) >= 3                                  # and still a scale to read


def test_a_resumed_game_gets_its_graph_back(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    study = install_study_ui(table.window)
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    played = list(study.graph.values)
    assert played[2] is not None and played[4] is not None   # the engine's own moves
    table.controller.shutdown()

    again = Table(qtbot, tmp_path)                          # the app started again: the game is resumed
    again_study = install_study_ui(again.window)
    snapshot = AutosaveStore(tmp_path / "autosave.json").load()
    assert snapshot is not None
    again.controller.resume(snapshot)
    assert again_study.graph.values == played
    again.controller.shutdown()


def test_the_graph_drops_the_plies_taken_back(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    study = install_study_ui(table.window)
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    assert len(study.graph.values) == 5 and study.graph.values[4] is not None
    table.window.undo_action.trigger()                      # 悔棋: h0g2 and its reply are no longer played
    assert len(study.graph.values) == 3 and study.graph.values[2] is not None
    table.window.redo_action.trigger()                      # put back: the graph has them again
    assert len(study.graph.values) == 5
    table.controller.shutdown()
