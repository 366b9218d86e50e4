"""How a game is stored compactly: its moves, its position keys and its duplicate key (no Qt, no SQLite).

- Moves: one byte a ply, a code naming the moving piece and where it goes, with no move generation:
  each side's pieces get slots at the start (``SLOT_TYPES``: rooks, horses, elephants, advisors, king,
  cannons, pawns, each kind in square order), and a slot's piece has a fixed list of destinations
  (a rook or cannon 17: the other 9 points of its file and 8 of its rank; a horse 8; an elephant, advisor
  or king 4; a pawn 3: forward, left, right). Code = the slot's first code + the destination's index: 119
  codes. A start with more pieces of a kind than slots (a composed position), or a move outside the lists,
  stores the game in the two-byte form: ``TWO_BYTE`` then ``from * 90 + to`` big-endian a ply.
- Position keys: the core's 64-bit Zobrist keys (``xiangqi.core.zobrist``) of the start and after each
  move; the index (``index``) keeps ``INDEX_BITS`` of them, a search replays each candidate game to the
  first ply whose full key matches.
- Duplicate key: 63 bits of BLAKE2b over the start, the moves, the players and the date.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator, Sequence

from xiangqi.core import Move, Position
from xiangqi.core.pieces import PieceType
from xiangqi.core.zobrist import BLACK_TO_MOVE, PIECE_KEYS
from xiangqi.database.material import capture_weight, signature

SQUARES = 90
TWO_BYTE = 0xFF                    # first byte of the two-byte form (one-byte codes stay below 119)
SLOT_TYPES = (PieceType.ROOK, PieceType.ROOK, PieceType.HORSE, PieceType.HORSE, PieceType.ELEPHANT,
              PieceType.ELEPHANT, PieceType.ADVISOR, PieceType.ADVISOR, PieceType.KING, PieceType.CANNON,
              PieceType.CANNON, PieceType.PAWN, PieceType.PAWN, PieceType.PAWN, PieceType.PAWN, PieceType.PAWN)
SLOTS = len(SLOT_TYPES)
_STEPS = {PieceType.HORSE: ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)),
          PieceType.ELEPHANT: ((2, 2), (2, -2), (-2, -2), (-2, 2)),
          PieceType.ADVISOR: ((1, 1), (1, -1), (-1, -1), (-1, 1)),
          PieceType.KING: ((0, 1), (1, 0), (0, -1), (-1, 0))}


class MovesDecodeError(ValueError):
    """Stored moves that do not decode (a damaged row)."""


def _destinations(ptype: PieceType, side: int, src: int) -> tuple[int, ...]:
    """The fixed destination list of a piece on ``src`` (-1: off the board)."""
    file, rank = src % 9, src // 9
    if ptype in (PieceType.ROOK, PieceType.CANNON):
        return (tuple(r * 9 + file for r in range(10) if r != rank)
                + tuple(rank * 9 + f for f in range(9) if f != file))
    if ptype is PieceType.PAWN:
        steps: tuple[tuple[int, int], ...] = ((0, 1 if side == 0 else -1), (-1, 0), (1, 0))
    else:
        steps = _STEPS[ptype]
    return tuple((rank + dr) * 9 + file + df if 0 <= file + df < 9 and 0 <= rank + dr < 10 else -1
                 for df, dr in steps)


_FIRST_CODE: list[int] = []
_CODES: list[tuple[int, int]] = []          # code -> (slot, destination index)
for _slot, _ptype in enumerate(SLOT_TYPES):
    _FIRST_CODE.append(len(_CODES))
    _CODES.extend((_slot, index) for index in range(len(_destinations(_ptype, 0, 40))))
# [side][slot][src] -> destinations, and -> {destination: index}
_DEST = [[[_destinations(ptype, side, src) for src in range(SQUARES)] for ptype in SLOT_TYPES] for side in (0, 1)]
_DEST_INDEX = [[[{dst: index for index, dst in enumerate(dests) if dst >= 0} for dests in slot] for slot in side]
               for side in _DEST]


def _slots(start: Position) -> list[int] | None:
    """Square -> slot (side * 16 + slot, -1 empty) at ``start``; None when a kind has too many pieces."""
    owner = _slots_of(start.cells())
    return None if owner is None else list(owner)


@functools.lru_cache(maxsize=256)
def _slots_of(cells: tuple[int, ...]) -> tuple[int, ...] | None:
    owner = [-1] * SQUARES
    for side, sign in ((0, 1), (1, -1)):
        used = [0] * SLOTS
        for sq, value in enumerate(cells):
            if value * sign <= 0:
                continue
            free = [slot for slot, ptype in enumerate(SLOT_TYPES) if ptype == value * sign and not used[slot]]
            if not free:
                return None
            used[free[0]] = 1
            owner[sq] = side * SLOTS + free[0]
    return tuple(owner)


def encode_moves(start: Position, moves: Sequence[Move]) -> bytes:
    """The stored form of legal ``moves`` from ``start``: one byte a ply, or the two-byte form."""
    owner = _slots(start)
    if owner is None:
        return _two_byte(moves)
    out = bytearray()
    turn = int(start.turn)
    for move in moves:
        side, slot = divmod(owner[move.from_sq], SLOTS)
        index = _DEST_INDEX[side][slot][move.from_sq].get(move.to_sq) if side == turn else None
        if index is None:     # no piece of the side to move there, or a move outside its list
            return _two_byte(moves)
        out.append(_FIRST_CODE[slot] + index)
        owner[move.to_sq], owner[move.from_sq] = owner[move.from_sq], -1
        turn ^= 1
    return bytes(out)


def _two_byte(moves: Sequence[Move]) -> bytes:
    return bytes((TWO_BYTE,)) + b"".join((move.from_sq * SQUARES + move.to_sq).to_bytes(2, "big")
                                         for move in moves)


def squares_of(start: Position, data: bytes) -> Iterator[tuple[int, int]]:
    """The (from, to) squares of each stored move, decoded as far as the caller reads.
    MovesDecodeError for a damaged row met on the way."""
    if data[:1] == bytes((TWO_BYTE,)):
        yield from _two_byte_squares(data)
        return
    owner = _slots(start)
    if owner is None:
        raise MovesDecodeError("one-byte moves stored for a start with too many pieces of a kind")
    where = [-1] * (2 * SLOTS)
    for sq, piece in enumerate(owner):
        if piece >= 0:
            where[piece] = sq
    side = int(start.turn)
    for ply, code in enumerate(data):
        if code >= len(_CODES):
            raise MovesDecodeError(f"stored move code {code} at ply {ply + 1} is no move")
        slot, index = _CODES[code]
        src = where[side * SLOTS + slot]
        dst = _DEST[side][slot][src][index] if src >= 0 else -1
        if dst < 0:
            raise MovesDecodeError(f"stored move code {code} at ply {ply + 1} moves no piece on the board")
        taken = owner[dst]
        if taken >= 0:
            where[taken] = -1
        owner[dst], owner[src] = side * SLOTS + slot, -1
        where[side * SLOTS + slot] = dst
        side ^= 1
        yield src, dst


def _two_byte_squares(data: bytes) -> Iterator[tuple[int, int]]:
    if len(data) % 2 == 0:
        raise MovesDecodeError(f"stored two-byte moves of odd length {len(data) - 1}")
    for index in range(1, len(data), 2):
        src, dst = divmod(data[index] << 8 | data[index + 1], SQUARES)
        if src >= SQUARES or src == dst:
            raise MovesDecodeError(f"stored move {src * SQUARES + dst} at ply {index // 2 + 1} is no move")
        yield src, dst


def decode_moves(start: Position, data: bytes) -> list[Move]:
    return [Move(src, dst) for src, dst in squares_of(start, data)]


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


def material_steps(start: Position, moves: Sequence[Move]) -> list[tuple[int, int]]:
    """(ply, material signature) at the start and at each capture that changed the signature."""
    cells = list(start.cells())
    value = signature(cells)
    steps = [(0, value)]
    for ply, move in enumerate(moves, start=1):
        captured = cells[move.to_sq]
        cells[move.to_sq], cells[move.from_sq] = cells[move.from_sq], 0
        if captured and capture_weight(captured):
            value = signature(cells)
            steps.append((ply, value))
    return steps


def first_ply_where(start: Position, data: bytes, zobrist: int | None, material: int | None,
                    pieces: Sequence[tuple[int, int]] | None) -> int | None:
    """The first ply (0: the start) at which the stored game stands on the position of 64-bit key
    ``zobrist``, has the material ``signature`` and the ``pieces`` (point, cell value) all at once (a None
    condition always holds), or None; the moves are decoded only as far as needed."""
    cells = list(start.cells())
    key = start.zobrist
    value = signature(cells) if material is not None else None

    def holds() -> bool:
        return ((zobrist is None or key == zobrist) and (material is None or value == material)
                and (pieces is None or all(cells[point] == piece for point, piece in pieces)))

    if holds():
        return 0
    for ply, (src, dst) in enumerate(squares_of(start, data), start=1):
        moved, captured = cells[src], cells[dst]
        key ^= BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
        if captured:
            key ^= PIECE_KEYS[captured][dst]
        cells[dst], cells[src] = moved, 0
        if captured and value is not None:
            value = signature(cells)
        if holds():
            return ply
    return None


def next_move_at(start: Position, data: bytes, ply: int) -> Move | None:
    """The stored move played at ``ply`` (the move after ``ply`` plies), or None at the game's end."""
    for index, (src, dst) in enumerate(squares_of(start, data)):
        if index == ply:
            return Move(src, dst)
    return None


def duplicate_key(start_fen: str, moves: bytes, red: str, black: str, date: str) -> int:
    """Equal for games with the same start, moves, players and date; a signed 63-bit INTEGER."""
    digest = hashlib.blake2b(digest_size=8)
    for part in (start_fen.encode(), moves, red.encode(), black.encode(), date.encode()):
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return int.from_bytes(digest.digest(), "big") >> 1
