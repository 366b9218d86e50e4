"""Game › Engine match… in the window: the match plays while the board, the move list and a panel follow it.

Why the CLI's ``MatchRunner`` (``xiangqi.match.runner``) and not the game controller with both seats
filled: the runner already is the match — its referee (the program's rules, score adjudication, the
draw by length), its clocks, an engine crash losing the game and the engine restarted, the PGN file
appended atomically after each game. The controller only shows: each game is opened as a record
(``open_record``) and every engine move is shown at the record's new last node (``show_node``), so the
board, move list and evaluation graph work as for any record. Its panel, in the window's engine area
(under the move list), shows both engines' lines
(an ``EnginePanel`` each), the score, W/D/L, the Elo difference with its 95 % interval and one row per
finished game; Pause lets the move being thought about finish and then asks for no more; Stop ends the
match (the game in progress is not recorded).

An SPRT is a match that stops once the log-likelihood ratio reaches a bound: the panel shows the LLR, its
bounds, the pentanomial and the Elo after each pair. A tournament plays its encounters one after the other
(``TournamentRunner``), each followed on the board like a match; the panel adds the crosstable (rank, Elo and
95 % interval, score) updated after every game.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractItemView, QDockWidget, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QSizePolicy, QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout, QWidget)

from xiangqi.book.chooser import BookPlayer
from xiangqi.core import Color
from xiangqi.engine.seat import SeatInfo
from xiangqi.match.results import Tally, format_elo
from xiangqi.match.runner import (FinishedGame, MatchRunner, MatchSettings, TournamentGame, TournamentRunner,
                                  TournamentSettings)
from xiangqi.match.sprt import Decision, SprtSettings, SprtStatus, SprtTracker
from xiangqi.match.tournament import Crosstable, mark
from xiangqi.ui.match.end_text import end_text, show_end_in_comment
from xiangqi.record import Game, GameNode
from xiangqi.ui.engines.engine_panel import EnginePanel
from xiangqi.ui.match.match_dialog import MatchDialog
from xiangqi.ui.window_host import BookSource, WindowHost

STATUS_MS = 8000
ALL_PLIES = 1_000   # the dialog's own ply count limits book openings
MIN_ROWS = 3        # results rows the table keeps however small the window (more as it grows)
ROW_PADDING = 6     # px above and below a results row's text
PV_ROWS = 3         # text lines of each engine's line shown while the match plays
COLUMNS = 6   # #, red, black, result, plies, reason
REASON_COLUMN = 5
CROSSTABLE_FIXED_COLUMNS = 6   # rank, engine, Elo, 95 % interval, games, score; then one per opponent


class MatchPanel(QWidget):
    """The match's section of the engine area: status, Pause/Stop/Close, both engines' lines, the score and
    the results table (its columns share the width: names and reasons are cut, the tooltip has them)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("match_panel")
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.pause_button = QPushButton(self.tr("Pause"), self)
        self.pause_button.setCheckable(True)
        self.stop_button = QPushButton(self.tr("Stop"), self)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Close the match panel (once the match is over)"))
        self.close_button.setEnabled(False)
        self.close_button.clicked.connect(lambda _checked=False: self.hide())
        self.panels = (EnginePanel(self), EnginePanel(self))
        for panel in self.panels:
            panel.lines_box.hide()   # each engine plays its own move: one line, MultiPV is not asked for
            tree = panel.tree        # and that line in a few text lines: the results table needs the room
            tree.setMaximumHeight(tree.header().sizeHint().height() + PV_ROWS * tree.fontMetrics().lineSpacing()
                                  + 2 * tree.frameWidth() + ROW_PADDING)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sprt = QLabel(self)
        self.sprt.setObjectName("match_sprt")
        self.sprt.setWordWrap(True)
        self.sprt.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.sprt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sprt.hide()
        self.crosstable = self._crosstable()
        self.table = self._results_table()
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.pause_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        for panel in self.panels:
            layout.addWidget(panel, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.sprt)
        layout.addWidget(self.crosstable, 2)
        layout.addWidget(self.table, 2)

    def _crosstable(self) -> QTableWidget:
        table = QTableWidget(0, CROSSTABLE_FIXED_COLUMNS, self)
        table.setObjectName("match_crosstable")
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + ROW_PADDING)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.hide()
        return table

    def show_crosstable(self, crosstable: Crosstable) -> None:
        """The tournament's table, best first: the Elo is the maximum likelihood over all games so far."""
        ratings = crosstable.ratings()
        names = crosstable.names
        self.crosstable.setColumnCount(CROSSTABLE_FIXED_COLUMNS + len(names))
        self.crosstable.setHorizontalHeaderLabels(
            [self.tr("Rank"), self.tr("Engine"), self.tr("Elo"), self.tr("95% interval"), self.tr("Games"),
             self.tr("Score")] + [mark(k) for k in range(len(names))])
        rows = crosstable.rows(ratings)
        self.crosstable.setRowCount(len(rows))
        for line, row in enumerate(rows):
            cells = [str(row.rank), f"{mark(row.index)}  {row.name}", f"{row.rating.elo:+.0f}",
                     f"{row.rating.low:+.0f} .. {row.rating.high:+.0f}", str(row.games), f"{100 * row.score:.1f}%"]
            cells += ["—" if k == row.index else (f"{cell[0]:g}/{cell[1]}" if cell else "")
                      for k, cell in enumerate(row.against)]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setToolTip(value)
                self.crosstable.setItem(line, column, item)
        anchor = (self.tr("the average is 0") if ratings.anchor == "average"
                  else self.tr("{0} is 0").format(ratings.anchor))
        note = self.tr("Elo by maximum likelihood over all {0} games, {1}").format(crosstable.total_games, anchor)
        if ratings.virtual_draws:
            note += self.tr("; a perfect score or engines yet to meet: one virtual draw added per pair of engines")
        self.crosstable.setToolTip(note)
        self.crosstable.show()

    def show_sprt(self, settings: SprtSettings, status: SprtStatus) -> None:
        """The LLR against its bounds after the last complete pair, the pentanomial and A's Elo."""
        elo, error = status.pentanomial.elo()
        verdict = {Decision.H1: self.tr("H1 accepted: engine A is stronger by about elo1"),
                   Decision.H0: self.tr("H0 accepted: engine A is not stronger by elo1"),
                   Decision.CONTINUE: self.tr("continuing")}[status.decision]
        elo_text = ("—" if not math.isfinite(elo) else
                    f"{elo:+.1f} ± {error:.1f}" if math.isfinite(error) else f"{elo:+.1f}")
        self.sprt.setText(self.tr(
            "SPRT [{0}, {1}]: LLR {2} (bounds {3} .. {4}); {5} pairs, LL LD DD+WL WD WW = {6}; Elo {7}; {8}")
            .format(f"{settings.elo0:g}", f"{settings.elo1:g}", f"{status.llr:.2f}", f"{status.lower:.2f}",
                    f"{status.upper:.2f}", status.pentanomial.pairs, " ".join(map(str, status.pentanomial.counts())),
                    elo_text, verdict))
        self.sprt.show()

    def _results_table(self) -> QTableWidget:
        table = QTableWidget(0, COLUMNS, self)
        table.setHorizontalHeaderLabels([self.tr("#"), self.tr("Red"), self.tr("Black"), self.tr("Result"),
                                         self.tr("Plies"), self.tr("Reason")])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + ROW_PADDING)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = table.horizontalHeader()
        for column in range(COLUMNS):   # numbers and names as wide as they are; the reason gets the rest
            fits = column != REASON_COLUMN   # (cut with …, whole in its tooltip: "Eleph…" told nobody who won)
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents if fits
                                        else QHeaderView.ResizeMode.Stretch)
        table.setMinimumHeight(header.sizeHint().height() + MIN_ROWS * table.verticalHeader().defaultSectionSize()
                               + 2 * table.frameWidth())
        return table

    def set_running(self, running: bool) -> None:
        """Pause and Stop while the match plays; Close once it is over."""
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        self.close_button.setEnabled(not running)

    def add_game(self, finished: FinishedGame, red: str, black: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        values = [str(finished.pairing.number), red, black, finished.end.result, str(finished.plies),
                  end_text(finished)]   # in the UI's language (the PGN has the match's English words)
        for column, value in enumerate(values):
            item = QTableWidgetItem(value)
            item.setToolTip(value)
            item.setData(Qt.ItemDataRole.UserRole, finished.game)   # double-click: this game on the board
            self.table.setItem(row, column, item)
        self.table.scrollToBottom()

    def game_at(self, row: int) -> Game | None:
        item = self.table.item(row, 0)
        game = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return game if isinstance(game, Game) else None

    def show_tally(self, tally: Tally, names: tuple[str, str], total: int) -> None:
        elo = tally.elo()

        def shown(value: float) -> str:   # the command line's "-inf" reads as the sign it is here
            return format_elo(value).replace("inf", "∞")

        self.summary.setText(self.tr(
            "{0} vs {1}: {2} / {3} ({4}%), +{5} ={6} -{7}; Elo {8} (95% interval {9} .. {10}); {11} of {12} games")
            .format(names[0], names[1], f"{tally.points:g}", tally.games, f"{100 * tally.fraction:.1f}",
                    tally.wins, tally.draws, tally.losses, shown(elo.elo), shown(elo.low),
                    shown(elo.high), tally.games, total))


class MatchUi(QWidget):
    """Game › Engine match… and the match it runs (one at a time, one board)."""

    def __init__(self, window: WindowHost, book: BookSource | None = None) -> None:
        super().__init__(window)
        self.hide()
        self.window_ = window
        self.book_source = book   # the Book feature: a match can open from its book
        self.controller = window.controller
        self.runner: MatchRunner | None = None
        self.tournament: TournamentRunner | None = None
        self.sprt_tracker: SprtTracker | None = None
        self._encounters = (0, 0)   # a tournament's encounter being played and their number
        self._shown: Game | None = None   # the match's record the board was given last
        self._game_text = ""
        self.tally = Tally()
        self.panel = MatchPanel(window)
        self.panel.hide()   # in the engine area from the first match on
        window.engine_area.add_section(self.panel, 3)
        self.panel.pause_button.toggled.connect(self.set_paused)
        self.panel.stop_button.clicked.connect(lambda _checked=False: self.stop())
        self.panel.table.cellDoubleClicked.connect(lambda row, _column: self.open_game(row))
        self.action = QAction(self.tr("Engine ma&tch…"), window)
        self.action.triggered.connect(lambda _checked=False: self.ask())
        window.addAction(self.action)
        self._add_to_menu(window)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)   # no engine left playing behind the window
        self._last_pgn = ""
        self._docks_put_away: list[QDockWidget] = []   # shown before the match: shown again after it

    def _add_to_menu(self, window: WindowHost) -> None:
        if window.quit_action in window.game_menu.actions():   # just above Quit
            window.game_menu.insertAction(window.quit_action, self.action)
        else:
            window.game_menu.addAction(self.action)

    @property
    def running(self) -> bool:
        if self.tournament is not None:
            return self.tournament.running
        return self.runner is not None and self.runner.running

    # ----------------------------------------------------------------- starting
    def ask(self) -> None:
        """Engine match…: after the user agreed to leave an unsaved record, the dialog."""
        if self.running:
            self.panel.show()
            return
        self.window_.confirm_discard(self.open_dialog)

    def open_dialog(self) -> MatchDialog:
        book = self.book_source.book if self.book_source is not None else None
        book_move = BookPlayer(book, ALL_PLIES).move_for if book is not None else None
        dialog = MatchDialog(self.window_.engines, book_move, self.window_.engine_panel.notation, self.window_,
                             self._last_pgn)
        dialog.accepted.connect(lambda: self._start_from(dialog))
        self.window_.open_dialog(dialog)
        return dialog

    def _start_from(self, dialog: MatchDialog) -> None:
        tournament = dialog.tournament()
        if tournament is not None:
            self.start_tournament(tournament)
        else:
            self.start(dialog.settings(), dialog.sprt())

    def start(self, settings: MatchSettings, sprt: SprtSettings | None = None) -> MatchRunner:
        """A match; with ``sprt``, one that stops once the test reaches a bound."""
        self.stop()
        self.tournament = None
        self.sprt_tracker = SprtTracker(sprt) if sprt is not None else None
        runner = self._follow(MatchRunner(settings, self))
        runner.finished.connect(self._on_finished)
        runner.problem.connect(self._on_problem)
        self._prepare(settings)
        if self.sprt_tracker is not None:
            self.panel.show_sprt(self.sprt_tracker.settings, self.sprt_tracker.current)
        runner.start()
        return runner

    def start_tournament(self, settings: TournamentSettings) -> TournamentRunner:
        """A tournament: its encounters one after the other, each followed like a match."""
        self.stop()
        self.sprt_tracker = None
        tournament = self.tournament = TournamentRunner(settings, self)
        tournament.encounter_started.connect(self._on_encounter_started)
        tournament.game_finished.connect(self._on_tournament_game)
        tournament.problem.connect(self._on_problem)
        tournament.finished.connect(self._on_finished)
        self._encounters = (0, len(tournament.encounters_left()))
        self._prepare(settings.match)
        self.panel.show_crosstable(tournament.crosstable)
        tournament.start()
        return tournament

    def _follow(self, runner: MatchRunner) -> MatchRunner:
        """The board, the engine lines and the results table follow ``runner``'s games."""
        self.runner = runner
        runner.game_started.connect(self._on_game_started)
        runner.moved.connect(self._on_moved)
        runner.engine_info.connect(self._on_engine_info)
        runner.game_finished.connect(self._on_game_finished)
        return runner

    def _prepare(self, settings: MatchSettings) -> None:
        self._last_pgn = str(settings.pgn or "")
        self.tally = Tally()
        self._shown = None
        self.panel.table.setRowCount(0)
        self.panel.sprt.hide()
        self.panel.crosstable.hide()
        self.panel.show_tally(self.tally, settings.names, settings.games)
        self.panel.pause_button.setChecked(False)
        self.panel.set_running(True)
        self.panel.status.setText(self.tr("Starting the engines…"))
        self.panel.show()
        self._put_docks_away()

    def _on_encounter_started(self, runner: MatchRunner) -> None:
        self._follow(runner)
        self._encounters = (self._encounters[0] + 1, self._encounters[1])
        self.tally = Tally()
        self.panel.show_tally(self.tally, runner.settings.names, runner.settings.games)
        if self.panel.pause_button.isChecked():
            runner.set_paused(True)

    def _on_tournament_game(self, played: TournamentGame) -> None:
        assert self.tournament is not None
        self.panel.show_crosstable(self.tournament.crosstable)

    def _put_docks_away(self) -> None:
        """A match is watched on the board, the moves and the engines: the docks (the opening book, the
        comments) give it their room until it ends; View › Docked panels shows one again meanwhile."""
        shown = [dock for dock in self.window_.findChildren(QDockWidget) if dock.isVisible()]
        self._docks_put_away += [dock for dock in shown if dock not in self._docks_put_away]
        for dock in shown:
            dock.hide()

    def _bring_docks_back(self) -> None:
        for dock in self._docks_put_away:
            dock.show()
        self._docks_put_away = []

    def set_paused(self, paused: bool) -> None:
        if self.running and self.runner is not None:
            self.runner.set_paused(paused)
            self.panel.status.setText(self.tr("Paused after this move") if paused else self.tr("Playing"))

    def stop(self) -> None:
        if self.tournament is not None and self.tournament.running:
            self.tournament.abort()
        elif self.runner is not None and self.runner.running:
            self.runner.abort()

    # ----------------------------------------------------------------- following the runner
    def _names_by_colour(self, a_is_red: bool) -> tuple[str, str]:
        assert self.runner is not None
        a, b = self.runner.settings.names
        return (a, b) if a_is_red else (b, a)

    def _on_game_started(self, game: Game, node: GameNode) -> None:
        assert self.runner is not None
        red = game.headers.get("Red", "")
        names = self.runner.settings.names
        for index, panel in enumerate(self.panel.panels):
            panel.clear()
            colour = self.tr("red") if names[index] == red else self.tr("black")
            panel.set_engine_name(f"{names[index]} ({colour})")
        number, total = game.headers.get("Round", ""), self.runner.settings.games
        self._game_text = self.tr("Game {0} of {1}").format(number, total)
        if self.tournament is not None:
            self._game_text = self.tr("Encounter {0} of {1}, game {2} of {3}").format(
                *self._encounters, number, total)
        self._show_status()
        if self._shown is None or self.watching():
            self._shown = game
            self.controller.study.open_record(game, node)

    def watching(self) -> bool:
        """The board shows the match (not a game or record the user turned to meanwhile: the match goes on
        in its panel, and the board is left to the user until the next match)."""
        return self._shown is not None and self.controller.game.record is self._shown

    def _show_status(self) -> None:
        """The game being played, and with a clock, the time each side has left."""
        clocks = self.runner.clocks_ms() if self.runner is not None else None
        text = self._game_text
        if clocks is not None:
            text += "  " + self.tr("Red {0} · Black {1}").format(
                clock_text(clocks[Color.RED]), clock_text(clocks[Color.BLACK]))
        self.panel.status.setText(text)

    def _on_moved(self, game: Game, node: GameNode) -> None:
        if not self.panel.pause_button.isChecked():
            self._show_status()
        if self.watching():
            self.controller.study.record_changed()
            self.controller.study.show_node(node)

    def _on_engine_info(self, index: int, info: SeatInfo) -> None:
        self.panel.panels[index].show_analysis(info)
        self.panel.panels[1 - index].set_state("")
        self.panel.panels[index].set_state(QCoreApplication.translate("MainWindow", "thinking…"))

    def _on_game_finished(self, finished: FinishedGame) -> None:
        assert self.runner is not None
        self.tally = self.tally.add(finished.a_score)
        show_end_in_comment(finished)
        red, black = self._names_by_colour(finished.pairing.a_is_red)
        self.panel.add_game(finished, red, black)
        self.panel.show_tally(self.tally, self.runner.settings.names, self.runner.settings.games)
        self._test_pair(finished)
        if self.watching():
            self.controller.study.record_changed()   # the result and the reason, as the last comment
            self.controller.study.mark_written()     # and it is in the match's PGN: nothing to save

    def _test_pair(self, finished: FinishedGame) -> None:
        """An SPRT: the LLR once the game's pair is complete; at a bound no new game begins."""
        if self.sprt_tracker is None or self.runner is None:
            return
        status = self.sprt_tracker.add_game(finished.pairing.number, finished.a_score)
        if status is not None:
            self.panel.show_sprt(self.sprt_tracker.settings, status)
            if status.decision is not Decision.CONTINUE:
                self.runner.stop_scheduling()

    def open_game(self, row: int) -> None:
        """A finished game of the results table on the board, from its start (the match goes on)."""
        game = self.panel.game_at(row)
        if game is not None:
            self.window_.confirm_discard(lambda: self._show_finished(game))

    def _show_finished(self, game: Game) -> None:
        self.controller.study.open_record(game)
        self.controller.study.mark_written()
        self.window_.statusBar().showMessage(self.tr("Game {0} of the match (in {1})").format(
            game.headers.get("Round", ""), self._last_pgn or self.tr("no file")), STATUS_MS)

    def _on_problem(self, text: str) -> None:
        self.window_.statusBar().showMessage(text, STATUS_MS)

    def _on_finished(self) -> None:
        if self.tournament is not None:
            done = not self.tournament.stopped
            self.panel.status.setText(self.tr("Tournament finished") if done else self.tr("Tournament stopped"))
        elif self.sprt_tracker is not None and self.sprt_tracker.current.decision is not Decision.CONTINUE:
            self.panel.status.setText(self.tr("SPRT finished: a bound was reached"))
        else:
            assert self.runner is not None
            done = len(self.runner.results) >= self.runner.settings.games
            self.panel.status.setText(self.tr("Match finished") if done else self.tr("Match stopped"))
        self.panel.set_running(False)
        for panel in self.panel.panels:
            panel.set_state("")
        self._bring_docks_back()


def clock_text(ms: float) -> str:
    """``m:ss.s`` of the time left."""
    seconds = max(ms, 0.0) / 1000
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def install_match_ui(window: WindowHost, book: BookSource | None = None) -> MatchUi:
    """Game › Engine match… in ``window``; ``book``: where the match dialog finds the opening book (the
    Book feature). The window keeps it alive (its child); the caller may keep the ``MatchUi``."""
    return MatchUi(window, book)
