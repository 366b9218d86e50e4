"""Opening a huge record does not hand the window a long garbage collection: the moves a cut game drops are
freed at once (no reference cycles left for the collector), automatic collection is off while a reader
thread runs (and back as it was after), and a DhtmlXQ move list of megabytes is stripped of its spaces a
slice at a time, with the same result."""

from __future__ import annotations

import gc
from pathlib import Path

from xiangqi.core import Position
from xiangqi.record import Game
from xiangqi.record.dhtmlxq import without_spaces
from xiangqi.ui.record.open_job import cut_to_show
from xiangqi.ui.record.quick_switches import quick_switches


def shuffling_game(plies: int) -> Game:
    """Horses out and back, ``plies`` moves, a variation at every move of red."""
    game, position = Game({}), Position()
    node = game.root
    cycle = ["h0g2", "h9g7", "g2h0", "g7h9"]
    for ply in range(plies):
        move = next(m for m in position.legal_moves() if m.iccs() == cycle[ply % 4])
        if ply % 2 == 0:
            node.add_child(next(m for m in position.legal_moves() if m.iccs() == "b0c2"))
            node.children.reverse()     # the variation second
        node = node.add_child(move)
        position.push(move)
    return game


def test_the_moves_a_cut_drops_leave_nothing_for_the_collector(tmp_path: Path) -> None:
    game = shuffling_game(600)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        assert cut_to_show(game, 100, tmp_path / "big.xqf")
        assert gc.collect() == 0    # before: every dropped move and its children list, in cycles
    finally:
        if was:
            gc.enable()
    assert sum(1 for _ in game.root.walk()) - 1 == 100


def test_no_automatic_collection_while_a_reader_runs_and_as_it_was_after() -> None:
    assert gc.isenabled()
    with quick_switches():
        assert not gc.isenabled()
        with quick_switches():          # a second reader at the same time
            assert not gc.isenabled()
        assert not gc.isenabled()       # the first one still reads
    assert gc.isenabled()
    gc.disable()
    try:
        with quick_switches():
            pass
        assert not gc.isenabled()       # off before: off after
    finally:
        gc.enable()


def test_a_long_move_list_loses_its_spaces_the_same_as_split_says() -> None:
    text = "7062 7967\n  1927 \t\x0b\x0c\x1c\x1d\x1e\x1f\r" * 200_000    # every white space str.split knows
    assert without_spaces(text) == "".join(text.split())
    digits = "70627967" * 300_000
    assert without_spaces(digits) == digits
    wide = "７０６２\u3000 7967\n" * 150_000                      # not ASCII: a megabyte at a time
    assert without_spaces(wide) == "".join(wide.split())
