"""The transposition table stays within its size and keeps the deeper entry of a position."""

from __future__ import annotations

from xiangqi.engine.builtin.table import ENTRY_BYTES, EXACT, LOWER, TranspositionTable


def test_size_follows_hashsize_and_stays_fixed() -> None:
    table = TranspositionTable(1)
    size = len(table.slots)
    assert size & (size - 1) == 0 and size * ENTRY_BYTES <= 1 << 20
    for key in range(10 * size):
        table.store(key * 7919, 1, EXACT, 0, 0)
    assert len(table.slots) == size
    table.resize(2)
    assert len(table.slots) == 2 * size


def test_probe_checks_the_whole_key() -> None:
    table = TranspositionTable(1)
    table.store(12345, 3, EXACT, 50, 777)
    assert table.probe(12345) == (12345, 3, EXACT, 50, 777)
    assert table.probe(12345 + len(table.slots)) is None  # same slot, other position


def test_a_shallow_bound_does_not_replace_a_deeper_entry() -> None:
    table = TranspositionTable(1)
    table.store(99, 6, EXACT, 10, 1)
    table.store(99, 2, LOWER, 300, 2)
    assert table.probe(99) == (99, 6, EXACT, 10, 1)
    table.store(99, 2, EXACT, 20, 3)
    assert table.probe(99) == (99, 2, EXACT, 20, 3)
    table.clear()
    assert table.probe(99) is None
