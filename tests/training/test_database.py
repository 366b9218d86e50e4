"""The training history: atomic writes, survival of kill -9, export → import, clear errors for bad files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.training.database import TrainingDatabase, TrainingError, training_db_path

REPO = Path(__file__).resolve().parents[2]

ATTEMPTS = "test_attempts"
ATTEMPT_COLUMNS = "puzzle TEXT NOT NULL, at TEXT NOT NULL, solved INTEGER NOT NULL, PRIMARY KEY (puzzle, at)"
CARDS = "test_cards"
CARD_COLUMNS = "card_id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, note TEXT"


def open_db(path: Path) -> TrainingDatabase:
    db = TrainingDatabase(path)
    db.ensure_table(ATTEMPTS, ATTEMPT_COLUMNS)
    db.ensure_table(CARDS, CARD_COLUMNS)
    return db


def test_the_history_lives_beside_the_settings_file(tmp_path: Path) -> None:
    assert training_db_path(tmp_path / "config.toml") == tmp_path / "training.sqlite"
    assert training_db_path(tmp_path / "x.toml") == tmp_path / "x.training.sqlite"


def test_a_failed_write_leaves_nothing(tmp_path: Path) -> None:
    db = open_db(tmp_path / "t.sqlite")
    with db.write() as c:
        c.execute(f"INSERT INTO {ATTEMPTS} VALUES ('p1', '2026-01-01', 1)")
    with pytest.raises(RuntimeError), db.write() as c:
        c.execute(f"INSERT INTO {ATTEMPTS} VALUES ('p2', '2026-01-01', 1)")
        raise RuntimeError("interrupted")
    assert [r["puzzle"] for r in db.rows(f"SELECT puzzle FROM {ATTEMPTS}")] == ["p1"]


WRITER = """
import sys
from pathlib import Path
from xiangqi.training.database import TrainingDatabase
db = TrainingDatabase(Path(sys.argv[1]))
db.ensure_table("test_attempts", {columns!r})
n = 0
while True:
    with db.write() as c:
        c.execute("INSERT INTO test_attempts VALUES (?, ?, ?)", (f"p{{n}}", "x" * 2000, n % 2))
        c.execute("INSERT INTO test_attempts VALUES (?, ?, ?)", (f"q{{n}}", "y" * 2000, n % 2))
    print(n, flush=True)    # committed: the row must survive the kill
    n += 1
"""


def test_progress_survives_kill_9_mid_write(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(columns=ATTEMPT_COLUMNS), encoding="utf-8")
    writer = subprocess.Popen([sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True,
                              cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert writer.stdout is not None
    committed = []
    for line in writer.stdout:          # the writer keeps writing while we read
        committed.append(int(line))
        if len(committed) == 300:
            break
    writer.send_signal(signal.SIGKILL)   # mid-write: it never stops on its own
    writer.wait()
    assert writer.returncode == -signal.SIGKILL
    db = TrainingDatabase(path)
    assert db.rows("PRAGMA integrity_check")[0][0] == "ok"
    stored = {str(r["puzzle"]) for r in db.rows(f"SELECT puzzle FROM {ATTEMPTS}")}
    for n in committed:
        assert f"p{n}" in stored and f"q{n}" in stored
    # a transaction is whole or absent: never p without q
    assert {s[1:] for s in stored if s[0] == "p"} == {s[1:] for s in stored if s[0] == "q"}


def fill(db: TrainingDatabase) -> None:
    with db.write() as c:
        c.executemany(f"INSERT INTO {ATTEMPTS} VALUES (?, ?, ?)",
                      [("p1", "2026-01-01T10:00", 1), ("p2", "2026-01-02T10:00", 0), ("p3", "2026-01-03", 1)])
        c.executemany(f"INSERT INTO {CARDS} (key, note) VALUES (?, ?)", [("a", "甲"), ("b", None)])


def dump(db: TrainingDatabase) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    attempts = [tuple(r) for r in db.rows(f"SELECT * FROM {ATTEMPTS} ORDER BY puzzle")]
    cards = [(r["key"], r["note"]) for r in db.rows(f"SELECT key, note FROM {CARDS} ORDER BY key")]
    return attempts, cards


def test_export_then_import_into_a_fresh_profile_gives_the_same_history(tmp_path: Path) -> None:
    source = open_db(tmp_path / "a.sqlite")
    fill(source)
    exported = tmp_path / "history.json"
    assert source.export_history(exported) == 5
    fresh = TrainingDatabase(tmp_path / "b.sqlite")    # no mode has created its tables here yet
    summary = fresh.import_history(exported)
    assert (summary.added, summary.skipped) == (5, 0)
    assert dump(fresh) == dump(source)
    assert fresh.tables() == source.tables()
    again = fresh.import_history(exported)              # merging twice adds nothing
    assert (again.added, again.skipped) == (0, 5)
    assert dump(fresh) == dump(source)


def test_import_merges_cards_whose_row_ids_clash(tmp_path: Path) -> None:
    source = open_db(tmp_path / "a.sqlite")
    fill(source)
    exported = tmp_path / "history.json"
    source.export_history(exported)
    other = open_db(tmp_path / "b.sqlite")
    with other.write() as c:
        c.execute(f"INSERT INTO {CARDS} (key, note) VALUES ('z', 'own')")   # card_id 1, like source's 'a'
    other.import_history(exported)
    keys = [r["key"] for r in other.rows(f"SELECT key FROM {CARDS} ORDER BY key")]
    assert keys == ["a", "b", "z"]


@pytest.mark.parametrize(("content", "field"), [
    ("{not json", "line 1, column 2"),
    ('{"format": "other", "version": 1, "tables": {}}', "format"),
    ('{"format": "xiangqi-training-history", "version": 9, "tables": {}}', "version"),
    ('{"format": "xiangqi-training-history", "version": 1, "tables": []}', "tables"),
    ('{"format": "xiangqi-training-history", "version": 1, "tables": {"t; DROP": {}}}', "'t; DROP'"),
    ('{"format": "xiangqi-training-history", "version": 1, "tables": {"test_attempts": '
     '{"columns_sql": "puzzle TEXT", "columns": ["puzzle"], "rows": [["a"], ["b", 2]]}}}',
     "tables.test_attempts.rows[1]"),
    ('{"format": "xiangqi-training-history", "version": 1, "tables": {"test_attempts": '
     '{"columns_sql": "puzzle TEXT", "columns": ["puzzle", "nope"], "rows": []}}}',
     "tables.test_attempts.columns[1]"),
    ('{"format": "xiangqi-training-history", "version": 1, "tables": {"test_attempts": '
     '{"columns_sql": "puzzle TEXT", "columns": ["puzzle"], "rows": [[{"x": 1}]]}}}',
     "tables.test_attempts.rows[0].puzzle"),
])
def test_a_bad_import_file_names_the_file_and_field_and_changes_nothing(tmp_path: Path, content: str,
                                                                       field: str) -> None:
    db = open_db(tmp_path / "t.sqlite")
    fill(db)
    before = dump(db)
    bad = tmp_path / "bad history.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(TrainingError) as error:
        db.import_history(bad)
    assert str(bad) in str(error.value) and field in str(error.value)
    assert dump(db) == before


def test_a_half_good_import_is_rolled_back(tmp_path: Path) -> None:
    db = open_db(tmp_path / "t.sqlite")
    document = {"format": "xiangqi-training-history", "version": 1, "tables": {
        ATTEMPTS: {"columns_sql": ATTEMPT_COLUMNS, "columns": ["puzzle", "at", "solved"],
                   "rows": [["p1", "2026", 1], ["p2", None, 1]]}}}    # the second breaks NOT NULL
    bad = tmp_path / "h.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(TrainingError, match=r"tables\.test_attempts\.rows\[1\]"):
        db.import_history(bad)
    assert db.rows(f"SELECT * FROM {ATTEMPTS}") == []


def test_a_missing_import_file_is_named(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    with pytest.raises(TrainingError, match="gone.json"):
        db.import_history(tmp_path / "gone.json")


def test_a_file_that_is_not_a_history_is_named_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "training.sqlite"
    path.write_bytes(b"not a database, but the user's bytes" * 100)
    before = path.read_bytes()
    with pytest.raises(TrainingError, match="training.sqlite: the training history is damaged"):
        TrainingDatabase(path)
    assert path.read_bytes() == before
