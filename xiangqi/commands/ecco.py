"""``python -m xiangqi ecco FILE...``: the ECCO opening (A00–E99) of every game of any record file.

One line a game on stdout: ``GAME_NO<TAB>ECCO<TAB>NAME``. GAME_NO counts the games from 1 on through all
the files given, in order (a file read whole first, then the next); ECCO is ``-`` and NAME empty for a game
from a set-up position or an opening the rules do not know. NAME is the simplified Chinese name (opening,
then the variation after a space); ``--names traditional`` gives it in traditional characters,
``--names english`` the English gloss. The game's main line decides, its first ``ecco.MAX_PLIES`` plies.
Files are read as ``pgn`` reads them (any kind, any encoding, the same limits); their reading problems go
to stderr, one per line, naming the file. The exit status is 1 when any file could not be read or a game
had reading errors, else 0 (141 when the output was closed before the end, e.g. by ``| head``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from xiangqi.commands.output import shown_name
from xiangqi.commands.pgn import MAX_FILE_ERRORS, file_games
from xiangqi.record import RecordError
from xiangqi.record.detect import NotARecordError
from xiangqi.record.ecco import EccoOpening, EccoTableError, classify_game

NAME_KINDS = ("simplified", "traditional", "english")


def shown_opening(opening: EccoOpening | None, names: str) -> tuple[str, str]:
    """The ECCO and NAME columns of an opening (``-`` and empty when there is none)."""
    if opening is None:
        return "-", ""
    if names == "traditional":
        return opening.code, opening.name_traditional
    if names == "english":
        return opening.code, opening.english
    return opening.code, opening.name


class _Counter:
    def __init__(self) -> None:
        self.games = 0


def classify_file(path: str, names: str, counter: _Counter, out: TextIO, err: TextIO) -> bool:
    """Print one file's rows; False when anything in it had errors or it could not be read."""
    clean, listed, before = True, 0, counter.games
    try:
        for game in file_games(path):
            counter.games += 1
            code, name = shown_opening(classify_game(game), names)
            print(f"{counter.games}\t{code}\t{name}", file=out)
            for error in game.errors:
                listed += 1
                if listed <= MAX_FILE_ERRORS:
                    print(str(error), file=err)
            clean = clean and not game.errors
    except NotARecordError as exc:
        print(str(exc), file=err)
        return False
    except BrokenPipeError:
        raise  # our output was closed (``| head``): run_quietly ends the command
    except (OSError, RecordError) as exc:
        print(f"{shown_name(path)}: cannot read: {exc}", file=err)
        return False
    if counter.games == before:
        print(f"{shown_name(path)}: no game found", file=err)
        return False
    if listed > MAX_FILE_ERRORS:
        print(f"{shown_name(path)}: and {listed - MAX_FILE_ERRORS} more problems (not listed)", file=err)
    return clean


def classify_files(paths: Iterable[str], names: str = "simplified", out: TextIO | None = None,
                   err: TextIO | None = None) -> int:
    """Print the opening of every game of ``paths``; 1 when anything had errors, else 0."""
    out, err = out or sys.stdout, err or sys.stderr
    counter, status = _Counter(), 0
    for path in paths:
        if not classify_file(path, names, counter, out, err):
            status = 1
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi ecco",
        description="Print GAME_NO, ECCO code and opening name of every game of record files of any kind "
        "(GAME_NO counts on through the files; '-' for a set-up game or an unknown opening).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="record files of any supported kind")
    parser.add_argument("--names", choices=NAME_KINDS, default="simplified",
                        help="the NAME column: simplified or traditional Chinese, or the English gloss")
    args = parser.parse_args(argv)
    try:
        return classify_files(args.files, args.names)
    except (OSError, EccoTableError) as exc:  # the program's own tables: a broken install
        print(f"xiangqi ecco: cannot read the opening tables: {exc}", file=sys.stderr)
        return 1
