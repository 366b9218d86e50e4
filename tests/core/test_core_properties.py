"""Property tests over random legal playouts: push/pop, FEN round trips and the Zobrist key."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.core import Position
from xiangqi.core.zobrist import zobrist_of

choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60)


def snapshot(position: Position) -> tuple:
    return (position.fen(), position.zobrist, position.board.tobytes(), position.ply, tuple(position.move_stack))


def random_playout(position: Position, picks: list[int]) -> list[tuple]:
    """Push moves chosen by ``picks``; return the snapshot taken before each push."""
    before = []
    for pick in picks:
        moves = position.legal_moves()
        if not moves:
            break
        before.append(snapshot(position))
        position.push(moves[pick % len(moves)])
    return before


@settings(max_examples=60, deadline=None)
@given(choices)
def test_pop_restores_everything(picks: list[int]) -> None:
    position = Position()
    before = random_playout(position, picks)
    while before:
        position.pop()
        assert snapshot(position) == before.pop()


@settings(max_examples=60, deadline=None)
@given(choices)
def test_fen_write_read_is_identity(picks: list[int]) -> None:
    position = Position()
    random_playout(position, picks)
    again = Position.from_fen(position.fen())
    assert again.fen() == position.fen()
    assert again.zobrist == position.zobrist
    assert (again.board == position.board).all()
    assert sorted(map(str, again.legal_moves())) == sorted(map(str, position.legal_moves()))


@settings(max_examples=60, deadline=None)
@given(choices)
def test_incremental_zobrist_equals_recomputed(picks: list[int]) -> None:
    position = Position()
    for pick in picks:
        moves = position.legal_moves()
        if not moves:
            break
        position.push(moves[pick % len(moves)])
        assert position.zobrist == zobrist_of(list(position.board), position.turn)
        assert 0 <= position.zobrist < 2**64


@settings(max_examples=40, deadline=None)
@given(choices)
def test_legal_moves_agree_with_is_legal_and_check_helpers(picks: list[int]) -> None:
    position = Position()
    random_playout(position, picks)
    for move in position.legal_moves():
        assert position.is_legal(move)
        assert position.is_capture(move) == (position.captured_piece(move) != 0)
        checks = position.gives_check(move)
        position.push(move)
        assert position.is_check() == checks
        assert not position.is_legal(move) or position.piece_at(move.to_sq) * position.piece_at(move.from_sq) < 0
        position.pop()


@settings(max_examples=40, deadline=None)
@given(choices)
def test_ucci_position_replays_to_the_same_position(picks: list[int]) -> None:
    position = Position()
    random_playout(position, picks)
    fen, moves = position.ucci_position()
    replay = Position.from_fen(fen)
    for move in moves:
        replay.push(move)
    assert replay.fen() == position.fen()
    assert replay.zobrist == position.zobrist
    assert len(moves) <= position.halfmove_clock
