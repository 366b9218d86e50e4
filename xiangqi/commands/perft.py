"""``python -m xiangqi perft --depth N [FEN]``: count the leaves of the legal move tree.

With no FEN, reads FENs one per line from stdin. Prints ``FEN<TAB>COUNT`` per position (the FEN as given).
A bad FEN prints ``error: ...`` on stderr, the others go on, and the exit status is 1 at the end.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from xiangqi.core import FenError, Position

MAX_DEPTH = 20   # far beyond what finishes (depth 7 is hours); deeper would only exhaust the call stack


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m xiangqi perft", description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, required=True, help=f"plies to count (0 to {MAX_DEPTH})")
    parser.add_argument("fen", nargs="*", help="a FEN (its fields may be separate arguments); default: stdin")
    return parser


def _fens(args: argparse.Namespace) -> Iterable[str]:
    if args.fen:
        yield " ".join(args.fen)
        return
    for line in sys.stdin:
        if line.strip():
            yield line.strip()


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if not 0 <= args.depth <= MAX_DEPTH:
        print(f"error: --depth {args.depth} is out of range: it must be 0 to {MAX_DEPTH}", file=sys.stderr)
        return 2
    status = 0
    for fen in _fens(args):
        try:
            count = Position.from_fen(fen).perft(args.depth)
        except FenError as error:
            print(f"error: {error}", file=sys.stderr)
            status = 1
            continue
        print(f"{fen}\t{count}", flush=True)
    return status
