"""``python -m xiangqi pgn FILE...``: read PGN or XQF files and summarise every game.

One line per game on stdout: ``FILE<TAB>INDEX<TAB>PLIES<TAB>RESULT<TAB>FINAL_FEN<TAB>ERRORS`` where INDEX
counts from 1 within the file, PLIES and FINAL_FEN are those of the main line and ERRORS is the number of
problems met. The problems themselves go to stderr, one per line, naming file, line or byte, and text.
The exit status is 1 when any game had errors or a file could not be read, else 0.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from xiangqi.record import Game, RecordError, load_games


def summary_line(path: str, index: int, game: Game) -> str:
    plies = game.ply_count()
    try:
        final = game.end_position().fen()
    except ValueError:  # a start FEN that could not be read
        final = "-"
    return "\t".join((path, str(index), str(plies), game.result, final, str(len(game.errors))))


def summarise(paths: Iterable[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the summary of every game of ``paths``; 1 when anything had errors, else 0."""
    out, err = out or sys.stdout, err or sys.stderr
    status = 0
    for path in paths:
        try:
            games = load_games(path)
        except (OSError, RecordError) as exc:
            print(f"{path}: cannot read: {exc}", file=err)
            status = 1
            continue
        if not games:
            print(f"{path}: no game found", file=err)
            status = 1
        for index, game in enumerate(games, start=1):
            print(summary_line(path, index, game), file=out)
            for error in game.errors:
                print(str(error), file=err)
            if game.errors:
                status = 1
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi pgn",
        description="Read PGN/XQF game records and print FILE, INDEX, PLIES, RESULT, FINAL_FEN, ERRORS per game.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="PGN (any encoding) or XQF files")
    args = parser.parse_args(argv)
    return summarise(args.files)
