"""残局挑战 (endgame challenge): choose a position and a goal, play it on the main board against an engine.

The chooser lists the positions of a record file (a CCPD 残局 file, a study such as 七星聚会, any PGN,
XQF, CCBridge or DhtmlXQ file; read on a worker thread), the position on the board (set up in the
position editor or reached in a game) or a FEN, each with its goal (from the record's title or result,
else picked here), the attempts made and the best result. 开始挑战 starts the game on the main board
(``WindowHost.start_game``) with the chosen engine on the other side; a ``ChallengeWatch`` waits for the
game's end, judges it against the goal by our rules (``xiangqi.training.endgame``), records the attempt
and offers another try. Another game started before the end counts as an unfinished attempt.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMessageBox,
                               QProgressBar, QPushButton, QTableView, QVBoxLayout, QWidget)

from xiangqi.core import Color, FenError, Position
from xiangqi.core.errors import Cancelled
from xiangqi.engine.registry import EngineSpec, builtin_engine_spec
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.game.result import GameResult
from xiangqi.game.setup import GameSetup, Strength, is_builtin
from xiangqi.play.engine_list import engine_display_name, role_engine_index
from xiangqi.record.collection import open_games
from xiangqi.training.database import TrainingDatabase, TrainingError
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.training.endgame import (
    Attempt,
    Challenge,
    ChallengeList,
    EndgameRecords,
    Goal,
    GoalKind,
    Standing,
    Verdict,
    attempt_of,
    challenge_of_fen,
    challenges_of,
)
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog, record_filters
from xiangqi.ui.play.result_dialog import ResultDialog, reason_text
from xiangqi.ui.training.training_board import TrainingBoard
from xiangqi.ui.window_host import WindowHost

BUILTIN_LEVEL = 5          # the built-in engine at its strongest: an endgame is no place for a weak defence
DEFAULT_MOVE_SECONDS = 1.0
FRAME_ROOM = 40           # px of the screen left for a window's frame and title
TITLE_COLUMN, GOAL_COLUMN, ATTEMPTS_COLUMN, BEST_COLUMN = range(4)
PREVIEW_WIDTH = 200       # px of the preview board beside the list (its height: 10/9 of it)


def open_endgame_challenge(host: WindowHost, db: TrainingDatabase) -> None:
    """The 练习 › 残局挑战 entry: the chooser, window-modal over the main window."""
    host.open_dialog(ChallengeChooser(host, EndgameRecords(db)))


def challenges_job(path: Path) -> BackgroundJob:
    """Reads a record file's positions on a worker thread: ``finished`` with (the Path, its ChallengeList)."""

    def work(keep_going: KeepGoing) -> tuple[Path, ChallengeList]:
        games = open_games(path, keep_going)     # NotARecordError, RecordError, OSError: ``failed``
        if job.cancel_requested:
            raise Cancelled(str(path))
        return path, challenges_of(games, path.name)

    job = BackgroundJob(work, f"challenges {path.name}")
    return job


class ChallengeChooser(QDialog):
    """The positions, their goals and standings; the goal and the opponent; 开始挑战."""

    def __init__(self, host: WindowHost, records: EndgameRecords) -> None:
        super().__init__(host)
        self.host, self.records = host, records
        self.challenges: list[Challenge] = []      # as listed: added here, tried before, the file's
        self.added: list[Challenge] = []
        self.from_file: list[Challenge] = []
        self.job: BackgroundJob | None = None
        self.job_path = Path()   # the file the job reads
        self.setWindowTitle(self.tr("Endgame challenge"))
        self._make_models()
        layout = QVBoxLayout(self)
        layout.addLayout(self._sources_row())
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by title"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        layout.addWidget(self.filter_edit)
        listing = QHBoxLayout()
        listing.addWidget(self._make_table(), 1)
        listing.addWidget(self._make_preview())
        layout.addLayout(listing, 1)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(self._game_form())
        layout.addWidget(self._make_buttons())
        resize_within_screen(self, 760, 560)
        self._update_start()
        self.show_challenges()
        last = records.last_file()
        if last and Path(last).is_file():
            self.read_file(Path(last))
        elif not self.challenges:
            self.status.setText(self.tr("Open a record file of endgames (e.g. CCPD's endgame file or the "
                                        "classic Seven Stars Gathering), take the position on the board, or paste "
                                        "a FEN."))

    # ----------------------------------------------------------------- building
    def _make_models(self) -> None:
        self.model = QStandardItemModel(0, 4, self)
        self.model.setHorizontalHeaderLabels([self.tr("Position"), self.tr("Goal"), self.tr("Attempts"),
                                              self.tr("Best result")])
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(TITLE_COLUMN)

    def _make_buttons(self) -> QDialogButtonBox:
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.start_button = self.buttons.addButton(self.tr("&Start the challenge"),
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setDefault(True)
        self.buttons.accepted.connect(self.start_selected)
        self.buttons.rejected.connect(self.reject)
        return self.buttons

    def _sources_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.open_button = QPushButton(self.tr("&Open file…"), self)
        self.open_button.clicked.connect(self.choose_file)
        self.board_button = QPushButton(self.tr("Position on the &board"), self)
        self.board_button.clicked.connect(self.add_board_position)
        self.fen_edit = QLineEdit(self)
        self.fen_edit.setPlaceholderText(self.tr("FEN of a position"))
        self.fen_edit.installEventFilter(self)
        fen_label = QLabel(self.tr("&FEN:"), self)
        fen_label.setBuddy(self.fen_edit)
        self.fen_button = QPushButton(self.tr("&Add"), self)
        self.fen_button.setAutoDefault(False)
        self.fen_button.clicked.connect(self.add_fen)
        for widget in (self.open_button, self.board_button, fen_label, self.fen_edit, self.fen_button):
            row.addWidget(widget, 1 if widget is self.fen_edit else 0)
        return row

    def _make_table(self) -> QTableView:
        table = self.table = QTableView(self)
        table.setModel(self.proxy)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSortingEnabled(True)
        table.verticalHeader().hide()
        header = table.horizontalHeader()
        header.setSectionResizeMode(TITLE_COLUMN, QHeaderView.ResizeMode.Stretch)
        for column in (GOAL_COLUMN, ATTEMPTS_COLUMN, BEST_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        table.selectionModel().currentRowChanged.connect(lambda *_: self._selection_changed())
        table.doubleClicked.connect(lambda _index: self.start_selected())
        return table

    def _make_preview(self) -> QWidget:
        """The chosen position on a small board, its title and the goal, beside the list."""
        panel = QWidget(self)
        panel.setFixedWidth(PREVIEW_WIDTH)    # the list keeps its width whether a position is chosen or not
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 0, 0)
        self.preview = TrainingBoard(self.host.board, panel)
        self.preview.view.setMinimumSize(PREVIEW_WIDTH, PREVIEW_WIDTH * 10 // 9)
        self.preview.setFixedWidth(PREVIEW_WIDTH)
        self.preview.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.preview.hide()                   # until a position is chosen
        self.preview_goal = QLabel(panel)
        self.preview_goal.setObjectName("challenge_goal")
        self.preview_goal.setWordWrap(True)
        self.preview_goal.setMaximumWidth(PREVIEW_WIDTH)
        font = self.preview_goal.font()
        font.setBold(True)
        self.preview_goal.setFont(font)
        self.preview_title = QLabel(panel)
        self.preview_title.setWordWrap(True)
        self.preview_title.setMaximumWidth(PREVIEW_WIDTH)
        column.addWidget(self.preview)
        column.addWidget(self.preview_goal)
        column.addWidget(self.preview_title)
        column.addStretch(1)
        return panel

    def show_preview(self) -> None:
        """The selected position and the goal chosen for it (nothing chosen: an empty board, no words)."""
        challenge = self.selected()
        try:
            position = Position.from_fen(challenge.fen) if challenge is not None else None
        except FenError:
            position = None
        self.preview.setVisible(position is not None)
        if challenge is None or position is None:
            self.preview_goal.setText("")
            self.preview_title.setText("")
            return
        goal = self.goal()
        self.preview.set_position(position, None, flipped=goal.side is Color.BLACK)
        self.preview_goal.setText(self.tr("Goal: {0}").format(goal_text(goal)))
        self.preview_title.setText(challenge.title)

    def _game_form(self) -> QFormLayout:
        form = QFormLayout()
        self.side_box = QComboBox(self)
        self.side_box.addItem(self.tr("Red"), Color.RED)
        self.side_box.addItem(self.tr("Black"), Color.BLACK)
        self.kind_box = QComboBox(self)
        self.kind_box.addItem(self.tr("win"), GoalKind.WIN)
        self.kind_box.addItem(self.tr("draw (or win)"), GoalKind.DRAW)
        for box in (self.side_box, self.kind_box):
            box.currentIndexChanged.connect(lambda _index: self.show_preview())
        goal_row = QHBoxLayout()
        goal_row.addWidget(self.side_box)
        goal_row.addWidget(self.kind_box)
        goal_row.addStretch(1)
        goal_label = QLabel(self.tr("&Your side and goal:"), self)
        goal_label.setBuddy(self.side_box)
        form.addRow(goal_label, goal_row)
        self.engine_box = QComboBox(self)
        for spec in self.host.engines:
            self.engine_box.addItem(engine_display_name(spec), spec)
        engines = self.host.engines
        self.engine_box.setCurrentIndex(role_engine_index(engines, self.host.engine_roles.endgame,
                                                          default_engine_index(engines)))
        form.addRow(self.tr("&Opponent:"), self.engine_box)
        self.move_time = QDoubleSpinBox(self)
        self.move_time.setRange(0.1, 60.0)
        self.move_time.setSingleStep(0.5)
        self.move_time.setDecimals(1)
        self.move_time.setSuffix(self.tr(" s"))
        self.move_time.setValue(DEFAULT_MOVE_SECONDS)
        form.addRow(self.tr("Engine &time a move:"), self.move_time)
        return form

    # ----------------------------------------------------------------- sources
    def choose_file(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Open endgame positions"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(record_filters())
        prepare_file_dialog(dialog, FileKind.RECORDS, self.records.last_file())
        dialog.fileSelected.connect(lambda path: self.read_file(Path(path)))
        dialog.open()
        return dialog

    def read_file(self, path: Path) -> None:
        if self.job is not None:
            self.job.cancel()
        job = self.job = challenges_job(path)   # not a child: it may outlive the dialog on its thread
        self.job_path = path
        job.finished.connect(self._file_read)      # bound methods: the connections end with the dialog
        job.failed.connect(self._file_failed)
        job.progress.connect(self._show_progress)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.status.setText(self.tr("Reading {0}…").format(path.name))
        job.start()

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def _file_read(self, read: tuple[Path, ChallengeList]) -> None:
        if self.sender() is not self.job:
            return   # a file read before another was chosen
        path, found = read
        self.progress.hide()
        self.job = None
        try:
            self.records.remember_file(str(path))
        except TrainingError as error:
            self.status.setText(str(error))
        self.from_file = list(found.challenges)
        self.show_challenges()
        text = self.tr("{0}: {1} positions").format(path.name, len(found.challenges))
        if found.problems:
            text += " · " + self.tr("{0} records skipped: {1}").format(len(found.problems), found.problems[0])
        self.status.setText(text)

    def _file_failed(self, error: Exception) -> None:
        if self.sender() is not self.job:
            return
        self.progress.hide()
        self.job = None
        self.status.setText(self.tr("The file cannot be read: {0}").format(f"{self.job_path}: {error}"))

    def add_board_position(self) -> None:
        headers = self.host.controller.game.record.headers
        title = headers.get("Event", "").strip() or self.tr("Position on the board")
        self._add(challenge_of_fen(self.host.controller.board_position().fen(), title, self.tr("board")))

    def add_fen(self) -> None:
        text = self.fen_edit.text().strip()
        if not text:
            return
        try:
            challenge = challenge_of_fen(text, "FEN " + " ".join(text.split()[:2]), "FEN")
        except FenError as error:
            self.status.setText(self.tr("Not a position: {0}").format(error))
            return
        self.fen_edit.clear()
        self._add(challenge)

    def _add(self, challenge: Challenge) -> None:
        self.added.insert(0, challenge)
        self.show_challenges()
        self.status.setText(self.tr("Added: {0}").format(challenge.title))

    # ----------------------------------------------------------------- the list
    def show_challenges(self) -> None:
        """The positions added here, those tried before (the latest first), then the file's; each once."""
        seen: set[str] = set()
        challenges = []
        for challenge in (*self.added, *self.records.tried(), *self.from_file):
            if challenge.key not in seen:
                seen.add(challenge.key)
                challenges.append(challenge)
        self.challenges = challenges
        standings = self.records.standings({c.key for c in challenges})
        self.model.removeRows(0, self.model.rowCount())
        for number, challenge in enumerate(challenges):
            self.model.appendRow(self._row(number, challenge, standings.get(challenge.key, Standing())))
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        if challenges:
            self.table.selectRow(0)
            self.table.setFocus()
        self._update_start()

    def _row(self, number: int, challenge: Challenge, standing: Standing) -> list[QStandardItem]:
        title = QStandardItem(challenge.title)
        title.setData(number, Qt.ItemDataRole.UserRole)
        title.setToolTip(f"{challenge.source}\n{challenge.fen}")
        goal = QStandardItem(goal_text(challenge.goal) if challenge.goal else "—")
        attempts = QStandardItem()
        attempts.setData(standing.attempts, Qt.ItemDataRole.DisplayRole)
        best = QStandardItem(standing_text(standing))
        return [title, goal, attempts, best]

    def selected(self) -> Challenge | None:
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        number = self.proxy.index(index.row(), TITLE_COLUMN).data(Qt.ItemDataRole.UserRole)
        return self.challenges[int(number)] if number is not None else None

    def _selection_changed(self) -> None:
        challenge = self.selected()
        if challenge is not None:
            goal = challenge.goal or Goal(challenge.turn, GoalKind.WIN)
            self.side_box.setCurrentIndex(self.side_box.findData(goal.side))
            self.kind_box.setCurrentIndex(self.kind_box.findData(goal.kind))
        self.show_preview()
        self._update_start()

    def _update_start(self) -> None:
        self.start_button.setEnabled(self.selected() is not None and self.engine_box.count() > 0)

    def goal(self) -> Goal:
        return Goal(self.side_box.currentData(), self.kind_box.currentData())

    # ----------------------------------------------------------------- starting
    def start_selected(self) -> None:
        challenge = self.selected()
        spec: EngineSpec | None = self.engine_box.currentData()
        if challenge is None or spec is None:
            return
        setup = challenge_setup(self.host, challenge.fen, self.goal(), spec, round(self.move_time.value() * 1000))
        host, records, chosen = self.host, self.records, challenge.with_goal(self.goal())
        self.accept()
        start_challenge(host, records, chosen, setup)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter in the FEN field adds the position; it does not reach the dialog's default button (which
        starts the selected challenge)."""
        if (watched is self.fen_edit and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.add_fen()
            return True
        return super().eventFilter(watched, event)

    def done(self, result: int) -> None:
        if self.job is not None:
            self.job.cancel()
        super().done(result)


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """``width`` × ``height``, or less on a small screen (room left for the window frame)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        room = screen.availableGeometry()
        width, height = min(width, room.width() - FRAME_ROOM), min(height, room.height() - FRAME_ROOM)
    widget.resize(width, height)


def default_engine_index(engines: list[EngineSpec]) -> int:
    """The first engine that is not the built-in one (a strong defender), else the first."""
    return next((i for i, spec in enumerate(engines) if not is_builtin(spec)), 0)


def challenge_setup(host: WindowHost, fen: str, goal: Goal, spec: EngineSpec, move_ms: int) -> GameSetup:
    """The game of a challenge: the trainee on the goal's side, ``spec`` on the other, ``move_ms`` a move."""
    builtin = is_builtin(spec)
    engine = builtin_engine_spec(BUILTIN_LEVEL) if builtin else spec
    return GameSetup(human=goal.side, engine=engine, strength=Strength(level=BUILTIN_LEVEL if builtin else None),
                     time_control=TimeControl(TimeControlKind.MOVE, move_time_ms=move_ms), start_fen=fen,
                     natural_limit_plies=host.last_setup.natural_limit_plies, player=host.last_setup.player)


def start_challenge(host: WindowHost, records: EndgameRecords, challenge: Challenge, setup: GameSetup) -> None:
    """The challenge's game on the main board (after the player agreed to drop an unsaved game)."""
    host.confirm_discard(lambda: ChallengeWatch.begin(host, records, challenge, setup))


class ChallengeWatch(QObject):
    """Watches the main board's game of one challenge until it ends (or another game replaces it)."""

    current: ChallengeWatch | None = None

    def __init__(self, host: WindowHost, records: EndgameRecords, challenge: Challenge, setup: GameSetup) -> None:
        super().__init__(host)
        self.host, self.records, self.challenge, self.setup = host, records, challenge, setup
        self.goal = challenge.goal or Goal(challenge.turn, GoalKind.WIN)
        self.result_box: QMessageBox | None = None

    @classmethod
    def begin(cls, host: WindowHost, records: EndgameRecords, challenge: Challenge, setup: GameSetup) -> ChallengeWatch:
        """Start the challenge's game on the main board and watch it."""
        host.start_game(setup)    # a challenge watched until now sees its game replaced: unfinished
        watch = cls.current = cls(host, records, challenge, setup)
        host.controller.game_over.connect(watch._ended)
        host.controller.game_replaced.connect(watch._replaced)
        said = QCoreApplication.translate("ChallengeWatch", "Endgame challenge: {0} — {1}")
        host.statusBar().showMessage(said.format(goal_text(watch.goal), challenge.title))
        return watch

    def _stop_watching(self) -> None:
        self.host.controller.game_over.disconnect(self._ended)
        self.host.controller.game_replaced.disconnect(self._replaced)
        if ChallengeWatch.current is self:
            ChallengeWatch.current = None
        self.deleteLater()

    def _replaced(self) -> None:
        self._stop_watching()
        self._record(None)

    def _ended(self, result: GameResult) -> None:
        self._stop_watching()
        attempt = self._record(result)
        if attempt is None:
            return
        standing = self.records.standing(self.challenge.key)
        verdict, how = verdict_text(attempt.verdict), reason_text(result.reason)
        if attempt.met:
            head = self.tr("Goal reached: {0} — {1} ({2}).").format(goal_text(self.goal), verdict, how)
        else:
            head = self.tr("Goal not reached: {0} — {1} ({2}).").format(goal_text(self.goal), verdict, how)
        text = head + "\n" + self.tr("{0}: {1} attempts, best result {2}.").format(
            self.challenge.title, standing.attempts, standing_text(standing))
        for said in self.host.findChildren(ResultDialog):
            said.reject()   # the window's own "game over" dialog: this one says it, judged against the goal
        self.result_box = self._result_box(text, attempt.met)

    def _result_box(self, text: str, met: bool) -> QMessageBox:
        """The result, with 再试一次 (the same challenge again), 换一个局面 (the chooser) and 关闭."""
        host, records, challenge, setup = self.host, self.records, self.challenge, self.setup
        box = QMessageBox(QMessageBox.Icon.Information if met else QMessageBox.Icon.Warning,
                          self.tr("Endgame challenge"), text, QMessageBox.StandardButton.Close, host)
        again = box.addButton(self.tr("&Try again"), QMessageBox.ButtonRole.AcceptRole)
        other = box.addButton(self.tr("&Choose another position"), QMessageBox.ButtonRole.ActionRole)
        box.setDefaultButton(again)
        again.clicked.connect(lambda: start_challenge(host, records, challenge, setup))
        other.clicked.connect(lambda: host.open_dialog(ChallengeChooser(host, records)))
        return host.open_dialog(box)

    def _record(self, result: GameResult | None) -> Attempt | None:
        attempt = attempt_of(self.challenge.fen, self.challenge.title, self.goal, result,
                             self.host.controller.game.ply, engine_display_name(self.setup.engine))
        try:
            self.records.add(attempt)
        except TrainingError as error:
            self.host.show_message(self.tr("Endgame challenge"), self.tr("The attempt cannot be saved: {0}")
                                   .format(error))
            return None
        return attempt


def goal_text(goal: Goal) -> str:
    """红先胜, 红先和, 黑先胜, 黑先和 (and their English)."""
    texts = {
        (Color.RED, GoalKind.WIN): QCoreApplication.translate("EndgameChallenge", "Red to play and win"),
        (Color.RED, GoalKind.DRAW): QCoreApplication.translate("EndgameChallenge", "Red to play and draw"),
        (Color.BLACK, GoalKind.WIN): QCoreApplication.translate("EndgameChallenge", "Black to play and win"),
        (Color.BLACK, GoalKind.DRAW): QCoreApplication.translate("EndgameChallenge", "Black to play and draw"),
    }
    return texts[(goal.side, goal.kind)]


def verdict_text(verdict: Verdict) -> str:
    return {Verdict.WON: QCoreApplication.translate("EndgameChallenge", "won"),
            Verdict.DRAWN: QCoreApplication.translate("EndgameChallenge", "drawn"),
            Verdict.LOST: QCoreApplication.translate("EndgameChallenge", "lost"),
            Verdict.UNFINISHED: QCoreApplication.translate("EndgameChallenge", "unfinished")}[verdict]


def standing_text(standing: Standing) -> str:
    if standing.best is None:
        return "—"
    text = verdict_text(standing.best)
    if standing.solved:
        text = "✓ " + text
    return text
