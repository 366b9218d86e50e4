"""``python -m xiangqi book``: build an opening book from record files, or probe one.

    python -m xiangqi book build OUT.book FILE... [--max-plies N] [--jobs N]
    python -m xiangqi book probe BOOK [FEN]

``build`` reads every game of the files (any format the record readers know), reports each file or
game it cannot read on stderr and skips it, then prints a summary line. ``probe`` prints one line per
move of the position (the start position when no FEN), most played first:
``MOVE<TAB>GAMES<TAB>RED_WINS<TAB>DRAWS<TAB>BLACK_WINS`` with the move in ICCS.
Exit status: 0 on success, 1 when something was skipped (build) or the book cannot be read (probe),
2 for bad arguments, 141 when the output was closed (``probe BOOK | head -1``, see ``commands.output``).
File names are shown as ``commands.output.shown_name`` shows them. A full disk ends a build with one
line naming the book and the cause (the old book is left as it was). ``--jobs`` defaults to one worker
process per CPU when the files add up to a megabyte or more (the parse is the build's cost; two workers
halve it on two CPUs), else 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from xiangqi.book.builder import AUTO_JOBS_BYTES, auto_jobs
from xiangqi.commands.output import shown_name
from xiangqi.book import BookError, OpeningBook, build_book
from xiangqi.core import FenError, Position


def run_build(target: str, files: list[str], max_plies: int | None, out: TextIO, err: TextIO,
              jobs: int = 1) -> int:
    try:
        report = build_book(target, files, max_plies=max_plies, jobs=jobs)
    except OSError as exc:
        print(f"{shown_name(target)}: cannot write the book: {exc}", file=err)
        return 1
    for skipped in report.skipped:
        print(str(skipped), file=err)
    print(f"{shown_name(target)}: {report.games} games, {report.positions} positions, {report.rows} distinct moves,"
          f" {len(report.skipped)} skipped", file=out)
    return 1 if report.skipped else 0


def run_probe(path: str, fen: str | None, out: TextIO, err: TextIO) -> int:
    try:
        position = Position() if fen is None else Position.from_fen(fen)
    except FenError as exc:
        print(f"bad FEN {fen!r}: {exc}", file=err)
        return 2
    try:
        with OpeningBook(path) as book:
            moves = book.moves(position)
    except BookError as exc:
        print(str(exc), file=err)
        return 1
    for entry in moves:
        print(entry.probe_line(), file=out)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m xiangqi book", description="Opening books: build, probe.")
    commands = top.add_subparsers(dest="action", required=True)
    build = commands.add_parser("build", help="build a book from record files (PGN, XQF, ...)")
    build.add_argument("target", metavar="OUT.book")
    build.add_argument("files", nargs="+", metavar="FILE")
    build.add_argument("--max-plies", type=int, default=None, metavar="N",
                       help="count only the first N plies of each game (default: all)")
    build.add_argument("--jobs", type=int, default=None, metavar="N",
                       help="read N files at once in worker processes (default: one per CPU when the files "
                            f"add up to {AUTO_JOBS_BYTES // 1_000_000} MB or more, else 1)")
    probe = commands.add_parser("probe", help="the moves of a position, most played first")
    probe.add_argument("book", metavar="BOOK")
    probe.add_argument("fen", nargs="*", metavar="FEN", help="the position (default: the start position)")
    return top


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = parser().parse_args(argv)
    if args.action == "build":
        jobs = args.jobs if args.jobs is not None else auto_jobs(args.files)
        return run_build(args.target, args.files, args.max_plies, out, err, jobs)
    return run_probe(args.book, " ".join(args.fen) or None, out, err)
