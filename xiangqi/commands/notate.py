"""``python -m xiangqi notate``: write one move in all three notations.

Reads lines ``FEN<TAB>MOVE`` from stdin (MOVE in ICCS, WXF or Chinese; the notation is detected) and
prints ``ICCS<TAB>WXF<TAB>CHINESE`` for each. A bad line prints ``error: line N: why`` in its place and
the rest go on; the exit status is 1 if any line was bad. Input is UTF-8 (GBK/GB18030 lines are
accepted too); output is UTF-8. An empty input line gives an empty output line, so lines stay paired.
"""

from __future__ import annotations

import argparse
import sys
from typing import BinaryIO, TextIO

from xiangqi.core import Position, XiangqiError
from xiangqi.core.notation import Notation, move_to_text, text_to_move


def notate_line(line: str, *, fullwidth_digits: bool = False) -> str:
    """``ICCS<TAB>WXF<TAB>CHINESE`` for one ``FEN<TAB>MOVE`` line; XiangqiError if it is bad."""
    fen, tab, move_text = line.partition("\t")
    if not tab or not move_text.strip():
        raise XiangqiError(f"expected FEN<TAB>MOVE, got {line!r}")
    position = Position.from_fen(fen.strip())
    move = text_to_move(position, move_text)
    return "\t".join(move_to_text(position, move, n, fullwidth_digits=fullwidth_digits) for n in Notation)


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb18030", errors="replace")


def run(source: BinaryIO, sink: TextIO, *, fullwidth_digits: bool = False) -> int:
    """Notate every line of ``source`` onto ``sink``; 1 if any line was bad, else 0."""
    status = 0
    for number, raw in enumerate(source, start=1):
        line = _decode(raw).rstrip("\r\n")
        if not line.strip():
            sink.write("\n")
            continue
        try:
            sink.write(notate_line(line, fullwidth_digits=fullwidth_digits) + "\n")
        except XiangqiError as error:
            sink.write(f"error: line {number}: {error}\n")
            status = 1
    sink.flush()
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi notate",
        description="Read FEN<TAB>MOVE lines (MOVE in ICCS, WXF or Chinese) and print ICCS<TAB>WXF<TAB>CHINESE.",
    )
    parser.add_argument(
        "--fullwidth-digits", action="store_true", help="write black's digits full-width in Chinese (马８进７)"
    )
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
    return run(sys.stdin.buffer, sys.stdout, fullwidth_digits=args.fullwidth_digits)
