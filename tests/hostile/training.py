"""Hostile inputs for the training files: puzzle sets (``read_puzzle_set``), progress files (the history's
import, ``import_history_file``) and the training history itself (``TrainingDatabase``), each with the named
bound it checks. ``scale`` grows the input linearly (rows, lines, bytes)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hostile import hostile
from xiangqi.core import Move
from xiangqi.training.database import HistoryDamagedError, TrainingDatabase, TrainingError
from xiangqi.training.history_import import can_undo_import, import_history_file
from xiangqi.training.history_repair import repair_history
from xiangqi.training.puzzle_store import ATTEMPTS_TABLE, PuzzleHistory
from xiangqi.training.puzzles import MAX_PUZZLE_SET_BYTES, Puzzle, PuzzleError, puzzle_to_json, read_puzzle_set

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
GOOD = puzzle_to_json(Puzzle("good", FEN, (Move.from_iccs("h2e2"),)))


def expect_refused(call: object, *words: str) -> str:
    """The message of the PuzzleError / TrainingError ``call`` raises; AssertionError when it does not or
    when a word is missing from it."""
    assert callable(call)
    try:
        call()
    except (PuzzleError, TrainingError) as error:
        text = str(error)
        for word in words:
            assert word in text, (word, text)
        return text
    raise AssertionError(f"not refused: {words}")


# ----------------------------------------------------------------------------------------------- puzzle sets
@hostile("training.puzzles.fifo", target="training.puzzle_set",
         bound="regular files only (record.files.check_openable)")
def puzzles_fifo(folder: Path, scale: int) -> None:
    path = folder / "pipe.puzzles"
    os.mkfifo(path)
    expect_refused(lambda: read_puzzle_set(path), "pipe.puzzles", "named pipe")


@hostile("training.puzzles.device", target="training.puzzle_set",
         bound="regular files only (record.files.check_openable)")
def puzzles_device(folder: Path, scale: int) -> None:
    expect_refused(lambda: read_puzzle_set("/dev/zero"), "/dev/zero", "a device")


@hostile("training.puzzles.too_big", target="training.puzzle_set",
         bound="MAX_PUZZLE_SET_BYTES = 16 MiB")
def puzzles_too_big(folder: Path, scale: int) -> None:
    path = folder / "big.puzzles"
    with open(path, "wb") as stream:
        stream.truncate(MAX_PUZZLE_SET_BYTES + scale)      # sparse: no disk used
    expect_refused(lambda: read_puzzle_set(path), "big.puzzles", "over the limit")


@hostile("training.puzzles.bad_fields", target="training.puzzle_set",
         bound="MAX_LINE_CHARS = 16 KiB a puzzle, MAX_EXTRA_FIELDS = 32; bad lines named by file:line and field")
def puzzles_bad_fields(folder: Path, scale: int) -> None:
    path = folder / "bad.puzzles"
    bad = [json.dumps({"id": "e", "fen": FEN, "line": ["h2e2"], "extra": [1]}),
           json.dumps({"id": "r", "fen": FEN, "line": ["h2e2"], "rating": ["@", 1, 1]}).replace('"@"', "1e999"),
           "[" * 5_000 + "]" * 5_000,                          # within MAX_LINE_CHARS: parsed, too deep
           '{"id": "n", "fen": "' + FEN + '", "line": ["h2e2"], "mate_in": ' + "9" * 400 + "}",
           "{" * 100 * scale]
    path.write_text("\n".join([GOOD] + bad * 20 * scale) + "\n", encoding="utf-8")
    found = read_puzzle_set(path)
    assert [p.puzzle_id for p in found.puzzles] == ["good"]
    assert len(found.problems) == len(bad) * 20 * scale
    assert "nested too deeply" in found.problems[2]
    assert f"{path}:2: field 'extra'" in found.problems[0] and f"{path}:3: field 'rating'" in found.problems[1]


# ----------------------------------------------------------------------------------------------- progress files
def attempts(db: TrainingDatabase, rows: int) -> None:
    """``rows`` puzzle attempts of the last ``rows`` hours, in one transaction (one disk flush)."""
    PuzzleHistory(db)
    now = datetime.now(UTC)
    with db.write() as connection:
        connection.executemany(f"INSERT INTO {ATTEMPTS_TABLE} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               [(f"p{n}", (now - timedelta(hours=rows - n)).isoformat(), n % 2, 0,
                                 1500.0 + n % 100, 200.0, 0.06, 1500.0, 200.0, 0.06) for n in range(rows)])


def exported(folder: Path, rows: int) -> dict[str, object]:
    db = TrainingDatabase(folder / "source.sqlite")
    attempts(db, rows)
    db.export_history(folder / "good.json")
    db.close()
    document: dict[str, object] = json.loads((folder / "good.json").read_text(encoding="utf-8"))
    return document


def refused_import(folder: Path, text: str, *words: str) -> None:
    """``text`` as a progress file is refused naming ``words``, and the history is unchanged (no backup)."""
    path = folder / "hostile.json"
    path.write_text(text, encoding="utf-8")
    target = folder / "training.sqlite"
    expect_refused(lambda: import_history_file(target, path), "hostile.json", *words)
    db = TrainingDatabase(target)
    assert PuzzleHistory(db).standing().attempts == 0 and not can_undo_import(target)
    db.close()


@hostile("training.progress.bad_rating", target="training.progress_import",
         bound="ratings within ratings.RATING_RANGE, finite numbers; the whole file refused")
def progress_bad_rating(folder: Path, scale: int) -> None:
    document = exported(folder, 20 * scale)
    table = document["tables"]["puzzle_attempts"]  # type: ignore[index]
    table["rows"][-1][table["columns"].index("player_rating")] = "@"
    text = json.dumps(document).replace('"@"', "1e999")
    refused_import(folder, text, f"tables.puzzle_attempts.rows[{20 * scale - 1}].player_rating", "not a finite number")


@hostile("training.progress.future_date", target="training.progress_import",
         bound="dates not in the future (CLOCK_SKEW = 1 hour)")
def progress_future_date(folder: Path, scale: int) -> None:
    document = exported(folder, 20 * scale)
    table = document["tables"]["puzzle_attempts"]  # type: ignore[index]
    table["rows"][0][table["columns"].index("at")] = (datetime.now(UTC) + timedelta(days=365)).isoformat()
    refused_import(folder, json.dumps(document), "tables.puzzle_attempts.rows[0].at", "a date in the future")


@hostile("training.progress.huge_integer", target="training.progress_import",
         bound="SQLITE_INT_MIN..SQLITE_INT_MAX (64 bits)")
def progress_huge_integer(folder: Path, scale: int) -> None:
    document = exported(folder, 20 * scale)
    table = document["tables"]["puzzle_attempts"]  # type: ignore[index]
    table["rows"][0][table["columns"].index("hints")] = "@"
    refused_import(folder, json.dumps(document).replace('"@"', "9" * 400), "rows[0].hints", "too big for 64 bits")


@hostile("training.progress.deep_nesting", target="training.progress_import",
         bound="JSON nesting (RecursionError caught and named)")
def progress_deep_nesting(folder: Path, scale: int) -> None:
    depth = 100_000 * scale
    refused_import(folder, "[" * depth + "]" * depth, "nested too deeply")


@hostile("training.progress.too_big", target="training.progress_import",
         bound="MAX_HISTORY_BYTES = 32 MiB")
def progress_too_big(folder: Path, scale: int) -> None:
    path = folder / "hostile.json"
    with open(path, "wb") as stream:
        stream.truncate((32 << 20) + scale)
    expect_refused(lambda: import_history_file(folder / "training.sqlite", path), "over the limit")


# ----------------------------------------------------------------------------------------------- the history
def history(folder: Path, rows: int) -> Path:
    path = folder / "training.sqlite"
    db = TrainingDatabase(path)
    attempts(db, rows)
    db.close()
    return path


@hostile("training.history.garbage_inside", target="training.history",
         bound="PRAGMA integrity_check at open (MAX_INTEGRITY_MESSAGES = 20); repair keeps the old file")
def history_garbage_inside(folder: Path, scale: int) -> None:
    path = history(folder, 200 * scale)
    with open(path, "r+b") as stream:
        stream.seek(path.stat().st_size // 8192 * 4096)
        stream.write(os.urandom(4096))
    damaged = path.read_bytes()
    try:
        TrainingDatabase(path)
    except HistoryDamagedError as error:
        assert str(path) in str(error)
    else:
        raise AssertionError("a damaged history was opened as sound")
    report = repair_history(path)
    assert report.kept.read_bytes() == damaged
    TrainingDatabase(path).close()


@hostile("training.history.emptied", target="training.history",
         bound="a 0-byte history is damaged, never a new one")
def history_emptied(folder: Path, scale: int) -> None:
    path = history(folder, 2 * scale)
    path.write_bytes(b"")
    expect_refused(lambda: TrainingDatabase(path), "empty")


@hostile("training.history.read_only", target="training.history",
         bound="a read-only file opens read-only: nothing written")
def history_read_only(folder: Path, scale: int) -> None:
    path = history(folder, 10 * scale)
    path.chmod(0o444)
    before = path.read_bytes()
    db = TrainingDatabase(path)
    records = PuzzleHistory(db)
    assert records.standing().attempts == 10 * scale
    expect_refused(lambda: records.record(Puzzle("x", FEN, (Move.from_iccs("h2e2"),)), True, 0, "t"), "read-only")
    db.close()
    assert path.read_bytes() == before


@hostile("training.history.fifo", target="training.history",
         bound="regular files only (record.files.check_openable): a FIFO is never opened")
def history_fifo(folder: Path, scale: int) -> None:
    path = folder / "training.sqlite"
    os.mkfifo(path)
    expect_refused(lambda: TrainingDatabase(path), "training.sqlite", "named pipe")
