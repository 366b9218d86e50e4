"""Hostile inputs for the record readers (PGN, XQF, DhtmlXQ, CCBridge): the issue 22 generators of
``tests/bench/hostile_inputs.py``, read by ``load_games`` (what the app and every command use)."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.record.detect import NotARecordError
from xiangqi.record.files import RefusedFileError, load_games


@hostile("records.fifo", target="record.files", bound="regular files only (check_openable)")
def fifo(folder: Path, scale: int) -> None:
    import os
    path = folder / "pipe.pgn"
    os.mkfifo(path)
    try:
        load_games(path)
    except RefusedFileError as error:
        assert str(path) in str(error)
    else:
        raise AssertionError("a FIFO was read as a record")


@hostile("records.letters", target="record.detect", bound="SNIFF_BYTES: only the first 64 KB is judged")
def letters(folder: Path, scale: int) -> None:
    path = folder / "letters.txt"
    path.write_bytes(b"a" * (4096 * 16 * scale))
    try:
        load_games(path)
    except NotARecordError as error:
        assert "letters.txt" in str(error) or "text with no game moves" in str(error)
    else:
        raise AssertionError("letters were read as a game")
