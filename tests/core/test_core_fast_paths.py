"""The shortcuts the engine layer leans on agree with the slow, obvious answers: single-move legality
with generating every legal move, the remembered check status with looking again, and ``ucci_position``
/ ``keys_since_capture`` (kept up on push and pop) with walking the history back."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.core import Move, Position
from xiangqi.core.movegen import king_attacked

from test_core_perft import perft_rows

# Each step of a walk: push the move picked by the number, or (when the flag is set) pop one.
steps = st.lists(st.tuples(st.integers(min_value=0, max_value=10_000), st.booleans()), min_size=1, max_size=80)


# Every from/to pair as a Move, made once (moves are frozen): making a million of them again took ~40% of the
# CPU of the legality comparisons below.
EVERY_MOVE = [[(dst, Move(src, dst)) for dst in range(90) if dst != src] for src in range(90)]


def legality_mismatches(position: Position, sources: range | list[int]) -> list[str]:
    legal = {(m.from_sq, m.to_sq) for m in position.legal_moves()}
    is_legal = position.is_legal
    return [f"{move} in {position.fen()}: is_legal says {not expected}"
            for src in sources for dst, move in EVERY_MOVE[src]
            if is_legal(move) != (expected := (src, dst) in legal)]


def own_squares(position: Position) -> list[int]:
    sign = 1 if position.turn == 0 else -1
    return [sq for sq in range(90) if position.piece_at(sq) * sign > 0]


def test_single_move_legality_matches_move_generation_on_the_perft_positions(shared_data: Path) -> None:
    mismatches = []
    for fen, _counts in perft_rows(shared_data):
        position = Position.from_fen(fen)
        mismatches += legality_mismatches(position, range(90))  # every from-square, empty and enemy too
        for move in position.legal_moves():  # and one ply on: checks, pins, facing kings
            position.push(move)
            mismatches += legality_mismatches(position, own_squares(position))
            position.pop()
    assert mismatches == []


def walk_checks(position: Position, walk: list[tuple[int, bool]]) -> None:
    for pick, back in walk:
        moves = position.legal_moves()
        if (back or not moves) and position.ply:
            position.pop()
        elif moves:
            position.push(moves[pick % len(moves)])
        assert position.ucci_position() == reference_ucci_position(position)
        assert position.keys_since_capture() == reference_keys(position)
        assert position.is_check() == fresh_check(position)
        copy = position.copy()
        assert copy.ucci_position() == position.ucci_position() and copy.is_check() == position.is_check()
        for move in position.legal_moves()[:3]:
            position.gives_check(move)  # pushes and pops: the remembered check status must survive it
        assert position.is_check() == fresh_check(position)


def fresh_check(position: Position) -> bool:
    side = int(position.turn)
    return king_attacked(list(position.board), position.king_square(position.turn), side)


def reference_ucci_position(position: Position) -> tuple[str, list[Move]]:
    """Pop back to just after the last capture (or the start) and write that FEN."""
    replay, moves = position.copy(), []
    while replay.ply:
        move = replay.pop()
        if replay.is_capture(move):
            replay.push(move)
            break
        moves.append(move)
    return replay.fen(), moves[::-1]


def reference_keys(position: Position) -> list[int]:
    replay, keys = position.copy(), [position.zobrist]
    while replay.ply:
        move = replay.pop()
        if replay.is_capture(move):
            break
        keys.append(replay.zobrist)
    return keys[::-1]


@settings(max_examples=40, deadline=None)
@given(steps)
def test_history_shortcuts_match_walking_back_from_the_start(walk: list[tuple[int, bool]]) -> None:
    walk_checks(Position(), walk)


@settings(max_examples=25, deadline=None)
@given(steps)
def test_history_shortcuts_match_walking_back_from_a_loaded_fen(walk: list[tuple[int, bool]]) -> None:
    # Black to move, a move number and a half-move clock of its own: the base FEN's counters are derived.
    walk_checks(Position.from_fen("r1bakabr1/9/1cn4cn/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 3 7"),
                walk)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60))
def test_single_move_legality_matches_move_generation_along_playouts(picks: list[int]) -> None:
    position = Position()
    for pick in picks:
        assert legality_mismatches(position, own_squares(position)) == []
        moves = position.legal_moves()
        if not moves:
            break
        position.push(moves[pick % len(moves)])
