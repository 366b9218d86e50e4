"""Game › Review in the app: the review dialog runs the material fake engine over a short record with a
deliberate blunder, writes marks, [%eval] comments and the better move, and shows the summary; Cancel
leaves the record untouched; the written record survives a PGN round trip."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.engine.retire import engines_retiring
from xiangqi.record import Game, game_to_pgn, parse_game
from xiangqi.review.series import record_graph_values
from xiangqi.ui.study.review_dialog import ReviewDialog

from study_support import material_spec

# 1. 炮二平五 炮8平2?? (the cannon walks onto h2, where red's other cannon takes it) 2. 炮八平二 马8进7
BLUNDER_RECORD = ("h2e2", "h7h2", "b2h2", "h9g7")
BLUNDER = 4     # NAG ??


def blunder_game() -> Game:
    game = Game()
    node = game.root
    for iccs in BLUNDER_RECORD:
        node = node.add_child(Move.from_iccs(iccs))
    node.comment = "a comment of the user's"
    return game


def open_dialog(qtbot: QtBot, game: Game, *engine_args: str) -> ReviewDialog:
    dialog = ReviewDialog(game, [material_spec(*engine_args)])
    qtbot.addWidget(dialog)
    dialog.time_box.setValue(50)
    dialog.show()
    return dialog


def test_review_marks_the_blunder_and_the_marks_come_back_from_pgn(qtbot: QtBot) -> None:
    """One review (an engine process and five searches) checked twice: what it wrote into the record, then
    that the record read back from its PGN has the same marks and graph."""
    game = blunder_game()
    dialog = open_dialog(qtbot, game)
    with qtbot.waitSignal(dialog.reviewed, timeout=20_000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    nodes = game.mainline()
    assert [node.nags for node in nodes] == [[], [BLUNDER], [], []]
    better = [child.move.iccs() for child in nodes[0].children if child.move is not None]
    assert better[0] == "h7h2" and len(better) == 2   # the engine's move beside the blunder
    assert all(node.comment.startswith("[%eval ") for node in [game.root, *nodes])
    assert nodes[-1].comment.endswith("a comment of the user's")
    texts = dialog.summary_view.texts()
    assert texts[2] == ["0", "1"]                    # ?? : red 0, black 1
    assert texts[0][0] == "0" and texts[1][0] == "0"
    assert dialog.summary_view.graph.values == record_graph_values(game)
    assert game.headers["Annotator"].endswith("50 ms/move")   # the time chosen (open_dialog), not a node budget

    reread = parse_game(game_to_pgn(game))           # the review comes back from PGN
    assert [node.nags for node in reread.mainline()] == [[], [BLUNDER], [], []], "not back from PGN"
    assert record_graph_values(reread) == record_graph_values(game) != [], "the graph not back from PGN"
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)


def test_cancel_leaves_the_record_as_it_was(qtbot: QtBot) -> None:
    game = blunder_game()
    before = game.record_signature()
    dialog = open_dialog(qtbot, game, "--delay-ms", "3000")
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == 1 and dialog.progress.maximum() == 5
    reviewed: list[object] = []
    dialog.reviewed.connect(reviewed.append)
    runner = dialog.runner
    assert runner is not None and runner.running
    dialog.buttons.button(dialog.buttons.StandardButton.Cancel).click()
    # the review stopped (not finished: five searches of 3 s each) and its engine gone: nothing more can come
    qtbot.waitUntil(lambda: not runner.running and not engines_retiring(), timeout=5000)
    assert reviewed == [] and game.record_signature() == before


def test_the_review_searches_a_node_budget_by_default_and_a_time_when_one_is_chosen(qtbot: QtBot) -> None:
    """Normal strength: the engine's node budget (the same marks run after run, busy or idle); the time box
    is the alternative, chosen by picking it or by setting a time (the review run with a time chosen, and its
    Annotator header, is the test above)."""
    from xiangqi.engine.messages import SearchLimits
    from xiangqi.review.judging import DEFAULT_REVIEW_NODES
    from xiangqi.ui.study.review_dialog import STRENGTHS

    game = blunder_game()
    dialog = ReviewDialog(game, [material_spec()])
    qtbot.addWidget(dialog)
    dialog.show()
    spec = dialog.engines[0]
    assert dialog.strength_box.currentText() == "Normal"
    assert dialog.chosen_limits(spec) == SearchLimits(nodes=DEFAULT_REVIEW_NODES)
    dialog.strength_box.setCurrentIndex(2)   # Deep
    assert dialog.chosen_limits(spec) == SearchLimits(nodes=round(DEFAULT_REVIEW_NODES * STRENGTHS[2][1]))
    dialog.time_box.setValue(700)
    assert dialog.strength_box.currentText() == "Time per position"
    assert dialog.chosen_limits(spec) == SearchLimits(movetime_ms=700)
