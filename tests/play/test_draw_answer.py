"""The draw rule for engine opponents: their own evaluation and level decide, never an even opening."""

from __future__ import annotations

import pytest

from xiangqi.engine.messages import Score
from xiangqi.play.draw_answer import DEAD_LEVEL_PLIES, behind_cp, engine_takes_draw


@pytest.mark.parametrize("level", [None, 1, 2, 3, 4, 5])
def test_an_even_opening_is_never_drawn(level: int | None) -> None:
    for cp in (-40, -10, 0, 25, 300):
        assert not engine_takes_draw(Score(cp=cp), 3, level)
    assert not engine_takes_draw(None, 3, level)


def test_clearly_worse_takes_the_draw_and_a_weaker_level_gives_up_sooner() -> None:
    assert engine_takes_draw(Score(cp=-100), 10, 2)
    assert not engine_takes_draw(Score(cp=-100), 10, 5)
    assert engine_takes_draw(Score(cp=-250), 10, 5)
    assert behind_cp(1) < behind_cp(3) < behind_cp(5)


def test_mate_against_the_engine_takes_it_mate_for_it_does_not() -> None:
    assert engine_takes_draw(Score(mate=-3), 10, None)
    assert not engine_takes_draw(Score(mate=4), 10, None)


def test_a_long_dead_level_game_is_drawn() -> None:
    assert engine_takes_draw(Score(cp=10), DEAD_LEVEL_PLIES, 3)
    assert not engine_takes_draw(Score(cp=10), DEAD_LEVEL_PLIES - 1, 3)
    assert not engine_takes_draw(Score(cp=80), DEAD_LEVEL_PLIES + 40, 3)


def test_book_weights_and_rulings_are_no_evaluation() -> None:
    assert not engine_takes_draw(Score(book=-500), 10, 1)
    assert not engine_takes_draw(Score(ruling=-1), 10, 1)


def test_draw_offers_keep_the_engines_view_and_the_offers(qtbot) -> None:  # noqa: ANN001 - pytest-qt's bot
    from xiangqi.engine.messages import BestMove
    from xiangqi.play.draw_offers import DrawOffers

    offers = DrawOffers()
    offers.offer()
    assert offers.take_player_offer() and not offers.take_player_offer()   # it goes with one search
    offers.note_score(Score(cp=-300))
    with qtbot.waitSignal(offers.answered) as answer:
        assert offers.answer(True, 10, 3)
    assert answer.args == [True]
    offers.note_score(Score(cp=-300))
    assert not offers.answer(False, 10, 3)             # no offer went with that search: no answer
    assert not offers.answer(True, 10, 3)              # the score was used up: no view, no draw
    with qtbot.waitSignal(offers.engine_offers):
        offers.engine_played(BestMove(None, draw=True), asked=False)
    assert offers.engine_offer
    offers.player_moved()
    assert not offers.engine_offer
