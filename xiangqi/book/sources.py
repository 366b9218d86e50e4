"""The games of a record file, one at a time, through the project's content-detecting reader.

``xiangqi.record.files.read_records`` recognises every kind the record package reads (XQF, CCBridge
CBL/CBR/CBF, DhtmlXQ pages, xqbase/WinBoard PGN and move lists) by content and yields the games one at a
time: a PGN file is indexed once and each game parsed when reached, so a file of thousands of games is
never held as parsed trees all at once.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from xiangqi.record import Game
from xiangqi.record.files import read_records


def games_in(path: str | os.PathLike[str]) -> Iterator[Game]:
    """Every game of ``path``; OSError or a ValueError (RecordError, NotARecordError) when the file
    cannot be read at all (raised while iterating)."""
    yield from read_records(path)
