"""The card decks: fsrs scheduling in whole days, one card per key, counts per deck."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Card, Rating

from xiangqi.training.cards import CardDeck, CardFace, DeckCounts, DeckKind, deck_scheduler, due_cutoff
from xiangqi.training.database import TrainingDatabase, TrainingError

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
FACE = CardFace("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", ("h2e2", "b2e2"),
                "第 1 步", "game.pgn, ply 1")


@pytest.fixture
def deck(tmp_path: Path) -> CardDeck:
    return CardDeck(TrainingDatabase(tmp_path / "t.sqlite"), deck_scheduler(fuzz=False))


def test_a_new_card_is_due_at_once_and_added_once(deck: CardDeck) -> None:
    assert deck.add(DeckKind.MISTAKES, "k1", FACE, START)
    assert not deck.add(DeckKind.MISTAKES, "k1", FACE, START + timedelta(days=1))
    assert deck.add(DeckKind.PUZZLES, "k1", FACE, START)     # another deck, another card
    due = deck.due(START, DeckKind.MISTAKES)
    assert [(c.kind, c.face) for c in due] == [(DeckKind.MISTAKES, FACE)]
    assert deck.due(START - timedelta(days=1)) == []
    assert deck.counts(START) == {DeckKind.MISTAKES: DeckCounts(1, 1), DeckKind.PUZZLES: DeckCounts(1, 1),
                                  DeckKind.OPENING: DeckCounts(0, 0)}


def expected_due(ratings: list[tuple[Rating, datetime]]) -> datetime:
    scheduler = deck_scheduler(fuzz=False)
    card = Card(card_id=0, due=START)
    for rating, moment in ratings:
        card, _ = scheduler.review_card(card, rating, moment)
    return card.due


def test_answers_are_scheduled_by_fsrs(deck: CardDeck) -> None:
    deck.add(DeckKind.MISTAKES, "k", FACE, START)
    card_id = deck.due(START)[0].card_id
    first = deck.review(card_id, correct=True, now=START)
    assert first == expected_due([(Rating.Good, START)])
    assert first - START >= timedelta(days=1)          # whole days, no minute steps
    assert deck.due(START + timedelta(hours=12)) == []
    assert deck.counts(first)[DeckKind.MISTAKES] == DeckCounts(1, 1)
    second = deck.review(card_id, correct=False, now=first)
    assert second == expected_due([(Rating.Good, START), (Rating.Again, first)])
    assert second - first == timedelta(days=1)        # a wrong answer: again tomorrow
    third = deck.review(card_id, correct=True, now=second)
    assert third == expected_due([(Rating.Good, START), (Rating.Again, first), (Rating.Good, second)])
    history = deck.db.rows("SELECT correct, next_due FROM deck_reviews ORDER BY reviewed")
    assert [r["correct"] for r in history] == [1, 0, 1]


def test_the_schedule_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    deck = CardDeck(TrainingDatabase(path), deck_scheduler(fuzz=False))
    deck.add(DeckKind.MISTAKES, "k", FACE, START)
    due = deck.review(deck.due(START)[0].card_id, correct=True, now=START)
    deck.db.close()
    again = CardDeck(TrainingDatabase(path))
    assert [c.due for c in again.due(due)] == [due]


def test_reviewing_an_unknown_card_is_an_error(deck: CardDeck) -> None:
    with pytest.raises(TrainingError, match="no card 42"):
        deck.review(42, correct=True, now=START)


def test_an_exported_deck_imports_with_its_schedule(tmp_path: Path, deck: CardDeck) -> None:
    deck.add(DeckKind.MISTAKES, "k", FACE, START)
    due = deck.review(deck.due(START)[0].card_id, correct=True, now=START)
    deck.db.export_history(tmp_path / "h.json")
    fresh = TrainingDatabase(tmp_path / "fresh.sqlite")
    fresh.import_history(tmp_path / "h.json")
    copy = CardDeck(fresh)
    assert [(c.face, c.due) for c in copy.due(due)] == [(FACE, due)]
    assert copy.counts(due) == deck.counts(due)


def test_cards_added_together_are_one_transaction_each_key_once(deck: CardDeck) -> None:
    cards = [(DeckKind.MISTAKES, "x", FACE), (DeckKind.MISTAKES, "x", FACE), (DeckKind.PUZZLES, "x", FACE)]
    assert deck.add_all(cards, START) == [True, False, True]
    assert deck.add_all([], START) == []
    assert deck.counts(START)[DeckKind.MISTAKES] == DeckCounts(1, 1)


def local(hour: int, day: int = 1) -> datetime:
    """A moment of the user's own clock (the machine's time zone)."""
    return datetime(2026, 3, day, hour, 0).astimezone()


def test_due_today_is_the_users_calendar_day_everywhere(deck: CardDeck) -> None:
    from xiangqi.training.progress import due_forecast
    deck.add(DeckKind.MISTAKES, "evening", FACE, local(21))       # due at 21:00 today
    deck.add(DeckKind.MISTAKES, "tomorrow", FACE, local(0, day=2))
    morning = local(9)
    assert [c.key for c in deck.due(morning)] == ["evening"]        # 今日复习 shows it at 09:00
    assert deck.counts(morning)[DeckKind.MISTAKES] == DeckCounts(1, 2)   # the menu's count agrees
    assert due_forecast(deck.db, today=morning.date())[DeckKind.MISTAKES][:2] == [1, 1]   # and 练习进度
    assert due_cutoff(morning) == local(0, day=2)


def test_a_wrong_answer_comes_back_tomorrow_even_for_a_well_known_card(deck: CardDeck) -> None:
    deck.add(DeckKind.MISTAKES, "k", FACE, START)
    card_id = deck.due(START)[0].card_id
    moment = START
    for _ in range(5):
        moment = deck.review(card_id, correct=True, now=moment)
    assert moment - START > timedelta(days=20)                       # well known by now
    again = deck.review(card_id, correct=False, now=moment)
    assert again - moment == timedelta(days=1)                      # fsrs alone: a week
    assert [c.card_id for c in deck.due(moment + timedelta(days=1))] == [card_id]
