"""The Book menu and the opening explorer dock of the main window.

- Book › Open book… shows a book file in the explorer; Book › Build from files… picks record files and
  a target, then builds on a worker thread behind a progress dialog (Cancel stops it; the target is
  replaced only by a complete book). The book opened last is remembered in the settings (``book.file``)
  and opened again at the next start.
- Book › Engines play book moves: for the first N plies (setting ``book.engine_plies``, 0 = off) the
  controller's ``book_player`` answers for an engine opponent with a book move weighted by games.
- The explorer follows the position shown; a clicked move is played: as the player's move when it is
  the player's turn in a game, as a variation when a record is being studied.

Installed by ``install_book_ui(window)`` (the main window keeps it as ``book_ui``); the app hands it the
settings store with ``use_settings``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMessageBox, QProgressDialog

from xiangqi.book.builder import auto_jobs
from xiangqi.book import BookError, BookPlayer, BuildCancelled, BuildReport, OpeningBook, build_book
from xiangqi.config import Keys, SettingsStore
from xiangqi.core import Move, Position
from xiangqi.ui.book.explorer_panel import ExplorerPanel
from xiangqi.ui.book.record_folder import record_files
from xiangqi.ui.window_host import DatabaseTree, TreeRow, WindowHost
from xiangqi.ui.common.background_job import BackgroundJob, KeepGoing
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog, record_filters
from xiangqi.ui.common.dialog_ref import DialogRef

BOOK_SUFFIX = "book"
ENGINE_PLIES_CHOICES = (0, 6, 10, 16, 24)   # the menu's choices (the setting takes 0-60)
STATUS_MS = 6000
CLOSE_WAIT_S = 2.0   # a cancelled build stops within one game; this only bounds a stuck file read


def build_job(files: Sequence[str], target: str) -> BackgroundJob:
    """``build_book`` on a worker thread: progress (files done, files, games so far as the detail),
    ``finished`` with the BuildReport, ``failed`` with the NoRecordsError or OSError."""

    def work(keep_going: KeepGoing) -> BuildReport:
        found = record_files(files, lambda: job.cancel_requested)   # a folder: the records under it
        if job.cancel_requested:
            raise BuildCancelled()
        # Big collections of several files are read by a worker process per CPU, as by the command.
        return build_book(target, found, lambda done, total, games: keep_going(done, total, games),
                          jobs=auto_jobs(found))

    job = BackgroundJob(work, "book-build")
    return job


class BookUi(QObject):
    def __init__(self, window: WindowHost, settings: SettingsStore | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self._settings = settings     # None: until the app hands it over (``use_settings``), or none (tests)
        self.book: OpeningBook | None = None
        self.job: BackgroundJob | None = None
        self._target = ""   # the book file the job builds
        self._progress: DialogRef[QProgressDialog] = DialogRef()   # forgotten once closed (Esc: deleted)
        self._engine_plies = 0   # used when there is no settings store (tests, a bare window)
        self.panel = ExplorerPanel()
        self.dock = QDockWidget(self.tr("Opening book"), window)
        self.dock.setObjectName("explorer_dock")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self._build_menu()
        self.panel.move_chosen.connect(self.play)
        self.controller.shown_changed.connect(self.follow_position)
        self.controller.game_replaced.connect(self.follow_position)
        self.follow_position()
        window.installEventFilter(self)
        QTimer.singleShot(0, self, self.restore)   # after the app has attached its settings

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The window closes during a build: cancel it, so its temporary file is removed."""
        if watched is self.window and event.type() == QEvent.Type.Close and self.job is not None:
            self.job.cancel()
            self.job.wait(CLOSE_WAIT_S)
        return False

    def _build_menu(self) -> None:
        window = self.window
        self.open_action = QAction(self.tr("&Open book…"), window)
        self.open_action.triggered.connect(lambda _checked=False: self.open_dialog())
        self.build_action = QAction(self.tr("&Build from files…"), window)
        self.build_action.triggered.connect(lambda _checked=False: self.build_dialog())
        self.build_folder_action = QAction(self.tr("Build from a &folder…"), window)
        self.build_folder_action.triggered.connect(lambda _checked=False: self.build_folder_dialog())
        self.close_action = QAction(self.tr("&Close book"), window)
        self.close_action.triggered.connect(lambda _checked=False: self.close_book())
        self.show_action = self.dock.toggleViewAction()
        self.show_action.setText(self.tr("Show the &explorer"))
        self.menu = window.menuBar().addMenu(self.tr("&Book"))
        self.menu.addActions([self.open_action, self.build_action, self.build_folder_action, self.close_action])
        self.menu.addSeparator()
        self.plies_menu = self.menu.addMenu(self.tr("Engines play boo&k moves"))
        self.plies_group = QActionGroup(self)
        self.plies_menu.aboutToShow.connect(self._fill_plies_menu)
        self.menu.addAction(self.show_action)

    def _fill_plies_menu(self) -> None:
        """Off, or the first N plies: the engine opponent then plays a book move, drawn in proportion to
        the games that played it, while the position is in the book."""
        self.plies_menu.clear()
        current = self.engine_plies()
        for plies in sorted({*ENGINE_PLIES_CHOICES, current}):
            text = self.tr("Off") if plies == 0 else self.tr("The first {0} plies").format(plies)
            action = self.plies_menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(plies == current)
            action.setActionGroup(self.plies_group)
            action.triggered.connect(lambda _checked=False, n=plies: self.set_engine_plies(n))

    # ----------------------------------------------------------------- settings
    def use_settings(self, store: SettingsStore) -> None:
        """Remember the book and the book-move plies in ``store`` (the app's settings)."""
        self._settings = store

    def settings(self) -> SettingsStore | None:
        return self._settings

    def restore(self) -> None:
        """Open the book the settings remember (quietly: a missing file is a status-bar note)."""
        store = self.settings()
        path = store.settings.book.file if store is not None else ""
        if path and self.book is None:
            try:
                self._show_book(OpeningBook(path))
            except BookError as exc:
                self.window.statusBar().showMessage(str(exc), STATUS_MS)

    def engine_plies(self) -> int:
        store = self.settings()
        return int(store.settings.book.engine_plies) if store is not None else self._engine_plies

    def set_engine_plies(self, plies: int) -> None:
        self._engine_plies = plies
        store = self.settings()
        if store is not None:
            try:
                store.set_key(Keys.BOOK_ENGINE_PLIES, plies)
            except ValueError as exc:
                self.window.statusBar().showMessage(str(exc), STATUS_MS)
        self._update_book_player()

    def _update_book_player(self) -> None:
        """Give the controller the book chooser (engines play book moves) or take it away."""
        plies = self.engine_plies()
        player = BookPlayer(self.book, plies) if self.book is not None and plies > 0 else None
        self.controller.book_player = player.move_for if player is not None else None

    def _remember(self, path: str) -> None:
        store = self.settings()
        if store is None:
            return
        try:
            store.set_key(Keys.BOOK_FILE, path)
        except ValueError as exc:   # the settings file cannot be written: the book stays open anyway
            self.window.statusBar().showMessage(str(exc), STATUS_MS)

    # ----------------------------------------------------------------- the book shown
    def open_book(self, path: str | Path) -> bool:
        try:
            book = OpeningBook(path)
        except BookError as exc:
            self.window.show_message(self.tr("Cannot open the book"), str(exc))
            return False
        self._show_book(book)
        self._remember(str(Path(path).resolve()))
        self.window.statusBar().showMessage(
            self.tr("Opening book: {0} ({1} games)").format(book.path.name, book.game_count), STATUS_MS)
        return True

    def _show_book(self, book: OpeningBook) -> None:
        if self.book is not None:
            self.book.close()
        self.book = book
        self.panel.set_book(book)
        self._update_book_player()
        self.dock.show()

    def close_book(self) -> None:
        if self.book is not None:
            self.book.close()
        self.book = None
        self.panel.set_book(None)
        self._update_book_player()
        self._remember("")

    # ----------------------------------------------------------------- the game database's tree (MoveExplorer)
    def set_database(self, database: DatabaseTree | None) -> None:
        self.panel.set_database(database)
        if database is not None:
            self.dock.show()

    def show_tree(self, position: Position, rows: list[TreeRow]) -> None:
        self.panel.show_tree(position, rows)

    def on_games_wanted(self, slot: Callable[[Position], None]) -> None:
        self.panel.games_wanted.connect(slot)

    def follow_position(self) -> None:
        self.panel.set_position(self.controller.board_position())

    def play(self, move: Move) -> None:
        """A clicked book move: the player's move in a game, a variation in a record being studied."""
        controller = self.controller
        if controller.human_to_move():
            controller.try_move(move)
        elif not controller.game.playing:
            controller.study.play_line([move])
        else:
            text = self.tr("A book move is played at the game's own position, on your turn")
            self.window.statusBar().showMessage(text, STATUS_MS)

    # ----------------------------------------------------------------- dialogs
    def open_dialog(self) -> QFileDialog:
        dialog = QFileDialog(self.window, self.tr("Open an opening book"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Opening books (*.book)"), self.tr("All files (*)")])
        prepare_file_dialog(dialog, FileKind.BOOKS)
        dialog.fileSelected.connect(self.open_book)
        self.window.open_dialog(dialog)
        return dialog

    def build_dialog(self) -> QFileDialog:
        """First the record files, then where to write the book."""
        dialog = QFileDialog(self.window, self.tr("Build a book: choose game records"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setNameFilters(record_filters())
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.filesSelected.connect(self.target_dialog)
        self.window.open_dialog(dialog)
        return dialog

    def build_folder_dialog(self) -> QFileDialog:
        """A folder: the book is built from every game record under it, subfolders included."""
        dialog = QFileDialog(self.window, self.tr("Build a book: choose a folder of game records"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.fileSelected.connect(lambda folder: self.target_dialog([folder]))
        self.window.open_dialog(dialog)
        return dialog

    def target_dialog(self, files: Sequence[str]) -> QFileDialog:
        dialog = QFileDialog(self.window, self.tr("Save the opening book as"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(BOOK_SUFFIX)
        dialog.setNameFilters([self.tr("Opening books (*.book)")])
        prepare_file_dialog(dialog, FileKind.BOOKS)
        dialog.fileSelected.connect(lambda target: self.start_build(list(files), target))
        self.window.open_dialog(dialog)
        return dialog

    # ----------------------------------------------------------------- building
    @property
    def progress(self) -> QProgressDialog | None:
        """The build's progress dialog while it is open."""
        return self._progress.get()

    def start_build(self, files: Sequence[str], target: str) -> BackgroundJob | None:
        if self.job is not None or not files:
            return None
        if self.book is not None and Path(target).resolve() == self.book.path.resolve():
            self.close_book()   # the open book is about to be replaced
        self.job = build_job(files, target)   # no parent: it may outlive the window on its thread
        progress = QProgressDialog(self.tr("Reading the games…"), self.tr("Cancel"), 0, len(files), self.window)
        progress.setWindowTitle(self.tr("Building the opening book"))
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.canceled.connect(self.job.cancel)
        self._progress.hold(progress)
        self._target = target
        self.job.progress.connect(self._progressed)     # bound methods: the connections end with this object
        self.job.finished.connect(self._built)
        self.job.failed.connect(self._build_failed)
        self.job.cancelled.connect(self._build_cancelled)
        self.window.open_dialog(progress)
        self.job.start()
        return self.job

    def _progressed(self, done: int, total: int, games: object) -> None:
        progress = self._progress.get()
        if progress is None:
            return
        progress.setLabelText(self.tr("File {0} of {1}: {2} games read").format(min(done + 1, total), total, games))
        progress.setMaximum(total)
        progress.setValue(done)   # last: a modal progress dialog handles events here (the job may end)

    def _finish_job(self) -> None:
        progress = self._progress.get()
        self._progress.clear()
        if progress is not None:
            progress.close()
        self.job = None

    def _ended(self, title: str | None, why: str) -> None:
        self._finish_job()
        if title is None:
            self.window.statusBar().showMessage(self.tr("Building the book was cancelled"), STATUS_MS)
        else:
            self.window.show_message(title, why)

    def _build_failed(self, error: Exception) -> None:
        why = f"{self._target}: {error.strerror or error}" if isinstance(error, OSError) else str(error)
        self._ended(self.tr("The book could not be written"), why)

    def _build_cancelled(self) -> None:
        self._ended(None, "")

    def _built(self, report: BuildReport) -> None:
        target = self._target
        self._finish_job()
        if not self.open_book(target):
            return
        text = self.tr("{0} games, {1} positions.").format(report.games, report.positions)
        if report.skipped:
            text += " " + self.tr("{0} games or files could not be read and were skipped.").format(
                len(report.skipped))
        self.window.show_message(self.tr("Opening book built"), text, [str(s) for s in report.skipped],
                                 QMessageBox.Icon.Information)


def install_book_ui(window: WindowHost, settings: SettingsStore | None = None) -> BookUi:
    """Add the Book menu and the explorer dock to ``window`` (uses its controller, menu bar, status bar,
    ``open_dialog`` and ``show_message``); the caller keeps the ``BookUi``."""
    return BookUi(window, settings)
