"""File dialogs that start where the user was: each kind of file (game records, opening books, engine
programs, match openings, match games) opens in the folder last used for that kind, else in the home
folder — never in whatever directory the program happened to be started from — and Qt's own dialog
shows its date column whole.

The folders are kept in the recent-files settings (``xiangqi.ui.shell.user_files``) once the app calls
``remember_folders_in``; until then (tests, tools) they are remembered for the session only.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDir, QSettings
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QHeaderView, QTreeView

SETTINGS_GROUP = "folders"
MIN_DIALOG_SIZE = (720, 440)   # px: room for the name column beside a whole date column


class FileKind(Enum):
    """What a dialog chooses; each kind remembers its own folder."""

    RECORDS = "records"
    BOOKS = "books"
    ENGINES = "engines"
    OPENINGS = "openings"
    MATCH_GAMES = "match_games"
    DATABASES = "databases"


class DialogFolders:
    """The folder last used per kind of file (in ``settings`` when given, else for this session)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings
        self._session: dict[FileKind, str] = {}

    def folder(self, kind: FileKind) -> str:
        """The folder to start in: the last one used for ``kind`` if it still exists, else home."""
        last = self._session.get(kind)
        if last is None and self.settings is not None:
            value = self.settings.value(f"{SETTINGS_GROUP}/{kind.value}", "")
            last = value if isinstance(value, str) else ""
        return last if last and Path(last).is_dir() else QDir.homePath()

    def remember(self, kind: FileKind, path: str) -> None:
        """``path`` was chosen (a file or a folder): its folder is where the next dialog of ``kind`` starts."""
        if not path:
            return
        chosen = Path(path)
        folder = str(chosen if chosen.is_dir() else chosen.parent)
        self._session[kind] = folder
        if self.settings is not None:
            self.settings.setValue(f"{SETTINGS_GROUP}/{kind.value}", folder)


_folders = {"memory": DialogFolders()}


def remember_folders_in(settings: QSettings) -> None:
    """Keep the folders in ``settings`` from now on (the app calls this once at start-up)."""
    _folders["memory"] = DialogFolders(settings)


def dialog_folders() -> DialogFolders:
    return _folders["memory"]


def prepare_file_dialog(dialog: QFileDialog, kind: FileKind, start: str | None = None) -> QFileDialog:
    """Start ``dialog`` in ``start`` (a file or folder the caller knows better) or else the folder last used
    for ``kind``; remember the folder of what the user accepts; show Qt's date column whole."""
    if start:
        dialog.setDirectory(start if Path(start).is_dir() else str(Path(start).parent))
        if not Path(start).is_dir() and dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave:
            dialog.selectFile(start)
    else:
        dialog.setDirectory(dialog_folders().folder(kind))
    dialog.accepted.connect(lambda: _remember_choice(dialog, kind))
    _fit_columns(dialog)
    return dialog


def record_filters() -> list[str]:
    """The name filters of a dialog that opens game records: every kind the program reads, then any file."""
    return [QCoreApplication.translate("FileDialogs", "Game records (*.pgn *.PGN *.xqf *.XQF *.cbl *.CBL *.cbr "
                                       "*.CBR *.cbf *.CBF *.html *.htm)"),
            QCoreApplication.translate("FileDialogs", "All files (*)")]


def _remember_choice(dialog: QFileDialog, kind: FileKind) -> None:
    files = dialog.selectedFiles()
    dialog_folders().remember(kind, files[0] if files else dialog.directory().absolutePath())


def _fit_columns(dialog: QFileDialog) -> None:
    """Qt's own dialog (no native one) cuts the date column ("26 11 2…6 17:2"): size, type and date get
    the width of their contents each time a folder is listed, the name column the rest."""
    view = dialog.findChild(QTreeView, "treeView")
    model = dialog.findChild(QFileSystemModel)
    if view is None or model is None:
        return   # a native dialog: the desktop lays it out
    dialog.setMinimumSize(*MIN_DIALOG_SIZE)
    header = view.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, model.columnCount()):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
