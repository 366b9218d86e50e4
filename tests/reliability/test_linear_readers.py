"""Issue 22: each reader's work grows linearly with its input, shown by counting work at 1x and 16x the
input (never by the clock): the interpreter's opcodes (``sys.settrace``) plus the characters the reader's
line counting scans (``str.count``/``str.find`` on a text that tallies them). Linear growth is a ratio
near 16; the DhtmlXQ reader was quadratic (it counted line breaks from the start of the text for every
block: a ratio of ~200). What runs inside the regex engine is not counted here: the detection regex is
covered by ``test_hostile_inputs`` (a megabyte of letters, hours before the fix) and the bench."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from xiangqi.record.dhtmlxq import find_blocks
from xiangqi.record.pgn_reader import parse_game
from xiangqi.record.xqf_format import parse_xqf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import hostile_inputs as hostile  # noqa: E402  (the bench's generators)

LINEAR = 2 * 16   # a ratio at most this far above 16 for 16 times the input is linear (quadratic: ~256)
XQF_PLIES = 500   # the small XQF input (1,000 before: the traced 17,000 plies cost ~3 CPU-s)


class TallyText(str):
    """A text whose ``count`` and ``find`` add the length of what they scan to ``scanned``."""

    scanned = 0

    def count(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        first, last, _ = slice(start, end).indices(len(self))
        TallyText.scanned += max(0, last - first)
        return super().count(sub, start, end)

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        found = super().find(sub, start, end)
        first, last, _ = slice(start, end).indices(len(self))
        TallyText.scanned += (found if found >= 0 else last) - first
        return found


def work(run: Callable[[], object]) -> int:
    """Opcodes executed by ``run`` plus the characters its TallyText scans."""
    opcodes = 0

    def local(frame: FrameType, event: str, arg: object) -> Callable[..., Any]:
        nonlocal opcodes
        opcodes += event == "opcode"
        return local

    def call(frame: FrameType, event: str, arg: object) -> Callable[..., Any]:
        frame.f_trace_opcodes = True
        return local

    TallyText.scanned = 0
    sys.settrace(call)
    try:
        run()
    finally:
        sys.settrace(None)
    return opcodes + TallyText.scanned


def growth(reader: Callable[[Any], object], make: Callable[[int], Any]) -> float:
    small, big = make(1), make(16)
    return work(lambda: reader(big)) / work(lambda: reader(small))


def text_of(generator: Callable[[int], bytes]) -> Callable[[int], TallyText]:
    return lambda scale: TallyText(generator(scale).decode())


@pytest.mark.parametrize(("name", "reader", "make"), [
    # 2: 50 vs 800 games (the quadratic line counting gave a ratio of ~250 at 100 vs 1,600, ~130 here)
    ("dhtmlxq games", find_blocks, lambda scale: TallyText(hostile.dhtmlxq_games(2).decode()[: 13_000 * scale])),
    # 2: 100 vs 1,600 unclosed blocks
    ("unclosed blocks", find_blocks, lambda scale: TallyText(hostile.unclosed_blocks(2).decode()[: 3_500 * scale])),
    # 4: a PGN tag value of 40 KB vs 640 KB
    ("pgn tag", parse_game, lambda scale: TallyText(hostile.pgn_tag_value(1).decode().replace(
        "x" * 655_360, "x" * 40_960 * scale))),
])
def test_text_readers_grow_linearly(name: str, reader: Callable[[Any], object], make: Callable[[int], Any]) -> None:
    ratio = growth(reader, make)
    assert ratio < LINEAR, f"{name}: 16 times the input cost {ratio:.0f} times the work"


def test_xqf_parsing_grows_linearly() -> None:
    """4: 500 vs 8,000 plies, and variations (a few hundred opcodes a ply: a step that walked the moves
    read so far would add 500 a ply already at the small size, a ratio of ~100)."""
    def plies(scale: int) -> bytes:
        return hostile.xqf_file([hostile._xqf_record(*hostile.XQF_CYCLE[i % 4], i + 1 < XQF_PLIES * scale, False)
                                 for i in range(XQF_PLIES * scale)])

    def variations(scale: int) -> bytes:
        return hostile.xqf_file([hostile._xqf_record(*hostile.XQF_CYCLE[0], False, i + 1 < XQF_PLIES * scale)
                                 for i in range(XQF_PLIES * scale)])

    for make in (plies, variations):
        assert growth(parse_xqf, make) < LINEAR
