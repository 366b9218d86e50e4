"""The training files of the Chinese Chess Practical Dataset (CCPD) as puzzle sources (no Qt).

CCPD ("Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0") ships PGN in the xqbase
convention, Big5, Chinese moves, ``[FEN]`` for set-up positions. The record readers do the decoding; this
module sorts the records into what the puzzle builder can use:

* a record set up from a ``[FEN]`` that is not the start position: an exercise position with the master's
  continuation; its first move is the candidate solution (``SetupRecord``);
* a record from the start position: a whole game, searched by the finder like any game collection
  (``GameRecord``);
* a record the reader could not read whole (a FEN without a king, an illegal move part-way): reported with
  the file and record number (``CcpdProblem``) and skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from xiangqi.record import Game
from xiangqi.record.files import read_records

CCPD_CREDIT = "Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0"
CCPD_REPOSITORY_URL = "https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset"
CCPD_SOURCE = f"{CCPD_REPOSITORY_URL} (commit 368a47a9)"
CCPD_LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"

# What each training file is (its file name without the extension, in the dataset's Traditional spelling).
CATEGORY_OF_FILE = {
    "殺局_殺法_練習題": "mate",
    "全盤戰術": "tactics",
    "中局": "middlegame",
    "殘局": "endgame",
    "開局": "opening",
}


@dataclass(frozen=True)
class SetupRecord:
    number: int       # from 1, in file order
    game: Game


@dataclass(frozen=True)
class GameRecord:
    number: int
    game: Game


@dataclass(frozen=True, slots=True)
class CcpdProblem:
    number: int
    message: str      # names the file, the line and the record (the reader's words)


CcpdItem = SetupRecord | GameRecord | CcpdProblem


def category_of(path: str | os.PathLike[str]) -> str:
    """``mate``, ``tactics``, ``middlegame``, ``endgame``, ``opening``, or ``games`` for any other file."""
    return CATEGORY_OF_FILE.get(Path(path).stem, "games")


def read_ccpd(path: str | os.PathLike[str]) -> Iterator[CcpdItem]:
    """Every record of a CCPD (or any) record file, sorted as the module docstring says. OSError when the
    file cannot be read."""
    for number, game in enumerate(read_records(path), start=1):
        if game.errors:
            yield CcpdProblem(number, f"record {number}: skipped: {game.errors[0]}")
        elif game.ply_count() == 0:
            yield CcpdProblem(number, f"{path}: record {number}: skipped: it has no moves")
        elif game.is_setup:
            yield SetupRecord(number, game)
        else:
            yield GameRecord(number, game)
