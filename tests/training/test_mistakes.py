"""Learn from your mistakes: a reviewed game's ?/?? of the player's side become cards (one per mistake)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.core import Color, Move
from xiangqi.record import Game, game_to_pgn, parse_game
from xiangqi.review.annotate import PositionValue, annotate_game, main_line_positions
from xiangqi.review.evaluation import Evaluation
from xiangqi.training.cards import CardDeck, DeckKind, deck_scheduler
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.mistakes import Mistake, add_mistakes, played_move, player_side, review_mistakes

# 1. 炮二平五 炮8进5?? (the cannon walks onto h2, where red's other cannon takes it) 2. 炮八平二 马8进7
MOVES = ("h2e2", "h7h2", "b2h2", "h9g7")
RED_BEST, BLACK_BEST = Move.from_iccs("h2e2"), Move.from_iccs("h9g7")


def reviewed_game() -> Game:
    """The game as the review leaves it: black's 炮8进5 a blunder (??), 马8进7 beside it as the better move."""
    game = Game()
    node = game.root
    for iccs in MOVES:
        node = node.add_child(Move.from_iccs(iccs))
    positions = main_line_positions(game)
    values = [PositionValue(Evaluation(cp=20), RED_BEST, (RED_BEST,), played=Evaluation(cp=20)),
              PositionValue(Evaluation(cp=20), BLACK_BEST, (BLACK_BEST,), played=Evaluation(cp=500)),
              PositionValue(Evaluation(cp=500), Move.from_iccs("b2h2"), played=Evaluation(cp=500)),
              PositionValue(Evaluation(cp=480), Move.from_iccs("h9g7"), played=Evaluation(cp=480)),
              PositionValue(Evaluation(cp=480))]
    annotate_game(game, positions, values, "test")
    return game


def faces(mistake: Mistake) -> tuple[str, str]:
    return f"move {mistake.ply}", "test game"


def test_the_reviewed_blunder_and_its_better_move_are_found() -> None:
    game = parse_game(game_to_pgn(reviewed_game()))     # as saved and opened again
    [mistake] = review_mistakes(game)
    assert (mistake.ply, mistake.mover, mistake.played.iccs()) == (2, Color.BLACK, "h7h2")
    assert mistake.better == (BLACK_BEST,)
    assert mistake.fen.split()[1] == "b"


def test_only_the_players_side_becomes_cards_and_only_once(tmp_path: Path) -> None:
    deck = CardDeck(TrainingDatabase(tmp_path / "t.sqlite"), deck_scheduler(fuzz=False))
    game = reviewed_game()
    assert add_mistakes(deck, game, Color.RED, faces).added == 0
    first = add_mistakes(deck, game, Color.BLACK, faces)
    assert (first.added, first.known, first.unanswered) == (1, 0, 0)
    [card] = deck.due(kind=DeckKind.MISTAKES)
    assert card.face.answers == ("h9g7",) and card.face.title == "move 2"
    again = add_mistakes(deck, parse_game(game_to_pgn(game)), Color.BLACK, faces)
    assert (again.added, again.known) == (0, 1)


def test_a_mistake_without_a_better_move_makes_no_card(tmp_path: Path) -> None:
    deck = CardDeck(TrainingDatabase(tmp_path / "t.sqlite"))
    game = reviewed_game()
    blunder = game.mainline()[1]
    assert blunder.parent is not None
    blunder.parent.children[:] = [blunder]              # the user deleted the engine's variation
    result = add_mistakes(deck, game, Color.BLACK, faces)
    assert (result.added, result.unanswered) == (0, 1)


@pytest.mark.parametrize(("headers", "name", "played", "side"), [
    ({"Red": "Me", "Black": "Engine"}, "", Color.BLACK, Color.BLACK),   # the game vs the engine decides
    ({"Red": "Me", "Black": "Engine"}, "Me", None, Color.RED),
    ({"Red": "Engine", "Black": " Me "}, "Me", None, Color.BLACK),
    ({"Red": "Me", "Black": "Me"}, "Me", None, None),                  # both: ask
    ({"Red": "A", "Black": "B"}, "", None, None),                      # no name: ask
    ({}, "Me", None, None),
])
def test_the_players_side(headers: dict[str, str], name: str, played: Color | None, side: Color | None) -> None:
    assert player_side(headers, name, played) is side


def test_the_move_played_is_read_back_from_the_cards_key() -> None:
    [mistake] = review_mistakes(reviewed_game())
    assert played_move(mistake.key) == Move.from_iccs("h7h2")
    assert played_move("ccpd-mid-0012") is None and played_move("a b zz") is None
