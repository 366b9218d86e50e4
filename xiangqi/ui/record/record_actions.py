"""Game records in the app: File › Open (PGN, XQF), Save, Save As (notation and encoding), Open Recent,
files dropped on the window, the game list of multi-game files, the Edit menu (clipboard, position
editor), the replay bar and the comments-and-variations panel.

    ui = install_record_ui(window)      # the one entry point; uses only the window's public parts

Errors (a file that cannot be read, a broken game, a save that fails) are shown in a message naming
the file and line; the game on the board is never replaced by a failed load. Saves are atomic.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QAction, QDropEvent, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow, QMenu, QMessageBox

from xiangqi.atomic import ReadOnlyFileError
from xiangqi.file_names import record_file_name
from xiangqi.core import Position
from xiangqi.core.notation import Notation
from xiangqi.record import Game, PgnFile, RecordError, XqfError, atomic_write, save_pgn
from xiangqi.record.ecco import with_ecco_tags
from xiangqi.record.collection import RecordCollection
from xiangqi.record.detect import NotARecordError
from xiangqi.record.pgn_writer import ENCODINGS
from xiangqi.ui.record.clipboard import ClipboardActions
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog
from xiangqi.ui.record.comment_panel import CommentPanel
from xiangqi.record.files import RefusedFileError, check_openable, file_kind
from xiangqi.ui.common.background_job import BackgroundJob
from xiangqi.ui.record.game_list_dialog import (GameListDialog, IndexedFile, StartWhenPainted, indexing_job,
                                                source_notation)
from xiangqi.ui.record import open_job
from xiangqi.ui.record.open_job import OpenedFile, OpenOutcomes, OpenProgress, read_record_file, reading_job
from xiangqi.ui.play.position_editor import PositionEditor
from xiangqi.ui.common.plain_text import plain_labels
from xiangqi.ui.record.record_formats import SUFFIXES as FORMAT_SUFFIXES
from xiangqi.ui.record.record_formats import RecordFormats
from xiangqi.ui.record.record_link import RecordLink, RecordSource
from xiangqi.ui.play.replay import Replay, ReplayBar
from xiangqi.ui.window_host import WindowHost
from xiangqi.ui.common.dialog_ref import DialogRef

RECENT_KEY = "records/recent_files"
RECENT_LIMIT = 10
RECORD_SUFFIXES = (".pgn", ".xqf", ".txt")


def writable_encoding(encoding: str) -> str:
    """The encoding Save keeps: the file's own when the writer has it (GB18030 is written as GBK's
    superset), else UTF-8."""
    return encoding if encoding in ENCODINGS else "utf-8"


class RecentFiles:
    """The most recently opened record files, newest first, kept in QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def paths(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):   # QSettings gives a one-item list back as the item
            return [value]
        return [str(item) for item in value] if isinstance(value, list | tuple) else []

    def add(self, path: Path) -> None:
        name = str(path.resolve())
        self._store([name, *[p for p in self.paths() if p != name]][:RECENT_LIMIT])

    def remove(self, path: str) -> None:
        self._store([p for p in self.paths() if p != path])

    def _store(self, paths: list[str]) -> None:
        self.settings.setValue(RECENT_KEY, paths)
        self.settings.sync()


class DropOpener(QObject):
    """Opens a record file dropped anywhere on the window."""

    def __init__(self, window: QMainWindow, open_path: Callable[[Path], object]) -> None:
        super().__init__(window)
        self._open = open_path
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    @staticmethod
    def record_path(event: QDropEvent) -> Path | None:
        mime = event.mimeData()
        for url in mime.urls() if mime is not None and mime.hasUrls() else []:
            if url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in FORMAT_SUFFIXES:  # CBL, .html too
                return Path(url.toLocalFile())
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(event, QDropEvent):   # drag enter and drag move events are drop events too
            return False
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and self.record_path(event) is not None:
            event.acceptProposedAction()
            return True
        if kind == QEvent.Type.Drop:
            path = self.record_path(event)
            if path is not None:
                event.acceptProposedAction()
                self._open(path)
                return True
        return False


class RecordUi(QObject):
    """Everything records add to the main window; the app keeps this object alive."""

    def __init__(self, window: WindowHost, settings: QSettings | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.link = RecordLink(self.controller, self)
        self.recent = RecentFiles(settings or QSettings("xiangqi", "xiangqi"))
        self.replay = Replay(self.controller, self)
        self.clipboard = ClipboardActions(self.link, self._load_pasted, self.show_error, self)
        self.index_job: BackgroundJob | None = None
        self._indexing: tuple[Path, GameListDialog] | None = None   # the file the index job reads, its list
        self.open_progress: OpenProgress | None = None
        self._game_list: DialogRef[GameListDialog] = DialogRef()   # forgotten once closed
        self.save_notation = Notation.CHINESE
        self.formats = RecordFormats(self, self)
        self._build_file_menu()
        self._build_edit_menu()
        self.replay_bar = ReplayBar(self.replay, window)
        window.addToolBar(self.replay_bar)
        self.panel = CommentPanel(self.link, lambda: window.move_list.notation, window)
        window.move_list.notation_changed.connect(lambda _notation: self.panel.rebuild())
        self.dock = QDockWidget(self.tr("Comments and variations"), window)
        self.dock.setObjectName("comments_dock")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.drop = DropOpener(window, lambda path: self.confirm_discard(lambda: self.open_file(path)))
        self.link.state_changed.connect(self._update_title)
        self._update_title()
        window.move_list.set_alternatives(self.link.alternatives_at)
        self.link.tree_changed.connect(window.move_list.refresh)   # variations added or deleted
        self.close_box: QMessageBox | None = None
        self._closing = False
        window.installEventFilter(self)
        plain_labels(window)        # players, events and file names from records are never markup
        window.confirm_discard = self.confirm_discard   # 新对局 asks first too

    # ----------------------------------------------------------------- menus
    def _action(self, text: str, slot: Callable[[], object],
                key: str | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(text, self.window)
        if key is not None:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(action)
        return action

    def _insert_menu(self, title: str, before: QAction | None) -> QMenu:
        menu = QMenu(title, self.window)
        bar = self.window.menuBar()
        bar.insertMenu(before, menu) if before is not None else bar.addMenu(menu)
        return menu

    def _build_file_menu(self) -> None:
        first = self.window.menuBar().actions()
        self.file_menu = self._insert_menu(self.tr("&File"), first[0] if first else None)
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = QMenu(self.tr("Open &Recent"), self.window)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.save_action = self._action(self.tr("&Save"), self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(self.tr("Save &As…"), self.save_as_dialog,
                                           QKeySequence.StandardKey.SaveAs)
        self.file_menu.addAction(self.open_action)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addSeparator()
        self.file_menu.addActions([self.save_action, self.save_as_action])
        self._fill_recent_menu()

    def _build_edit_menu(self) -> None:
        actions = self.window.menuBar().actions()
        self.edit_menu = self._insert_menu(self.tr("&Edit"), actions[1] if len(actions) > 1 else None)
        for action in self.clipboard.actions():
            self.window.addAction(action)
            self.edit_menu.addAction(action)
        self.edit_menu.addSeparator()
        self.edit_position_action = self._action(self.tr("Edit p&osition…"), self.open_position_editor)
        self.edit_menu.addAction(self.edit_position_action)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.recent.paths():
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_recent(p))
        if not self.recent_menu.actions():
            self.recent_menu.addAction(self.tr("(no recent files)")).setEnabled(False)

    def open_recent(self, path: str) -> None:
        if not Path(path).is_file():
            self.recent.remove(path)
            self.show_error(self.tr("The file is gone"), self.tr("{0} no longer exists.").format(path))
            return
        self.confirm_discard(lambda: self.open_file(path))

    def _update_title(self) -> None:
        name = self.link.title() or self.tr("Untitled game")
        self.window.setWindowTitle(self.tr("{0}[*] — Xiangqi").format(name))
        self.window.setWindowModified(self.link.modified)

    # ----------------------------------------------------------------- messages
    def show_error(self, title: str, text: str, details: list[str] | None = None,
                   icon: QMessageBox.Icon = QMessageBox.Icon.Critical) -> QMessageBox:
        return self.window.show_message(title, text, details, icon)

    def confirm_discard(self, then: Callable[[], object]) -> None:
        """Run ``then`` now, or after the user agrees to drop unsaved changes of the current record."""
        if not self.link.modified or not self.link.record.root.children:
            then()
            return
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved changes"),
                          self.tr("The current game has changes that are not saved. Save them first?"),
                          buttons.Save | buttons.Discard | buttons.Cancel, self.window)
        box.setDefaultButton(buttons.Save)
        box.button(buttons.Save).clicked.connect(lambda: self.save(then=then))
        box.button(buttons.Discard).clicked.connect(lambda: then())
        self.window.open_dialog(box)

    # ----------------------------------------------------------------- closing the window
    def has_unsaved_changes(self) -> bool:
        return self.link.modified and bool(self.link.record.root.children)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Closing the window with unsaved changes asks first (Save / Discard / Cancel)."""
        if watched is self.window and event.type() == QEvent.Type.Close and not self._closing \
                and self.has_unsaved_changes():
            event.ignore()
            self.ask_before_closing()
            return True
        return False

    def ask_before_closing(self) -> QMessageBox:
        if self.close_box is not None:
            self.close_box.raise_()
            return self.close_box
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved changes"),
                          self.tr("The game has changes that are not saved. Save them before closing?"),
                          buttons.Save | buttons.Discard | buttons.Cancel, self.window)
        box.setDefaultButton(buttons.Save)
        box.button(buttons.Save).clicked.connect(lambda: self.save(then=self.close_window))
        box.button(buttons.Discard).clicked.connect(self.discard_and_close)
        box.finished.connect(lambda _result: setattr(self, "close_box", None))
        self.close_box = box
        self.window.open_dialog(box)
        return box

    def discard_and_close(self) -> None:
        """Close and drop the game: no offer to resume it at the next start either."""
        if self.controller.autosave is not None:
            self.controller.autosave.clear()
        self.close_window()

    def close_window(self) -> None:
        """Close the window without asking again (the changes were saved or are to be dropped)."""
        self._closing = True
        if not self.window.close():
            self._closing = False

    # ----------------------------------------------------------------- opening
    def open_dialog(self) -> QFileDialog:
        dialog = QFileDialog(self.window, self.tr("Open a game record"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters(self.formats.open_filters())
        prepare_file_dialog(dialog, FileKind.RECORDS)
        dialog.fileSelected.connect(lambda path: self.confirm_discard(lambda: self.open_file(path)))
        self.window.open_dialog(dialog)
        return dialog

    def open_file(self, path: str | Path) -> bool:
        """Open any record file, by content. A small file is read at once; a bigger one on a worker thread
        (the status bar shows the progress, with Cancel), a big PGN file by the game list, which shows its
        own. What is no regular file (a FIFO, a device) is refused by its kind, never opened. False when it
        failed at once (an error is shown)."""
        path = Path(path)
        try:
            size = check_openable(path)
            if size > open_job.SYNC_OPEN_BYTES:
                self._open_in_background(path)
                return True
            kind, size = file_kind(path)
            opened = read_record_file(path, kind, size)
        except (NotARecordError, RecordError, OSError) as exc:
            self.open_failed(path, exc)
            return False
        return self.show_opened(opened)

    def open_failed(self, path: Path, exc: Exception) -> None:
        title = self.tr("Cannot open the file")
        if isinstance(exc, RefusedFileError):
            self.show_error(title, str(exc))
        elif isinstance(exc, NotARecordError):
            self.show_error(title, self.tr("{0} is not a game record this program reads.").format(path.name),
                            [str(exc)])
        elif isinstance(exc, XqfError):
            self.show_error(title, self.tr("{0} is not a readable XQF file.").format(path.name), [str(exc)])
        elif isinstance(exc, OSError):
            self.show_error(title, f"{path}: {exc.strerror or exc}")
        else:
            self.show_error(title, str(exc))

    def show_opened(self, opened: OpenedFile) -> bool:
        """Show a file read: its only game, or the game list of several."""
        games, path = opened.games, opened.path
        if opened.cut and opened.first is not None:    # never saved over its file: Save offers Save As
            return self.load_game(opened.first, RecordSource(path, writable=False), path)
        if not isinstance(games, RecordCollection):
            return self._index_ready(path, games, game=opened.first)
        if len(games) == 0:
            self.show_error(self.tr("No games"), self.tr("{0} holds no game.").format(path.name))
            return False
        if opened.first is not None:
            return self.load_game(opened.first, RecordSource(path, writable=False), path)
        self.show_game_list(path).set_index(games)
        return True

    def _open_in_background(self, path: Path) -> None:
        if self.open_progress is not None:
            self.open_progress.close_down()      # the file opened last wins
        job = reading_job(path)                 # no parent: it may outlive the window on its thread

        def over(then: Callable[[], object]) -> None:
            self.open_progress = None
            then()

        cancelled = self.tr("Opening {0} was cancelled.").format(path.name)
        self.open_progress = OpenProgress(self.window.statusBar(), path, job, OpenOutcomes(
            opened=lambda result: over(lambda: self.show_opened(result)),
            failed=lambda exc: over(lambda: self.open_failed(path, exc)),
            cancelled=lambda: over(lambda: self.window.statusBar().showMessage(cancelled, 5000)),
            index_in_list=lambda: over(lambda: self._index_in_background(path))))
        job.start()

    @property
    def opening(self) -> bool:
        """True while a file is being read or indexed on a worker thread."""
        return self.open_progress is not None or self.index_job is not None

    def _index_in_background(self, path: Path) -> None:
        if self.index_job is not None:
            self.index_job.cancel()
        dialog = self.show_game_list(path)
        job = self.index_job = indexing_job(path)   # no parent: it may outlive the window on its thread
        self._indexing = (path, dialog)
        # bound methods of Qt objects only: their connections end with them (the window may close first)
        job.progress.connect(dialog.show_progress)
        job.finished.connect(self._indexed)
        job.failed.connect(self._index_failed)
        job.cancelled.connect(self._index_cancelled)
        dialog.rejected.connect(job.cancel)
        StartWhenPainted(dialog, job.start)     # not before: see there why

    def _indexed(self, indexed: IndexedFile) -> None:
        if self.sender() is self.index_job and self._indexing is not None:
            path, dialog = self._indexing
            self._index_ready(path, indexed.pgn, dialog, game=indexed.only_game)

    def _index_failed(self, error: Exception) -> None:
        if self.sender() is self.index_job and self._indexing is not None:
            self.index_job = None
            path, dialog = self._indexing
            dialog.reject()
            words = f"{path}: {error.strerror or error}" if isinstance(error, OSError) else str(error)
            self.show_error(self.tr("Cannot open the file"), words)

    def _index_cancelled(self) -> None:
        if self.sender() is self.index_job:
            self.index_job = None

    @property
    def game_list(self) -> GameListDialog | None:
        """The list of a file's games while it is open."""
        return self._game_list.get()

    def show_game_list(self, path: Path) -> GameListDialog:
        dialog = GameListDialog(path, self.window)
        dialog.game_chosen.connect(lambda index: self.choose_game(path, dialog.pgn, index))
        self.window.open_dialog(self._game_list.hold(dialog))
        return dialog

    def _index_ready(self, path: Path, pgn: PgnFile, dialog: GameListDialog | None = None,
                     game: Game | None = None) -> bool:
        """An indexed PGN file: its only game (``game`` when a worker has read it already) or its list."""
        self.index_job = None
        if len(pgn) == 0:
            if dialog is not None:
                dialog.reject()
            self.show_error(self.tr("No games"), self.tr("{0} holds no game.").format(path.name),
                            [str(problem) for problem in pgn.problems])
            return False
        if len(pgn) == 1:
            if dialog is not None:
                dialog.accept()
            return self.choose_game(path, pgn, 0, game)
        dialog = dialog or self.show_game_list(path)
        dialog.set_index(pgn)
        return True

    def choose_game(self, path: Path, pgn: PgnFile | None, index: int, game: Game | None = None) -> bool:
        """Parse game ``index`` of an indexed file (unless ``game`` is it, read already) and show it."""
        if pgn is None:
            return False
        if isinstance(pgn, RecordCollection):   # a CBL library or a DhtmlXQ page: read-only in place
            return self.formats.choose(Path(path), pgn, index)
        game = game if game is not None else pgn.game(index)
        game.errors[:0] = pgn.problems
        source = RecordSource(Path(path), pgn=pgn, index=index,
                              notation=source_notation(pgn, index), encoding=writable_encoding(pgn.encoding))
        return self.load_game(game, source, Path(path))

    def load_game(self, game: Game, source: RecordSource | None, path: Path | None) -> bool:
        """Show ``game`` unless nothing of it could be read; report its errors either way."""
        errors = [str(error) for error in game.errors]
        name = path.name if path is not None else self.tr("the clipboard")
        if errors and not game.root.children and not game.is_setup:
            self.show_error(self.tr("Cannot read the game"),
                            self.tr("No move of the game in {0} could be read; the current game is kept.")
                            .format(name), errors)
            return False
        self.link.load(game, source)
        self.window.board.setFocus()   # the arrow keys step through the game at once
        if path is not None:
            self.recent.add(path)
        if errors:
            self.show_error(self.tr("Problems in the game"),
                            self.tr("Parts of the game in {0} could not be read; the moves before each "
                                    "problem are shown.").format(name), errors, QMessageBox.Icon.Warning)
        else:
            self.window.statusBar().showMessage(self.tr("Opened {0}").format(name), 5000)
        return True

    def _load_pasted(self, game: Game) -> None:
        self.confirm_discard(lambda: self.load_game(game, None, None))

    # ----------------------------------------------------------------- saving
    def save(self, then: Callable[[], object] | None = None) -> bool:
        """Write the game back where it came from (only this game of a multi-game file); Save As for
        a new game or an XQF file. ``then`` runs once the game is saved (also after a Save As)."""
        source = self.link.source
        if source is None or not source.writable:
            self.save_as_dialog(then)
            return False
        record = with_ecco_tags(self.link.record_for_saving())   # [ECCO], [Opening], [Variation] if none
        try:
            if source.pgn is not None:
                source = self._save_into_collection(source, record)
            else:
                save_pgn(source.path, [record], notation=source.notation, encoding=source.encoding)
        except (RecordError, OSError) as exc:
            self.report_save_failure(source.path, exc)
            return False
        self.mark_saved(source)
        if then is not None:
            then()
        return True

    @staticmethod
    def _save_into_collection(source: RecordSource, record: Game) -> RecordSource:
        """Rewrite one game of a multi-game file; the source returned indexes the file as it now is."""
        assert source.pgn is not None
        data = source.pgn.saved_bytes({source.index: record}, source.notation)   # the others byte for byte
        atomic_write(source.path, data)
        pgn = PgnFile.from_bytes(data, str(source.path))
        return RecordSource(source.path, pgn=pgn, index=source.index, notation=source.notation,
                            encoding=source.encoding)

    def save_as_file(self, path: str | Path, notation: Notation, encoding: str = "utf-8") -> bool:
        """Save the game alone in a new PGN file in ``notation`` and ``encoding`` (atomically)."""
        path = Path(path)
        record = with_ecco_tags(self.link.record_for_saving())
        try:
            save_pgn(path, [record], notation=notation, encoding=encoding)
        except (RecordError, OSError) as exc:
            self.report_save_failure(path, exc)
            return False
        self.save_notation = notation
        self.mark_saved(RecordSource(path, notation=notation, encoding=encoding))
        return True

    def mark_saved(self, source: RecordSource) -> None:
        self.link.source = source
        self.recent.add(source.path)
        self.link.set_modified(False)
        self.window.statusBar().showMessage(self.tr("Saved {0}").format(source.path.name), 5000)

    def report_save_failure(self, path: Path, exc: Exception) -> None:
        if isinstance(exc, ReadOnlyFileError):
            self._offer_save_as(path)
            return
        text = str(exc) if isinstance(exc, RecordError) else f"{path}: {getattr(exc, 'strerror', None) or exc}"
        self.show_error(self.tr("The game was not saved"),
                        self.tr("{0} was not written (the file on disk is unchanged).").format(path.name), [text])

    def _offer_save_as(self, path: Path) -> QMessageBox:
        """A read-only file is not replaced: say so and offer to save under another name."""
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("The file is read-only"),
                          self.tr("{0} is marked read-only, so it was not changed. Save the game under "
                                  "another name?").format(path.name), buttons.Save | buttons.Cancel, self.window)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.button(buttons.Save).setText(self.tr("Save &As…"))
        box.button(buttons.Save).clicked.connect(lambda: self.save_as_dialog())
        self.window.open_dialog(box)
        return box

    def save_formats(self) -> list[tuple[str, Notation, str]]:
        """The Save As choices: (file-type text, notation, encoding)."""
        names = ((Notation.CHINESE, self.tr("Chinese notation")), (Notation.WXF, self.tr("WXF notation")),
                 (Notation.ICCS, self.tr("ICCS coordinates")))
        return [(self.tr("PGN, {0}, {1} (*.pgn)").format(label, shown), notation, encoding)
                for notation, label in names for encoding, shown in (("utf-8", "UTF-8"), ("gbk", "GBK"))]

    def save_as_dialog(self, then: Callable[[], object] | None = None) -> QFileDialog:
        formats = self.save_formats()
        dialog = QFileDialog(self.window, self.tr("Save the game as"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("pgn")
        exports = self.formats.save_filters()
        dialog.setNameFilters([text for text, _n, _e in formats] + list(exports))
        self.formats.prepare_save_dialog(dialog)
        preferred = next(t for t, n, e in formats if n is self.save_notation and e == "utf-8")
        dialog.selectNameFilter(preferred)
        prepare_file_dialog(dialog, FileKind.RECORDS)
        source = self.link.source
        if source is not None:
            dialog.setDirectory(str(source.path.parent))
            dialog.selectFile(source.path.with_suffix(".pgn").name)
        else:   # a new game: named after its players and date
            headers = self.link.record.headers
            dialog.selectFile(record_file_name(headers.get("Red", ""), headers.get("Black", ""),
                                               headers.get("Date", "")))

        def chosen(path: str) -> None:
            picked = dialog.selectedNameFilter()
            if picked in exports:   # WinBoard PGN or XQF
                if self.formats.export(Path(path), exports[picked]) and then is not None:
                    then()
                return
            _text, notation, encoding = next((f for f in formats if f[0] == picked), formats[0])
            if self.save_as_file(path, notation, encoding) and then is not None:
                then()

        dialog.fileSelected.connect(chosen)
        self.window.open_dialog(dialog)
        return dialog

    # ----------------------------------------------------------------- position editor
    def open_position_editor(self) -> PositionEditor:
        board = self.window.board
        editor = PositionEditor(self.controller.board_position().fen(), board.theme, board.pieces, self.window)
        editor.accepted.connect(lambda: self.confirm_discard(lambda: self.start_from(editor.fen())))
        self.window.open_dialog(editor)
        return editor

    def start_from(self, fen: str) -> None:
        """A new game from a set-up position: the last game's opponent, the player on the side to move
        (two players when the last game had no engine)."""
        self.window.start_game(self.window.last_setup.continued_from(fen, Position.from_fen(fen).turn))
        self.window.statusBar().showMessage(self.tr("New game from the edited position"), 5000)


def install_record_ui(window: WindowHost, settings: QSettings | None = None) -> RecordUi:
    """Add the record menus, the replay bar, the comments panel and file dropping to ``window`` (uses its
    menuBar(), controller, board, move_list and status bar). The window keeps it alive (its child); the
    caller keeps the ``RecordUi`` (the app as ``MainWindow.record_ui``)."""
    return RecordUi(window, settings)
