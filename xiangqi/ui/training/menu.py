"""The 练习 (Training) menu: every training mode from one place, after the Game menu.

Each entry opens its mode with ``open_*(host, db)`` on the profile's training history
(``xiangqi.training.database``), opened on first use beside the settings file; a history that cannot be
opened is said in a message naming the file, and the rest of the app goes on without it. A damaged
history is offered for repair (what can be read goes into a fresh file, the damaged one is kept beside
it; never replaced without the user's word); one marked read-only is opened read-only, which the user is
told once. The 今日复习 entry says how many cards are due (counted when the menu opens).

The menu also gives the review its training part (``after_review``): the player's ?/?? moves go into the
mistakes deck (``review_mistakes``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from xiangqi.record import Game
from xiangqi.training.cards import CardDeck
from xiangqi.training.database import (READ_ONLY_FILE, READ_ONLY_FOLDER, HistoryDamagedError, TrainingDatabase,
                                       TrainingError)
from xiangqi.training.history_repair import damaged_name, repair_history
from xiangqi.ui.training.deck_view import DUE_KINDS, open_due_cards
from xiangqi.ui.training.endgame_challenge import open_endgame_challenge
from xiangqi.ui.training.guess_move import open_guess_the_move
from xiangqi.ui.training.opening_drill import open_opening_drill
from xiangqi.ui.training.progress_view import open_progress
from xiangqi.ui.training.puzzle_trainer import open_puzzle_trainer
from xiangqi.ui.training.review_mistakes import MistakesNote
from xiangqi.ui.window_host import BookSource, WindowHost

Opener = Callable[[WindowHost, TrainingDatabase], None]


class TrainingMenu(QObject):
    """练习 in the window's menu bar, and the profile's training history it opens on first use."""

    def __init__(self, window: WindowHost, db_path: Path, book: BookSource | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.db_path = db_path
        self.book = book     # the open opening book, which the opening drill may drill
        self._db: TrainingDatabase | None = None
        self._deck: CardDeck | None = None
        self._told_read_only = False
        self.menu = QMenu(self.tr("&Training"), window)
        self.menu.setObjectName("training_menu")
        self.puzzles_action = self._entry(self.tr("&Puzzles…"), open_puzzle_trainer)
        self.due_action = self._entry(self.tr("&Due today…"), open_due_cards)
        self.menu.addSeparator()
        self.endgame_action = self._entry(self.tr("&Endgame challenge…"), open_endgame_challenge)
        self.guess_action = self._entry(self.tr("&Guess the move…"), open_guess_the_move)
        self.opening_action = self._entry(self.tr("&Opening drill…"), self.open_drill)
        self.menu.addSeparator()
        self.progress_action = self._entry(self.tr("P&rogress and history…"), open_progress)
        self.menu.aboutToShow.connect(self.show_due_count)
        self._place_menu()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)   # the log folded into the file: no -wal left beside it

    def _entry(self, text: str, opener: Opener) -> QAction:
        action = self.menu.addAction(text)
        action.triggered.connect(lambda _checked=False: self.open_mode(opener))
        return action

    def _place_menu(self) -> None:
        """Right after the Game menu (游戏), where a player looks for what to do next."""
        bar = self.window.menuBar()
        actions = bar.actions()
        game = self.window.game_menu.menuAction()
        after = actions.index(game) + 1 if game in actions else len(actions)
        if after < len(actions):
            bar.insertMenu(actions[after], self.menu)
        else:
            bar.addMenu(self.menu)

    # ----------------------------------------------------------------- the history
    def database(self, quiet: bool = False, then: Opener | None = None) -> TrainingDatabase | None:
        """The profile's training history, opened on first use; None when it cannot be (said in a message
        unless ``quiet``; a damaged one is offered for repair, after which ``then`` opens on it)."""
        if self._db is None:
            try:
                self._db = TrainingDatabase(self.db_path)
            except HistoryDamagedError as error:
                if not quiet:
                    self.offer_repair(error, then)
                return None
            except TrainingError as error:
                if not quiet:
                    text = self.tr("The training history cannot be opened.")
                    self.window.show_message(self.tr("Training"), text, [str(error)])
                return None
        return self._db

    def offer_repair(self, error: HistoryDamagedError, then: Opener | None) -> QMessageBox:
        """Ask before a damaged history is repaired (nothing changes on No)."""
        text = self.tr("The training history {0} is damaged. Repair it? What can still be read is kept in a "
                       "fresh history; the damaged file is kept beside it ({1}).").format(
                           error.path.name, damaged_name(error.path).name)
        box = self.window.ask(self.tr("Training"), text, lambda: self.repair(then))
        box.setInformativeText("\n".join(error.problems[:5]))
        return box

    def repair(self, then: Opener | None = None) -> QMessageBox:
        """Repair the damaged history (its size is a training history's: read on the GUI thread) and say
        what was kept; ``then`` opens on the repaired history."""
        try:
            report = repair_history(self.db_path)
        except TrainingError as error:
            return self.window.show_message(self.tr("Training"), self.tr("The training history was not repaired."),
                                            [str(error)])
        text = self.tr("The training history was repaired: {0} entries kept. The damaged file is kept as {1}.")
        box = self.window.show_message(self.tr("Training"), text.format(report.salvaged, report.kept),
                                       list(report.problems), icon=QMessageBox.Icon.Information)
        if then is not None:
            box.finished.connect(lambda _result: self.open_mode(then))
        return box

    def deck(self, quiet: bool = False) -> CardDeck | None:
        if self._deck is None and (db := self.database(quiet)) is not None:
            try:
                self._deck = CardDeck(db)
            except TrainingError as error:
                if not quiet:
                    self.window.show_message(self.tr("Training"), self.tr("The card decks cannot be read."),
                                             [str(error)])
        return self._deck

    def open_mode(self, opener: Opener) -> None:
        db = self.database(then=opener)
        if db is None:
            return
        if db.read_only is not None and not self._told_read_only:
            self._told_read_only = True
            text = self.tr("The training history {0} is read-only ({1}): you can train, but nothing is saved.")
            why = {READ_ONLY_FILE: self.tr("the file is marked read-only"),
                   READ_ONLY_FOLDER: self.tr("its folder cannot be written")}.get(db.read_only, db.read_only)
            box = self.window.show_message(self.tr("Training"), text.format(db.path, why),
                                           icon=QMessageBox.Icon.Warning)
            box.finished.connect(lambda _result: self.run_opener(opener, db))
            return
        self.run_opener(opener, db)

    def run_opener(self, opener: Opener, db: TrainingDatabase) -> None:
        """Open a mode; a history that fails while it is read (a disk error, damage met later) is said."""
        try:
            opener(self.window, db)
        except TrainingError as error:
            self.window.show_message(self.tr("Training"), self.tr("The training history cannot be read."),
                                     [str(error)])

    def open_drill(self, host: WindowHost, db: TrainingDatabase) -> None:
        open_opening_drill(host, db, self.book)

    def show_due_count(self) -> None:
        """今日复习 (3): the cards due now, counted when the menu opens (only once the history exists)."""
        if not self.db_path.exists():
            return
        deck = self.deck(quiet=True)   # a broken history is said when an entry is chosen, not on every look
        if deck is None:
            return
        counts = deck.counts()
        due = sum(counts[kind].due for kind in DUE_KINDS)
        self.due_action.setText(self.tr("&Due today ({0})…").format(due) if due else self.tr("&Due today…"))

    # ----------------------------------------------------------------- the review's part
    def after_review(self, game: Game) -> QWidget | None:
        """A finished review: the player's mistakes into the mistakes deck (a note under the summary)."""
        note = MistakesNote(self.window, game, self.deck)
        note.practise_clicked.connect(lambda: self.open_mode(open_due_cards))
        return note

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = self._deck = None


def install_training_ui(window: WindowHost, db_path: Path,
                        after_review: list[Callable[[Game], QWidget | None]] | None = None,
                        book: BookSource | None = None) -> TrainingMenu:
    """The 练习 menu in ``window`` on the training history at ``db_path`` (see ``training_db_path``);
    ``after_review``: the study tools' hooks of a finished review, where the mistakes deck joins in;
    ``book``: the opening book feature, whose open book the opening drill offers."""
    training = TrainingMenu(window, db_path, book)
    if after_review is not None:
        after_review.append(training.after_review)
    return training


__all__ = ["TrainingMenu", "install_training_ui"]
