"""The compact storage of a game: moves in one byte a ply (two for a composed start), the position index's
posting lists, material signatures, dates as ranges."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi.core import Move, Position
from xiangqi.database.codec import (
    TWO_BYTE, MovesDecodeError, decode_moves, encode_moves, first_ply_where, material_steps, next_move_at,
    replay_keys,
)
from xiangqi.database.index import BLOCK_SPAN, _decoded, block_rows, index_hash
from xiangqi.database.material import MaterialError, material_text, parse_material, parse_pieces, signature
from xiangqi.database.rows import date_key
from xiangqi.database.search import QueryError, date_bound


def random_game(seed: int, plies: int, fen: str | None = None) -> tuple[Position, list[Move]]:
    chooser, position = random.Random(seed), Position(fen)
    start, moves = position.copy(), []
    for _ in range(plies):
        legal = position.legal_moves()
        if not legal:
            break
        move = chooser.choice(legal)
        position.push(move)
        moves.append(move)
    return start, moves


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 160))
def test_legal_games_round_trip_in_one_byte_a_ply(seed: int, plies: int) -> None:
    start, moves = random_game(seed, plies)
    data = encode_moves(start, moves)
    assert len(data) == len(moves)
    assert decode_moves(start, data) == moves
    keys = list(replay_keys(start, moves))
    for ply in range(0, len(keys), 7):      # the exact search's inline replay finds each position's first ply
        assert first_ply_where(start, data, keys[ply], None, None) == keys.index(keys[ply])


def test_a_move_outside_the_piece_lists_takes_two_bytes_a_ply() -> None:
    start = Position()
    moves = [Move.from_iccs(text) for text in "h2e2 h9g7 a0b2".split()]   # a rook leaping like a horse
    data = encode_moves(start, moves)
    assert data[0] == TWO_BYTE and len(data) == 1 + 2 * len(moves)
    assert decode_moves(start, data) == moves


@pytest.mark.parametrize("data", [b"\x77", b"\xfe", b"\xff\x00", b"\xff\xff\xff", b"\xff\x00\x00"])
def test_damaged_moves_are_refused(data: bytes) -> None:
    with pytest.raises(MovesDecodeError):
        decode_moves(Position(), data)


def test_a_code_for_a_piece_already_taken_is_refused() -> None:
    start, moves = Position(), [Move.from_iccs(text) for text in "h2h9 i9h9".split()]   # the cannon takes, is taken
    data = encode_moves(start, moves)
    with pytest.raises(MovesDecodeError, match="no piece"):
        decode_moves(start, data + data[:1])            # the red cannon of the first move is gone


def test_the_first_ply_where_position_material_and_pieces_hold() -> None:
    moves = [Move.from_iccs(text) for text in "h2e2 h9g7 h0g2 i9h9 e2e6 g7e6".split()]  # two captures at the end
    position, expected = Position(), [Position().zobrist]
    for move in moves:
        position.push(move)
        expected.append(position.zobrist)
    assert list(replay_keys(Position(), moves)) == expected
    data = encode_moves(Position(), moves)
    assert [first_ply_where(Position(), data, key, None, None) for key in expected] == list(range(len(expected)))
    assert first_ply_where(Position(), data, 12345, None, None) is None
    assert first_ply_where(Position(), data, None, parse_material("RRHHC-RRHHCC"), None) == 6
    assert first_ply_where(Position(), data, None, None, parse_pieces("Ce2,nh9").points) == 1
    assert first_ply_where(Position(), data, None, None, parse_pieces("ne6").points) == 6
    assert next_move_at(Position(), data, 2) == moves[2] and next_move_at(Position(), data, 6) is None
    assert material_steps(Position(), moves) == [(0, signature(Position().cells())),
                                                 (6, parse_material("RRHHC-RRHHCC"))]


def test_material_and_pieces_searches_are_read_strictly() -> None:
    assert material_text(parse_material("RHC-RC")) == "RHC-RC" == material_text(parse_material("车马炮-車砲"))
    # the examples the search form shows in 简体 and 繁體 (its tooltip and placeholder)
    assert parse_material("车马炮-车炮") == parse_material("車馬炮-車炮") == parse_material("RHC-RC")
    assert material_text(parse_material("rn-")) == "RH-"
    for bad in ("RHC", "RXC-RC", "RRR-", "R-C-H", "R" * 50):
        with pytest.raises(MaterialError, match="material"):
            parse_material(bad)
    assert parse_pieces("Ra0, ce7").points == ((0, 5), (67, -6))
    for bad in ("Xa0", "Ra", "Rj0", "Ra0,ca0", "", "Ra0," * 40):
        with pytest.raises(MaterialError, match="pieces"):
            parse_pieces(bad)


def test_posting_lists_give_back_every_game_of_every_hash() -> None:
    chooser = random.Random(3)
    games = sorted(chooser.randrange(5000, 5000 + BLOCK_SPAN) for _ in range(3000))
    hashes = [chooser.randrange(1 << 19) if n % 3 else 77 for n in range(len(games))]
    rows = block_rows(hashes, games)
    assert len({row[0] for row in rows}) == len(rows) and all(row[1] == games[0] for row in rows)
    entries, owner = _decoded([row[2] for row in rows])
    decoded = {(rows[blob][0] << 9 | int(entry) >> 11, rows[blob][1] + (int(entry) & 2047))
               for entry, blob in zip(entries, owner, strict=True)}
    assert decoded == set(zip(hashes, games, strict=True))
    assert np.all(np.diff(entries.astype(np.int64)) != 0)
    size = sum(len(row[2]) for row in rows)
    assert size < 2.5 * len(decoded), size        # about two bytes an entry
    assert index_hash((1 << 64) - 1) == (1 << 19) - 1
    with pytest.raises(ValueError, match="spans"):
        block_rows([1, 2], [1, 1 + BLOCK_SPAN])


@pytest.mark.parametrize(("text", "key"), [
    ("2004.05.03", 20040503), ("20040503", 20040503), ("2004-5-3", 20040503), ("2004.??.??", 20040000),
    ("2004", 20040000), ("1989年6月3日", 19890603), ("", 0), ("unknown", 0), ("2004.13.01", 20040000),
    ("990516", 0), ("0909，2000", 0),
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
