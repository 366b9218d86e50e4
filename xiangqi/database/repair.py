"""Repairing a damaged game database (no Qt): what SQLite can still read of it is copied into a new file
beside it, the original never changed; the position index and the material signatures are rebuilt from
the games copied.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from xiangqi.database.store import DatabaseError


@dataclass(frozen=True)
class RepairReport:
    path: Path          # the new database
    games: int          # copied
    lost: int           # rows that could not be read


def repair(path: str | os.PathLike[str]) -> RepairReport:
    """Copy what can be read of the database ``path`` into a new file beside it (``NAME.repaired.xqdb``,
    or ``NAME.repaired-2.xqdb`` …); the original is never changed. DatabaseError when nothing can be read."""
    raise DatabaseError(f"{Path(path).name}: repair is not written yet")
