"""Learn from your mistakes, used like a user: a review of the player's game adds the player's ?/?? moves
to the mistakes deck (said under the summary and in the status bar); 练习 › 今日复习 shows them and each
answer schedules the card's next review as fsrs says."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fsrs import Card, Rating
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from xiangqi.core import Color, Move
from xiangqi.core.notation import Notation
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat import EngineFactory
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.record import Game
from xiangqi.training.cards import CardDeck, CardFace, DeckKind, deck_scheduler
from xiangqi.training.database import TrainingDatabase
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.study.review_dialog import ReviewDialog
from xiangqi.ui.study.study_tools import StudyTools, install_study_ui
from xiangqi.ui.training.deck_view import DueCardsView
from xiangqi.ui.training.menu import TrainingMenu, install_training_ui
from xiangqi.ui.training.review_mistakes import MistakesNote, played_side

from app_fakes import ScriptedClient
from made_once import made_once
from study_support import material_spec

# 1. 炮二平五 炮8进5?? (the cannon walks onto h2, where red's other cannon takes it) 2. 炮八平二 马8进7
MOVES = ("h2e2", "h7h2", "b2h2", "h9g7")
FEN_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def build(qtbot: QtBot, tmp_path: Path, game_engine: EngineFactory | None = None
          ) -> tuple[MainWindow, StudyTools, TrainingMenu]:
    """``game_engine`` makes the engine a game is played against (default: the material engine's process)."""
    window = MainWindow(GameController(None, engine_factory=game_engine), FallbackBoardTheme(), FallbackPieceSet(),
                        [material_spec()])
    qtbot.addWidget(window)
    study = install_study_ui(window)
    training = install_training_ui(window, tmp_path / "training.sqlite", study.after_review)
    window.resize(1100, 800)
    window.show()
    qtbot.waitExposed(window)
    return window, study, training


def game(red: str, black: str) -> Game:
    record = Game({"Red": red, "Black": black, "Date": "2026.11.26"})
    node = record.root
    for iccs in MOVES:
        node = node.add_child(Move.from_iccs(iccs))
    return record


def review(qtbot: QtBot, window: MainWindow, study: StudyTools, record: Game) -> ReviewDialog:
    window.controller.study.open_record(record)
    dialog = study.open_review()
    assert isinstance(dialog, ReviewDialog)
    dialog.time_box.setValue(50)
    dialog.jobs_box.setValue(1)
    with qtbot.waitSignal(dialog.reviewed, timeout=30_000):
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)
    return dialog


def test_menu_sits_after_the_game_menu(qtbot: QtBot, tmp_path: Path) -> None:
    window, _study, training = build(qtbot, tmp_path)
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index(training.menu.title()) == titles.index(window.game_menu.title()) + 1
    assert training.menu.title() == "&Training"
    assert not (tmp_path / "training.sqlite").exists()      # opened on first use only


REVIEWED_DECK = "reviewed-deck"   # the training history a review of the player's game left (made once a run)
READS_REVIEWED_DECK = pytest.mark.reads_made_once(REVIEWED_DECK)


def copy_history(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)


@READS_REVIEWED_DECK
def test_a_review_of_the_players_game_adds_their_mistakes(qtbot: QtBot, tmp_path: Path,
                                                         tmp_path_factory: pytest.TempPathFactory) -> None:
    """Its review's history is also the one the tests of 今日复习 start from (made once a run)."""
    window, study, training = build(qtbot, tmp_path)
    window.last_setup = replace(window.last_setup, player="Me")     # setting 你的名字
    dialog = review(qtbot, window, study, game("Someone", "Me"))
    note = dialog.summary_view.findChild(MistakesNote)
    assert note is not None and note.isVisible()
    said = "Mistakes deck: 1 added from Black's ? and ?? moves."
    assert note.label.text() == said and window.statusBar().currentMessage() == said
    assert note.practise_button.isVisible() and not note.red_button.isVisible()
    qtbot.waitUntil(lambda: dialog.height() >= dialog.sizeHint().height())   # room for the note: nothing squeezed
    deck = training.deck()
    assert deck is not None
    [card] = deck.due(kind=DeckKind.MISTAKES)
    assert card.face.answers == ("b7b0",) and card.face.fen.split()[1] == "b"   # the fake engine: 炮2进7, a horse
    assert "Someone – Me" in card.face.source
    dialog.reject()
    made_once(tmp_path_factory, REVIEWED_DECK,
              lambda folder: copy_history(tmp_path / "training.sqlite", folder / "training.sqlite"))


def test_whose_mistakes_is_asked_when_not_known(qtbot: QtBot, tmp_path: Path) -> None:
    window, study, training = build(qtbot, tmp_path)
    dialog = review(qtbot, window, study, game("A", "B"))     # no player name: ask
    note = dialog.summary_view.findChild(MistakesNote)
    assert note is not None and note.red_button.isVisible() and note.black_button.isVisible()
    assert training.deck() is not None and CardDeck(training.database()).due() == []  # type: ignore[arg-type]
    qtbot.mouseClick(note.black_button, Qt.MouseButton.LeftButton)
    assert note.label.text() == "Mistakes deck: 1 added from Black's ? and ?? moves."
    assert not note.red_button.isVisible() and not note.black_button.isVisible()   # answered once
    dialog.reject()


def click_move(qtbot: QtBot, view: DueCardsView, iccs: str) -> None:
    board = view.solver.board.view
    move = Move.from_iccs(iccs)
    for square in (move.from_sq, move.to_sq):
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, board.point_of(square))


def fsrs_due(db: TrainingDatabase, right: bool) -> tuple[datetime, datetime]:
    """The card's next due date as stored, and as fsrs computes it from the stored review."""
    [card] = db.rows("SELECT added, due FROM deck_cards")
    [answer] = db.rows("SELECT reviewed, correct FROM deck_reviews")
    assert bool(answer["correct"]) is right
    new = Card(card_id=0, due=datetime.fromisoformat(card["added"]))
    expected, _log = deck_scheduler(fuzz=False).review_card(new, Rating.Good if right else Rating.Again,
                                                            datetime.fromisoformat(answer["reviewed"]))
    return datetime.fromisoformat(card["due"]), expected.due


def open_due(qtbot: QtBot, window: MainWindow, training: TrainingMenu) -> DueCardsView:
    training.menu.aboutToShow.emit()
    training.due_action.trigger()                                # 练习 › 今日复习
    view = next(d for d in window.dialogs if isinstance(d, DueCardsView))
    qtbot.waitExposed(view)
    return view


def reviewed_deck(qtbot: QtBot, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
                  ) -> tuple[MainWindow, TrainingMenu]:
    """A window whose training history holds the card a review of the player's game added: the review of
    test_a_review_of_the_players_game_adds_their_mistakes (or of the first test here to need it) copied."""
    reviewed_here: list[tuple[MainWindow, TrainingMenu]] = []

    def review_here(folder: Path) -> None:
        window, study, training = build(qtbot, tmp_path)
        window.last_setup = replace(window.last_setup, player="Me")
        review(qtbot, window, study, game("Someone", "Me")).reject()
        copy_history(tmp_path / "training.sqlite", folder / "training.sqlite")
        reviewed_here.append((window, training))

    folder = made_once(tmp_path_factory, REVIEWED_DECK, review_here)
    if reviewed_here:
        window, training = reviewed_here[0]
    else:
        copy_history(folder / "training.sqlite", tmp_path / "training.sqlite")
        window, _study, training = build(qtbot, tmp_path)
    assert training.due_action.text() == "&Due today…"
    training.menu.aboutToShow.emit()
    assert training.due_action.text() == "&Due today (1)…"
    return window, training


@READS_REVIEWED_DECK
@pytest.mark.parametrize("answer", ["b7b0", "h9g7", "solution"])
def test_due_today_shows_the_card_and_the_answer_schedules_it_by_fsrs(qtbot: QtBot, tmp_path: Path,
                                                                      tmp_path_factory: pytest.TempPathFactory,
                                                                      answer: str) -> None:
    window, training = reviewed_deck(qtbot, tmp_path, tmp_path_factory)
    window.set_engines([])        # no engine to accept another move as good: the card's answer decides
    view = open_due(qtbot, window, training)
    assert view.counts_label.text() == "Card 1 of 1 · right 0 · wrong 0"
    assert view.solver.title.text() == "Move 1: 炮8进5 was played here. Find a better move."
    assert view.solver.prompt.text() == "Black to move: find the best move."
    assert view.solver.board.position().fen().split()[1] == "b" and view.solver.board.view.flipped
    if answer == "solution":
        qtbot.mouseClick(view.solver.solution_button, Qt.MouseButton.LeftButton)
    else:
        click_move(qtbot, view, answer)                          # 炮2进7 (the engine's) or 马8进7
    right = answer == "b7b0"
    stored, expected = fsrs_due(training.database(), right)     # type: ignore[arg-type]
    assert stored == expected
    assert view.counts_label.text() == ("Card 1 of 1 · right 1 · wrong 0" if right else
                                        "Card 1 of 1 · right 0 · wrong 1")
    prompt = {"b7b0": "Solved!", "h9g7": "Not the best move: 马8进7.", "solution": "The solution: 炮2进7."}
    assert view.solver.prompt.text() == prompt[answer]
    assert view.result_label.text() == f"Next review on {expected.astimezone().strftime('%Y-%m-%d')}."
    qtbot.mouseClick(view.solver.next_button, Qt.MouseButton.LeftButton)
    assert view.counts_label.text() == f"Done for now: {int(right)} right, {int(not right)} wrong."
    assert not view.solver.isVisible()
    view.reject()
    training.menu.aboutToShow.emit()
    assert training.due_action.text() == "&Due today…"           # nothing due until fsrs says so
    again = open_due(qtbot, window, training)
    assert again.counts_label.text() == "No cards are due now."
    again.reject()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def key_to(view: DueCardsView, square: int) -> None:
    """Arrow keys from the keyboard cursor's point to ``square`` (as the board is shown), then Enter."""
    board = view.solver.board.view
    geo = board.board_geometry()
    col, row = geo.column_row(board.keyboard_cursor.square)
    to_col, to_row = geo.column_row(square)
    for _ in range(abs(to_col - col)):
        QTest.keyClick(board, Qt.Key.Key_Right if to_col > col else Qt.Key.Key_Left)
    for _ in range(abs(to_row - row)):
        QTest.keyClick(board, Qt.Key.Key_Down if to_row > row else Qt.Key.Key_Up)
    assert board.keyboard_cursor.square == square
    QTest.keyClick(board, Qt.Key.Key_Return)


@READS_REVIEWED_DECK
def test_a_card_is_answered_with_the_keyboard_alone(qtbot: QtBot, tmp_path: Path,
                                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    window, training = reviewed_deck(qtbot, tmp_path, tmp_path_factory)
    window.set_engines([])
    view = open_due(qtbot, window, training)
    board = view.solver.board.view
    qtbot.waitUntil(lambda: view.focusWidget() is board)       # the card's board takes the keys at once
    QTest.keyClick(board, Qt.Key.Key_Return)                     # wakes the keyboard cursor
    move = Move.from_iccs("b7b0")                                # 炮2进7
    key_to(view, move.from_sq)
    key_to(view, move.to_sq)
    assert view.solver.prompt.text() == "Solved!" and view.right == 1
    QTest.keyClick(view, Qt.Key.Key_Escape)                      # Esc closes the view
    assert not view.isVisible()


def test_the_players_side_in_a_game_against_the_engine(qtbot: QtBot, tmp_path: Path) -> None:
    window, _study, _training = build(qtbot, tmp_path, lambda spec, owner: ScriptedClient(spec, owner))
    window.start_game(GameSetup(human=Color.BLACK, engine=material_spec(), player=""))   # no name set
    played = window.controller.game.record
    assert played_side(window, played) is Color.BLACK
    assert played_side(window, game("A", "B")) is None          # another record: its headers decide
    window.controller.shutdown()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


@READS_REVIEWED_DECK
def test_a_card_that_cannot_be_shown_is_skipped_and_named(qtbot: QtBot, tmp_path: Path,
                                                          tmp_path_factory: pytest.TempPathFactory) -> None:
    window, training = reviewed_deck(qtbot, tmp_path, tmp_path_factory)
    window.set_engines([])
    deck = training.deck()
    assert deck is not None
    start = datetime(2020, 1, 1, tzinfo=UTC)                    # due before the review's card
    deck.add(DeckKind.PUZZLES, "bad fen", CardFace("not a position", ("h2e2",), "t", "s"), start)
    deck.add(DeckKind.PUZZLES, "bad move", CardFace(FEN_START, ("a0a5",), "t", "s"), start)
    bad = [c.card_id for c in deck.due(kind=DeckKind.PUZZLES)]
    view = open_due(qtbot, window, training)
    assert view.counts_label.text() == "Card 1 of 3 · right 0 · wrong 0"
    assert view.solver.title.text() == "Move 1: 炮8进5 was played here. Find a better move."   # the good card
    click_move(qtbot, view, "b7b0")
    qtbot.mouseClick(view.solver.next_button, Qt.MouseButton.LeftButton)
    assert view.counts_label.text() == "Done for now: 1 right, 0 wrong."
    problems = view.result_label.text()
    assert problems.startswith("Cards that cannot be shown: ") and all(f"card {n}" in problems for n in bad)
    assert len(deck.due(kind=DeckKind.PUZZLES)) == 2           # left in the deck as they are, not graded


@READS_REVIEWED_DECK
def test_a_mistake_card_speaks_the_notation_of_now(qtbot: QtBot, tmp_path: Path,
                                                   tmp_path_factory: pytest.TempPathFactory) -> None:
    window, training = reviewed_deck(qtbot, tmp_path, tmp_path_factory)
    deck = training.deck()
    assert deck is not None
    [card] = deck.due(kind=DeckKind.MISTAKES)
    assert card.face.title == "Move 1: 炮8进5?? was played here. Find a better move."   # as the review wrote it
    window.set_notation(Notation.WXF)                            # the user switched to WXF since
    view = open_due(qtbot, window, training)
    assert view.solver.title.text() == "Move 1: C8+5 was played here. Find a better move."
    view.reject()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


@pytest.mark.parametrize(("source", "shown"), [
    ("CCPD 中局.pgn record 1314", "CCPD 中局.pgn, record 1314"),
    ("games.pgn game 12, ply 33", "games.pgn, game 12, move 17"),
    ("CCPD 全盤戰術.pgn game 3", "CCPD 全盤戰術.pgn, game 3"),
    ("某某 vs 某某 2026-01-01", "某某 vs 某某 2026-01-01"),        # a review's game: as it is
])
def test_a_puzzle_cards_source_is_written_in_the_ui_language(qtbot: QtBot, tmp_path: Path, source: str,
                                                             shown: str) -> None:
    window, _study, _training = build(qtbot, tmp_path)
    deck = CardDeck(TrainingDatabase(tmp_path / "cards.sqlite"))
    deck.add(DeckKind.PUZZLES, "p", CardFace(FEN_START, ("h2e2",), "title", source))
    view = DueCardsView(window, deck, engine=None)
    qtbot.addWidget(view)
    assert view.source_label.text() == shown                # the English UI's words; translated like any tr()
