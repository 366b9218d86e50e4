"""猜谱 (guess the move): replay a master game for one side on the training board, guessing each move.

The game comes from the main board (the record shown), or a record file (any format; a file of many games,
such as the CCPD master games, is indexed on a worker thread and its game chosen from the game list). At
each of the chosen side's moves the trainee plays a guess; ``GuessJudge`` has the engine judge the guess and
the master's move inside one search of the position (``xiangqi.training.guess``, ``xiangqi.review.judging``)
on a pool of one engine seat (``engine.seat_pool.OneSeatPool``: watchdog, restart, a search asked again
once) — asynchronous, never blocking the window. The master's move is then shown on the board, with the
engine's best move and line and each move's Win% (lichess); the summary compares the trainee's average
Win% loss and accuracy with the master's, move by move, and the session is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QSortFilterProxyModel, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QCompleter, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFileDialog, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListView,
                               QProgressBar, QPushButton, QStackedWidget,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Color, Move, NotationError, Position
from xiangqi.core.notation import Notation, text_to_move
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, Purpose, SeatInfo, SeatMove
from xiangqi.engine.seat_pool import OneSeatPool, PoolSeat
from xiangqi.game.notation_text import line_text
from xiangqi.game.setup import is_builtin
from xiangqi.play.engine_list import engine_display_name
from xiangqi.record import Game, GameEntry, PgnFile, RecordError
from xiangqi.record.collection import open_games
from xiangqi.review.judging import Line, SearchLines, expected_lines, restricted_limits
from xiangqi.training.database import TrainingDatabase, TrainingError
from xiangqi.training.guess import (
    GUESS_MULTIPV,
    GuessError,
    GuessJudgement,
    GuessSession,
    GuessSessions,
    GuessStep,
    judge_guess,
    missing_moves,
)
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog, record_filters
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.play.move_box import legal_move_texts
from xiangqi.ui.training.endgame_challenge import default_engine_index, resize_within_screen
from xiangqi.ui.training.training_board import TrainingBoard
from xiangqi.ui.window_host import WindowHost

DEFAULT_SECONDS = 1.0
BUILTIN_SECONDS = 3.0   # the built-in engine searches slowly: more time for a useful depth
SUMMARY_COLUMNS = 6
LINE_PLIES = 8          # how much of the engine's line is shown
HISTORY_ROWS = 5        # sessions listed on the first page
LOSS_SHOWN = 0.05       # Win% lost below this reads "as good as" (the engine cannot tell them apart)
SETUP_PAGE, PLAY_PAGE, SUMMARY_PAGE = range(3)


def open_guess_the_move(host: WindowHost, db: TrainingDatabase) -> None:
    """The 练习 › 猜谱 entry."""
    host.open_dialog(GuessTheMove(host, GuessSessions(db)))


@dataclass(eq=False)
class _Guess:
    """One guess to judge: what the searches found so far (the first search's lines, then the restricted
    searches') and the depth the first one completed."""

    step: GuessStep
    guess: Move
    found: list[Line] = field(default_factory=list)
    depth: int | None = None


class GuessJudge(OneSeatPool[_Guess]):
    """Judges one guess at a time with one analysing engine (a pool of one seat, ``engine.seat_pool``): a
    MultiPV search of the position, then, for the guess or the master's move when no line starts with it, a
    search restricted to those moves at the depth the first one completed (one restricted move at a time
    for an engine without MultiPV). An engine that dies or goes silent is restarted by the pool and the
    search asked again once."""

    judged = Signal(object)         # GuessJudgement | None (None: the engine gave no score for a move)
    unavailable = Signal(str)       # the engine cannot judge this guess (it cannot start, or failed twice)
    WORK = "judging"

    def __init__(self, spec: EngineSpec, limits: SearchLimits, factory: EngineFactory | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(spec, factory, parent)
        self.limits = limits
        self._judging: _Guess | None = None
        self.problem.connect(self._failed)
        self.warm_up()   # ready by the time the trainee has a guess

    @property
    def busy(self) -> bool:
        return self._judging is not None

    def judge(self, step: GuessStep, guess: Move) -> None:
        self._judging = _Guess(step, guess)
        self.submit(self._judging)

    def close(self) -> None:
        self._judging = None
        super().close()

    def make_seat(self) -> _JudgeSeat:
        return _JudgeSeat(self)

    def name_of(self, task: _Guess, index: int) -> str:
        return "judging the guess"

    def unanswered(self, task: _Guess, why: str) -> None:
        self._failed(why)

    def answer(self, task: _Guess) -> None:
        self.answered(task)
        self._judging = None
        self.judged.emit(judge_guess(task.step, task.guess, task.found))

    def _failed(self, why: str) -> None:
        self._judging = None
        self.unavailable.emit(why)


class _JudgeSeat(PoolSeat[_Guess]):
    """Search 0 of a guess is the MultiPV search; each next one is restricted to the moves still missing."""

    def __init__(self, pool: GuessJudge) -> None:
        super().__init__(pool)
        self.judge = pool
        self.lines = SearchLines()
        self.seat.set_option("MultiPV", GUESS_MULTIPV)   # sent only if the engine offers it

    def _multipv(self) -> int:
        return GUESS_MULTIPV if self.seat.offers("MultiPV") else 1

    def begin(self, task: _Guess, index: int) -> None:
        position, limits = task.step.position, self.judge.limits
        allowed: tuple[Move, ...] = ()
        if index > 0:
            missing = missing_moves(task.found, (task.guess, task.step.master))
            allowed = missing if self._multipv() > 1 else missing[:1]
            limits = restricted_limits(limits, task.depth)
        legal = position.legal_moves()
        banned = tuple(m for m in legal if m not in allowed) if allowed else ()
        self.lines = SearchLines(expected_lines(len(legal) - len(banned), self._multipv()), limits)
        self.watch(limits)
        self.seat.search(position, limits, Purpose.MOVE, banned=banned)

    def on_info(self, info: SeatInfo) -> None:
        self.lines.add(info.info)

    def on_answer(self, move: SeatMove) -> None:
        assert self.item is not None
        task, index = self.item
        lines = self.lines.completed()
        if task.depth is None:
            task.depth = lines[0].depth if lines else None
        task.found.extend(line for line in lines if line.move not in {f.move for f in task.found})
        if lines and missing_moves(task.found, (task.guess, task.step.master)):
            self.go_on(index + 1)
            return
        self.hand_on(lambda answered, _index: self.judge.answer(answered))


@dataclass(frozen=True)
class FileRead:
    """A record file read for 猜谱: its index, its only game (when it holds one) and the picker's rows."""

    path: Path
    games: PgnFile
    only: Game | None
    rows: list[str]


def file_job(path: Path) -> BackgroundJob:
    """Reads a record file's index (and its game when it holds one) on a worker thread: ``finished`` with a
    FileRead; ``failed`` with the NotARecordError, RecordError or OSError."""

    def work(keep_going: KeepGoing) -> FileRead:
        games = open_games(path, keep_going)
        rows = [game_row(entry) for entry in games] if len(games) > 1 else []
        return FileRead(path, games, games.game(0) if len(games) == 1 else None, rows)

    return BackgroundJob(work, f"guess {path.name}")


def game_row(entry: GameEntry) -> str:
    """One game of a file as the picker lists it: number, players, event, date, result."""
    players = " – ".join(name for name in (entry.red.strip(), entry.black.strip()) if name)
    parts = (players, entry.event.strip(), entry.tag("Date").strip(), entry.result)
    return f"{entry.index + 1}. " + " · ".join(part for part in parts if part)


class GamePicker(QDialog):
    """The games of a file, filtered as you type; Enter or a double click takes one."""

    game_chosen = Signal(int)   # the game's number in the file (from 0)

    def __init__(self, name: str, rows: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Games in {0}").format(name))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(QStringListModel(rows, self))
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by player, event, date or result"))
        self.filter_edit.textChanged.connect(self._filter)
        self.list = QListView(self)
        self.list.setModel(self.proxy)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.activated.connect(lambda index: self.choose_row(index.row()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(lambda: self.choose_row(self.list.currentIndex().row()))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.filter_edit, self.list, buttons):
            layout.addWidget(widget)
        resize_within_screen(self, 720, 520)
        self._filter("")

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.list.setCurrentIndex(self.proxy.index(0, 0))

    def visible_row_count(self) -> int:
        return self.proxy.rowCount()

    def choose_row(self, row: int) -> None:
        """Take the ``row``-th game shown (the filter applied)."""
        if 0 <= row < self.proxy.rowCount():
            source = self.proxy.mapToSource(self.proxy.index(row, 0)).row()
            self.game_chosen.emit(source)
            self.accept()


class GuessTheMove(QDialog):
    """The 猜谱 window: the game and side to guess, the guessing, the summary."""

    def __init__(self, host: WindowHost, sessions: GuessSessions, factory: EngineFactory | None = None) -> None:
        super().__init__(host)
        self.host, self.sessions, self.factory = host, sessions, factory
        self.game: Game | None = None
        self.session: GuessSession | None = None
        self.judge: GuessJudge | None = None
        self.job: BackgroundJob | None = None
        self.job_path = Path()   # the file the job reads
        self.game_list: GamePicker | None = None
        self.pending: Move | None = None         # the guess on the board, waiting for the engine
        self.setWindowTitle(self.tr("Guess the move"))
        self.board = TrainingBoard(host.board, self)
        self.board.move_played.connect(self._guessed)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self._setup_page())
        self.pages.addWidget(self._play_page())
        self.pages.addWidget(self._summary_page())
        layout = QHBoxLayout(self)
        layout.addWidget(self.board, 3)
        layout.addWidget(self.pages, 2)
        resize_within_screen(self, 1080, 700)
        self.finished.connect(lambda _result: self._closed())
        board_game = host.controller.game.record
        if board_game.mainline_moves():
            self.set_game(board_game, self.tr("the game on the board"))
        else:
            self.board.set_position(Position(), None)

    @property
    def notation(self) -> Notation:
        return self.host.move_list.notation

    # ----------------------------------------------------------------- setup page
    def _setup_page(self) -> QWidget:
        page = QWidget(self)
        form = QFormLayout()
        self.game_label = QLabel(self.tr("No game chosen"), page)
        self.game_label.setWordWrap(True)
        form.addRow(self.tr("Game:"), self.game_label)
        form.addRow("", self._sources_row(page))
        self.side_box = QComboBox(page)
        self.side_box.addItem(self.tr("Red"), Color.RED)
        self.side_box.addItem(self.tr("Black"), Color.BLACK)
        form.addRow(self.tr("&Guess the moves of:"), self.side_box)
        self.engine_box = QComboBox(page)
        for spec in self.host.engines:
            self.engine_box.addItem(engine_display_name(spec), spec)
        self.engine_box.setCurrentIndex(default_engine_index(self.host.engines))
        self.engine_box.currentIndexChanged.connect(self._engine_changed)
        form.addRow(self.tr("&Engine:"), self.engine_box)
        self.seconds = QDoubleSpinBox(page)
        self.seconds.setRange(0.1, 60.0)
        self.seconds.setDecimals(1)
        self.seconds.setSuffix(self.tr(" s"))
        form.addRow(self.tr("Engine &time a move:"), self.seconds)
        self._engine_changed()
        self.start_button = QPushButton(self.tr("&Start"), page)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.setup_status = QLabel(page)
        self.setup_status.setWordWrap(True)
        self.read_progress = QProgressBar(page)
        self.read_progress.hide()
        self.history_label = QLabel(page)
        self.history_label.setWordWrap(True)
        column = QVBoxLayout(page)
        column.addLayout(form)
        column.addWidget(self.setup_status)
        column.addWidget(self.read_progress)
        column.addStretch(1)
        column.addWidget(self.history_label)
        column.addWidget(self.start_button)
        self._update_start()
        self.show_history()
        return page

    def _sources_row(self, page: QWidget) -> QVBoxLayout:
        sources = QVBoxLayout()   # one above the other: side by side they made the dialog too wide for a
        # small screen with larger text (812 px at 800x600 and 150 %)
        self.board_game_button = QPushButton(self.tr("Game on the &board"), page)
        self.board_game_button.clicked.connect(
            lambda: self.set_game(self.host.controller.game.record, self.tr("the game on the board")))
        self.open_button = QPushButton(self.tr("&Open file…"), page)
        self.open_button.clicked.connect(self.choose_file)
        sources.addWidget(self.board_game_button)
        sources.addWidget(self.open_button)
        return sources

    def show_history(self) -> None:
        """The latest sessions: game, side, guesses as the master's and accuracy against the master's."""
        try:
            recent = self.sessions.recent(HISTORY_ROWS)
        except TrainingError as error:
            self.history_label.setText(str(error))
            return
        lines = [self.tr("{0}: {1} ({2}) — {3} of {4} as the master, accuracy {5:.1f} against {6:.1f}").format(
            saved.started_at.astimezone().strftime("%Y-%m-%d"), saved.title,
            self.tr("Red") if saved.side is Color.RED else self.tr("Black"), saved.summary.matched,
            saved.summary.moves, saved.summary.your_accuracy, saved.summary.master_accuracy) for saved in recent]
        self.history_label.setText("\n".join([self.tr("Your last sessions:"), *lines]) if lines else "")

    def _engine_changed(self) -> None:
        spec = self.engine_box.currentData()
        self.seconds.setValue(BUILTIN_SECONDS if is_builtin(spec) else DEFAULT_SECONDS)

    def _update_start(self) -> None:
        self.start_button.setEnabled(self.game is not None and self.engine_box.count() > 0)

    def choose_file(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Open a master game"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(record_filters())
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.fileSelected.connect(lambda path: self.read_file(Path(path)))
        dialog.open()
        return dialog

    def read_file(self, path: Path) -> None:
        if self.job is not None:
            self.job.cancel()
        job = self.job = file_job(path)          # not a child: it may outlive the window on its thread
        self.job_path = path
        job.finished.connect(self._file_read)     # bound methods: the connections end with the window
        job.failed.connect(self._file_failed)
        job.progress.connect(self._show_progress)
        self.setup_status.setText(self.tr("Reading {0}…").format(path.name))
        self.read_progress.setRange(0, 0)
        self.read_progress.show()
        job.start()

    def _show_progress(self, done: int, total: int) -> None:
        self.read_progress.setRange(0, max(total, 1))
        self.read_progress.setValue(done)

    def _file_read(self, read: FileRead) -> None:
        if self.sender() is not self.job:
            return   # a file read before another was chosen
        self.job = None
        path, games, only, rows = read.path, read.games, read.only, read.rows
        self.read_progress.hide()
        self.setup_status.clear()
        if only is not None:
            self.set_game(only, path.name)
        elif len(games) == 0:
            self.setup_status.setText(self.tr("{0} holds no game.").format(path.name))
        else:
            game_list = self.game_list = GamePicker(path.name, rows, self)
            game_list.game_chosen.connect(lambda index: self._game_chosen(path, games, index))
            game_list.open()

    def _game_chosen(self, path: Path, games: PgnFile, index: int) -> None:
        try:
            game = games.game(index)
        except RecordError as error:
            self.setup_status.setText(str(error))
            return
        self.set_game(game, f"{path.name} #{index + 1}")

    def _file_failed(self, error: Exception) -> None:
        if self.sender() is not self.job:
            return
        self.job = None
        self.read_progress.hide()
        self.setup_status.setText(self.tr("The file cannot be read: {0}").format(f"{self.job_path}: {error}"))

    def set_game(self, game: Game, source: str) -> None:
        """The game to replay (shown on the board at its start)."""
        if not game.mainline_moves():
            self.setup_status.setText(self.tr("{0} has no moves to guess.").format(source))
            return
        self.game = game
        self.game_label.setText(f"{game_title(game)}\n({source})")
        self.board.set_position(game.start_position(), None)
        self.pages.setCurrentIndex(SETUP_PAGE)
        self._update_start()

    # ----------------------------------------------------------------- guessing
    def _play_page(self) -> QWidget:
        page = QWidget(self)
        self.progress_label = QLabel(page)
        self.prompt = QLabel(page)
        self.prompt.setWordWrap(True)
        self.feedback = QLabel(page)
        self.feedback.setWordWrap(True)
        self.feedback.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.score_label = QLabel(page)
        self.score_label.setWordWrap(True)
        self.move_edit = QLineEdit(page)
        self.move_edit.setPlaceholderText(self.tr("e.g. 炮二平五, C2.5 or h2e2"))
        self.move_edit.setCompleter(QCompleter(QStringListModel(self.move_edit), self.move_edit))
        self.move_edit.returnPressed.connect(self._typed)
        move_label = QLabel(self.tr("&Your move:"), page)
        move_label.setBuddy(self.move_edit)
        move_row = QHBoxLayout()
        move_row.addWidget(move_label)
        move_row.addWidget(self.move_edit, 1)
        self.next_button = QPushButton(self.tr("&Next move"), page)
        self.next_button.clicked.connect(self.next_step)
        self.finish_button = QPushButton(self.tr("&Finish now"), page)
        self.finish_button.clicked.connect(self.finish)
        buttons = QHBoxLayout()
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.finish_button)
        column = QVBoxLayout(page)
        column.addWidget(self.progress_label)
        column.addWidget(self.prompt)
        column.addLayout(move_row)
        for widget in (self.feedback, self.score_label):
            column.addWidget(widget)
        column.addStretch(1)
        column.addLayout(buttons)
        return page

    def start(self) -> None:
        spec: EngineSpec | None = self.engine_box.currentData()
        if self.game is None or spec is None:
            return
        side: Color = self.side_box.currentData()
        try:
            session = GuessSession(self.game, side, game_title(self.game))
        except GuessError as error:
            self.setup_status.setText(str(error))
            return
        if not session.steps:
            self.setup_status.setText(self.tr("This side has no move in the game."))
            return
        self._close_engine()
        self.session, self.pending = session, None
        self.judge = GuessJudge(spec, SearchLimits(movetime_ms=round(self.seconds.value() * 1000)), self.factory,
                                self)
        self.judge.judged.connect(self._judged)
        self.judge.unavailable.connect(self._engine_unavailable)
        self.judge.trouble.connect(self._engine_trouble)
        self.feedback.clear()
        self.pages.setCurrentIndex(PLAY_PAGE)
        self._show_step()

    def _show_step(self) -> None:
        session = self.session
        step = session.current if session is not None else None
        if session is None or step is None:
            self.finish()
            return
        before = step.position.copy()
        if before.move_stack:
            last = before.pop()
            self.board.set_position(before, None, flipped=session.side is Color.BLACK)
            self.board.play(last)                      # the opponent's move (the master game's), animated
            self.board.set_trainee(session.side)
        else:
            self.board.set_position(before, session.side)
        self.progress_label.setText(self.tr("Move {0} of {1}").format(session.index + 1, len(session.steps)))
        self.prompt.setText(self.tr("Round {0}: what did the master play? Make your move on the board.")
                            .format(step.ply // 2 + 1))
        self.next_button.setEnabled(False)
        self._offer_moves(step.position)
        self.board.view.setFocus()

    def _offer_moves(self, position: Position | None) -> None:
        """The move field takes a move while one is to be guessed (its completer lists the legal ones)."""
        self.move_edit.clear()
        self.move_edit.setEnabled(position is not None)
        completer = self.move_edit.completer()
        model = completer.model() if completer is not None else None
        if isinstance(model, QStringListModel):
            model.setStringList(legal_move_texts(position, self.notation, traditional_moves()) if position else [])

    def _typed(self) -> None:
        """A guess typed in any notation the program reads; a wrong entry is quoted."""
        session = self.session
        step = session.current if session is not None else None
        text = self.move_edit.text().strip()
        if step is None or not text:
            return
        try:
            move = text_to_move(step.position, text)
        except NotationError as error:
            self.prompt.setText(self.tr("Not a legal move here: {0}").format(error))
            return
        if not self.board.model.try_move(move):
            self.prompt.setText(self.tr("Not a legal move here: {0}").format(text))

    def _guessed(self, guess: Move) -> None:
        session, judge = self.session, self.judge
        step = session.current if session is not None else None
        if step is None or judge is None or judge.busy:
            return
        self.board.set_trainee(None)
        self._offer_moves(None)
        self.pending = guess
        self.prompt.setText(self.tr("Your move: {0}. The engine is judging it…").format(
            self._move_text(step.position, guess)))
        judge.judge(step, guess)

    def _judged(self, judgement: GuessJudgement | None) -> None:
        session = self.session
        step = session.current if session is not None else None
        if session is None or step is None or self.pending is None:
            return
        self.pending = None
        self.board.take_back()               # the guess; the master's move takes its place
        self.board.play(step.master)
        if judgement is not None:
            self.board.show_arrows((judgement.best,) if judgement.best != step.master else ())
            self.feedback.setText(self._feedback_text(step, judgement))
        else:
            self.feedback.setText(self.tr("The engine gave no score for this move; it is not counted."))
        session.judged(judgement)
        summary = session.summary()
        self.score_label.setText(self.tr("So far: {0} of {1} guessed as the master · your accuracy {2:.1f}, the "
                                         "master's {3:.1f}").format(summary.matched, summary.moves,
                                                                    summary.your_accuracy, summary.master_accuracy))
        self.prompt.setText(self.tr("The master played {0}.").format(self._move_text(step.position, step.master)))
        self.next_button.setEnabled(True)
        self.next_button.setDefault(True)
        self.next_button.setFocus()

    def _feedback_text(self, step: GuessStep, judgement: GuessJudgement) -> str:
        position = step.position
        best_line = " ".join(line_text(position, self._best_line(judgement), self.notation,
                                       traditional=traditional_moves()))
        guess = self._move_text(position, judgement.guess)
        master = self._move_text(position, judgement.master)
        against_best = (self.tr("−{0:.1f} against the best").format(judgement.guess_loss)
                        if judgement.guess_loss >= LOSS_SHOWN else self.tr("as good as the best"))
        against_master = (self.tr("−{0:.1f} against the master").format(judgement.loss_to_master)
                          if judgement.loss_to_master >= LOSS_SHOWN else self.tr("no worse than the master's"))
        master_part = (self.tr("−{0:.1f} against the best").format(judgement.master_loss)
                       if judgement.master_loss >= LOSS_SHOWN else self.tr("as good as the best"))
        lines = [
            self.tr("Same move as the master!") if judgement.matched else
            self.tr("Your move {0}: Win% {1:.1f} ({2}, {3})").format(guess, judgement.guess_win, against_best,
                                                                    against_master),
            self.tr("Master's move {0}: Win% {1:.1f} ({2})").format(master, judgement.master_win, master_part),
            self.tr("Engine's best {0}: Win% {1:.1f}, depth {2}").format(
                self._move_text(position, judgement.best), judgement.best_win, judgement.depth),
            self.tr("Engine's line: {0}").format(best_line),
        ]
        return "\n".join(lines)

    def _best_line(self, judgement: GuessJudgement) -> tuple[Move, ...]:
        return judgement.best_pv[:LINE_PLIES] or (judgement.best,)

    def next_step(self) -> None:
        self.feedback.clear()
        self.board.show_arrows(())
        self._show_step()

    def _engine_trouble(self, _what: str) -> None:
        """The engine died or went silent while judging the guess: it is restarted and asked again."""
        session = self.session
        step = session.current if session is not None else None
        if step is not None and self.pending is not None:
            self.prompt.setText(self.tr("Your move: {0}. The engine failed; asking it again…").format(
                self._move_text(step.position, self.pending)))

    def _engine_unavailable(self, why: str) -> None:
        """The guess is not judged (not counted); the master's move is shown and the replay goes on."""
        if self.pending is not None:
            self._judged(None)
        self.feedback.setText(self.tr("The engine cannot judge: {0}").format(why))

    def _move_text(self, position: Position, move: Move) -> str:
        texts = line_text(position, (move,), self.notation, traditional=traditional_moves())
        return texts[0] if texts else move.iccs()

    # ----------------------------------------------------------------- summary
    def _summary_page(self) -> QWidget:
        page = QWidget(self)
        self.summary_label = QLabel(page)
        self.summary_label.setWordWrap(True)
        self.table = QTableWidget(0, SUMMARY_COLUMNS, page)
        self.table.setHorizontalHeaderLabels([self.tr("Round"), self.tr("Your move"), self.tr("Master"),
                                              self.tr("Engine's best"), self.tr("Your loss"),
                                              self.tr("Master's loss")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.again_button = QPushButton(self.tr("&Another game"), page)
        self.again_button.clicked.connect(self._another_game)
        column = QVBoxLayout(page)
        column.addWidget(self.summary_label)
        column.addWidget(self.table, 1)
        column.addWidget(self.again_button)
        return page

    def _another_game(self) -> None:
        self.show_history()
        self.pages.setCurrentIndex(SETUP_PAGE)
        self.start_button.setFocus()

    def finish(self) -> None:
        """The summary: your score against the master's, move by move; the session is saved."""
        session = self.session
        if session is None:
            return
        self._close_engine()
        self.board.set_trainee(None)
        if session.judgements:
            try:
                self.sessions.add(session, engine_display_name(self.engine_box.currentData()))
            except TrainingError as error:
                self.host.show_message(self.tr("Guess the move"), self.tr("The session cannot be saved: {0}")
                                       .format(error))
        summary = session.summary()
        self.summary_label.setText("\n".join([
            session.title,
            self.tr("Guessed {0} moves; {1} as the master ({2:.0f}%).").format(
                summary.moves, summary.matched, summary.match_percent),
            self.tr("Accuracy: you {0:.1f}, the master {1:.1f}.").format(summary.your_accuracy,
                                                                       summary.master_accuracy),
            self.tr("Average Win% loss a move: you {0:.1f}, the master {1:.1f}; against the master's moves you "
                    "lost {2:.1f}.").format(summary.your_loss, summary.master_loss, summary.loss_to_master),
        ]))
        self._fill_table(session)
        self.pages.setCurrentIndex(SUMMARY_PAGE)
        self.again_button.setFocus()

    def _fill_table(self, session: GuessSession) -> None:
        positions = {step.ply: step.position for step in session.steps}
        self.table.setRowCount(len(session.judgements))
        for row, judgement in enumerate(session.judgements):
            position = positions[judgement.ply]
            cells = [str(judgement.ply // 2 + 1), self._move_text(position, judgement.guess),
                     self._move_text(position, judgement.master), self._move_text(position, judgement.best),
                     f"{judgement.guess_loss:.1f}", f"{judgement.master_loss:.1f}"]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)

    def _closed(self) -> None:
        if self.job is not None:
            self.job.cancel()   # a file still being read is not wanted any more
        self._close_engine()

    def _close_engine(self) -> None:
        if self.judge is not None:
            self.judge.close()
            self.judge.deleteLater()
            self.judge = None


def game_title(game: Game) -> str:
    """Red – Black, event (date): what a session is called."""
    headers = game.headers
    players = " – ".join(n for n in (headers.get("Red", "").strip(), headers.get("Black", "").strip()) if n)
    event = headers.get("Event", "").strip()
    title = ", ".join(part for part in (players, event) if part)
    return title or QCoreApplication.translate("GuessTheMove", "Untitled game")
