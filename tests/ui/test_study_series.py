"""The evaluation graph's data: [%eval] comments of a record's main line, engine scores of a game."""

from __future__ import annotations

from xiangqi.core import Move
from xiangqi.record import Game
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.series import graph_values, record_evaluations, record_graph_values


def reviewed_game() -> Game:
    game = Game()
    game.root.comment = "[%eval 0.20]"
    node = game.root
    for iccs, comment in (("h2e2", "[%eval 0.35] 中炮"), ("h9g7", "no eval"), ("h0g2", "[%eval #3]"),
                          ("i9h9", "[%eval banana]")):
        node = node.add_child(Move.from_iccs(iccs), comment)
    node.parent.add_child(Move.from_iccs("c6c5"), "[%eval -99]")   # a variation: not on the graph  # type: ignore[union-attr]
    return game


def test_record_evaluations_read_the_main_line_only() -> None:
    found = record_evaluations(reviewed_game())
    assert found == {0: Evaluation(cp=20), 1: Evaluation(cp=35), 3: Evaluation(mate=3)}


def test_graph_values_are_clamped_with_gaps() -> None:
    assert record_graph_values(reviewed_game()) == [0.2, 0.35, None, 10.0, None]
    assert graph_values({1: Evaluation(cp=-2500), 2: Evaluation(mate=-4)}, 2, clamp=8) == [None, -8.0, -8.0]


def test_a_record_without_evaluations_has_no_graph() -> None:
    game = Game()
    game.root.add_child(Move.from_iccs("h2e2"))
    assert record_graph_values(game) == []


def test_marks_are_read_from_the_nags() -> None:
    from xiangqi.review.marks import Mark
    from xiangqi.review.series import record_marks

    game = reviewed_game()
    game.mainline()[1].nags[:] = [4]
    game.mainline()[2].nags[:] = [14, 6]   # another NAG first, then ?!
    assert record_marks(game) == {2: Mark.BLUNDER, 3: Mark.INACCURACY}
