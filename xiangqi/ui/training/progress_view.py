"""练习 › 练习进度 (Training progress): the puzzle rating over time, puzzles solved per theme, cards answered
per day and cards due in the days ahead, drawn with Qt Charts; and the training history's export and import.

Export writes the whole history (every mode's tables) as one JSON file; import merges such a file into
this profile (rows already here are kept once) and says what it added; a file that cannot be imported
is refused whole, with the reason naming the file, the table, the row and the field. The import reads,
checks and writes on a worker thread with a progress dialog and Cancel; it copies the history first,
and 撤销导入 (Undo import) puts that copy back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from datetime import datetime, time, timedelta
from pathlib import Path

from PySide6.QtCharts import (QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView, QDateTimeAxis,
                              QHorizontalStackedBarSeries, QLineSeries, QStackedBarSeries, QValueAxis)
from PySide6.QtCore import QDateTime, QMargins, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QLabel, QMessageBox, QProgressDialog,
                               QPushButton, QTabWidget, QVBoxLayout, QWidget)

from xiangqi.training.cards import CardDeck, DeckKind
from xiangqi.training.database import ImportSummary, TrainingDatabase, TrainingError
from xiangqi.training.history_import import can_undo_import, import_history_file, undo_import
from xiangqi.training.progress import (OTHER_THEME, RatingPoint, ThemeCount, answers_per_day, due_forecast,
                                       rating_history, solved_per_theme)
from xiangqi.training.puzzles import PuzzleError, Theme, read_puzzle_set
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog
from xiangqi.ui.common.background_job import BackgroundJob, progress_dialog
from xiangqi.ui.training.puzzle_trainer import starter_set_path
from xiangqi.ui.window_host import WindowHost

HISTORY_SUFFIX = "json"
RIGHT_COLOUR, WRONG_COLOUR = QColor("#3a8d3a"), QColor("#c0392b")
DECK_COLOURS = {DeckKind.MISTAKES: QColor("#c0392b"), DeckKind.PUZZLES: QColor("#2e6fb7"),
                DeckKind.OPENING: QColor("#d68910")}
ANSWER_DAYS = 14   # a label under every day still fits at 800 px
MAX_DATE_TICKS = 5   # dates under the rating chart (they fit at 800 px)


@lru_cache(maxsize=2)
def puzzle_themes(path: str, mtime_ns: int, size: int) -> tuple[tuple[str, frozenset[Theme]], ...]:
    """Each puzzle's id and themes in a set file, read once per version of the file (its time and size in the
    key): the shipped set's 386 puzzles took 0.13 CPU-s to read at every opening of the view."""
    return tuple((p.puzzle_id, p.themes) for p in read_puzzle_set(path).puzzles)


def open_progress(host: WindowHost, db: TrainingDatabase) -> None:
    """The 练习 › 练习进度 entry: the progress view, window-modal over the main window."""
    host.open_dialog(ProgressView(host, db))


@dataclass(frozen=True)
class TimeSpan:
    """The rating chart's time axis: from ``start`` to ``end`` (local midnights, or hours within one day)
    with ``ticks`` labels, each on its own day (or hour), written in ``label_format`` (Qt's)."""

    start: datetime
    end: datetime
    ticks: int
    label_format: str


def time_span(first: datetime, last: datetime) -> TimeSpan:
    """An axis whose labels all differ: whole local days from ``first``'s to ``last``'s, the day count
    made a multiple of ``MAX_DATE_TICKS - 1`` when longer, so every tick falls on a midnight; attempts of
    one day show that day's hours."""
    day = timedelta(days=1)
    start = datetime.combine(first.astimezone().date(), time.min).astimezone()
    days = max(1, (last.astimezone().date() - start.date()).days + 1)
    if days == 1:
        return TimeSpan(start, start + day, MAX_DATE_TICKS, "MM-dd HH:mm")
    intervals = MAX_DATE_TICKS - 1
    if days <= intervals:
        ticks = days + 1
    else:
        days = -(-days // intervals) * intervals
        ticks = MAX_DATE_TICKS
    end = datetime.combine(start.date() + days * day, time.min).astimezone()
    label = "MM-dd" if start.year == end.year else "yyyy-MM-dd"
    return TimeSpan(start, end, ticks, label)


def chart_view(chart: QChart, parent: QWidget) -> QChartView:
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    view = QChartView(chart, parent)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumSize(360, 220)
    return view


class ProgressView(QDialog):
    """The charts in tabs, a line of counts above them, export and import below."""

    def __init__(self, host: WindowHost, db: TrainingDatabase) -> None:
        super().__init__(host)
        self.host, self.db = host, db
        self.deck = CardDeck(db)     # its tables exist from here on, even in a new profile
        self.themes_of = self.shipped_themes()   # puzzle id -> its themes' names, as the user reads them
        self.setWindowTitle(self.tr("Training progress"))
        self.counts_label = QLabel(self)
        self.counts_label.setWordWrap(True)
        self.tabs = QTabWidget(self)
        self.export_button = QPushButton(self.tr("&Export history…"), self)
        self.import_button = QPushButton(self.tr("&Import history…"), self)
        self.undo_button = QPushButton(self.tr("&Undo import"), self)
        self.undo_button.setToolTip(self.tr("Put the training history back as it was before the last import"))
        self.undo_button.setEnabled(can_undo_import(db.path))
        self.importing: BackgroundJob | None = None
        self.progress: QProgressDialog | None = None
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.undo_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.undo_button.clicked.connect(self.ask_undo_import)
        buttons.rejected.connect(self.reject)
        self.export_button.clicked.connect(self.export_dialog)
        self.import_button.clicked.connect(self.import_dialog)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts_label)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.refresh()
        self.resize(720, 520)

    # ----------------------------------------------------------------- the charts
    def refresh(self) -> None:
        """Everything read again from the history (after an import)."""
        current = max(0, self.tabs.currentIndex())
        self.tabs.clear()
        self.counts_label.setText(self.counts_text())
        self.tabs.addTab(chart_view(self.rating_chart(rating_history(self.db)), self.tabs), self.tr("&Rating"))
        themes = solved_per_theme(self.db, self.themes_of)
        self.tabs.addTab(chart_view(self.theme_chart(themes), self.tabs), self.tr("T&hemes"))
        self.tabs.addTab(chart_view(self.answers_chart(), self.tabs), self.tr("&Answers"))
        self.tabs.addTab(chart_view(self.due_chart(), self.tabs), self.tr("D&ue"))
        self.tabs.setCurrentIndex(min(current, self.tabs.count() - 1))

    def theme_names(self) -> dict[str, str]:
        return {Theme.MATE.value: self.tr("Mate"), Theme.ADVANTAGE.value: self.tr("Advantage"),
                Theme.CRUSHING.value: self.tr("Crushing"), Theme.ONLY_MOVE.value: self.tr("Only move"),
                Theme.MATERIAL.value: self.tr("Material"), Theme.SACRIFICE.value: self.tr("Sacrifice"),
                Theme.QUIET.value: self.tr("Quiet move"), Theme.ENDGAME.value: self.tr("Endgame"),
                Theme.MIDDLEGAME.value: self.tr("Middlegame"), Theme.ONE_MOVE.value: self.tr("One move"),
                Theme.LONG.value: self.tr("Long"), OTHER_THEME: self.tr("Other sets")}

    def shipped_themes(self) -> dict[str, list[str]]:
        """The themes of the shipped puzzles by id (a puzzle from a set the user opened counts as other)."""
        names = self.theme_names()
        path = starter_set_path()
        try:
            stat = path.stat()
            themes = puzzle_themes(str(path), stat.st_mtime_ns, stat.st_size)
        except (OSError, PuzzleError):
            return {}
        return {puzzle_id: [names[t.value] for t in Theme if t in those] for puzzle_id, those in themes}

    def deck_name(self, kind: DeckKind) -> str:
        return {DeckKind.MISTAKES: self.tr("Mistakes"), DeckKind.PUZZLES: self.tr("Puzzles"),
                DeckKind.OPENING: self.tr("Openings")}[kind]

    def counts_text(self) -> str:
        counts = self.deck.counts()
        parts = [self.tr("{0}: {1} due of {2}").format(self.deck_name(kind), c.due, c.total)
                 for kind, c in counts.items()]
        return self.tr("Cards due now: {0}.").format(self.tr(", ").join(parts))

    def rating_chart(self, points: Sequence[RatingPoint]) -> QChart:
        chart = QChart()
        chart.setTitle(self.tr("Puzzle rating") if points else self.tr("Puzzle rating: no attempts yet"))
        series = QLineSeries()
        series.setName(self.tr("Rating"))
        for point in points:
            series.append(point.at.timestamp() * 1000, point.rating)
        chart.addSeries(series)
        time_axis = QDateTimeAxis()
        time_axis.setFormat("yyyy-MM-dd")
        value_axis = QValueAxis()
        value_axis.setLabelFormat("%.0f")
        if points:
            ratings = [p.rating for p in points]
            value_axis.setRange(min(ratings) - 50, max(ratings) + 50)
            value_axis.applyNiceNumbers()
            span = time_span(min(p.at for p in points), max(p.at for p in points))
            time_axis.setRange(QDateTime.fromMSecsSinceEpoch(int(span.start.timestamp() * 1000)),
                               QDateTime.fromMSecsSinceEpoch(int(span.end.timestamp() * 1000)))
            time_axis.setTickCount(span.ticks)
            time_axis.setFormat(span.label_format)
        else:
            value_axis.setRange(1000, 2000)
            time_axis.setLabelsVisible(False)     # no dates to show (not 1970-01-01)
        chart.addAxis(time_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(value_axis, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(time_axis)
        series.attachAxis(value_axis)
        chart.legend().hide()
        return chart

    def theme_chart(self, themes: Sequence[ThemeCount]) -> QChart:
        solved, failed = QBarSet(self.tr("Solved")), QBarSet(self.tr("Not solved"))
        solved.setColor(RIGHT_COLOUR)
        failed.setColor(WRONG_COLOUR)
        for theme in themes:
            solved.append(theme.solved)
            failed.append(theme.tried - theme.solved)
        title = self.tr("Puzzles per theme") if themes else self.tr("Puzzles per theme: none tried yet")
        names = self.theme_names()
        labels = [names.get(t.theme, t.theme) for t in themes]
        return self.bar_chart(title, QHorizontalStackedBarSeries(), [solved, failed], labels)

    def answers_chart(self) -> QChart:
        days = answers_per_day(self.db, ANSWER_DAYS)
        right, wrong = QBarSet(self.tr("Right")), QBarSet(self.tr("Wrong"))
        right.setColor(RIGHT_COLOUR)
        wrong.setColor(WRONG_COLOUR)
        for day in days:
            right.append(day.right)
            wrong.append(day.wrong)
        labels = [day.day.strftime("%m-%d") for day in days]   # categories must differ: every day named
        return self.bar_chart(self.tr("Cards answered, last {0} days").format(ANSWER_DAYS),
                              QStackedBarSeries(), [right, wrong], labels)

    def due_chart(self) -> QChart:
        forecast = due_forecast(self.db)
        sets = []
        for kind, per_day in forecast.items():
            bar_set = QBarSet(self.deck_name(kind))
            bar_set.setColor(DECK_COLOURS[kind])
            bar_set.append([float(n) for n in per_day])
            sets.append(bar_set)
        today = datetime.now().astimezone().date()
        days = len(next(iter(forecast.values())))
        labels = [self.tr("Today")] + [(today.fromordinal(today.toordinal() + i)).strftime("%m-%d")
                                       for i in range(1, days)]
        return self.bar_chart(self.tr("Cards due in the days ahead"), QStackedBarSeries(), sets, labels)

    @staticmethod
    def bar_chart(title: str, series: QBarSeries | QStackedBarSeries | QHorizontalStackedBarSeries,
                  sets: list[QBarSet], labels: list[str]) -> QChart:
        """Bars (stacked) per label; a horizontal series puts the labels on the left, where long names fit."""
        chart = QChart()
        chart.setTitle(title)
        for bar_set in sets:
            series.append(bar_set)
        chart.addSeries(series)
        categories = QBarCategoryAxis()
        categories.append(labels or [""])
        categories.setTruncateLabels(False)   # "杀法", not "…"
        values = QValueAxis()
        values.setLabelFormat("%d")
        top = max([sum(s.at(i) for s in sets) for i in range(len(labels))] or [0])
        values.setRange(0, max(4, top))
        values.applyNiceNumbers()
        horizontal = isinstance(series, QHorizontalStackedBarSeries)
        chart.addAxis(categories, Qt.AlignmentFlag.AlignLeft if horizontal else Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(values, Qt.AlignmentFlag.AlignBottom if horizontal else Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(categories)
        series.attachAxis(values)
        return chart

    # ----------------------------------------------------------------- export / import
    def export_dialog(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Export the training history"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(HISTORY_SUFFIX)
        dialog.setNameFilters([self.tr("Training history (*.json)")])
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.fileSelected.connect(lambda name: self.export_to(Path(name)))
        self.host.open_dialog(dialog)
        return dialog

    def import_dialog(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Import a training history"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Training history (*.json)"), self.tr("All files (*)")])
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.fileSelected.connect(lambda name: self.import_from(Path(name)))
        self.host.open_dialog(dialog)
        return dialog

    def export_to(self, path: Path) -> QMessageBox:
        try:
            rows = self.db.export_history(path)
        except TrainingError as error:
            return self.host.show_message(self.tr("Export the training history"),
                                          self.tr("The training history was not exported."), [str(error)])
        return self.host.show_message(self.tr("Export the training history"),
                                      self.tr("{0} entries written to {1}.").format(rows, path),
                                      icon=QMessageBox.Icon.Information)

    def import_from(self, path: Path) -> BackgroundJob:
        """Import ``path`` on a worker thread (its own connection), with progress and Cancel."""
        db_path = self.db.path

        def work(keep_going: Callable[[int, int], bool]) -> ImportSummary:
            return import_history_file(db_path, path, lambda _stage, done, total: keep_going(done, total))

        task = self.importing = BackgroundJob(work, f"import {path.name}")
        task.finished.connect(self.imported)
        task.failed.connect(self.import_failed)
        task.cancelled.connect(self.import_cancelled)
        self.import_button.setEnabled(False)
        self.progress = progress_dialog(self, self.tr("Importing {0}…").format(path.name), task)
        task.start()
        return task

    def imported(self, summary: ImportSummary) -> QMessageBox:
        self.importing = None
        self.import_button.setEnabled(True)
        self.undo_button.setEnabled(can_undo_import(self.db.path))
        self.refresh()
        return self.host.show_message(
            self.tr("Import a training history"),
            self.tr("{0} entries added from {1}; {2} were here already.").format(summary.added, summary.path,
                                                                                 summary.skipped),
            icon=QMessageBox.Icon.Information)

    def import_failed(self, error: object) -> QMessageBox:
        self.importing = None
        self.import_button.setEnabled(True)
        return self.host.show_message(self.tr("Import a training history"),
                                      self.tr("Nothing was imported: the file cannot be used."), [str(error)])

    def import_cancelled(self) -> None:
        self.importing = None
        self.import_button.setEnabled(True)
        self.counts_label.setText(self.tr("Import cancelled: nothing was imported."))

    def ask_undo_import(self) -> QMessageBox:
        return self.host.ask(self.tr("Undo import"),
                             self.tr("Put the training history back as it was before the last import? "
                                     "Everything trained since that import is lost."), self.undo_import)

    def undo_import(self) -> QMessageBox:
        try:
            undo_import(self.db)
        except TrainingError as error:
            return self.host.show_message(self.tr("Undo import"), self.tr("The import was not undone."),
                                          [str(error)])
        self.undo_button.setEnabled(False)
        self.refresh()
        return self.host.show_message(self.tr("Undo import"),
                                      self.tr("The training history is back as it was before the import."),
                                      icon=QMessageBox.Icon.Information)

    def done(self, result: int) -> None:
        if self.importing is not None:
            self.importing.cancel()
        super().done(result)
