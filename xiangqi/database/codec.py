"""How a game is stored compactly: its moves, its position keys and its duplicate key (no Qt, no SQLite).

- Moves: two bytes a ply, ``from * 90 + to`` big-endian (8,099 at most), so decoding needs no move
  generation. One byte a move (its index among the legal moves) would halve the moves but cost a legal
  move generation per ply at import and at every replay; the position index dominates the size anyway.
- Position keys: one row per distinct position of a game's main line, ``(zobrist >> 41) << 24 | game_id``:
  the top ``HASH_BITS`` = 23 bits of the core's 64-bit Zobrist key (``xiangqi.core.zobrist``) and the game
  id in the low 24 bits (``MAX_GAMES``), one INTEGER below 2^47 (SQLite stores it in 6 bytes: with the
  record header and the cell's 3 bytes, 11 bytes a row), the primary key of a WITHOUT ROWID table. A search
  reads one key range and replays each candidate game to the first ply whose full 64-bit key matches: that
  gives the ply and removes the false matches of the shortened key (one row in 2^23 matches by chance:
  about 0.4 a search on 3 million rows, 12 on 100 million; each costs one game's replay).
- Duplicate key: 63 bits of BLAKE2b over the start, the moves, the players and the date.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

from xiangqi.core import Move, Position
from xiangqi.core.zobrist import BLACK_TO_MOVE, PIECE_KEYS

SQUARES = 90
GAME_BITS = 24
MAX_GAMES = (1 << GAME_BITS) - 1      # game ids fit in the low bits of a position key: 16,777,215 games
HASH_BITS = 23                        # of the Zobrist key kept in the index: keys below 2^47 take 6 bytes
KEY_SHIFT = 64 - HASH_BITS


class MovesDecodeError(ValueError):
    """Stored moves that are not a whole number of valid squares pairs (a damaged row)."""


def encode_moves(moves: Sequence[Move]) -> bytes:
    return b"".join((move.from_sq * SQUARES + move.to_sq).to_bytes(2, "big") for move in moves)


def decode_moves(data: bytes) -> list[Move]:
    if len(data) % 2:
        raise MovesDecodeError(f"stored moves of odd length {len(data)}")
    moves = []
    for index in range(0, len(data), 2):
        code = data[index] << 8 | data[index + 1]
        src, dst = divmod(code, SQUARES)
        if src >= SQUARES or src == dst:
            raise MovesDecodeError(f"stored move {code} at byte {index} is no move")
        moves.append(Move(src, dst))
    return moves


def replay_keys(start: Position, moves: Sequence[Move]) -> Iterator[int]:
    """The 64-bit Zobrist key of the start and after each move (len(moves) + 1 keys), kept up to date on
    a plain list of cells with the core's tables: the readers checked every move already, and replaying
    them on a ``Position`` would cost more than the rest of the import."""
    cells: list[int] = list(start.cells())
    key = start.zobrist
    yield key
    for move in moves:
        src, dst = move.from_sq, move.to_sq
        moved, captured = cells[src], cells[dst]
        key ^= BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
        if captured:
            key ^= PIECE_KEYS[captured][dst]
        cells[dst], cells[src] = moved, 0
        yield key


def key_prefix(zobrist: int) -> int:
    """The part of a 64-bit key stored in the index, shifted into place (its game id bits are zero)."""
    return (zobrist >> KEY_SHIFT) << GAME_BITS


def index_keys(keys: Iterator[int], game_id: int) -> set[int]:
    """The index rows of one game: each distinct position once."""
    return {key_prefix(key) | game_id for key in keys}


def first_ply(keys: Iterator[int], zobrist: int) -> int | None:
    """The first ply whose key is ``zobrist`` (0: the start), or None."""
    for ply, key in enumerate(keys):
        if key == zobrist:
            return ply
    return None


def first_ply_in(start: Position, data: bytes, zobrist: int) -> int | None:
    """The first ply at which stored moves ``data`` from ``start`` reach the position of 64-bit key
    ``zobrist`` (0: the start), or None; the moves are read only as far as needed (a search replays
    every candidate game). MovesDecodeError for a damaged row met on the way."""
    key = start.zobrist
    if key == zobrist:
        return 0
    if len(data) % 2:
        raise MovesDecodeError(f"stored moves of odd length {len(data)}")
    cells = list(start.cells())
    for index in range(0, len(data), 2):
        src, dst = divmod(data[index] << 8 | data[index + 1], SQUARES)
        if src >= SQUARES or src == dst:
            raise MovesDecodeError(f"stored move {src * SQUARES + dst} at byte {index} is no move")
        moved, captured = cells[src], cells[dst]
        key ^= BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
        if captured:
            key ^= PIECE_KEYS[captured][dst]
        cells[dst], cells[src] = moved, 0
        if key == zobrist:
            return index // 2 + 1
    return None


def duplicate_key(start_fen: str, moves: bytes, red: str, black: str, date: str) -> int:
    """Equal for games with the same start, moves, players and date; a signed 63-bit INTEGER."""
    digest = hashlib.blake2b(digest_size=8)
    for part in (start_fen.encode(), moves, red.encode(), black.encode(), date.encode()):
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return int.from_bytes(digest.digest(), "big") >> 1
