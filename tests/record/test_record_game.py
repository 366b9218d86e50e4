"""The game tree and the cursor: navigation, adding moves, variations, promotion and deletion."""

from __future__ import annotations

import pytest

from xiangqi.core import IllegalMoveError, Move, Position
from xiangqi.record import Game, GameCursor

M = Move.from_iccs


def _game_with_branches() -> tuple[Game, GameCursor]:
    game = Game()
    cursor = GameCursor(game)
    for text in ("h2e2", "h9g7", "h0g2", "i9h9"):
        cursor.add_move(M(text))
    cursor.go_to_ply(1)
    cursor.add_move(M("b9c7"))  # an alternative to h9g7
    cursor.add_move(M("b0c2"))
    return game, cursor


def test_add_move_reuses_or_branches() -> None:
    game, cursor = _game_with_branches()
    first = game.root.children[0]
    assert [c.move.iccs() for c in first.children] == ["h9g7", "b9c7"]
    assert game.ply_count() == 4 and [m.iccs() for m in game.mainline_moves()][1] == "h9g7"
    cursor.go_to_ply(0)
    again = cursor.add_move(M("h2e2"))
    assert again is first and len(game.root.children) == 1  # the same move is not duplicated
    expected = Position()
    expected.push(M("h2e2"))
    assert cursor.ply == 1 and cursor.position.fen() == expected.fen()


def test_illegal_move_is_refused_and_the_tree_is_unchanged() -> None:
    game, cursor = _game_with_branches()
    before = game.tree_signature()
    with pytest.raises(IllegalMoveError):
        cursor.add_move(M("a0a5"))  # the rook cannot jump over the pawn
    assert game.tree_signature() == before


def test_navigation_forward_back_ply_and_variations() -> None:
    game, cursor = _game_with_branches()
    cursor.to_start()
    assert cursor.ply == 0 and cursor.node is game.root and not cursor.back()
    cursor.to_end()
    assert cursor.ply == 4 and cursor.node.move == M("i9h9")
    cursor.go_to_ply(2)
    assert cursor.node.move == M("h9g7") and cursor.position.ply == 2
    assert [n.move.iccs() for n in cursor.siblings()] == ["h9g7", "b9c7"]
    assert cursor.enter_variation(1) and cursor.node.move == M("b9c7")
    assert cursor.forward() and cursor.node.move == M("b0c2") and not cursor.forward()
    assert cursor.position.fen() == game.position_at(cursor.node).fen()
    cursor.go_to_ply(1)
    assert cursor.forward(1) and cursor.node.move == M("b9c7")
    assert not cursor.enter_variation(5)


def test_promote_and_delete_variations() -> None:
    game, cursor = _game_with_branches()
    first = game.root.children[0]
    alternative = first.children[1]
    Game.promote_variation(alternative)
    assert first.children[0] is alternative and alternative.is_main_line()
    assert [m.iccs() for m in game.mainline_moves()] == ["h2e2", "b9c7", "b0c2"]
    Game.promote_variation(first.children[1], to_main=False)  # one step up: back to the front
    assert first.children[0].move == M("h9g7")
    cursor.go_to(first.children[1])
    cursor.delete_current()
    assert cursor.node is first and [c.move.iccs() for c in first.children] == ["h9g7"]
    with pytest.raises(ValueError):
        Game.delete_variation(game.root)


def test_walk_positions_gives_the_position_before_each_move() -> None:
    game, _ = _game_with_branches()
    seen = [(node.move.iccs(), position.fen()) for node, position in game.walk_positions()]
    assert len(seen) == 6
    for (text, fen), node in zip(seen, list(game.root.walk())[1:], strict=True):
        assert game.position_at(node.parent).fen() == fen and node.move.iccs() == text


def test_set_up_game_and_signature() -> None:
    fen = "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1"
    game = Game(start_fen=fen, result="1-0")
    assert game.is_setup and not Game().is_setup
    cursor = GameCursor(game)
    cursor.add_move(M("e5d7"))
    cursor.node.comment = "马五进六"
    other = Game(start_fen=fen, result="1-0")
    GameCursor(other).add_move(M("e5d7"))
    assert other.record_signature() != game.record_signature()
    other.root.children[0].comment = "马五进六"
    assert other.record_signature() == game.record_signature()
    assert Game(result="bogus").result == "*"
