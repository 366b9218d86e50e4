"""开局练习 (opening drill): the window over ``xiangqi.training.opening_drill``.

The trainee chooses the repertoire (the CCPD opening lines shipped with the program, a record file of his
own, an opening book), his side, which moves count as right and how deep the lines go, then plays his side
on the training board: the program answers with the repertoire's replies; a wrong move is taken back, the
expected moves are drawn as arrows and named in the app's notation, and the position goes into the
opening deck. The panel shows the opening's name (where the records give one), the line so far, the right
and wrong counts and the due positions. Record files are read on a worker thread with a progress bar and
Cancel; the last repertoire read is kept for the next opening of the window.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox,
                               QHBoxLayout, QLabel, QMessageBox, QProgressBar, QPushButton, QSizePolicy, QToolButton,
                               QVBoxLayout, QWidget)

from xiangqi.book import BookError, OpeningBook
from xiangqi.core import Color, Move, Position
from xiangqi.game.notation_text import line_text
from xiangqi.training.database import TrainingDatabase, TrainingError
from xiangqi.training.opening_drill import (
    AcceptMode, Answer, BookRepertoire, DrillSettings, OpeningDrill, Phase, Repertoire, RepertoireTree, Verdict,
    bundled_repertoire, read_repertoire,
)
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog, record_filters
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.training.training_board import TrainingBoard
from xiangqi.ui.window_host import BookSource, WindowHost

DEPTHS = (0, 20, 30, 40)        # plies a line may last (0: to the end of the repertoire)
DEFAULT_SIZE = (1000, 740)      # px, or the screen less a margin when smaller
Result = TypeVar("Result")


class SourceKind(Enum):
    BUNDLED = "bundled"     # CCPD's 開局 lines, shipped in assets/openings
    RECORDS = "records"     # a record file of the user's
    BOOK = "book"           # an opening book file (.book)
    OPEN_BOOK = "open_book"  # the book open in the Book menu


@dataclass(frozen=True)
class _Choice:
    """What the trainee chose last (kept while the program runs)."""

    source: SourceKind = SourceKind.BUNDLED
    path: str = ""
    side: Color = Color.RED
    accept: AcceptMode = AcceptMode.ALL
    depth: int = 0


_last_choice = _Choice()
_last_tree: tuple[tuple[str, int, int], RepertoireTree] | None = None   # (path, size, mtime) -> its tree


def open_opening_drill(host: WindowHost, db: TrainingDatabase, book: BookSource | None = None) -> None:
    """The 练习 › 开局练习 entry: the drill window, window-modal over the main window. ``book``: the Book
    feature, whose open book is offered as a source."""
    host.open_dialog(OpeningDrillWindow(host, db, book))


def _file_key(path: str) -> tuple[str, int, int]:
    stat = os.stat(path)
    return os.path.abspath(path), stat.st_size, stat.st_mtime_ns


def repertoire_job(path: str, title: str) -> BackgroundJob:
    """Reads a repertoire from a record file on a worker thread: ``finished`` with its RepertoireTree,
    ``failed`` with the OpeningError."""

    def work(keep_going: KeepGoing) -> RepertoireTree:
        return read_repertoire([path], title, keep_going, lambda: job.cancel_requested)

    job = BackgroundJob(work, f"repertoire {title}")
    return job


class CardWords(QObject):
    """The words of an opening card, in the UI language (``CardWording``)."""

    def __init__(self, notation_of: OpeningDrillWindow) -> None:
        super().__init__(notation_of)
        self.window = notation_of

    def title(self, opening: str, move_number: int) -> str:
        if opening:
            return self.tr("Opening drill: {0}, move {1}").format(opening, move_number)
        return self.tr("Opening drill: move {0}").format(move_number)

    def source(self, repertoire: str, start: Position, moves: Sequence[Move]) -> str:
        return f"{repertoire}: {self.window.numbered_line(start, moves)}"


class OpeningDrillWindow(QDialog):
    """The drill: the choices above, the board and the panel below (see the module text)."""

    def __init__(self, host: WindowHost, db: TrainingDatabase, book: BookSource | None = None) -> None:
        super().__init__(host)
        self.host = host
        self.db = db
        self.book_source = book
        self.drill: OpeningDrill | None = None
        self.job: BackgroundJob | None = None
        self.own_book: OpeningBook | None = None
        self.skipped: list[str] = []
        self.words = CardWords(self)
        self.chosen_path = ""
        self._shown_kind: SourceKind | None = None
        self.setWindowTitle(self.tr("Opening drill"))
        self.board = TrainingBoard(host.board, self)
        self.board.move_played.connect(self.on_move)
        layout = QVBoxLayout(self)
        layout.addWidget(self._choices())
        layout.addLayout(self._progress_row())
        body = QHBoxLayout()
        body.addWidget(self.board, 3)
        body.addWidget(self._panel(), 2)
        layout.addLayout(body, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.finished.connect(self._closed)
        room = host.screen().availableGeometry()
        self.resize(min(DEFAULT_SIZE[0], room.width() - 40), min(DEFAULT_SIZE[1], room.height() - 60))
        self._restore(_last_choice)
        self.show_state()

    # ----------------------------------------------------------------- building the window
    def _choices(self) -> QGroupBox:
        box = QGroupBox(self.tr("Repertoire"), self)
        form = QFormLayout(box)
        self.source_box = QComboBox(box)
        self.source_box.addItem(self.tr("CCPD opening lines (shipped)"), SourceKind.BUNDLED)
        self.source_box.addItem(self.tr("A record file (PGN…)"), SourceKind.RECORDS)
        self.source_box.addItem(self.tr("An opening book file"), SourceKind.BOOK)
        if self.book_source is not None and self.book_source.book is not None:
            self.source_box.addItem(self.tr("The open book ({0})").format(self.book_source.book.path.name),
                                    SourceKind.OPEN_BOOK)
        self.file_button = QPushButton(self.tr("C&hoose…"), box)
        self.file_button.clicked.connect(lambda _checked=False: self.choose_file())
        self.file_label = QLabel(box)
        # one line that may be cut on a small screen, whole in its tooltip: the bundled lines' credit made the
        # window 943 px wide at 150 % text, and wrapped it left a blank of its tallest wrapping at any width
        self.file_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        source_row = QHBoxLayout()
        source_row.addWidget(self.source_box, 1)
        source_row.addWidget(self.file_button)
        source_label = QLabel(self.tr("&Source:"), box)
        source_label.setBuddy(self.source_box)      # a layout as the field gives the row's text no buddy
        form.addRow(source_label, source_row)
        form.addRow("", self.file_label)
        form.addRow(self._options(box))
        self.source_box.currentIndexChanged.connect(lambda _index: self._source_changed())
        return box

    def _options(self, box: QGroupBox) -> QHBoxLayout:
        """Side, which moves count as right, depth, and Start."""
        self.side_box = QComboBox(box)
        self.side_box.addItem(self.tr("Red"), Color.RED)
        self.side_box.addItem(self.tr("Black"), Color.BLACK)
        self.accept_box = QComboBox(box)
        self.accept_box.addItem(self.tr("Any move of the repertoire"), AcceptMode.ALL)
        self.accept_box.addItem(self.tr("Only its main move"), AcceptMode.MAIN)
        self.accept_box.setToolTip(self.tr("Which of your moves count as right: any move the repertoire plays "
                                           "in the position (moves it marks ? or ?! never), or only the one "
                                           "it plays most on its main lines"))
        self.depth_box = QComboBox(box)
        for plies in DEPTHS:
            text = self.tr("To the end of the line") if plies == 0 else self.tr("{0} moves").format(plies // 2)
            self.depth_box.addItem(text, plies)
        options = QHBoxLayout()
        for label, widget in ((self.tr("&Side:"), self.side_box), (self.tr("&Right moves:"), self.accept_box),
                              (self.tr("&Depth:"), self.depth_box)):
            caption = QLabel(label, box)
            caption.setBuddy(widget)
            options.addWidget(caption)
            options.addWidget(widget)
        options.addStretch(1)
        self.start_button = QPushButton(self.tr("S&tart"), box)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(lambda _checked=False: self.start())
        options.addWidget(self.start_button)
        return options

    def _progress_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(200)
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.clicked.connect(lambda _checked=False: self.cancel_reading())
        self.details_button = QToolButton(self)
        self.details_button.setText(self.tr("Details…"))
        self.details_button.clicked.connect(lambda _checked=False: self.show_skipped())
        row.addWidget(self.status, 1)
        row.addWidget(self.progress)
        row.addWidget(self.cancel_button)
        row.addWidget(self.details_button)
        self.progress.hide()
        self.cancel_button.hide()
        self.details_button.hide()
        return row

    def _panel(self) -> QWidget:
        panel = QWidget(self)
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 0, 0)
        self.name_label = QLabel(panel)
        self.name_label.setWordWrap(True)
        font = self.name_label.font()
        font.setBold(True)
        self.name_label.setFont(font)
        self.line_label = QLabel(panel)
        self.line_label.setWordWrap(True)
        self.line_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.feedback = QLabel(panel)
        self.feedback.setWordWrap(True)
        self.counts_label = QLabel(panel)
        self.show_button = QPushButton(self.tr("Show the &move"), panel)
        self.show_button.setToolTip(self.tr("Show the repertoire's moves here (H); the position is then drilled "
                                            "again later, as after a wrong move"))
        self.show_button.clicked.connect(lambda _checked=False: self.reveal())
        self.next_button = QPushButton(self.tr("&Next line"), panel)
        self.next_button.setToolTip(self.tr("Start the next line (N): a due position first"))
        self.next_button.clicked.connect(lambda _checked=False: self.next_line())
        # plain-letter keys as window actions (a button's own shortcut also answers Alt+letter only)
        for key, slot in (("H", self.reveal), ("N", self.next_line)):
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, run=slot: run())
            self.addAction(action)
        for widget in (self.name_label, self.line_label, self.feedback, self.counts_label):
            column.addWidget(widget)
        buttons = QHBoxLayout()
        buttons.addWidget(self.show_button)
        buttons.addWidget(self.next_button)
        column.addLayout(buttons)
        column.addStretch(1)
        return panel

    def _restore(self, choice: _Choice) -> None:
        self._shown_kind, self.chosen_path = choice.source, choice.path
        self.source_box.setCurrentIndex(max(0, self.source_box.findData(choice.source)))
        self.side_box.setCurrentIndex(self.side_box.findData(choice.side))
        self.accept_box.setCurrentIndex(self.accept_box.findData(choice.accept))
        self.depth_box.setCurrentIndex(max(0, self.depth_box.findData(choice.depth)))
        self._source_changed()

    def _source_changed(self) -> None:
        kind = self.source_kind()
        needs_file = kind in (SourceKind.RECORDS, SourceKind.BOOK)
        self.file_button.setEnabled(needs_file)
        if kind is not self._shown_kind:
            self.chosen_path = ""
        self._shown_kind = kind
        if needs_file:
            self.file_label.setText(self.chosen_path or self.tr("No file chosen"))
        elif kind is SourceKind.BUNDLED:
            self.file_label.setText(self.tr("{0}: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, "
                                            "CC BY 4.0").format(bundled_repertoire().name))
        else:
            self.file_label.setText("")
        self.file_label.setToolTip(self.file_label.text())

    # ----------------------------------------------------------------- choosing and reading
    def source_kind(self) -> SourceKind:
        kind = self.source_box.currentData()
        return kind if isinstance(kind, SourceKind) else SourceKind.BUNDLED

    def settings(self) -> DrillSettings:
        side, accept, depth = self.side_box.currentData(), self.accept_box.currentData(), self.depth_box.currentData()
        return DrillSettings(side if isinstance(side, Color) else Color.RED,
                             accept if isinstance(accept, AcceptMode) else AcceptMode.ALL,
                             depth if isinstance(depth, int) else 0)

    def choose_file(self) -> QFileDialog:
        """A record file or a book file, by the source chosen; starts the drill once chosen."""
        book = self.source_kind() is SourceKind.BOOK
        dialog = QFileDialog(self, self.tr("Choose an opening book") if book else self.tr("Choose opening lines"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        if book:
            dialog.setNameFilters([self.tr("Opening books (*.book)"), self.tr("All files (*)")])
        else:
            dialog.setNameFilters(record_filters())
        prepare_file_dialog(dialog, FileKind.BOOKS if book else FileKind.RECORDS, self.chosen_path or None)
        dialog.fileSelected.connect(self._file_chosen)
        dialog.open()
        return dialog

    def _file_chosen(self, path: str) -> None:
        self.chosen_path = path
        self.file_label.setText(path)
        self.start()

    def start(self) -> None:
        """Read the chosen repertoire (a record file on a worker thread) and drill it."""
        kind = self.source_kind()
        if kind in (SourceKind.RECORDS, SourceKind.BOOK) and not self.chosen_path:
            self.choose_file()
            return
        self._remember()
        if kind is SourceKind.OPEN_BOOK and self.book_source is not None and self.book_source.book is not None:
            self.begin(BookRepertoire(self.book_source.book))
        elif kind is SourceKind.BOOK:
            self.open_book(self.chosen_path)
        else:
            path = str(bundled_repertoire()) if kind is SourceKind.BUNDLED else self.chosen_path
            self.read_records(path)

    def _remember(self) -> None:
        global _last_choice
        settings = self.settings()
        _last_choice = _Choice(self.source_kind(), self.chosen_path, settings.side, settings.accept,
                               settings.max_plies)

    def open_book(self, path: str) -> None:
        try:
            book = OpeningBook(path)
        except BookError as error:
            self.status.setText(self.tr("The book cannot be opened: {0}").format(error))
            return
        if self.own_book is not None:
            self.own_book.close()
        self.own_book = book
        self.begin(BookRepertoire(book))

    def read_records(self, path: str) -> None:
        """The repertoire of ``path``: the tree read last time when the file is unchanged, else read anew."""
        self.cancel_reading()
        self.job = None
        try:
            key = _file_key(path)
        except OSError as error:
            self.status.setText(self.tr("The file cannot be read: {0}").format(f"{path}: {error.strerror}"))
            return
        if _last_tree is not None and _last_tree[0] == key:
            self.tree_read(_last_tree[1])
            return
        job = self.job = repertoire_job(path, Path(path).name)   # not a child: it may outlive the window
        job.progress.connect(self._show_progress)
        job.finished.connect(self.tree_read)
        job.failed.connect(self._read_failed)
        job.cancelled.connect(self._read_cancelled)
        self.status.setText(self.tr("Reading {0}…").format(Path(path).name))
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.details_button.hide()
        self.start_button.setEnabled(False)
        job.start()

    def cancel_reading(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _reading_done(self) -> None:
        self.job = None
        self.progress.hide()
        self.cancel_button.hide()
        self.start_button.setEnabled(True)

    def _show_progress(self, done: int, total: int) -> None:
        if total > 0 and not self._stale():
            scale = max(1, total // 1000)
            self.progress.setRange(0, total // scale)
            self.progress.setValue(min(done, total) // scale)

    def _read_failed(self, error: Exception) -> None:
        if self._stale():
            return
        self._reading_done()
        self.status.setText(self.tr("The file cannot be read: {0}").format(error))

    def _read_cancelled(self) -> None:
        if self._stale():
            return
        self._reading_done()
        self.status.setText(self.tr("Reading cancelled."))

    def _stale(self) -> bool:
        """The signal comes from a read that was replaced by another."""
        sender = self.sender()
        return isinstance(sender, BackgroundJob) and sender is not self.job

    def tree_read(self, tree: RepertoireTree) -> None:
        global _last_tree
        if self._stale():
            return
        self._reading_done()
        path = self.chosen_path if self.source_kind() is SourceKind.RECORDS else str(bundled_repertoire())
        try:
            _last_tree = (_file_key(path), tree)
        except OSError:
            _last_tree = None
        self.skipped = [str(skip) for skip in tree.skipped]
        self.begin(tree)
        if self.skipped:
            self.status.setText(self.tr("{0}: {1} lines, {2} positions; {3} records skipped").format(
                tree.title, tree.records, tree.positions, len(self.skipped)))
            self.details_button.show()
        else:
            self.status.setText(self.tr("{0}: {1} lines, {2} positions").format(tree.title, tree.records,
                                                                                tree.positions))

    def show_skipped(self) -> QMessageBox:
        return self.host.show_message(self.tr("Opening drill"),
                                      self.tr("These records could not be read and were left out:"),
                                      self.skipped, QMessageBox.Icon.Warning)

    # ----------------------------------------------------------------- the drill
    def begin(self, repertoire: Repertoire) -> None:
        try:
            self.drill = OpeningDrill(repertoire, self.settings(), self.db, wording=self.words)
        except TrainingError as error:
            self.status.setText(str(error))
            return
        if not self.skipped or not isinstance(repertoire, RepertoireTree):
            self.status.setText(repertoire.title)
            self.details_button.hide()
        self.next_line()

    def next_line(self) -> None:
        drill = self.drill
        if drill is None:
            return
        start = self._guarded(drill.start_line)
        if start is None:
            return
        self._show_board(bool(start.moves))
        if start.line_over:
            self.feedback.setText(self.tr("The repertoire has no line for this side."))
        elif start.due_card:
            self.feedback.setText(self.tr("A position due for review: your move."))
        else:
            self.feedback.setText(self.tr("Your move."))
        self.show_state()
        self.board.view.setFocus()

    def _show_board(self, animate_last: bool) -> None:
        """The line so far on the board, the last move gliding in when the program just played it."""
        assert self.drill is not None
        line = self.drill.line
        position = self.drill.line_start()
        for move in line[:-1] if animate_last else line:
            position.push(move)
        side = self.drill.settings.side
        self.board.set_position(position, None, flipped=side is Color.BLACK)
        if animate_last:
            self.board.play(line[-1])
        self.board.set_trainee(side if self.drill.phase is not Phase.OVER else None)

    def on_move(self, move: Move) -> None:
        """The trainee's move (already on the board)."""
        drill = self.drill
        if drill is None:
            return
        answer = self._guarded(lambda: drill.answer(move))
        if answer is None:
            self.board.take_back()
            return
        if answer.verdict is Verdict.WRONG:
            self.board.take_back()
            self.board.show_arrows(answer.expected)
        else:
            self.board.show_arrows(())
            if answer.reply is not None:
                self.board.play(answer.reply)
        self.board.set_trainee(drill.settings.side if drill.phase is not Phase.OVER else None)
        self.feedback.setText(self.verdict_text(answer, move))
        self.show_state()
        if drill.phase is Phase.OVER:
            self.next_button.setFocus()

    def reveal(self) -> None:
        drill = self.drill
        if drill is None or drill.phase is Phase.OVER:
            return
        answer = self._guarded(drill.reveal)
        if answer is None:
            return
        self.board.show_arrows(answer.expected)
        self.feedback.setText(self.tr("The repertoire plays: {0}").format(self.moves_text(answer.expected))
                              + self._due_text(answer))
        self.show_state()

    def _guarded(self, step: Callable[[], Result]) -> Result | None:
        """A drill step; a training history that cannot be written is said, not raised into Qt."""
        try:
            return step()
        except TrainingError as error:
            self.feedback.setText(self.tr("The training history cannot be written: {0}").format(error))
            return None

    # ----------------------------------------------------------------- what the panel says
    def verdict_text(self, answer: Answer, move: Move) -> str:
        if answer.verdict is Verdict.WRONG:
            assert self.drill is not None
            known = self.drill.in_repertoire(move)
            expected = self.moves_text(answer.expected)
            if known is None:
                text = self.tr("Not in the repertoire. It plays: {0}").format(expected)
            elif known.dubious:
                text = self.tr("The repertoire marks this move as a mistake. It plays: {0}").format(expected)
            else:
                text = self.tr("Not the repertoire's main move here. It plays: {0}").format(expected)
            return text + self._due_text(answer)
        text = self.tr("Right.") if answer.verdict is Verdict.RIGHT else self.tr("That's it.")
        if answer.line_over:
            text += " " + self.tr("The line ends here: press N for the next one.")
        return text

    def _due_text(self, answer: Answer) -> str:
        if answer.next_due is None:
            return ""
        day = answer.next_due.astimezone().strftime("%Y-%m-%d")
        if answer.card_added:
            return "\n" + self.tr("The position is added to the opening deck (next review: {0}).").format(day)
        return "\n" + self.tr("Next review of this position: {0}.").format(day)

    def moves_text(self, moves: Sequence[Move]) -> str:
        assert self.drill is not None
        position = self.drill.position
        notation = self.host.move_list.notation
        return self.tr(", ").join(line_text(position, [move], notation, traditional=traditional_moves())[0]
                                  for move in moves if position.is_legal(move))

    def numbered_line(self, start: Position, moves: Sequence[Move]) -> str:
        """``1. 炮二平五 马8进7 2. …`` in the app's notation (``1. … 马8进7`` when black moved first)."""
        texts = line_text(start, list(moves), self.host.move_list.notation, traditional=traditional_moves())
        parts: list[str] = []
        number, red = start.fullmove_number, start.turn is Color.RED
        if not red and texts:
            parts.append(f"{number}. …")
        for text in texts:
            if red:
                parts.append(f"{number}.")
            parts.append(text)
            if not red:
                number += 1
            red = not red
        return " ".join(parts)

    def show_state(self) -> None:
        drill = self.drill
        playing = drill is not None and drill.phase is not Phase.OVER
        self.show_button.setEnabled(playing)
        self.next_button.setEnabled(drill is not None)
        if drill is None:
            self.name_label.setText(self.tr("Choose a repertoire and press Start."))
            self.line_label.setText("")
            self.counts_label.setText("")
            return
        name = drill.opening_name()
        lines = drill.lines_through()
        if name and lines > 1:
            name = self.tr("{0} ({1} lines)").format(name, lines)
        elif not name:
            name = self.tr("{0} lines of the repertoire pass here").format(lines) if lines > 1 else ""
        self.name_label.setText(name)
        self.line_label.setText(self.numbered_line(drill.line_start(), drill.line) or self.tr("(start)"))
        self.counts_label.setText(self.tr("Right {0} · wrong {1} · due positions {2}").format(
            drill.right, drill.wrong, drill.due_count()))

    def _closed(self) -> None:
        self.cancel_reading()
        if self.own_book is not None:
            self.own_book.close()
            self.own_book = None
