"""What a reviewed record shows: the marks in the move list in lichess's colours (?! yellow, ? orange,
?? red), readable in the normal and the high-contrast colours, the better move in words beside a marked
move (the move list's tooltip, the comments panel). That the review summary closes when another game is
opened is checked on the review of test_study_window.py (one engine run for both)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot
from test_record_ui_support import build_window

from xiangqi.core import Move
from xiangqi.record import Game
from xiangqi.review import Evaluation, PositionValue, annotate_game, main_line_positions
from xiangqi.review.marks import Mark
from xiangqi.ui.common.contrast import MIN_TEXT_CONTRAST, contrast_ratio, mark_colour, set_high_contrast
from xiangqi.ui.study.eval_graph import EvalGraph, chart_background

# 1. 炮二平五 炮8平2 (hangs the cannon: ??) 2. 炮八平二 马8进7 3. 马二进三 (?!)
MOVES = ("h2e2", "h7h2", "b2h2", "h9g7", "h0g2")


def reviewed_game() -> Game:
    game = Game({"Red": "R", "Black": "B"})
    node = game.root
    for iccs in MOVES:
        node = node.add_child(Move.from_iccs(iccs))
    better_black, better_red = Move.from_iccs("h9g7"), Move.from_iccs("b0c2")
    values = [PositionValue(Evaluation(cp=20), Move.from_iccs("h2e2"), played=Evaluation(cp=20)),
              PositionValue(Evaluation(cp=30), better_black, (better_black,), played=Evaluation(cp=500)),
              PositionValue(Evaluation(cp=500), Move.from_iccs("b2h2"), played=Evaluation(cp=500)),
              PositionValue(Evaluation(cp=520), Move.from_iccs("h9g7"), played=Evaluation(cp=520)),
              PositionValue(Evaluation(cp=150), better_red, (better_red,), played=Evaluation(cp=60)),
              PositionValue(Evaluation(cp=60))]
    annotate_game(game, main_line_positions(game), values)
    return game


def test_marks_are_coloured_and_the_better_move_is_written_beside_them(qtbot: QtBot, tmp_path: Path) -> None:
    window, ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    game = reviewed_game()
    nodes = game.mainline()
    assert nodes[1].nags == [Mark.BLUNDER.value] and nodes[4].nags == [Mark.INACCURACY.value]
    window.controller.study.open_record(game)
    model = window.move_list.model
    blunder, inaccuracy, plain = (model.index_for_ply(ply) for ply in (2, 5, 3))
    assert model.data(blunder).endswith("??") and model.data(inaccuracy).endswith("?!")
    rows = window.move_list.table.palette().color(QPalette.ColorRole.Base)
    assert model.data(blunder, Qt.ItemDataRole.ForegroundRole) == mark_colour("??", rows)
    assert model.data(inaccuracy, Qt.ItemDataRole.ForegroundRole) == mark_colour("?!", rows)
    assert model.data(plain, Qt.ItemDataRole.ForegroundRole) is None
    # The better moves in words, in the list's own notation (black's 马8进7 and red's 马八进七).
    black_better = model.data(model.index_for_ply(4))   # the same move was played at ply 4
    tip = model.data(blunder, Qt.ItemDataRole.ToolTipRole)
    assert tip.splitlines()[0] == f"{black_better} was better"
    assert model.data(inaccuracy, Qt.ItemDataRole.ToolTipRole).splitlines()[0] == "马八进七 was better"
    # The comments panel under the marked move: the mark and the better move, in the mark's colour; the
    # move list's line under the moves says it too.
    window.controller.study.show_node(nodes[1])
    assert window.move_list.view_label.text().endswith(f"· ?? {black_better} was better")
    panel = ui.panel
    assert panel.review_label.isVisible() and panel.review_label.text() == f"?? {black_better} was better"
    assert mark_colour("??", panel.palette().color(QPalette.ColorRole.Window)).name() in panel.review_label.styleSheet()
    window.controller.study.show_node(nodes[2])
    assert not panel.review_label.isVisible()


def label_colour(style_sheet: str) -> QColor:
    """The text colour a ``color: #rrggbb; ...`` style sheet sets."""
    return QColor(style_sheet.split("color:", 1)[1].split(";", 1)[0].strip())


def test_the_marks_read_at_4_5_to_1_in_the_normal_and_the_high_contrast_colours(qtbot: QtBot,
                                                                                 tmp_path: Path) -> None:
    window, ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    game = reviewed_game()
    window.controller.study.open_record(game)
    window.controller.study.show_node(game.mainline()[1])   # the ?? move: its words in the comments panel
    model, table, panel = window.move_list.model, window.move_list.table, ui.panel
    backgrounds = (QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase, QPalette.ColorRole.Window)
    try:
        for high_contrast in (False, True):
            set_high_contrast(high_contrast)   # the comments panel follows without the move shown again
            rows, window_colour = table.palette(), panel.palette().color(QPalette.ColorRole.Window)
            shown = {"??": model.data(model.index_for_ply(2), Qt.ItemDataRole.ForegroundRole),
                     "?!": model.data(model.index_for_ply(5), Qt.ItemDataRole.ForegroundRole),
                     "?": mark_colour("?", rows.color(QPalette.ColorRole.Base))}
            for symbol, colour in shown.items():
                for role in backgrounds:
                    ratio = contrast_ratio(colour, rows.color(role))
                    assert ratio >= MIN_TEXT_CONTRAST, (high_contrast, symbol, role, colour.name(), ratio)
            words = label_colour(panel.review_label.styleSheet())
            assert words == shown["??"]
            assert contrast_ratio(words, window_colour) >= MIN_TEXT_CONTRAST, (high_contrast, words.name())
    finally:
        set_high_contrast(False)


def test_the_graphs_mark_dots_stand_out_from_its_background(qtbot: QtBot) -> None:
    graph = EvalGraph()
    qtbot.addWidget(graph)
    background = chart_background(graph.chart())
    for symbol, dots in graph.dots.items():
        assert contrast_ratio(dots.color(), background) >= MIN_TEXT_CONTRAST, (symbol, dots.color().name())
