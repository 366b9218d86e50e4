"""The training history when its file is damaged, read-only or emptied, and imports of hostile progress
files: every failure named (file, what, what to do), nothing of the user's lost, nothing broken for good."""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from xiangqi.core import Move
from xiangqi.training.cards import CardDeck, CardFace, DeckKind, deck_scheduler
from xiangqi.training.database import (MAX_HISTORY_BYTES, HistoryDamagedError, HistoryReadOnlyError,
                                       ImportCancelled, TrainingDatabase, TrainingError)
from xiangqi.training.history_import import backup_path, can_undo_import, import_history_file, undo_import
from xiangqi.training.history_repair import repair_history
from xiangqi.training.puzzle_store import PuzzleHistory
from xiangqi.training.puzzles import Puzzle
from xiangqi.training.ratings import RATING_RANGE, Rating, after_attempt

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
PUZZLES = [Puzzle(f"p{n}", FEN, (Move.from_iccs("h2e2"),)) for n in range(400)]
NOW = datetime.now(UTC)


def filled(path: Path, attempts: int = 400) -> TrainingDatabase:
    db = TrainingDatabase(path)
    history = PuzzleHistory(db)
    for n in range(attempts):
        history.record(PUZZLES[n % len(PUZZLES)], n % 3 != 0, 0, "title " + "x" * 200,
                       NOW - timedelta(days=attempts - n))
    return db


def garble(path: Path, page: int) -> None:
    with open(path, "r+b") as stream:
        stream.seek(page * 4096)
        stream.write(os.urandom(4096))


# ----------------------------------------------------------------------------------------------- damaged
def test_garbage_in_the_middle_is_found_at_open_and_repaired_keeping_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    filled(path).close()
    pages = path.stat().st_size // 4096
    garble(path, pages // 2)
    damaged = path.read_bytes()
    with pytest.raises(HistoryDamagedError, match="training.sqlite: the training history is damaged") as caught:
        TrainingDatabase(path)
    assert caught.value.problems and path.read_bytes() == damaged          # nothing written on the way
    report = repair_history(path, date(2026, 11, 28))
    assert report.kept == tmp_path / "training.sqlite.damaged-20261128"
    assert report.kept.read_bytes() == damaged                               # the old file kept as it was
    db = TrainingDatabase(path)                                              # sound now
    kept = db.rows("SELECT COUNT(*) FROM puzzle_attempts")[0][0]
    assert 0 < kept <= 400 and dict(report.rows)["puzzle_attempts"] == kept
    assert PuzzleHistory(db).standing().attempts == kept                     # the trainer opens on it
    again = repair_history(path, date(2026, 11, 28))                         # a second repair the same day
    assert again.kept.name == "training.sqlite.damaged-20261128-2"


def test_an_emptied_history_is_not_taken_for_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    filled(path, 3).close()
    path.write_bytes(b"")
    with pytest.raises(HistoryDamagedError, match="empty"):
        TrainingDatabase(path)
    assert path.stat().st_size == 0


# ----------------------------------------------------------------------------------------------- read-only
def test_a_read_only_history_opens_read_only_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    filled(path, 5).close()
    path.chmod(0o444)
    before = path.read_bytes()
    db = TrainingDatabase(path)
    assert db.read_only == "the file is marked read-only"
    history = PuzzleHistory(db)
    assert history.standing().attempts == 5
    CardDeck(db).due()                                                     # every mode's tables: readable
    from xiangqi.training.endgame import EndgameRecords
    EndgameRecords(db).tried()                                             # a table the file lacks: in memory
    with pytest.raises(HistoryReadOnlyError, match="opened read-only .the file is marked read-only."):
        history.record(PUZZLES[0], True, 0, "t")
    db.close()
    assert path.read_bytes() == before


def test_every_sqlite_error_becomes_a_training_error_naming_the_file(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    with pytest.raises(TrainingError, match="t.sqlite: cannot read the training history: no such table"):
        db.rows("SELECT * FROM nowhere")
    with pytest.raises(TrainingError, match="t.sqlite: cannot write the training history: no such table"):
        with db.write() as connection:
            connection.execute("INSERT INTO nowhere VALUES (1)")


def test_a_failed_attempt_and_its_card_are_one_transaction(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    history = PuzzleHistory(db)
    db.rows("SELECT 1")
    with db.write() as connection:   # a trigger makes the card's insert fail after the attempt's
        connection.execute("CREATE TRIGGER no_cards BEFORE INSERT ON deck_cards BEGIN "
                           "SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(TrainingError, match="disk full"):
        history.record(PUZZLES[0], False, 0, "t")
    assert history.standing().attempts == 0                                # the attempt went with its card


# ----------------------------------------------------------------------------------------------- ratings
def test_ratings_follow_the_order_attempts_were_made_not_their_dates(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    history = PuzzleHistory(db)
    history.record(PUZZLES[0], True, 0, "t", NOW + timedelta(days=365))  # a wrong clock, once
    frozen = history.standing().player
    history.record(PUZZLES[1], True, 0, "t", NOW)
    assert history.standing().player.rating > frozen.rating                # the rating still moves


@pytest.mark.parametrize("value", [1e6, -1e6, float("inf"), float("nan")])
def test_a_rating_far_out_of_range_is_clamped_not_a_crash(value: float) -> None:
    player, puzzle = after_attempt(Rating(value, 350, 0.06), Rating(-value, 1e-9, 1e6), solved=False)
    for rating in (player, puzzle):
        assert RATING_RANGE[0] <= rating.rating <= RATING_RANGE[1]


# ----------------------------------------------------------------------------------------------- import
def exported(tmp_path: Path) -> dict[str, object]:
    db = filled(tmp_path / "source.sqlite", 3)
    deck = CardDeck(db, deck_scheduler(fuzz=False))
    deck.add(DeckKind.MISTAKES, "m", CardFace(FEN, ("h2e2",), "t", "s"), NOW - timedelta(days=1))
    db.export_history(tmp_path / "h.json")
    document: dict[str, object] = json.loads((tmp_path / "h.json").read_text(encoding="utf-8"))
    return document


def counts(db: TrainingDatabase) -> tuple[int, int]:
    return (db.rows("SELECT COUNT(*) FROM puzzle_attempts")[0][0], db.rows("SELECT COUNT(*) FROM deck_cards")[0][0])


def set_field(document: dict[str, object], table: str, column: str, value: object) -> None:
    data = document["tables"][table]  # type: ignore[index]
    data["rows"][-1][data["columns"].index(column)] = value


BAD_FIELDS = [
    ("puzzle_attempts", "player_rating", "RAW:1e999", "rows[2].player_rating: inf: not a finite number"),
    ("puzzle_attempts", "player_rating", "1500", "player_rating: '1500': expected a number"),
    ("puzzle_attempts", "player_rating", -1e6, "expected a number from 100 to 4000"),
    ("puzzle_attempts", "hints", "RAW:" + "9" * 400, "a whole number too big for 64 bits"),
    ("puzzle_attempts", "at", "yesterday", "at: 'yesterday': expected a date and time"),
    ("puzzle_attempts", "at", (NOW + timedelta(days=365)).isoformat(), "a date in the future"),
    ("deck_cards", "kind", "poems", "kind: 'poems': expected one of mistakes, puzzles, opening"),
    ("deck_cards", "answers", "h2e2", "expected a JSON list of 1 to 64 moves"),
    ("deck_cards", "state", "{garbage", "not a card state fsrs reads"),
    ("deck_cards", "fen", "9/9 w", "not a position"),
]


@pytest.mark.parametrize(("table", "column", "value", "said"), BAD_FIELDS,
                         ids=[f"{table}.{column}:{said[:30]}" for table, column, _value, said in BAD_FIELDS])
def test_a_bad_field_refuses_the_whole_file_naming_table_row_and_field(tmp_path: Path, table: str, column: str,
                                                                       value: object, said: str) -> None:
    document = exported(tmp_path)
    raw = isinstance(value, str) and value.startswith("RAW:")
    set_field(document, table, column, "@RAW@" if raw else value)
    bad = tmp_path / "bad.json"          # RAW: the value as written in the file (1e999, a 400-digit integer)
    bad.write_text(json.dumps(document).replace('"@RAW@"', str(value)[4:]), encoding="utf-8")
    target = tmp_path / "training.sqlite"
    filled(target, 2).close()
    before = counts(TrainingDatabase(target))
    with pytest.raises(TrainingError) as caught:
        import_history_file(target, bad)
    assert f"bad.json: tables.{table}.rows[" in str(caught.value) and said in str(caught.value)
    db = TrainingDatabase(target)
    assert counts(db) == before and not can_undo_import(target)             # nothing written, no backup
    PuzzleHistory(db).record(PUZZLES[0], True, 0, "t")                      # the trainer still works


def test_deep_nesting_and_huge_files_are_refused_by_name(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(TrainingError, match="deep.json: not a training history: its JSON is nested too deeply"):
        import_history_file(tmp_path / "t.sqlite", deep)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as stream:
        stream.truncate(MAX_HISTORY_BYTES + 1)
    with pytest.raises(TrainingError, match="huge.json: .* over the limit of 33,554,432 bytes"):
        import_history_file(tmp_path / "t.sqlite", huge)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(TrainingError, match="pipe.json: not read: it is a named pipe"):
        import_history_file(tmp_path / "t.sqlite", fifo)


def test_an_import_can_be_undone_and_cancelled(tmp_path: Path) -> None:
    document = exported(tmp_path)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(document), encoding="utf-8")
    target = tmp_path / "training.sqlite"
    filled(target, 2).close()
    with pytest.raises(ImportCancelled):
        import_history_file(target, good, lambda _stage, _done, _total: False)
    assert not can_undo_import(target)
    summary = import_history_file(target, good)
    assert summary.added == 4 and backup_path(target).is_file()
    db = TrainingDatabase(target)
    before = counts(db)
    assert before == (5, 2)                  # the failed puzzle p0 was a card on both sides
    undo_import(db)
    assert counts(db) == (2, 1) and not can_undo_import(target)


def test_a_table_this_version_does_not_know_is_refused_by_name(tmp_path: Path) -> None:
    document = exported(tmp_path)
    document["tables"]["other_mode"] = {"columns_sql": "n INTEGER", "columns": ["n"],  # type: ignore[index]
                                        "rows": [[1]]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(TrainingError, match="bad.json: tables.other_mode: not a table of this program's"):
        import_history_file(tmp_path / "t.sqlite", bad)


def test_a_fifo_in_the_historys_place_is_refused_not_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    os.mkfifo(path)
    with pytest.raises(TrainingError, match="training.sqlite: not a training history: not read: it is a named pipe"):
        TrainingDatabase(path)
