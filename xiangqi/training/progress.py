"""What the progress view draws, read from the training history (no Qt): the puzzle rating over time,
puzzles solved per theme, cards answered per day and cards due in the days ahead.

Every query reads tables other modes own (the puzzle trainer's attempts and rating) by the names those
modes give them; a table not there yet (the mode never used) reads as nothing, not as an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from xiangqi.training.cards import CARDS_TABLE, REVIEWS_TABLE, DeckKind
from xiangqi.training.database import TrainingDatabase

FORECAST_DAYS = 7


@dataclass(frozen=True)
class RatingPoint:
    at: datetime
    rating: float


@dataclass(frozen=True)
class ThemeCount:
    theme: str
    solved: int
    tried: int


@dataclass(frozen=True)
class DayCount:
    day: date
    right: int
    wrong: int


def local_day(stamp: str) -> date:
    """The user's calendar day of a stored UTC moment."""
    return datetime.fromisoformat(stamp).astimezone().date()


def answers_per_day(db: TrainingDatabase, days: int = 30, today: date | None = None) -> list[DayCount]:
    """Cards answered right and wrong on each of the last ``days`` days (today last)."""
    today = today or datetime.now().astimezone().date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time()).astimezone().astimezone(UTC).isoformat()
    right: Counter[date] = Counter()
    wrong: Counter[date] = Counter()
    for row in db.rows(f"SELECT reviewed, correct FROM {REVIEWS_TABLE} WHERE reviewed >= ?", [since]):
        (right if row["correct"] else wrong)[local_day(row["reviewed"])] += 1
    return [DayCount(day, right[day], wrong[day]) for day in (first + timedelta(days=i) for i in range(days))]


def due_forecast(db: TrainingDatabase, days: int = FORECAST_DAYS,
                 today: date | None = None) -> dict[DeckKind, list[int]]:
    """Per deck, the cards due on each of the next ``days`` days; today's count holds every card
    overdue too."""
    today = today or datetime.now().astimezone().date()
    forecast = {kind: [0] * days for kind in DeckKind}
    for row in db.rows(f"SELECT kind, due FROM {CARDS_TABLE}"):
        offset = max(0, (local_day(row["due"]) - today).days)
        if offset < days:
            forecast[DeckKind(row["kind"])][offset] += 1
    return forecast


# The puzzle trainer's table (xiangqi.training.puzzle_store owns it; read here, never written): a row per
# rated attempt with the player's Glicko-2 rating after it.
PUZZLE_ATTEMPTS = "puzzle_attempts"
OTHER_THEME = "other"   # a puzzle whose set is not at hand: its themes are not known


def rating_history(db: TrainingDatabase) -> list[RatingPoint]:
    """The player's puzzle rating after each rated attempt, oldest first."""
    if PUZZLE_ATTEMPTS not in db.tables():
        return []
    rows = db.rows(f"SELECT at, player_rating FROM {PUZZLE_ATTEMPTS} ORDER BY at")
    return [RatingPoint(datetime.fromisoformat(r["at"]), float(r["player_rating"])) for r in rows]


def solved_per_theme(db: TrainingDatabase, themes_of: Mapping[str, Iterable[str]]) -> list[ThemeCount]:
    """Per theme, the puzzles tried and those solved (a puzzle counts once, solved if any attempt solved
    it); ``themes_of`` gives a puzzle's themes by id (one missing there counts under ``OTHER_THEME``)."""
    if PUZZLE_ATTEMPTS not in db.tables():
        return []
    solved: dict[str, bool] = {}
    for row in db.rows(f"SELECT puzzle_id, solved FROM {PUZZLE_ATTEMPTS}"):
        solved[str(row["puzzle_id"])] = solved.get(str(row["puzzle_id"]), False) or bool(row["solved"])
    solved_count: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    for puzzle, done in solved.items():
        for theme in themes_of.get(puzzle) or (OTHER_THEME,):
            tried[theme] += 1
            solved_count[theme] += int(done)
    return [ThemeCount(theme, solved_count[theme], tried[theme]) for theme in tried]
