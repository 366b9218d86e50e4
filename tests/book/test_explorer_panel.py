"""The opening explorer in the main window, driven like a user: the book's moves for the position shown
(in the chosen notation, with games and results), a double-click plays the move, the book opened is remembered
in the settings, Book › Build from files… builds on a worker thread and can be cancelled."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QTreeWidgetItem

from xiangqi.book import OpeningBook, build_book
from xiangqi.config import SettingsStore
from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.ui.book.explorer_panel import MOVE_ROLE, RESULTS_COLUMN, RESULTS_ROLE
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def games_file(shared_data: Path) -> Path:
    return shared_data / "games" / "eleeye" / "CCGC" / "01.宝岛一号(先负)相眼竞技(A1-A2).PGN"


@pytest.fixture
def book_path(tmp_path: Path, shared_data: Path) -> Path:
    files = sorted((shared_data / "games" / "eleeye" / "CCGC").glob("*.PGN"))
    target = tmp_path / "ccgc.book"
    build_book(target, files)
    return target


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(REPO / "config.toml", tmp_path / "user.toml")


def make_window(qtbot, tmp_path: Path) -> MainWindow:
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(GameSetup(engine=None))   # two players: every click is the player's move
    return window


def rows(window: MainWindow) -> list[QTreeWidgetItem]:
    tree = window.book_ui.panel.tree
    return [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]


def click_row(qtbot, window: MainWindow, item: QTreeWidgetItem) -> None:
    tree = window.book_ui.panel.tree
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def play_row(qtbot, window: MainWindow, item: QTreeWidgetItem) -> None:
    """A double-click: the first click selects the row, the second plays its move."""
    click_row(qtbot, window, item)
    tree = window.book_ui.panel.tree
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def test_explorer_shows_the_start_position_and_a_click_plays_the_move(
    qtbot, tmp_path: Path, book_path: Path, store: SettingsStore
) -> None:
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    assert rows(window) == [] and "No opening book" in window.book_ui.panel.title.text()
    assert window.book_ui.open_book(book_path)
    with OpeningBook(book_path) as book:
        expected = book.moves(Position())
    shown = rows(window)
    start = Position()
    assert [item.text(0) for item in shown] == [move_to_text(start, e.move, Notation.CHINESE) for e in expected]
    top = expected[0]
    assert shown[0].text(0) == "炮二平五" and shown[0].text(1).startswith(f"{top.games} (")
    known = top.red_wins + top.draws + top.black_wins
    assert shown[0].data(RESULTS_COLUMN, RESULTS_ROLE) == pytest.approx(
        (top.red_wins / known, top.draws / known, top.black_wins / known))
    total = sum(e.games for e in expected)
    assert window.book_ui.panel.title.text() == f"{book_path.name}: {total} games in this position"
    assert shown[0].toolTip(0).startswith(f"炮二平五: {top.games} games; red won {top.red_wins}")
    window.set_notation(Notation.ICCS)
    assert rows(window)[0].text(0) == top.move.iccs()

    second = rows(window)[1]
    move = Move.from_iccs(second.text(0))
    play_row(qtbot, window, second)
    assert window.controller.game.moves == [move]   # played on the board as the player's move
    after = Position()
    after.push(move)
    with OpeningBook(book_path) as book:
        replies = [e.move.iccs() for e in book.moves(after)]
    assert [item.text(0) for item in rows(window)] == replies   # the explorer follows the board
    assert store.settings.book.file == str(book_path.resolve())   # remembered


def test_the_remembered_book_opens_at_start(qtbot, tmp_path: Path, book_path: Path,
                                            store: SettingsStore) -> None:
    store.set("book", "file", str(book_path))
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    window.book_ui.restore()
    assert window.book_ui.book is not None and rows(window)[0].text(0) == "炮二平五"
    window.book_ui.close_book()
    assert rows(window) == [] and store.settings.book.file == ""


def test_build_from_files_runs_in_the_background_and_opens_the_book(
    qtbot, tmp_path: Path, shared_data: Path, store: SettingsStore
) -> None:
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    files = [str(p) for p in sorted((shared_data / "games" / "eleeye" / "CCGC").glob("*.PGN"))]
    files.append(str(shared_data / "games" / "cchess" / "BadMoveTest3.xqf"))   # unreadable: skipped
    target = tmp_path / "built.book"
    job = window.book_ui.start_build(files, str(target))
    assert job is not None and window.book_ui.progress is not None
    qtbot.waitUntil(lambda: window.book_ui.book is not None, timeout=60_000)
    assert window.book_ui.progress is None and rows(window)[0].text(0) == "炮二平五"
    message = window.dialogs[-1]
    assert message.text().startswith("20 games, ") and "1 games or files could not be read" in message.text()
    assert "BadMoveTest3.xqf game 1: skipped:" in message.informativeText()


def test_a_big_collection_is_built_by_worker_processes_from_the_app(
    qtbot, tmp_path: Path, shared_data: Path, store: SettingsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Book › Build uses a worker process per CPU for big collections, like the command (the threshold
    is lowered so the shared games count as big): the same book as one process builds."""
    from xiangqi.book import builder

    monkeypatch.setattr(builder, "AUTO_JOBS_BYTES", 1)
    monkeypatch.setattr(builder.os, "cpu_count", lambda: 2)
    used: list[int] = []
    real = builder._read_in_workers
    monkeypatch.setattr(builder, "_read_in_workers",
                        lambda b, f, jobs, *rest: used.append(jobs) or real(b, f, jobs, *rest))
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    files = [str(p) for p in sorted((shared_data / "games" / "eleeye" / "CCGC").glob("*.PGN"))]
    job = window.book_ui.start_build(files, str(tmp_path / "workers.book"))
    assert job is not None
    qtbot.waitUntil(lambda: window.book_ui.book is not None, timeout=60_000)
    assert used == [2]
    build_book(tmp_path / "one.book", files)
    start = Position()
    with OpeningBook(tmp_path / "workers.book") as two, OpeningBook(tmp_path / "one.book") as one:
        assert two.moves(start) == one.moves(start) and two.moves(start)


def test_cancelling_a_build_leaves_no_book(qtbot, tmp_path: Path, games_file: Path,
                                           store: SettingsStore) -> None:
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    target = tmp_path / "never.book"
    job = window.book_ui.start_build([str(games_file)] * 400, str(target))
    assert job is not None
    cancel = window.book_ui.progress.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    with qtbot.waitSignal(job.cancelled, timeout=60_000):
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert window.book_ui.job is None and window.book_ui.book is None
    assert not target.exists() and [p.name for p in tmp_path.glob("*.tmp")] == []


def test_book_moves_for_engines_setting_gives_the_controller_a_chooser(
    qtbot, tmp_path: Path, book_path: Path, store: SettingsStore
) -> None:
    window = make_window(qtbot, tmp_path)
    ui = window.book_ui
    ui._settings = store
    ui.open_book(book_path)
    assert window.controller.book_player is None   # off by default
    ui.plies_menu.aboutToShow.emit()
    choices = {action.text(): action for action in ui.plies_menu.actions()}
    assert choices["Off"].isChecked()
    choices["The first 10 plies"].trigger()
    assert store.settings.book.engine_plies == 10
    chooser = window.controller.book_player
    with OpeningBook(book_path) as book:
        known = {entry.move for entry in book.moves(Position())}
    assert chooser is not None and chooser(Position(), 0) in known and chooser(Position(), 10) is None
    ui.close_book()
    assert window.controller.book_player is None


def test_a_book_move_is_not_played_on_an_earlier_position_of_the_game(
    qtbot, tmp_path: Path, book_path: Path, store: SettingsStore
) -> None:
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    window.book_ui.open_book(book_path)
    play_row(qtbot, window, rows(window)[0])
    assert window.controller.game.ply == 1
    window.controller.study.view(0)   # looking back at the start of the game being played
    assert rows(window)[0].text(0) == "炮二平五"   # the explorer shows the position looked at
    play_row(qtbot, window, rows(window)[1])
    assert window.controller.game.ply == 1 and window.controller.game.viewing
    assert "your turn" in window.statusBar().currentMessage()


def test_a_single_click_browses_the_book_without_playing(
    qtbot, tmp_path: Path, book_path: Path, store: SettingsStore
) -> None:
    """Issue 20: during a game a click on a book move played it at once; now it shows what the book knows
    and the move is played only on a double-click or with 走这步 (Play this move)."""
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    window.book_ui.open_book(book_path)
    panel = window.book_ui.panel
    assert not panel.play_button.isEnabled()
    first = rows(window)[0]
    click_row(qtbot, window, first)
    assert window.controller.game.ply == 0                     # nothing played
    assert panel.detail.text().startswith("炮二平五: ") and "red won" in panel.detail.text()
    assert panel.play_button.isEnabled()
    second = rows(window)[1]
    click_row(qtbot, window, second)                           # another one: still browsing
    assert window.controller.game.ply == 0
    chosen = second.data(0, MOVE_ROLE)
    panel.play_button.click()
    assert window.controller.game.moves == [chosen]
    assert panel.detail.text() == "" and not panel.play_button.isEnabled()   # the next position's list


def test_build_from_a_folder_reads_every_record_under_it(
    qtbot, tmp_path: Path, shared_data: Path, store: SettingsStore
) -> None:
    """Issue 20: Book › Build from a folder… takes a folder and builds from all record files under it."""
    import shutil

    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "records"
    files = sorted((shared_data / "games" / "eleeye" / "CCGC").glob("*.PGN"))
    for number, source in enumerate(files):
        nested = folder / f"part{number % 3}" / ("deeper" if number % 2 else "")
        nested.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, nested / source.name)
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    assert window.book_ui.build_folder_action in window.book_ui.menu.actions()
    with qtbot.waitSignal(window.dialog_opened) as opened:
        window.book_ui.build_folder_action.trigger()
    chooser = opened.args[0]
    assert isinstance(chooser, QFileDialog) and chooser.fileMode() is QFileDialog.FileMode.Directory
    with qtbot.waitSignal(window.dialog_opened) as opened:
        chooser.fileSelected.emit(str(folder))        # the folder the user picked
    target_dialog = opened.args[0]
    target = tmp_path / "folder.book"
    target_dialog.fileSelected.emit(str(target))
    qtbot.waitUntil(lambda: window.book_ui.book is not None, timeout=60_000)
    assert window.dialogs[-1].text().startswith(f"{len(files)} games, ")
    assert rows(window)[0].text(0) == "炮二平五"


def test_a_folder_without_records_is_refused_with_its_name(
    qtbot, tmp_path: Path, store: SettingsStore
) -> None:
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "readme.txt").write_text("no games here", encoding="utf-8")
    window = make_window(qtbot, tmp_path)
    window.book_ui._settings = store
    window.book_ui.start_build([str(empty)], str(tmp_path / "x.book"))
    qtbot.waitUntil(lambda: window.book_ui.job is None, timeout=30_000)
    message = window.dialogs[-1]
    assert str(empty) in message.text() + message.informativeText()
    assert not (tmp_path / "x.book").exists()
