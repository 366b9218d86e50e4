"""Inputs shared by the hostile cases: the generators of the benches (``tests/bench``), and long legal games
of every binary kind built from the same horse cycle (red's and black's horses out and back, legal for
ever). No case is registered here."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from xiangqi.core import Move
from xiangqi.record.ccbridge import BODY_OFFSET, CBR_MAGIC
from xiangqi.record.game import Game

BENCH = Path(__file__).resolve().parents[1] / "bench"
DHTMLXQ_CYCLE = "1927706227196270"   # b0c2 h9g7 c2b0 g7h9 in DhtmlXQ digits
ICCS_CYCLE = ("b0c2", "h9g7", "c2b0", "g7h9")
# The same four moves as CCBridge squares (row from the top * 9 + file).
CBR_CYCLE = ((82, 65), (7, 24), (65, 82), (24, 7))
# The start position as CBR board bytes, top row first (black's pieces are red's codes + 0x10).
_BACK = (0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11)
_ROWS = {0: tuple(c + 0x10 for c in _BACK), 2: (0, 0x26, 0, 0, 0, 0, 0, 0x26, 0),
         3: (0x27, 0, 0x27, 0, 0x27, 0, 0x27, 0, 0x27), 6: (0x17, 0, 0x17, 0, 0x17, 0, 0x17, 0, 0x17),
         7: (0, 0x16, 0, 0, 0, 0, 0, 0x16, 0), 9: _BACK}
_CBR_RESULT_SIDE_BOARD = (2076, 2116, 2120)


def bench_module(name: str) -> ModuleType:
    """A bench module of ``tests/bench`` (not a package: put on the path once)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module(name)


def horse_game(plies: int) -> Game:
    """A game of ``plies`` legal plies (the horse cycle) built with the game model."""
    game = Game()
    node = game.root
    for ply in range(plies):
        node = node.add_child(Move.from_iccs(ICCS_CYCLE[ply % 4]))
    return game


def xqf_line(plies: int) -> bytes:
    """An XQF file of one line of ``plies`` legal plies."""
    inputs = bench_module("hostile_inputs")
    return bytes(inputs.xqf_file([inputs._xqf_record(*inputs.XQF_CYCLE[i % 4], i + 1 < plies, False)
                                  for i in range(plies)]))


def xqf_variations(count: int) -> bytes:
    """An XQF file whose first move has ``count`` - 1 variations of itself."""
    inputs = bench_module("hostile_inputs")
    return bytes(inputs.xqf_file([inputs._xqf_record(*inputs.XQF_CYCLE[0], False, i + 1 < count)
                                  for i in range(count)]))


def nested_pgn(depth: int) -> str:
    """PGN text of ``depth`` variations each opened inside the one before, every move legal."""
    return str(bench_module("hostile_pgn").nested_line(depth)[0])


def cbr_record(plies: int) -> bytes:
    """A CCBridge record (CBR) of the start position and one line of ``plies`` legal plies."""
    result, side, board = _CBR_RESULT_SIDE_BOARD
    head = bytearray(BODY_OFFSET)
    head[: len(CBR_MAGIC)] = CBR_MAGIC
    head[side] = 1
    for row, codes in _ROWS.items():
        head[board + row * 9 : board + row * 9 + 9] = bytes(codes)
    moves = bytearray(4)     # the root record: no comment, moves follow
    for ply in range(plies):
        source, target = CBR_CYCLE[ply % 4]
        moves += bytes((0x01 if ply + 1 == plies else 0, 0, source, target))
    return bytes(head) + bytes(moves)
