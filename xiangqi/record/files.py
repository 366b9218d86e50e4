"""Opening any record file: XQF by its signature, anything else as PGN text (any supported encoding)."""

from __future__ import annotations

import os
from pathlib import Path

from xiangqi.record.game import Game
from xiangqi.record.pgn_file import PgnFile, Progress
from xiangqi.record.xqf import read_xqf

XQF_SIGNATURE = b"XQ"


def is_xqf(data: bytes) -> bool:
    return data[:2] == XQF_SIGNATURE and len(data) >= 4 and 0x01 <= data[2] <= 0x12


def load_games(path: str | os.PathLike[str], progress: Progress | None = None) -> list[Game]:
    """All games of a PGN or XQF file. OSError if it cannot be read; XqfError for a broken XQF file;
    PGN trouble is recorded per game in ``game.errors`` (file-level PGN problems in the first game)."""
    data = Path(path).read_bytes()
    if is_xqf(data) or Path(path).suffix.lower() == ".xqf":
        return [read_xqf(data, str(path))]  # XqfError if it is not XQF after all
    pgn = PgnFile.from_bytes(data, str(path), progress)
    games = list(pgn.games(progress))
    if games and pgn.problems:
        games[0].errors[:0] = pgn.problems
    return games
