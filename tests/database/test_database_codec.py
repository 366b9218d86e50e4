"""The compact storage of a game: moves in two bytes a ply, position keys, dates as ranges."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xiangqi.core import Move, Position
from xiangqi.database.codec import (
    GAME_BITS, MAX_GAMES, MovesDecodeError, decode_moves, encode_moves, first_ply, first_ply_in, key_prefix,
    replay_keys,
)
from xiangqi.database.rows import date_key
from xiangqi.database.search import QueryError, date_bound

SQUARE_PAIRS = st.tuples(st.integers(0, 89), st.integers(0, 89)).filter(lambda pair: pair[0] != pair[1])


@given(st.lists(SQUARE_PAIRS, max_size=300))
def test_moves_round_trip_in_two_bytes_a_ply(pairs: list[tuple[int, int]]) -> None:
    moves = [Move(src, dst) for src, dst in pairs]
    data = encode_moves(moves)
    assert len(data) == 2 * len(moves)
    assert decode_moves(data) == moves


@pytest.mark.parametrize("data", [b"\x00", b"\xff\xff", b"\x00\x00"])   # odd, out of the board, from == to
def test_damaged_moves_are_refused(data: bytes) -> None:
    with pytest.raises(MovesDecodeError):
        decode_moves(data)


def test_replayed_keys_are_the_positions_zobrist_keys() -> None:
    moves = [Move.from_iccs(text) for text in "h2e2 h9g7 h0g2 i9h9 e2e6 g7e6".split()]  # a capture at the end
    position, expected = Position(), [Position().zobrist]
    for move in moves:
        position.push(move)
        expected.append(position.zobrist)
    assert list(replay_keys(Position(), moves)) == expected
    assert first_ply(replay_keys(Position(), moves), expected[3]) == 3
    assert first_ply(replay_keys(Position(), moves), 12345) is None
    data = encode_moves(moves)
    assert [first_ply_in(Position(), data, key) for key in expected] == list(range(len(expected)))
    assert first_ply_in(Position(), data, 12345) is None
    with pytest.raises(MovesDecodeError):
        first_ply_in(Position(), data + b"\xff\xff", 12345)


def test_an_index_key_holds_the_game_id_below_the_hash_and_fits_six_bytes() -> None:
    key = key_prefix((1 << 64) - 1) | MAX_GAMES
    assert key < 1 << 47 and key & MAX_GAMES == MAX_GAMES and MAX_GAMES == (1 << GAME_BITS) - 1
    assert key_prefix(0) == 0


@pytest.mark.parametrize(("text", "key"), [
    ("2004.05.03", 20040503), ("20040503", 20040503), ("2004-5-3", 20040503), ("2004.??.??", 20040000),
    ("2004", 20040000), ("1989年6月3日", 19890603), ("", 0), ("unknown", 0), ("2004.13.01", 20040000),
])
def test_dates_are_read_for_ranges(text: str, key: int) -> None:
    assert date_key(text) == key


def test_date_bounds_cover_a_whole_year_or_month() -> None:
    assert (date_bound("2004", False), date_bound("2004", True)) == (20040000, 20049999)
    assert (date_bound("2004.05", False), date_bound("2004-05", True)) == (20040500, 20040599)
    assert date_bound("2004/05/03", True) == 20040503
    for bad in ("04", "2004.13", "yesterday"):
        with pytest.raises(QueryError, match="date"):
            date_bound(bad, False)
