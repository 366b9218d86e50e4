"""Game › Review (复盘): analyse every position of a record's main line in the background, then write the
review into the record and show a per-side summary.

The dialog asks for the engine, how hard it searches each position (a strength: the engine family's node
budget, ``review_nodes`` in engines/families.toml, times 1/3, 1 or 3, so the same review gives the same
marks whatever the machine's load; or a time per position) and how many engine processes run at once. Once
started it steps aside: ``ReviewProgress`` (in the window's status bar) says how many positions are done
and about how long is left, and its Cancel stops the engines (the record is then left as it was); the
user browses the game meanwhile. The summary opens when the review is written. The engines are driven
by ``xiangqi.review.runner.ReviewRunner``; marks, ``[%eval]`` comments and better-move variations are
written by ``xiangqi.review.annotate_game`` (thresholds in ``xiangqi.review.marks``), so the app and
``python -m xiangqi review`` give the same record."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHeaderView, QLabel, QListWidget, QListWidgetItem, QProgressBar, QPushButton,
                               QSizePolicy, QSpinBox, QStackedWidget, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from xiangqi.core import Color, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec, family_of, load_families
from xiangqi.record import Game
from xiangqi.review.annotate import (PositionValue, ReviewSummary, annotate_game, annotator_text,
                                     explanation_of, main_line_positions)
from xiangqi.review.judging import review_limits
from xiangqi.review.marks import BLUNDER_LOSS, INACCURACY_LOSS, MISTAKE_LOSS, SideSummary
from xiangqi.review.runner import GameWork, ReviewRunner
from xiangqi.tactics.explain import Wording
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP, traditional_moves
from xiangqi.ui.common.status_progress import StatusProgress
from xiangqi.review.series import record_evaluations, record_marks
from xiangqi.play.engine_list import engine_display_name
from xiangqi.ui.study.eval_graph import EvalGraph

DEFAULT_MOVETIME_MS = 1000
MAX_MOVETIME_MS = 60_000
# 复盘's strengths: the factor on the engine's node budget (engines/families.toml, review_nodes).
STRENGTHS = ((QT_TRANSLATE_NOOP("ReviewDialog", "Quick"), 1 / 3),
             (QT_TRANSLATE_NOOP("ReviewDialog", "Normal"), 1.0),
             (QT_TRANSLATE_NOOP("ReviewDialog", "Deep"), 3.0))
NORMAL_STRENGTH = 1
SHOWN_MISTAKES = 6   # explained ?/?? rows the summary shows before its list scrolls


class ReviewSummaryView(QWidget):
    """Per side: the counts of ?! / ? / ??, the average loss and the accuracy, with the graph below."""

    ply_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(5, 2, self)
        self.table.setHorizontalHeaderLabels([self.tr("Red"), self.tr("Black")])
        self.table.setVerticalHeaderLabels([
            self.tr("Inaccuracies ?!"), self.tr("Mistakes ?"), self.tr("Blunders ??"),
            self.tr("Average loss a move (pawns)"), self.tr("Accuracy")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit_table()
        marks = self.tr("Marks by winning chances lost: ?! from {0}, ? from {1}, ?? from {2} points.")
        self.note = QLabel(marks.format(f"{INACCURACY_LOSS:g}", f"{MISTAKE_LOSS:g}", f"{BLUNDER_LOSS:g}"), self)
        self.note.setWordWrap(True)
        self.graph = EvalGraph(self)
        self.graph.ply_clicked.connect(self.ply_clicked)
        self.mistakes = QListWidget(self)   # each ? and ?? with the sentence saying why; a click shows it
        self.mistakes.setWordWrap(True)
        self.mistakes.itemActivated.connect(self._mistake_chosen)
        self.mistakes.itemClicked.connect(self._mistake_chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addWidget(self.graph)
        layout.addWidget(self.mistakes)
        layout.addWidget(self.note)

    def add_extra(self, widget: QWidget) -> None:
        """Another feature's note under the summary (the training feature: mistakes added to its deck)."""
        layout = self.layout()
        if layout is not None:
            layout.addWidget(widget)
            QTimer.singleShot(0, self, self._make_room)   # once the layouts took it in (posted events)

    def _make_room(self) -> None:
        """The dialog as tall as its summary needs at its width (never narrower: the table's columns)."""
        window, outer = self.window(), self.window().layout()
        if window is not self and outer is not None:
            width = window.width()
            height = outer.totalHeightForWidth(width) if outer.hasHeightForWidth() else outer.totalSizeHint().height()
            window.resize(width, max(window.height(), height))

    def show_summary(self, summary: ReviewSummary, game: Game) -> None:
        for column, side in enumerate((summary.red, summary.black)):
            for row, text in enumerate(self.side_texts(side)):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self._fit_table()
        self.graph.set_evaluations(record_evaluations(game), game.ply_count())
        self._list_mistakes(game)

    def _list_mistakes(self, game: Game) -> None:
        """"12. Red: ?? 丢车（车八进八）": the main line's explained marks, in order."""
        self.mistakes.clear()
        first = game.start_position()
        marks = record_marks(game)
        red_first = first.turn is Color.RED
        for ply, node in enumerate(game.mainline(), start=1):
            why = explanation_of(node.comment)
            if not why or ply not in marks:
                continue
            red_moved = (ply % 2 == 1) == red_first
            side = self.tr("Red") if red_moved else self.tr("Black")
            number = first.fullmove_number + (ply - 1 if red_first else ply) // 2
            item = QListWidgetItem(self.tr("{0}. {1}: {2} {3}").format(number, side, marks[ply].symbol, why))
            item.setData(Qt.ItemDataRole.UserRole, ply)
            self.mistakes.addItem(item)
        self.mistakes.setVisible(self.mistakes.count() > 0)
        if self.mistakes.count():   # as high as its rows, up to SHOWN_MISTAKES of them (then it scrolls)
            rows = sum(self.mistakes.sizeHintForRow(row) for row in range(min(self.mistakes.count(), SHOWN_MISTAKES)))
            self.mistakes.setFixedHeight(rows + 2 * self.mistakes.frameWidth())

    def _mistake_chosen(self, item: QListWidgetItem) -> None:
        self.ply_clicked.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def mistake_texts(self) -> list[str]:
        """The explained mistakes as listed."""
        return [self.mistakes.item(row).text() for row in range(self.mistakes.count())]

    def _fit_table(self) -> None:
        """As high as its rows: no empty space under them, no scroll bar."""
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height()
                                  + self.table.verticalHeader().length() + 2 * self.table.frameWidth())

    @staticmethod
    def side_texts(side: SideSummary) -> list[str]:
        return [str(side.inaccuracies), str(side.mistakes), str(side.blunders),
                f"{side.average_cp_loss / 100:.2f}", f"{side.accuracy:.1f}%"]

    def texts(self) -> list[list[str]]:
        """The table as shown, row by row (red, black)."""
        def text(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [[text(r, c) for c in range(2)] for r in range(self.table.rowCount())]


class ReviewProgress(StatusProgress):
    """A review running in the background, for the status bar: positions done of all, the time left
    (estimated from the positions done so far) and Cancel; engine trouble as the line's tool tip."""

    def show_trouble(self, text: str) -> None:
        self.setToolTip(text)

    def show_progress(self, done: int, total: int, seconds_left: float | None) -> None:
        self.set_progress(done, total)
        text = self.tr("Review: {0} of {1} positions").format(done, total)
        if seconds_left is not None:
            text += " · " + self.tr("about {0} left").format(duration_text(seconds_left))
        self.label.setText(text)


def duration_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on), rounded up to a whole second."""
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class ReviewDialog(QDialog):
    """Set up, run and summarise one record's review. ``reviewed`` fires once the record was written."""

    reviewed = Signal(object)   # ReviewSummary: the record now holds the review
    ply_clicked = Signal(int)   # a click on the summary's graph
    started = Signal()          # the engines run: the dialog steps aside (whoever opened it shows progress)
    progressed = Signal(int, int, object)   # positions done, positions, seconds left (None: not known yet)
    stopped = Signal()          # the review ended without a summary (a problem, shown in the dialog)
    trouble = Signal(str)       # an engine died, restarted, sent an illegal move or stayed silent (by name)

    def __init__(self, game: Game, engines: Sequence[EngineSpec], current: int = 0,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Review the game"))
        self.game = game
        self.engines = list(engines)
        self.notation = Notation.CHINESE   # of the sentences explaining the mistakes (the opener sets the list's)
        self.runner: ReviewRunner | None = None
        self.summary: ReviewSummary | None = None
        self.limits = SearchLimits(movetime_ms=DEFAULT_MOVETIME_MS)   # the search per position, once started
        self._positions: list[Position] = []
        self._done = 0
        self._started_at = 0.0
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self._settings_page(current))
        self.pages.addWidget(self._progress_page())
        self.summary_view = ReviewSummaryView(self)
        self.summary_view.ply_clicked.connect(self.ply_clicked)
        self.pages.addWidget(self.summary_view)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.start_button = QPushButton(self.tr("Start"), self)
        self.start_button.setDefault(True)
        self.buttons.addButton(self.start_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.start_button.clicked.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(self.buttons)
        self.pages.currentChanged.connect(self._fit_page)
        self._fit_page(0)
        self.resize(460, 0)

    def _fit_page(self, shown: int) -> None:
        """The dialog as big as the page shown (a stack is as big as its biggest page: the settings
        sat in the summary's empty room)."""
        for index in range(self.pages.count()):
            page = self.pages.widget(index)
            policy = QSizePolicy.Policy.Preferred if index == shown else QSizePolicy.Policy.Ignored
            if page is not None:
                page.setSizePolicy(policy, policy)
        self.adjustSize()

    def _settings_page(self, current: int) -> QWidget:
        page = QWidget(self)
        self.engine_box = QComboBox(page)
        self.engine_box.addItems([engine_display_name(spec) for spec in self.engines])
        self.engine_box.setCurrentIndex(max(0, min(current, len(self.engines) - 1)))
        self.strength_box = QComboBox(page)
        for name, _factor in STRENGTHS:
            self.strength_box.addItem(QCoreApplication.translate("ReviewDialog", name))
        self.strength_box.addItem(self.tr("Time per position"))
        self.strength_box.setCurrentIndex(NORMAL_STRENGTH)
        self.strength_box.setToolTip(self.tr("Quick, normal and deep search a fixed number of positions: the same "
                                             "review gives the same marks on a busy machine. A time per position "
                                             "searches less when the machine is busy."))
        self.time_box = QSpinBox(page)
        self.time_box.setRange(50, MAX_MOVETIME_MS)
        self.time_box.setSingleStep(100)
        self.time_box.setValue(DEFAULT_MOVETIME_MS)
        self.time_box.setSuffix(self.tr(" ms"))
        # Choosing a time means searching by time.
        self.time_box.valueChanged.connect(lambda _ms: self.strength_box.setCurrentIndex(len(STRENGTHS)))
        self.jobs_box = QSpinBox(page)
        self.jobs_box.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs_box.setValue(self.jobs_box.maximum())
        moves = self.game.ply_count()
        form = QFormLayout(page)
        form.addRow(QLabel(self.tr("Analyse the {0} positions of the main line and mark the moves.")
                           .format(moves + 1), page))
        form.addRow(self.tr("Engine:"), self.engine_box)
        form.addRow(self.tr("Strength:"), self.strength_box)
        form.addRow(self.tr("Time per position:"), self.time_box)
        form.addRow(self.tr("Engines at once:"), self.jobs_box)
        return page

    def _progress_page(self) -> QWidget:
        page = QWidget(self)
        self.progress = QProgressBar(page)
        self.progress_label = QLabel(page)
        layout = QVBoxLayout(page)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.progress)
        return page

    # ----------------------------------------------------------------- running
    def start(self) -> None:
        """Start the engines on every position (the settings as chosen)."""
        if not self.engines or self.runner is not None:
            return
        try:
            self._positions = main_line_positions(self.game)
        except ValueError as exc:
            self._show_problem(self.tr("This record cannot be reviewed: {0}").format(exc))
            return
        spec = self.engines[self.engine_box.currentIndex()]
        self.limits = self.chosen_limits(spec)
        self.runner = ReviewRunner(spec, [GameWork(0, self._positions)], self.limits, self.jobs_box.value(), self)
        self.runner.position_done.connect(self._on_position_done)
        self.runner.game_done.connect(self._on_game_done)
        self.runner.engine_trouble.connect(self._on_engine_trouble)
        self.progress.setRange(0, len(self._positions))
        self.progress.setValue(0)
        self.progress_label.setText(self.tr("Analysing with {0}…").format(engine_display_name(spec)))
        self.pages.setCurrentIndex(1)
        self.start_button.setEnabled(False)
        self._started_at = time.monotonic()
        self.runner.start()
        self.started.emit()
        self.progressed.emit(0, len(self._positions), None)

    def chosen_limits(self, spec: EngineSpec) -> SearchLimits:
        """The search per position as chosen: a strength (the engine's node budget times its factor) or a time."""
        index = self.strength_box.currentIndex()
        if index >= len(STRENGTHS):
            return SearchLimits(movetime_ms=self.time_box.value())
        return review_limits(family_of(spec, load_families()), STRENGTHS[index][1])

    def _on_engine_trouble(self, text: str) -> None:
        """Said at once, wherever the review is shown: in the dialog and (through ``trouble``) the window."""
        self.progress_label.setText(text)
        self.trouble.emit(text)

    def _on_position_done(self, _game: int, _ply: int) -> None:
        self._done += 1
        self.progress.setValue(self._done)
        total = len(self._positions)
        spent = time.monotonic() - self._started_at
        self.progressed.emit(self._done, total, spent / self._done * (total - self._done))

    def _on_game_done(self, work: GameWork) -> None:
        runner, self.runner = self.runner, None
        if runner is not None:
            runner.abort()
        if work.failed is not None:
            self._show_problem(self.tr("The review stopped: {0}").format(work.failed))
            return
        values = [value for value in work.values if value is not None]
        self._write(values)

    def _write(self, values: list[PositionValue]) -> None:
        spec = self.engines[self.engine_box.currentIndex()]
        self.summary = annotate_game(self.game, self._positions, values,
                                     annotator_text(engine_display_name(spec), self.limits),
                                     wording=Wording(self.notation, traditional_moves(), QCoreApplication.translate))
        self.summary_view.show_summary(self.summary, self.game)
        self.summary_view.graph.set_marks({ply: mark.symbol for ply, mark in record_marks(self.game).items()})
        self.pages.setCurrentIndex(2)
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)
        self.start_button.hide()
        self.reviewed.emit(self.summary)

    def _show_problem(self, text: str) -> None:
        self.progress_label.setText(text)
        self.pages.setCurrentIndex(1)
        self.start_button.setEnabled(False)
        self.stopped.emit()

    def reject(self) -> None:
        """Cancel (or close): stop the engines; a review not finished leaves the record untouched."""
        runner, self.runner = self.runner, None
        if runner is not None:
            runner.game_done.disconnect(self._on_game_done)
            runner.abort()
        super().reject()
