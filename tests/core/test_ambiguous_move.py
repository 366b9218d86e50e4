"""A move text that fits several legal moves raises AmbiguousMoveError naming them (the move box words
the choice in the player's notation); text that fits none stays a plain NotationError."""

from __future__ import annotations

import pytest

from xiangqi.core import NotationError, Position
from xiangqi.core.errors import AmbiguousMoveError
from xiangqi.core.notation import text_to_move

TWO_ROOKS = "3k5/4a4/9/9/9/2R6/9/2R6/9/5K3 w - - 0 1"   # both on file 七 (c)


@pytest.mark.parametrize("text", ["车七进一", "R7+1"])
def test_a_text_that_fits_two_moves_names_both(text: str) -> None:
    with pytest.raises(AmbiguousMoveError) as caught:
        text_to_move(Position(TWO_ROOKS), text)
    assert set(caught.value.moves) == {"c4c5", "c2c3"} and repr(text) in str(caught.value)


def test_a_text_that_fits_no_move_is_not_ambiguous() -> None:
    with pytest.raises(NotationError) as caught:
        text_to_move(Position(TWO_ROOKS), "车一进一")
    assert not isinstance(caught.value, AmbiguousMoveError)
    assert text_to_move(Position(TWO_ROOKS), "后车进一").iccs() == "c2c3"
