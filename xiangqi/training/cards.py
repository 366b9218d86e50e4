"""Spaced repetition of training cards (a position and the moves that answer it), scheduled by ``fsrs``
(the scheduler Anki uses) and kept in the profile's training history (no Qt).

Cards are scheduled in whole days, with one learning (and relearning) step of a day instead of fsrs's
minute-long ones: a puzzle is a position to think about, not a word to recall, so a card answered right
comes back after fsrs's interval (two days the first time, then longer) and a card answered wrong comes
back the next day (``AGAIN_AFTER``), however well it was known (without the step fsrs would give a known
card a week).

A card is due on a calendar day of the user (local time): "due today" is every card due before the
coming midnight (``due_cutoff``), in 今日复习, in the menu's count and in the progress view alike.

Each card is known by its deck kind and a key its maker chooses (the mistakes deck: the position and the
move played), so the same card is never added twice and an imported history merges with this one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from enum import Enum

from fsrs import Card, Rating, Scheduler

from xiangqi.training.database import TrainingDatabase, TrainingError

CARDS_TABLE = "deck_cards"
CARDS_COLUMNS = ("card_id INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL, fen TEXT NOT NULL, "
                 "answers TEXT NOT NULL, title TEXT NOT NULL, source TEXT NOT NULL, added TEXT NOT NULL, "
                 "due TEXT NOT NULL, state TEXT NOT NULL, UNIQUE (kind, key)")
REVIEWS_TABLE = "deck_reviews"
REVIEWS_COLUMNS = ("kind TEXT NOT NULL, key TEXT NOT NULL, reviewed TEXT NOT NULL, correct INTEGER NOT NULL, "
                   "next_due TEXT NOT NULL, PRIMARY KEY (kind, key, reviewed)")
AGAIN_AFTER = timedelta(days=1)   # a card answered wrong comes back the next day (fsrs's learning step)


class DeckKind(Enum):
    """Which deck a card belongs to."""

    MISTAKES = "mistakes"    # the player's own ?/?? moves found by a review
    PUZZLES = "puzzles"      # puzzles the player failed
    OPENING = "opening"      # opening drill lines


@dataclass(frozen=True)
class CardFace:
    """What a card shows and accepts."""

    fen: str                      # the position to solve, side to move = the trainee
    answers: tuple[str, ...]      # accepted moves (ICCS, e.g. "h2e2"); an engine-equal move also counts
    title: str                    # what the card says, in the UI language of the caller (e.g. the game and ply)
    source: str                   # where it came from (file, game, ply) for the user


@dataclass(frozen=True)
class DueCard:
    """A card to answer now."""

    card_id: int
    kind: DeckKind
    face: CardFace
    due: datetime
    key: str = ""        # the key it was added with (its maker may read it again: the mistakes deck)


@dataclass(frozen=True)
class DeckCounts:
    """How many cards of a deck are due now, and how many it holds."""

    due: int
    total: int


def deck_scheduler(fuzz: bool = True) -> Scheduler:
    """The scheduler of every deck: whole days, one step of a day after a wrong answer; ``fuzz`` spreads
    long intervals a little (as Anki does) so cards added together do not stay together."""
    return Scheduler(learning_steps=(AGAIN_AFTER,), relearning_steps=(AGAIN_AFTER,), enable_fuzzing=fuzz)


def due_cutoff(now: datetime | None = None) -> datetime:
    """The end of the user's calendar day of ``now`` (local midnight, in UTC): a card due before it is
    due today."""
    try:
        local = (now or datetime.now(UTC)).astimezone()
        midnight = datetime.combine(local.date() + timedelta(days=1), time.min).astimezone()
        return midnight.astimezone(UTC)
    except OverflowError:     # the end of time (``datetime.max``: every card)
        return datetime.max.replace(tzinfo=UTC)


def stamp(moment: datetime) -> str:
    """A moment as stored: UTC ISO text of one width, so text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _now(now: datetime | None) -> datetime:
    return datetime.now(UTC) if now is None else now.astimezone(UTC)


class CardDeck:
    """The cards of every deck in one profile's training history."""

    def __init__(self, db: TrainingDatabase, scheduler: Scheduler | None = None) -> None:
        self.db = db
        self.scheduler = scheduler or deck_scheduler()
        db.ensure_table(CARDS_TABLE, CARDS_COLUMNS)
        db.ensure_table(REVIEWS_TABLE, REVIEWS_COLUMNS)

    def add(self, kind: DeckKind, key: str, face: CardFace, now: datetime | None = None) -> bool:
        """A new card, due at once; False when the deck already holds ``key``."""
        return self.add_all([(kind, key, face)], now)[0]

    def add_all(self, cards: Sequence[tuple[DeckKind, str, CardFace]], now: datetime | None = None) -> list[bool]:
        """New cards in one transaction (one disk flush, however many); per card, False when known."""
        with self.db.write() as connection:
            return self.add_within(connection, cards, now)

    @staticmethod
    def add_within(connection: sqlite3.Connection, cards: Sequence[tuple[DeckKind, str, CardFace]],
                   now: datetime | None = None) -> list[bool]:
        """``add_all`` inside a transaction the caller holds (``db.write()``), with what else it writes."""
        moment = stamp(_now(now))
        state = Card(card_id=0, due=_now(now)).to_json()
        added = []
        for kind, key, face in cards:
            cursor = connection.execute(
                f"INSERT INTO {CARDS_TABLE} (kind, key, fen, answers, title, source, added, due, state) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (kind.value, key, face.fen, json.dumps(list(face.answers)), face.title, face.source,
                 moment, moment, state))
            added.append(cursor.rowcount == 1)
        return added

    def due(self, now: datetime | None = None, kind: DeckKind | None = None) -> list[DueCard]:
        """The cards due on the calendar day of ``now`` or before (of one deck, or all), the longest
        overdue first."""
        kinds = [kind] if kind is not None else list(DeckKind)
        marks = ", ".join("?" for _ in kinds)
        rows = self.db.rows(f"SELECT card_id, kind, key, fen, answers, title, source, due FROM {CARDS_TABLE} "
                            f"WHERE due < ? AND kind IN ({marks}) ORDER BY due, card_id",
                            [stamp(due_cutoff(now)), *(k.value for k in kinds)])
        return [DueCard(int(r["card_id"]), DeckKind(r["kind"]),
                        CardFace(str(r["fen"]), tuple(json.loads(r["answers"])), str(r["title"]), str(r["source"])),
                        datetime.fromisoformat(r["due"]), str(r["key"])) for r in rows]

    def review(self, card_id: int, correct: bool, now: datetime | None = None) -> datetime:
        """Grade an answer (right: Good, wrong: Again) and schedule the card; its next due date."""
        moment = _now(now)
        with self.db.write() as connection:
            row = connection.execute(f"SELECT kind, key, state FROM {CARDS_TABLE} WHERE card_id = ?",
                                     (card_id,)).fetchone()
            if row is None:
                raise TrainingError(f"{self.db.path}: {CARDS_TABLE}: no card {card_id}")
            card = Card.from_json(str(row["state"]))
            rating = Rating.Good if correct else Rating.Again
            card, _log = self.scheduler.review_card(card, rating, moment)
            connection.execute(f"UPDATE {CARDS_TABLE} SET due = ?, state = ? WHERE card_id = ?",
                               (stamp(card.due), card.to_json(), card_id))
            connection.execute(f"INSERT OR REPLACE INTO {REVIEWS_TABLE} VALUES (?, ?, ?, ?, ?)",
                               (row["kind"], row["key"], stamp(moment), int(correct), stamp(card.due)))
        return card.due

    def counts(self, now: datetime | None = None) -> dict[DeckKind, DeckCounts]:
        """Per deck: the cards due on the calendar day of ``now`` or before, and all its cards."""
        rows = self.db.rows(f"SELECT kind, SUM(due < ?) AS due, COUNT(*) AS total FROM {CARDS_TABLE} "
                            "GROUP BY kind", [stamp(due_cutoff(now))])
        found = {str(r["kind"]): DeckCounts(int(r["due"] or 0), int(r["total"])) for r in rows}
        return {kind: found.get(kind.value, DeckCounts(0, 0)) for kind in DeckKind}
