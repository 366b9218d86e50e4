"""练习 › 练习进度: the charts read the training history; export, import into a fresh profile, and a bad file
refused with the file and field named, as a user sees them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCharts import QBarCategoryAxis, QChartView, QDateTimeAxis
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from xiangqi.core import Move
from xiangqi.play.controller import GameController
from xiangqi.training.cards import CardDeck, CardFace, DeckKind, deck_scheduler
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.puzzle_store import PuzzleHistory
from xiangqi.training.puzzles import Puzzle
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training.menu import TrainingMenu, install_training_ui
from xiangqi.ui.training.progress_view import ProgressView

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def build(qtbot: QtBot, tmp_path: Path, name: str = "training.sqlite") -> tuple[MainWindow, TrainingMenu]:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    training = install_training_ui(window, tmp_path / name)
    window.show()
    qtbot.waitExposed(window)
    return window, training


def fill(db: TrainingDatabase) -> None:
    deck = CardDeck(db, deck_scheduler(fuzz=False))
    now = datetime.now(UTC)
    history = PuzzleHistory(db)                              # the puzzle trainer's attempts, as it keeps them
    puzzles = [Puzzle(f"t{n}", FEN, (Move.from_iccs("h2e2"),)) for n in range(2)]
    for day, (puzzle, solved) in enumerate([(puzzles[0], True), (puzzles[1], False), (puzzles[0], True)]):
        history.record(puzzle, solved, 0, "title", now - timedelta(days=5 - day))
    for n in range(3):
        deck.add(DeckKind.MISTAKES, f"m{n}", CardFace(FEN, ("h2e2",), f"mistake {n}", "game"), now - timedelta(days=2))
    deck.add(DeckKind.PUZZLES, "p0", CardFace(FEN, ("b2e2",), "puzzle", "set"), now - timedelta(days=2))
    first = deck.due(now, DeckKind.MISTAKES)[0].card_id
    deck.review(first, correct=True, now=now - timedelta(days=1))
    deck.review(deck.due(now, DeckKind.MISTAKES)[0].card_id, correct=False, now=now - timedelta(hours=1))


def open_view(qtbot: QtBot, window: MainWindow, training: TrainingMenu) -> ProgressView:
    training.menu.aboutToShow.emit()
    training.progress_action.trigger()                       # 练习 › 练习进度
    view = next(d for d in window.dialogs if isinstance(d, ProgressView))
    qtbot.waitExposed(view)
    return view


def message(window: MainWindow) -> QMessageBox:
    return [d for d in window.dialogs if isinstance(d, QMessageBox)][-1]


def next_message(qtbot: QtBot, window: MainWindow) -> QMessageBox:
    """The message a background job (an import) shows when it ends."""
    before = sum(1 for d in window.dialogs if isinstance(d, QMessageBox))
    qtbot.waitUntil(lambda: sum(1 for d in window.dialogs if isinstance(d, QMessageBox)) > before, timeout=20_000)
    return message(window)


def test_the_progress_view_shows_due_counts_and_answers(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    db = training.database()
    assert db is not None
    fill(db)
    training.menu.aboutToShow.emit()
    assert training.due_action.text() == "&Due today (3)…"   # 1 mistake, 2 puzzles (1 failed there)
    view = open_view(qtbot, window, training)
    assert "Mistakes: 1 due of 3" in view.counts_label.text() and "Puzzles: 2 due of 2" in view.counts_label.text()
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["&Rating", "T&hemes", "&Answers", "D&ue"]
    rating = view.tabs.widget(0)
    assert isinstance(rating, QChartView)
    assert rating.chart().series()[0].count() == 3         # type: ignore[attr-defined]  # one point an attempt
    themes = view.tabs.widget(1)
    assert isinstance(themes, QChartView)
    solved, failed = themes.chart().series()[0].barSets()   # type: ignore[attr-defined]
    assert (list(solved.at(i) for i in range(solved.count())), list(failed.at(i) for i in range(failed.count()))) \
        == ([1], [1])                                       # puzzles of a set not shipped: "Other sets"
    axis = themes.chart().axes(Qt.Orientation.Vertical)[0]
    assert isinstance(axis, QBarCategoryAxis) and axis.categories() == ["Other sets"]
    answers = view.tabs.widget(2)
    assert isinstance(answers, QChartView)
    right, wrong = answers.chart().series()[0].barSets()     # type: ignore[attr-defined]
    assert (sum(right.at(i) for i in range(right.count())), sum(wrong.at(i) for i in range(wrong.count()))) == (1, 1)
    due = view.tabs.widget(3)
    assert isinstance(due, QChartView)
    mistakes = due.chart().series()[0].barSets()[0]           # type: ignore[attr-defined]
    today = datetime.now().astimezone().date()
    due_today = sum(1 for r in db.rows("SELECT due FROM deck_cards WHERE kind = 'mistakes'")
                    if datetime.fromisoformat(r["due"]).astimezone().date() <= today)
    assert mistakes.label() == "Mistakes" and mistakes.at(0) == due_today >= 1


def test_export_then_import_into_a_fresh_profile_gives_the_same_history(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    db = training.database()
    assert db is not None
    fill(db)
    view = open_view(qtbot, window, training)
    view.export_button.click()
    dialog = next(d for d in window.dialogs if isinstance(d, QFileDialog))
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    exported = tmp_path / "history.json"
    dialog.fileSelected.emit(str(exported))
    assert str(exported) in message(window).text()
    view.reject()

    other, fresh = build(qtbot, tmp_path, "fresh.training.sqlite")
    fresh_view = open_view(qtbot, other, fresh)
    assert "Mistakes: 0 due of 0" in fresh_view.counts_label.text()
    fresh_view.import_button.click()
    dialog = next(d for d in other.dialogs if isinstance(d, QFileDialog))
    dialog.fileSelected.emit(str(exported))
    assert "entries added" in next_message(qtbot, other).text()
    assert fresh_view.counts_label.text() == view.counts_text()
    fresh_db = fresh.database()
    assert fresh_db is not None
    assert fresh_db.tables() == db.tables() and {"deck_cards", "deck_reviews", "puzzle_attempts"} <= set(db.tables())
    for table in db.tables():                                # every row of every mode (a card's row id aside)
        def rows(of: TrainingDatabase, table: str = table) -> list[tuple[object, ...]]:
            return sorted(tuple(v for k, v in zip(r.keys(), r, strict=True) if k != "card_id")
                          for r in of.rows(f"SELECT * FROM {table}"))
        assert rows(fresh_db) == rows(db) != []


def test_a_bad_import_file_is_refused_naming_the_file_and_field(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    view = open_view(qtbot, window, training)
    bad = tmp_path / "broken history.json"
    bad.write_text('{"format": "xiangqi-training-history", "version": 1, "tables": {"deck_cards": '
                   '{"columns_sql": "card_id INTEGER", "columns": ["card_id"], "rows": [[1, 2]]}}}', encoding="utf-8")
    view.import_button.click()
    dialog = next(d for d in window.dialogs if isinstance(d, QFileDialog))
    dialog.fileSelected.emit(str(bad))
    box = next_message(qtbot, window)
    assert box.text() == "Nothing was imported: the file cannot be used."
    assert str(bad) in box.informativeText() and "tables.deck_cards.rows[0]" in box.informativeText()
    assert "Mistakes: 0 due of 0" in view.counts_label.text()


def test_a_broken_history_file_is_offered_for_repair_and_kept_until_the_user_says(qtbot: QtBot,
                                                                                   tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    (tmp_path / "training.sqlite").write_bytes(b"garbage" * 1000)
    training.menu.aboutToShow.emit()                         # a look at the menu says nothing yet
    assert training.due_action.text() == "&Due today…" and window.dialogs == []
    training.progress_action.trigger()
    box = message(window)
    assert "training.sqlite is damaged. Repair it?" in box.text() and "not a database" in box.informativeText()
    assert not any(isinstance(d, ProgressView) for d in window.dialogs)
    assert (tmp_path / "training.sqlite").read_bytes() == b"garbage" * 1000
    box.button(QMessageBox.StandardButton.No).click()        # nothing changes on No
    assert (tmp_path / "training.sqlite").read_bytes() == b"garbage" * 1000


def axis_labels(chart_view: QChartView) -> list[str]:
    """The dates under the rating chart, as Qt writes them at its ticks."""
    axis = chart_view.chart().axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(axis, QDateTimeAxis)
    low, high, ticks = axis.min().toMSecsSinceEpoch(), axis.max().toMSecsSinceEpoch(), axis.tickCount()
    return [QDateTime.fromMSecsSinceEpoch(low + (high - low) * i // (ticks - 1)).toString(axis.format())
            for i in range(ticks)]


@pytest.mark.parametrize("span", [timedelta(0), timedelta(hours=3), timedelta(days=1), timedelta(days=3),
                                  timedelta(days=10), timedelta(days=400)])
def test_the_rating_axis_never_repeats_a_date(qtbot: QtBot, tmp_path: Path, span: timedelta) -> None:
    window, training = build(qtbot, tmp_path)
    db = training.database()
    assert db is not None
    history = PuzzleHistory(db)
    start = datetime(2026, 3, 1, 21, 30).astimezone()
    for n, moment in enumerate((start, start + span / 2, start + span)):
        history.record(Puzzle(f"t{n}", FEN, (Move.from_iccs("h2e2"),)), True, 0, "t", moment)
    view = open_view(qtbot, window, training)
    rating = view.tabs.widget(0)
    assert isinstance(rating, QChartView)
    labels = axis_labels(rating)
    assert len(set(labels)) == len(labels) >= 2, labels
    axis = rating.chart().axes(Qt.Orientation.Horizontal)[0]
    assert isinstance(axis, QDateTimeAxis)
    assert axis.min().toMSecsSinceEpoch() <= start.timestamp() * 1000
    assert axis.max().toMSecsSinceEpoch() >= (start + span).timestamp() * 1000


def test_the_empty_rating_chart_says_no_attempts_yet_not_1970(qtbot: QtBot, tmp_path: Path) -> None:
    window, training = build(qtbot, tmp_path)
    view = open_view(qtbot, window, training)
    rating = view.tabs.widget(0)
    assert isinstance(rating, QChartView)
    assert rating.chart().title() == "Puzzle rating: no attempts yet"
    assert not rating.chart().axes(Qt.Orientation.Horizontal)[0].labelsVisible()
