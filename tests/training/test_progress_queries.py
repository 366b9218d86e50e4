"""The progress view's figures, read from a training history (no Qt)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from xiangqi.training.cards import CardDeck, CardFace, DeckKind, deck_scheduler
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.progress import (OTHER_THEME, PUZZLE_ATTEMPTS, DayCount, ThemeCount, answers_per_day,
                                       due_forecast, rating_history, solved_per_theme)

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# the puzzle trainer's table, as xiangqi.training.puzzle_store makes it
ATTEMPTS = ("puzzle_id TEXT NOT NULL, at TEXT NOT NULL, solved INTEGER NOT NULL, hints INTEGER NOT NULL, "
            "player_rating REAL NOT NULL, player_deviation REAL NOT NULL, player_volatility REAL NOT NULL, "
            "puzzle_rating REAL NOT NULL, puzzle_deviation REAL NOT NULL, puzzle_volatility REAL NOT NULL, "
            "PRIMARY KEY (puzzle_id, at)")


def test_a_new_history_has_nothing_to_draw(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    CardDeck(db)
    assert rating_history(db) == [] and solved_per_theme(db, {}) == []
    assert all(n == 0 for days in due_forecast(db).values() for n in days)
    assert all(d.right == d.wrong == 0 for d in answers_per_day(db, 3))


def test_rating_and_themes_come_from_the_puzzle_attempts(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    db.ensure_table(PUZZLE_ATTEMPTS, ATTEMPTS)
    rows = [("p1", "2026-03-01T10:00:00+00:00", 0, 1510.0), ("p1", "2026-03-02T10:00:00+00:00", 1, 1540.0),
            ("p2", "2026-03-03T10:00:00+00:00", 0, 1500.0), ("p9", "2026-03-04T10:00:00+00:00", 1, 1530.0)]
    with db.write() as c:
        c.executemany(f"INSERT INTO {PUZZLE_ATTEMPTS} VALUES (?, ?, ?, 0, ?, 100, 0.06, 1500, 300, 0.06)", rows)
    assert [p.rating for p in rating_history(db)] == [1510.0, 1540.0, 1500.0, 1530.0]
    themes = {"p1": ["mate", "short"], "p2": ["mate"]}
    assert solved_per_theme(db, themes) == [ThemeCount("mate", 1, 2), ThemeCount("short", 1, 1),
                                            ThemeCount(OTHER_THEME, 1, 1)]


def test_answers_per_day_and_the_due_forecast(tmp_path: Path) -> None:
    db = TrainingDatabase(tmp_path / "t.sqlite")
    deck = CardDeck(db, deck_scheduler(fuzz=False))
    today = datetime.now().astimezone().date()
    noon = datetime.combine(today, datetime.min.time()).astimezone().replace(hour=12).astimezone(UTC)
    for key in ("a", "b", "c"):
        deck.add(DeckKind.MISTAKES, key, CardFace(FEN, ("h2e2",), key, ""), noon - timedelta(days=3))
    ids = [c.card_id for c in deck.due(noon)]
    deck.review(ids[0], correct=False, now=noon - timedelta(days=1))    # due again today at noon
    deck.review(ids[1], correct=True, now=noon)                         # due in a few days
    assert answers_per_day(db, 2, today) == [DayCount(today - timedelta(days=1), 0, 1), DayCount(today, 1, 0)]
    forecast = due_forecast(db, 7, today)[DeckKind.MISTAKES]
    assert forecast[0] == 2 and sum(forecast) == 3 and forecast[0:2] == [2, 0]
    assert due_forecast(db, 7, date(2000, 1, 1))[DeckKind.PUZZLES] == [0] * 7
