"""The 棋谱库 menu and the game database window of the main window.

- 棋谱库 › Game database window opens the database used last (at first the default one in the profile,
  beside the settings; the first time it is offered filled with the starter master games, when the
  package ships them), other databases from files (Open…, New…, the recent ones).
- Search the board's position (Ctrl+Shift+F) opens the window with the games that reached the position
  on the board; the window's form follows the board while it is open.
- Imports (files or a folder) run on a worker thread behind a progress dialog with Cancel; what was
  committed stays, the files that could not be read are listed at the end.
- A damaged database is named and offered for repair (a repaired copy beside it; the file is never
  replaced); a read-only one opens for searching only.
- The open database is a source of the opening explorer's panel (the tree): its moves from the board's
  position, their games and results; 查看棋局 there lists the games behind a move here.

Installed by ``install_database_ui(window, shower, explorer, default_path)``; every read runs on the
``QueryWorker`` thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog

from xiangqi.core import Position
from xiangqi.database import (DamagedDatabaseError, DatabaseError, GameDatabase, Hit, ImportReport, QueryError,
                              stored_game)
from xiangqi.database.tree import TreeMove
from xiangqi.record import Game, GameNode
from xiangqi.record.ecco import EccoTableError
from xiangqi.ui.common.dialog_fit import fit_to_screen
from xiangqi.ui.common.dialog_ref import DialogRef
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog, record_filters
from xiangqi.ui.common.plain_text import plain_labels
from xiangqi.ui.database.database_window import DatabaseWindow
from xiangqi.ui.database.import_job import (DatabaseJob, ShippedStarter, StarterBuilder, importing_job, repair_job,
                                            starter_job, stored_games)
from xiangqi.ui.database.query_worker import QueryWorker
from xiangqi.ui.database.results_model import ResultsModel
from xiangqi.ui.window_host import MoveExplorer, TreeRow, WindowHost

DATABASE_SUFFIX = "xqdb"
RECENT_KEY = "database/recent"
MAX_RECENT = 8              # databases the menu remembers
MAX_PATH_CHARS = 4096       # of a remembered database's name (Linux's PATH_MAX); a longer entry is dropped
MAX_SHOWN_FAILURES = 200    # files that failed, listed after an import (the rest counted)
STATUS_MS = 6000
CLOSE_WAIT_S = 2.0          # an import stops at its next commit; this only bounds a stuck file read


class RecordShower(Protocol):
    """Where a game opened from the database is shown: the record feature's ``RecordLink``."""

    def load(self, record: Game, source: None, node: GameNode | None = None) -> None: ...

    def go_to(self, node: GameNode) -> None: ...


def node_at(game: Game, ply: int | None) -> GameNode:
    """The main line's node after ``ply`` moves (its end when shorter; the start for None)."""
    node = game.root
    for _ in range(ply or 0):
        if not node.children:
            break
        node = node.children[0]
    return node


def tree_row(entry: TreeMove) -> TreeRow:
    known = entry.red_wins + entry.draws + entry.black_wins
    return TreeRow(entry.move, entry.games, entry.red_wins, entry.draws, entry.black_wins, entry.games - known,
                   entry.first_year, entry.last_year)


class RecentDatabases:
    """The databases opened last, newest first (in the app's QSettings)."""

    def __init__(self, settings: QSettings | None) -> None:
        self.settings = settings

    def paths(self) -> list[str]:
        """The names remembered (a hand-edited list: at most MAX_RECENT, each at most MAX_PATH_CHARS)."""
        value = self.settings.value(RECENT_KEY, []) if self.settings is not None else []
        names = value if isinstance(value, list) else [value]
        return [str(name) for name in names[:MAX_RECENT * 4]
                if isinstance(name, str) and 0 < len(name) <= MAX_PATH_CHARS][:MAX_RECENT]

    def add(self, path: Path) -> None:
        if self.settings is not None:
            name = str(path.resolve())
            self.settings.setValue(RECENT_KEY, [name, *(p for p in self.paths() if p != name)][:MAX_RECENT])


class DatabaseUi(QObject):
    def __init__(self, window: WindowHost, shower: RecordShower, explorer: MoveExplorer, default_path: Path,
                 settings: QSettings | None = None, starter: StarterBuilder | None = None) -> None:
        super().__init__(window)
        self.window, self.shower, self.explorer = window, shower, explorer
        self.default_path = default_path
        self.recent = RecentDatabases(settings)
        self.starter: StarterBuilder = starter or ShippedStarter()
        self.path: Path | None = None            # the open database
        self.read_only = False
        self.games: int | None = None            # in the open database (None: being counted)
        self.worker: QueryWorker | None = None
        self.model = ResultsModel(self)
        self.job: DatabaseJob | None = None
        self._window: DialogRef[DatabaseWindow] = DialogRef()
        self._progress: DialogRef[QProgressDialog] = DialogRef()
        self._tickets: dict[int, Callable[[object], None]] = {}
        self._repair_offered: Path | None = None   # the database a damaged read offered to repair
        self._build_menu()
        explorer.on_games_wanted(self.search_position)
        window.controller.shown_changed.connect(self._follow_board)
        window.controller.game_replaced.connect(self._follow_board)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.window and event.type() == QEvent.Type.Close:
            QTimer.singleShot(0, self, self._after_close)   # after a refusable close; dropped if we are deleted
        return False

    def _after_close(self) -> None:
        if not self.window.isVisible():
            self.close()

    # ----------------------------------------------------------------- the menu
    def _action(self, text: str, slot: Callable[[], object], key: str | None = None) -> QAction:
        action = QAction(text, self.window)
        if key is not None:
            action.setShortcut(QKeySequence(key))
            self.window.addAction(action)   # the shortcut works while the menu bar is hidden
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_menu(self) -> None:
        self.window_action = self._action(self.tr("Game &database window"), self.open_window, "Ctrl+Shift+G")
        self.position_action = self._action(self.tr("Search the board's &position"), self.search_board,
                                            "Ctrl+Shift+F")
        self.open_action = self._action(self.tr("&Open a database…"), self.open_file_dialog)
        self.new_action = self._action(self.tr("&New database…"), self.new_file_dialog)
        self.import_action = self._action(self.tr("&Import game files…"), lambda: self.import_dialog(False))
        self.import_folder_action = self._action(self.tr("Import a &folder…"), lambda: self.import_dialog(True))
        self.menu = self.window.menuBar().addMenu(self.tr("&Database"))
        self.menu.addActions([self.window_action, self.position_action])
        self.menu.addSeparator()
        self.menu.addActions([self.open_action, self.new_action])
        self.recent_menu = self.menu.addMenu(self.tr("&Recent databases"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.menu.addSeparator()
        self.menu.addActions([self.import_action, self.import_folder_action])
        self._update_actions()

    def _fill_recent_menu(self) -> None:
        menu: QMenu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        if not paths:
            menu.addAction(self.tr("(none)")).setEnabled(False)
        for path in paths:
            action = menu.addAction(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_and_show(Path(p)))

    def _update_actions(self) -> None:
        writable = self.path is None or not self.read_only
        for action in (self.import_action, self.import_folder_action):
            action.setEnabled(writable and self.job is None)
        shown = self._window.get()
        if shown is not None:
            shown.import_button.setEnabled(writable and self.job is None)
            shown.folder_button.setEnabled(writable and self.job is None)

    # ----------------------------------------------------------------- opening a database
    def open_window(self) -> DatabaseWindow | None:
        """The window on the open database (the one used last, else the default one: built first)."""
        if self.path is None and not self._open_last():
            return None
        return self.show_window()

    def _open_last(self) -> bool:
        for name in self.recent.paths()[:1]:
            if Path(name).is_file() and self.open_database(Path(name)):
                return True
        if not self.default_path.exists():
            self.first_use()
            return self.path is not None
        return self.open_database(self.default_path)

    def first_use(self) -> None:
        """The default database is made: empty, or (asked first) filled with the starter master games."""
        if self.starter.available():
            box = QMessageBox(QMessageBox.Icon.Question, self.tr("Game database"),
                              self.tr("Build your game database with the master games that come with the "
                                      "program? It takes a few minutes; you can import your own games later."),
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
            box.finished.connect(lambda result: self._starter_answered(result == QMessageBox.StandardButton.Yes))
            self.window.open_dialog(box)
            return
        self.open_database(self.default_path, create=True)

    def _starter_answered(self, build: bool) -> None:
        if not build:
            self.open_and_show(self.default_path, create=True)
            return
        self.default_path.parent.mkdir(parents=True, exist_ok=True)
        self._start_job(starter_job(self.default_path, self.starter), self.tr("Building the starter database"))

    def open_and_show(self, path: Path, create: bool = False) -> None:
        if self.open_database(path, create):
            self.show_window()

    def open_database(self, path: Path, create: bool = False) -> bool:
        """Open ``path`` (``create``: a new file); a damaged one is offered for repair, other errors shown."""
        try:
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            with GameDatabase(path, create=create) as database:
                read_only = database.read_only
        except DamagedDatabaseError as error:
            self.offer_repair(path, str(error))
            return False
        except (DatabaseError, OSError) as error:
            self.window.show_message(self.tr("Cannot open the database"), str(error))
            return False
        self._use(path, read_only)
        return True

    def _use(self, path: Path, read_only: bool) -> None:
        if self.worker is not None:
            self.worker.close()
        self.path, self.read_only, self.games = path, read_only, None
        # no parent: its thread may still emit after this object is gone; a deleted sender would crash it
        self.worker = QueryWorker(path)
        self.worker.finished.connect(self._answered)
        self.worker.failed.connect(self._failed)
        self.worker.damaged.connect(self._damaged)
        self.worker.cancelled.connect(self._cancelled)
        self.model.use_worker(self.worker)
        self.recent.add(path)
        self._ask(lambda database: stored_games(database), self._counted)
        self.explorer.set_database(self)
        self._update_actions()
        self._show_heading()

    def _counted(self, games: object) -> None:
        if isinstance(games, int):
            self.games = games
            self._show_heading()

    def _show_heading(self) -> None:
        shown = self._window.get()
        if shown is not None and self.path is not None:
            shown.show_database(self.path.name, self.games, self.read_only)

    # ----------------------------------------------------------------- the explorer's source (DatabaseTree)
    @property
    def name(self) -> str:
        return self.path.name if self.path is not None else ""

    def request(self, position: Position) -> None:
        shown = position.copy()
        if self.worker is not None:
            self._tickets[self.worker.tree(shown)] = self._tree_answered

    def _tree_answered(self, value: object) -> None:
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Position):
            position, moves = value
            self.explorer.show_tree(position, [tree_row(entry) for entry in moves if isinstance(entry, TreeMove)])

    # ----------------------------------------------------------------- the worker's answers
    def _ask(self, job: Callable[[GameDatabase], object], then: Callable[[object], None]) -> None:
        if self.worker is not None:
            self._tickets[self.worker.submit(job)] = then

    def _answered(self, ticket: int, value: object) -> None:
        then = self._tickets.pop(ticket, None)
        if then is not None:
            then(value)

    def _failed(self, ticket: int, error: object) -> None:
        if self._tickets.pop(ticket, None) is not None:
            self.window.statusBar().showMessage(str(error), STATUS_MS)

    def _cancelled(self, ticket: int) -> None:
        self._tickets.pop(ticket, None)

    def _damaged(self, ticket: int, error: object) -> None:
        """A read met a damaged page: the file is named and offered for repair (once for the file open)."""
        self._tickets.pop(ticket, None)
        if self.path is not None and self._repair_offered != self.path:
            self._repair_offered = self.path
            self.offer_repair(self.path, str(error))

    # ----------------------------------------------------------------- the window
    def show_window(self) -> DatabaseWindow:
        shown = self._window.get()
        if shown is None:
            shown = self._window.hold(DatabaseWindow(self.model, self.window))
            shown.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            shown.game_chosen.connect(self.open_game)
            shown.open_asked.connect(self.open_file_dialog)
            shown.import_files_asked.connect(lambda: self.import_dialog(False))
            shown.import_folder_asked.connect(lambda: self.import_dialog(True))
            shown.form.search_asked.connect(self.search)
            shown.form.set_position(self.window.controller.board_position())
            plain_labels(shown)
            shown.resize(min(1100, self.window.width()), min(700, self.window.height()))
            fit_to_screen(shown)
            shown.show_status()
            QTimer.singleShot(0, self, self._search_all_at_first)
        self._show_heading()
        self._update_actions()
        shown.show()
        shown.raise_()
        shown.activateWindow()
        return shown

    @property
    def database_window(self) -> DatabaseWindow | None:
        return self._window.get()

    def _follow_board(self) -> None:
        shown = self._window.get()
        if shown is not None:
            shown.form.set_position(self.window.controller.board_position())

    def search(self) -> None:
        shown = self._window.get()
        if shown is not None and self.worker is not None:
            try:
                query = shown.form.query()
            except (QueryError, OSError, EccoTableError) as error:   # an opening name; the names table
                shown.status.setText(str(error))
                return
            self.model.set_query(query)
            shown.show_status()

    def _search_all_at_first(self) -> None:
        """Every game, as a database window opens (unless a search was asked for meanwhile)."""
        if self.model.query is None:
            self.search()

    def search_board(self) -> None:
        self.search_position(self.window.controller.board_position())

    def search_position(self, position: object) -> None:
        """The window with the games that reached ``position`` (the board's, or after a tree move)."""
        if not isinstance(position, Position):
            return
        shown = self.open_window()
        if shown is not None:
            shown.form.set_position(position, use=True)
            self.search()

    def open_game(self, hit: object) -> None:
        """A game of the table, shown in the main window at the searched ply (its tags kept)."""
        if isinstance(hit, Hit):
            self._ask(lambda database: stored_game(database, hit.game_id),
                      lambda game: self._show_game(game, hit.ply))

    def _show_game(self, game: object, ply: int | None) -> None:
        if not isinstance(game, Game):
            return

        def show() -> None:
            self.shower.load(game, None)   # at its start, then moved (a node given to load is not yet
            self.shower.go_to(node_at(game, ply))   # followed by the comment panel's position walker)
            self.window.activateWindow()
            self.window.board.setFocus()
            red, black = game.headers.get("Red", ""), game.headers.get("Black", "")
            self.window.statusBar().showMessage(self.tr("Opened {0} – {1} from the database").format(red, black),
                                                STATUS_MS)
        self.window.confirm_discard(show)

    # ----------------------------------------------------------------- file dialogs
    def _file_dialog(self, title: str, save: bool) -> QFileDialog:
        dialog = QFileDialog(self._parent(), title)
        if save:
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
            dialog.setDefaultSuffix(DATABASE_SUFFIX)
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Game databases (*.xqdb)"), self.tr("All files (*)")])
        prepare_file_dialog(dialog, FileKind.DATABASES)
        return dialog

    def _parent(self) -> WindowHost | DatabaseWindow:
        return self._window.get() or self.window

    def open_file_dialog(self) -> QFileDialog:
        dialog = self._file_dialog(self.tr("Open a game database"), save=False)
        dialog.fileSelected.connect(lambda name: self.open_and_show(Path(name)))
        return self.window.open_dialog(dialog)

    def new_file_dialog(self) -> QFileDialog:
        dialog = self._file_dialog(self.tr("New game database"), save=True)
        dialog.fileSelected.connect(lambda name: self.open_and_show(Path(name), create=not Path(name).exists()))
        return self.window.open_dialog(dialog)

    def import_dialog(self, folder: bool) -> QFileDialog:
        if folder:
            dialog = QFileDialog(self._parent(), self.tr("Import a folder of game records"))
            dialog.setFileMode(QFileDialog.FileMode.Directory)
            dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
            dialog.fileSelected.connect(lambda name: self.start_import([name]))
        else:
            dialog = QFileDialog(self._parent(), self.tr("Import game records"))
            dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
            dialog.setNameFilters(record_filters())
            dialog.filesSelected.connect(self.start_import)
        prepare_file_dialog(dialog, FileKind.RECORDS)
        return self.window.open_dialog(dialog)

    # ----------------------------------------------------------------- imports (and the starter, a repair)
    def start_import(self, files: Sequence[str]) -> DatabaseJob | None:
        """Import ``files`` (folders: their records) into the open database, or the default one."""
        if self.job is not None or not files:
            return None
        if self.path is None and not self._open_last():
            return None
        if self.path is None or self.read_only:
            return None
        return self._start_job(importing_job(self.path, files), self.tr("Importing games"))

    @property
    def progress(self) -> QProgressDialog | None:
        """The import's (or build's, or repair's) progress dialog while it is open."""
        return self._progress.get()

    def _start_job(self, job: DatabaseJob, title: str) -> DatabaseJob:
        self.job = job   # no parent: see QueryWorker above
        progress = QProgressDialog(self.tr("Reading the games…"), self.tr("Cancel"), 0, 0, self._parent())
        progress.setWindowTitle(title)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.canceled.connect(job.cancel)
        self._progress.hold(progress)
        job.progress.connect(self._progressed)
        job.finished.connect(self._job_finished)     # bound methods: the connections end with this object
        job.cancelled.connect(self._job_cancelled)
        job.failed.connect(self._job_failed)
        self.window.open_dialog(progress)
        self._update_actions()
        job.start()
        return job

    def _job_finished(self, _outcome: object) -> None:
        self._job_ended(cancelled=False)

    def _job_cancelled(self) -> None:
        self._job_ended(cancelled=True)

    def _progressed(self, done: int, total: int, line: object) -> None:
        progress = self._progress.get()
        if progress is None:
            return
        if total:
            progress.setLabelText(self.tr("{0} of {1} games").format(done, total))
            progress.setMaximum(total)
            progress.setValue(done)
        elif isinstance(line, str) and line:
            progress.setLabelText(line)

    def _finish_job(self) -> None:
        progress = self._progress.get()
        self._progress.clear()
        if progress is not None:
            progress.close()
        self.job = None
        self._update_actions()

    def _job_failed(self, error: object) -> None:
        self._finish_job()
        self.window.show_message(self.tr("The import stopped"), str(error))

    def _job_ended(self, cancelled: bool) -> None:
        """The job (the only one: another is not started while it runs) ended; its outcome is shown."""
        if self.job is None:
            return
        path, report = self.job.path, self.job.outcome
        self._finish_job()
        if isinstance(report, Path):   # a repaired copy
            self.open_and_show(report)
            return
        if path != self.path and path.exists():   # the starter built (a cancelled build leaves no file)
            self.open_and_show(path)
        elif self.worker is not None:
            self._ask(lambda database: stored_games(database), self._counted)
            self.search()
        if isinstance(report, ImportReport):
            self._show_report(report, cancelled)

    def _show_report(self, report: ImportReport, cancelled: bool) -> None:
        text = self.tr("{0} games added.").format(report.games)
        if cancelled:
            text = self.tr("Cancelled: the games committed before are kept ({0} added). Import the same files "
                           "again to go on.").format(report.games)
        if report.duplicates:
            text += " " + self.tr("{0} duplicates were not stored again.").format(report.duplicates)
        if report.skipped_files:
            text += " " + self.tr("{0} files were imported before and skipped.").format(report.skipped_files)
        if report.failed:
            text += " " + self.tr("{0} files could not be read:").format(len(report.failed))
        details = report.failed[:MAX_SHOWN_FAILURES]
        icon = QMessageBox.Icon.Warning if report.failed else QMessageBox.Icon.Information
        self.window.show_message(self.tr("Import finished"), text, details, icon)

    def offer_repair(self, path: Path, why: str) -> QMessageBox:
        """Name the damage; Repair writes a repaired copy beside the file (never over it) and opens it."""
        box = QMessageBox(QMessageBox.Icon.Critical, self.tr("The database is damaged"), why,
                          QMessageBox.StandardButton.Cancel, self._parent())
        box.setInformativeText(self.tr("Repair copies every game that can still be read into a new file beside "
                                       "it; the damaged file is left as it is."))
        repair = box.addButton(self.tr("&Repair…"), QMessageBox.ButtonRole.AcceptRole)
        box.finished.connect(lambda _result: self._repair(path) if box.clickedButton() is repair else None)
        return self.window.open_dialog(box)

    def _repair(self, path: Path) -> None:
        self._start_job(repair_job(path), self.tr("Repairing the database"))

    def close(self) -> None:
        """The main window closes: an import stops at its next commit, the reads stop."""
        if self.job is not None:
            self.job.cancel()
            self.job.wait(CLOSE_WAIT_S)
        if self.worker is not None:
            self.worker.close()


def install_database_ui(window: WindowHost, shower: RecordShower, explorer: MoveExplorer, default_path: Path,
                        settings: QSettings | None = None, starter: StarterBuilder | None = None) -> DatabaseUi:
    """Add the 棋谱库 menu to ``window`` (the database becomes a source of ``explorer``, the Book feature's
    panel); the caller keeps the ``DatabaseUi``."""
    return DatabaseUi(window, shower, explorer, default_path, settings, starter)
