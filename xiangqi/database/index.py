"""The position index and the material column, as SQLite stores them (no Qt).

Position index: compressed posting lists. Each game contributes each distinct position of its main line
once, as ``INDEX_BITS`` = 19 bits of the position's 64-bit Zobrist key (``index_hash``). The games written
in one transaction (ids within ``BLOCK_SPAN`` of the block's first) are one block; the block's entries go
to ``2 ** BUCKET_BITS`` rows ``positions(bucket, first_game, data)``, a row per bucket (the key's top
bits), ``data`` the sorted entries ``(hash low bits << LOCAL_BITS | game id - first_game)`` as LEB128
varint deltas from the previous entry (the first from 0). An entry costs about 2 bytes (1 for a position
many games of the block share), against 11 for the row per position and game it replaces. A search reads
one bucket's row of every block (``position_candidates``), decodes them with numpy and keeps the games
whose low bits match: a superset (one entry in 2^19 matches by chance: about 100 games on a million, each
then replayed to the full key by the search).

Material: a game's rook/horse/cannon signatures at the start and after each capture that changed them,
two bytes each (``material.signature_bytes``), a row ``material(id, signs)`` a game (a narrow table: a
search scans it with ``instr`` and reads no moves).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from xiangqi.database.material import signature_bytes

INDEX_BITS = 19
BUCKET_BITS = 10
LOW_BITS = INDEX_BITS - BUCKET_BITS
LOCAL_BITS = 11
BLOCK_SPAN = 1 << LOCAL_BITS         # game ids of one block lie within this span of its first
MAX_VARINT_BYTES = 4                 # entries stay below 2^(LOW_BITS + LOCAL_BITS) = 2^20 < 2^28
Entries = npt.NDArray[np.uint64]


def index_hash(zobrist: int) -> int:
    """The bits of a 64-bit position key the index keeps."""
    return zobrist >> (64 - INDEX_BITS)


def _varints(values: Entries) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """LEB128 of every value, concatenated, and the offset where each value's bytes end."""
    sizes = np.ones(len(values), dtype=np.int64)
    for shift in range(7, 7 * MAX_VARINT_BYTES, 7):
        sizes += values >= (1 << shift)
    ends = np.cumsum(sizes)
    starts = ends - sizes
    out = np.zeros(int(ends[-1]) if len(ends) else 0, dtype=np.uint8)
    for byte in range(MAX_VARINT_BYTES):
        has = sizes > byte
        part = (values[has] >> np.uint64(7 * byte)) & np.uint64(0x7F)
        more = (sizes[has] > byte + 1).astype(np.uint64) << np.uint64(7)
        out[starts[has] + byte] = (part | more).astype(np.uint8)
    return out, ends


def block_rows(hashes: Sequence[int], games: Sequence[int]) -> list[tuple[int, int, bytes]]:
    """The ``positions`` rows of a block: ``hashes[i]`` (``index_hash``) stood in game ``games[i]``;
    the games' ids within ``BLOCK_SPAN`` of the smallest. Rows (bucket, first_game, data)."""
    if not hashes:
        return []
    game_ids = np.fromiter(games, dtype=np.uint64, count=len(games))
    first = int(game_ids.min())
    local = game_ids - np.uint64(first)
    if int(local.max()) >= BLOCK_SPAN:
        raise ValueError(f"a block of game ids {first} to {first + int(local.max())} spans over {BLOCK_SPAN}")
    keys = np.unique((np.fromiter(hashes, dtype=np.uint64, count=len(hashes)) << np.uint64(LOCAL_BITS)) | local)
    buckets = keys >> np.uint64(LOW_BITS + LOCAL_BITS)
    entries = keys & np.uint64((1 << (LOW_BITS + LOCAL_BITS)) - 1)
    new_bucket = np.ones(len(keys), dtype=bool)
    new_bucket[1:] = buckets[1:] != buckets[:-1]
    deltas = entries.copy()
    deltas[1:] -= np.where(new_bucket[1:], np.uint64(0), entries[:-1])
    data, ends = _varints(deltas)
    heads = np.flatnonzero(new_bucket)
    byte_starts = np.append(np.append(0, ends)[heads], len(data))
    blob = data.tobytes()
    return [(int(buckets[head]), first, blob[int(byte_starts[n]):int(byte_starts[n + 1])])
            for n, head in enumerate(heads)]


def insert_blocks(connection: sqlite3.Connection, hashes: Sequence[int], games: Sequence[int]) -> None:
    """Write the posting lists of ``hashes[i]`` standing in ``games[i]`` (ids ascending), a block of at most
    ``BLOCK_SPAN`` game ids at a time."""
    start = 0
    while start < len(games):
        first, end = games[start], start
        while end < len(games) and games[end] - first < BLOCK_SPAN:
            end += 1
        connection.executemany("INSERT INTO positions(bucket, first_game, data) VALUES (?,?,?)",
                               block_rows(hashes[start:end], games[start:end]))
        start = end


def _decoded(blobs: list[bytes]) -> tuple[Entries, npt.NDArray[np.int64]]:
    """Every blob's entries (the varint deltas summed per blob) and the blob each belongs to."""
    data = np.frombuffer(b"".join(blobs), dtype=np.uint8)
    ends = np.flatnonzero(data < 0x80)
    starts = np.append(0, ends[:-1] + 1)
    values = np.zeros(len(ends), dtype=np.uint64)
    for byte in range(MAX_VARINT_BYTES):
        has = ends - starts >= byte
        values[has] |= (data[starts[has] + byte].astype(np.uint64) & np.uint64(0x7F)) << np.uint64(7 * byte)
    blob_ends = np.cumsum([len(blob) for blob in blobs])
    counts = np.searchsorted(ends, blob_ends - 1, side="right")     # entries up to each blob's end
    owner = np.repeat(np.arange(len(blobs)), np.diff(np.append(0, counts)))
    totals = np.cumsum(values)
    before = np.append(np.uint64(0), totals)[np.append(0, counts)[owner]]
    return totals - before, owner


def position_candidates(connection: sqlite3.Connection, zobrist: int) -> list[int]:
    """The ids of the games whose index holds the position's hash, ascending (a superset: replay them)."""
    wanted = index_hash(zobrist)
    bucket, low = wanted >> LOW_BITS, wanted & ((1 << LOW_BITS) - 1)
    rows = connection.execute("SELECT first_game, data FROM positions WHERE bucket = ?", (bucket,)).fetchall()
    if not rows:
        return []
    entries, owner = _decoded([bytes(row[1]) for row in rows])
    keep = (entries >> np.uint64(LOCAL_BITS)) == np.uint64(low)
    firsts = np.array([row[0] for row in rows], dtype=np.uint64)
    games = firsts[owner[keep]] + (entries[keep] & np.uint64(BLOCK_SPAN - 1))
    return [int(game) for game in np.unique(games)]


def material_bytes(steps: Sequence[tuple[int, int]]) -> bytes:
    """The stored material column: each signature of ``codec.material_steps`` (plies dropped)."""
    return b"".join(signature_bytes(value) for _ply, value in steps)


def material_clause() -> str:
    """The SQL condition on ``g`` for a material search (its parameter: ``signature_bytes``)."""
    return "g.id IN (SELECT id FROM material WHERE instr(signs, ?) > 0)"


def index_entries(connection: sqlite3.Connection) -> set[tuple[int, int]]:
    """Every (index hash, game id) of the position index (for checks and tests: it reads the whole index)."""
    found: set[tuple[int, int]] = set()
    for bucket, first, data in connection.execute("SELECT bucket, first_game, data FROM positions"):
        entries, _owner = _decoded([bytes(data)])
        found.update((bucket << LOW_BITS | int(entry) >> LOCAL_BITS, first + (int(entry) & (BLOCK_SPAN - 1)))
                     for entry in entries)
    return found
