"""The games of a record file, one at a time, through the project's readers (``xiangqi.record``).

PGN text is indexed once and each game parsed when reached, so a file of thousands of games is never
held as parsed trees all at once; any other format goes through the record package's loader.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from xiangqi.record import Game, PgnFile, load_games
from xiangqi.record.files import is_xqf


def games_in(path: str | os.PathLike[str]) -> Iterator[Game]:
    """Every game of ``path``; OSError or a RecordError when the file cannot be read at all."""
    data = Path(path).read_bytes()
    if is_xqf(data) or Path(path).suffix.lower() == ".xqf":
        yield from load_games(path)
        return
    pgn = PgnFile.from_bytes(data, os.fspath(path))
    yield from pgn.games()  # file-level notes (replaced bytes) do not make a game unreadable
