"""``python -m xiangqi pgn FILE...``: read game records of any kind and summarise every game.

Kinds are recognised by content: PGN (xqbase or WinBoard, any encoding), XQF, CCBridge CBL/CBR/CBF,
DhtmlXQ pages and texts. One line per game on stdout, the same columns for every kind:
``FILE<TAB>INDEX<TAB>PLIES<TAB>RESULT<TAB>FINAL_FEN<TAB>ERRORS`` where INDEX counts from 1 within the file,
PLIES and FINAL_FEN are those of the main line and ERRORS is the number of problems met. The problems
go to stderr, one per line, naming file, line or byte, and text. A file that is no game record (an archive,
an image, an empty file) gets one line on stderr saying what it looks like, and no row; so does what is
no regular file (a FIFO, a device: refused by its kind, never opened) and a file over the size limit of
its kind (``record.limits``); every game of a DhtmlXQ page or a CCBridge library under that limit is
read, one at a time (a game itself stops at ``limits.MAX_RECORD_MOVES``, with an error naming it).
FILE is shown as ``commands.output.shown_name`` shows names (quoted, with escapes, when it holds a control character).
The exit status is 1 when any game had errors or a file could not be read, else 0 (141 when the output
was closed before the end, e.g. by ``| head``).
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from xiangqi.commands.output import shown_name
from xiangqi.core import Move, Position
from xiangqi.core.fen import format_fen
from xiangqi.record import Game, RecordError
from xiangqi.record.detect import NotARecordError, RecordKind
from xiangqi.record.encoding import wide_encoding
from xiangqi.record.files import SNIFF_BYTES, file_kind, read_records, refuse_prose
from xiangqi.record.pgn_bytes import stream_games

MAX_FILE_ERRORS = 1000  # problems printed per file; the rest are counted


@functools.lru_cache(maxsize=64)
def _start_position(fen: str) -> tuple[tuple[int, ...], int, int, int]:
    """Cells, side to move, halfmove clock and move number of a FEN, read once (a file's games share one)."""
    position = Position.from_fen(fen)
    return position.cells(), int(position.turn), position.halfmove_clock, position.fullmove_number


def final_fen(moves: list[Move], start_fen: str) -> str:
    """The FEN after ``moves`` from ``start_fen`` (what ``Game.end_position`` gives for the main line),
    without checking them again: every reader checks each move before it puts it in the tree. The moves
    are played on a plain list of cells (a Position per game kept a numpy board, a Zobrist key and an undo
    record a move: a third of what ``pgn`` spent on a page of real games)."""
    start, side, halfmove, fullmove = _start_position(start_fen)
    cells = list(start)
    for move in moves:
        source, target = move.from_sq, move.to_sq
        halfmove = 0 if cells[target] else halfmove + 1
        cells[target], cells[source] = cells[source], 0
    fullmove += (side + len(moves)) // 2
    return format_fen(cells, (side + len(moves)) % 2, halfmove, fullmove)


def summary_line(path: str, index: int, game: Game) -> str:
    moves = game.mainline_moves()
    try:
        final = final_fen(moves, game.start_fen)
    except ValueError:  # a start FEN that could not be read
        final = "-"
    return "\t".join((shown_name(path), str(index), str(len(moves)), game.result, final, str(len(game.errors))))


def file_games(path: str) -> Iterator[Game]:
    """The games of one file, one at a time (the reading errors of the file itself are raised). PGN
    text is read a block at a time, so memory stays flat however many games the file holds. What is no
    regular file (a FIFO, a device) is refused before it is opened, a file read whole over its limit
    before it is read (``record.files``)."""
    kind, _size = file_kind(path)
    if kind is RecordKind.PGN:
        with open(path, "rb") as stream:
            head = stream.read(SNIFF_BYTES)
        if wide_encoding(head) is None:
            yield from refuse_prose(stream_games(path), path)
            return
    yield from read_records(path)


def summarise_file(path: str, out: TextIO, err: TextIO) -> bool:
    """Print one file's rows; False when anything in it had errors or it could not be read."""
    clean, count, listed = True, 0, 0
    try:
        for count, game in enumerate(file_games(path), start=1):
            print(summary_line(path, count, game), file=out)
            for error in game.errors:
                listed += 1
                if listed <= MAX_FILE_ERRORS:
                    print(str(error), file=err)
            clean = clean and not game.errors
    except NotARecordError as exc:
        print(str(exc), file=err)
        return False
    except BrokenPipeError:
        raise  # our output was closed (``| head``): not a problem of the file (run_quietly ends the command)
    except (OSError, RecordError) as exc:
        print(f"{shown_name(path)}: cannot read: {exc}", file=err)
        return False
    if count == 0:
        print(f"{shown_name(path)}: no game found", file=err)
        return False
    if listed > MAX_FILE_ERRORS:
        print(f"{shown_name(path)}: and {listed - MAX_FILE_ERRORS} more problems (not listed)", file=err)
    return clean


def summarise(paths: Iterable[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the summary of every game of ``paths``; 1 when anything had errors, else 0."""
    out, err = out or sys.stdout, err or sys.stderr
    status = 0
    for path in paths:
        if not summarise_file(path, out, err):
            status = 1
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m xiangqi pgn",
        description="Read game records (PGN, WinBoard PGN, XQF, CCBridge CBL/CBR/CBF, DhtmlXQ) and print "
        "FILE, INDEX, PLIES, RESULT, FINAL_FEN, ERRORS per game.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="record files of any supported kind")
    args = parser.parse_args(argv)
    return summarise(args.files)
