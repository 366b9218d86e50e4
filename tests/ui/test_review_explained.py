"""A reviewed record says why each ?/?? is one: the sentence in the move list's tooltip and in the review
summary's list (a click there shows the move), written by the review into the move's comment."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_record_ui_support import build_window

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.record import Game
from xiangqi.review import Evaluation, PositionValue, ReviewSummary, annotate_game, main_line_positions
from xiangqi.tactics.explain import Wording
from xiangqi.ui.study.review_dialog import ReviewSummaryView

# 1. 炮二平五 炮8平2 (the cannon hangs to 炮八平二: ??) 2. 炮八平二 马8进7
MOVES = ("h2e2", "h7h2", "b2h2", "h9g7")


def reviewed_game() -> tuple[Game, ReviewSummary]:
    game = Game({"Red": "R", "Black": "B"})
    node = game.root
    for iccs in MOVES:
        node = node.add_child(Move.from_iccs(iccs))
    better_black, take = Move.from_iccs("h9g7"), Move.from_iccs("b2h2")
    values = [PositionValue(Evaluation(cp=20), Move.from_iccs("h2e2"), played=Evaluation(cp=20)),
              PositionValue(Evaluation(cp=30), better_black, (better_black,), played=Evaluation(cp=500)),
              PositionValue(Evaluation(cp=500), take, (take, Move.from_iccs("h9g7"))),
              PositionValue(Evaluation(cp=520), better_black, (better_black,)),
              PositionValue(Evaluation(cp=510))]
    summary = annotate_game(game, main_line_positions(game), values, wording=Wording(Notation.CHINESE))
    return game, summary


def test_the_mistake_is_explained_in_the_move_list_and_the_summary(qtbot: QtBot, tmp_path: Path) -> None:
    game, summary = reviewed_game()
    assert game.mainline()[1].comment == "[%eval 5.00]\n?? Loses a cannon (炮八平二)"
    window, _ui = build_window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    window.controller.study.open_record(game)
    model = window.move_list.model
    tip = str(model.data(model.index_for_ply(2), Qt.ItemDataRole.ToolTipRole))
    assert tip.splitlines()[0] == "Loses a cannon (炮八平二)"
    view = ReviewSummaryView()
    qtbot.addWidget(view)
    view.show_summary(summary, game)
    view.show()
    assert view.mistake_texts() == ["1. Black: ?? Loses a cannon (炮八平二)"]
    item = view.mistakes.item(0)
    with qtbot.waitSignal(view.ply_clicked) as clicked:
        rect = view.mistakes.visualItemRect(item)
        qtbot.mouseClick(view.mistakes.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert clicked.args == [2]


def test_the_mistakes_deck_card_carries_the_sentence() -> None:
    from xiangqi.training.mistakes import review_mistakes
    game, _summary = reviewed_game()
    [mistake] = review_mistakes(game)
    assert mistake.explanation == "Loses a cannon (炮八平二)"
