"""File dialogs (issue 20): Qt's own labels in the UI's language ("查找范围", not "Look in:"); each kind of
file starts in the folder last used for it, else in the home folder (never the directory the program
was started from); the date column is shown whole."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QLineEdit, QTreeView

import real_window
from xiangqi.ui.common import file_dialogs
from xiangqi.ui.common.file_dialogs import DialogFolders

app_window = real_window.app_window   # the fixture

PGN = '[Event "t"]\n\n1. h2e2 h9g7 *\n'


def open_file_dialog(qtbot, window, action) -> QFileDialog:
    with qtbot.waitSignal(window.dialog_opened) as opened:
        action.trigger()   # as the menu item / shortcut does
    dialog = opened.args[0]
    assert isinstance(dialog, QFileDialog)
    return dialog


def test_qt_file_dialog_speaks_chinese_and_shows_the_whole_date(app_window, qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(file_dialogs, "_folders", {"memory": DialogFolders()})
    (tmp_path / "a game with a long name.pgn").write_text(PGN, encoding="utf-8")
    window = app_window(1280, 880)
    dialog = open_file_dialog(qtbot, window, window.record_ui.open_action)
    dialog.setDirectory(str(tmp_path))
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert "查找范围(&L)：" in labels and "文件类型(&T)：" in labels
    assert not any("Look in" in text or "Files of" in text for text in labels)
    dialog.reject()
    shared = tmp_path / "shared"
    for name in ("games", "books", "engines"):
        (shared / name).mkdir(parents=True)
    (shared / "notes.txt").write_text("x", encoding="utf-8")
    # a dialog started in a folder of folders, as Match › Save games to… starts in the games' folder
    browse = file_dialogs.prepare_file_dialog(QFileDialog(window, "Save games to", str(shared)),
                                              file_dialogs.FileKind.MATCH_GAMES, str(shared))
    browse.setViewMode(QFileDialog.ViewMode.Detail)
    window.open_dialog(browse)
    view = browse.findChild(QTreeView, "treeView")
    qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) == 4)
    types = {view.model().index(row, 2, view.rootIndex()).data() for row in range(4)}
    assert "文件夹" in types and "Folder" not in types
    qtbot.waitUntil(lambda: view.header().sectionSize(3) >= view.sizeHintForColumn(3) > 0)   # not "26 11 2…6"
    browse.reject()


def test_each_kind_of_file_starts_in_its_last_folder_else_home(app_window, qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(file_dialogs, "_folders", {"memory": DialogFolders()})
    home, games = tmp_path / "home", tmp_path / "games"
    home.mkdir()
    games.mkdir()
    (games / "one.pgn").write_text(PGN, encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)   # the program was started elsewhere: that is no place to start a dialog
    window = app_window(1280, 880)
    dialog = open_file_dialog(qtbot, window, window.record_ui.open_action)
    assert Path(dialog.directory().absolutePath()) == home
    dialog.setDirectory(str(games))
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    qtbot.keyClicks(name, "one.pgn")
    qtbot.keyClick(name, Qt.Key.Key_Return)   # the user types a name and presses Enter
    qtbot.waitUntil(lambda: window.controller.game.record.ply_count() == 2)
    again = open_file_dialog(qtbot, window, window.record_ui.open_action)
    assert Path(again.directory().absolutePath()) == games
    again.reject()
    book = open_file_dialog(qtbot, window, window.book_ui.open_action)
    assert Path(book.directory().absolutePath()) == home   # books keep their own folder
    book.reject()
