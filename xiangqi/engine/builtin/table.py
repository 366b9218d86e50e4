"""Transposition table: a fixed-size list of slots indexed by the low bits of the core's Zobrist key.

A list (rather than a dict) keeps memory bounded by ``hashsize`` however long the engine analyses.
Each slot holds ``(key, depth, flag, score, move)`` or None; a new entry replaces the old one except
that a shallower bound never replaces a deeper entry of the same position.
"""

from __future__ import annotations

EXACT, LOWER, UPPER = 0, 1, 2
ENTRY_BYTES = 128  # a 5-tuple with a 64-bit key, plus its slot pointer (measured order of magnitude)
DEFAULT_MB = 16

Entry = tuple[int, int, int, int, int]


class TranspositionTable:
    def __init__(self, megabytes: int = DEFAULT_MB) -> None:
        self.slots: list[Entry | None] = []
        self.mask = 0
        self.resize(megabytes)

    def resize(self, megabytes: int) -> None:
        """Size for ``megabytes`` MB (0 = the default), rounded down to a power of two of slots."""
        wanted = max((megabytes or DEFAULT_MB) * (1 << 20) // ENTRY_BYTES, 1024)
        size = 1 << (wanted.bit_length() - 1)
        self.slots = [None] * size
        self.mask = size - 1

    def clear(self) -> None:
        self.slots = [None] * len(self.slots)

    def probe(self, key: int) -> Entry | None:
        entry = self.slots[key & self.mask]
        return entry if entry is not None and entry[0] == key else None

    def store(self, key: int, depth: int, flag: int, score: int, move: int) -> None:
        index = key & self.mask
        old = self.slots[index]
        if old is not None and old[0] == key and old[1] > depth and flag != EXACT:
            return
        self.slots[index] = (key, depth, flag, score, move)
