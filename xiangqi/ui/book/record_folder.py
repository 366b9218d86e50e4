"""The record files a book is built from when the user picks folders (Book › Build from a folder…): every
game record under them, subfolders included, in a stable order. No Qt: it runs on the build's thread."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

# What Build from files… offers: PGN, XQF, CCBridge (cbl/cbr/cbf) and DhtmlXQ web pages.
RECORD_SUFFIXES = frozenset({".pgn", ".xqf", ".cbl", ".cbr", ".cbf", ".html", ".htm"})


class NoRecordsError(ValueError):
    """A folder chosen to build from holds no game record file."""


def record_files(paths: Iterable[str], cancelled: Callable[[], bool] = lambda: False) -> list[str]:
    """``paths`` with each folder replaced by the record files under it (sorted, hidden folders
    skipped); files are kept as given. Raises NoRecordsError naming a folder without any record."""
    files: list[str] = []
    for path in paths:
        if not os.path.isdir(path):
            files.append(path)
            continue
        found = _records_under(Path(path), cancelled)
        if not found and not cancelled():
            raise NoRecordsError(f"{path}: no game record files ({', '.join(sorted(RECORD_SUFFIXES))}) in it "
                                 "or its subfolders")
        files.extend(found)
    return files


def _records_under(folder: Path, cancelled: Callable[[], bool]) -> list[str]:
    found: list[str] = []
    for root, dirs, names in os.walk(folder):
        if cancelled():
            return found
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, name) for name in sorted(names)
                     if Path(name).suffix.lower() in RECORD_SUFFIXES and not name.startswith("."))
    return found
