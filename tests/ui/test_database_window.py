"""The game database window (棋谱库, issue 31), driven like a user: a search by player and by the board's
position fills the table a page at a time, a double-click opens the game at the searched ply with its
tags, the explorer panel shows the database's tree and lists the games behind a move, imports run off the
GUI thread (the longest stall of the window measured with a heartbeat) and can be cancelled, a damaged
database is named and offered for repair, a read-only one opens for searching only, and the first use
offers the starter database."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from qt_waits import drain_event_loop
from xiangqi.core import Move, Position, parse_square
from xiangqi.database import GameDatabase, ImportReport, Query, count, import_files, search
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.record.ecco import opening_of_code
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.database import results_model
from xiangqi.ui.database.database_actions import DatabaseUi, install_database_ui
from xiangqi.ui.database.results_model import ID, PLY, RED
from xiangqi.ui.record.record_actions import install_record_ui
from xiangqi.ui.shell.main_window import MainWindow

CANNON_CENTRE = Move(parse_square("h2"), parse_square("e2"))   # 炮二平五


@pytest.fixture
def ccgc(shared_data: Path) -> Path:
    return shared_data / "games" / "eleeye" / "CCGC"


@pytest.fixture(scope="module")
def imported_ccgc(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> Path:
    """The CCGC games imported once for the module's tests (each test gets a copy: some damage theirs)."""
    path = tmp_path_factory.mktemp("ccgc") / "ccgc.xqdb"
    with GameDatabase(path, create=True) as database:
        import_files(database, [shared_data / "games" / "eleeye" / "CCGC"])
    return path


@pytest.fixture
def games_db(tmp_path: Path, imported_ccgc: Path) -> Path:
    path = tmp_path / "ccgc.xqdb"
    with sqlite3.connect(imported_ccgc) as source, sqlite3.connect(path) as copy:
        source.backup(copy)
    return path


class FakeStarter:
    """The starter database as ``xiangqi.database.starter`` builds it, from the CCGC games here."""

    def __init__(self, files: list[Path], available: bool = True) -> None:
        self.files, self.shipped = files, available
        self.gate = threading.Event()   # the build starts once it is set
        self.gate.set()

    def available(self) -> bool:
        return self.shipped

    def build(self, path: Path, progress: Callable[[int, int], None], cancelled: Callable[[], bool]
              ) -> ImportReport:
        self.gate.wait(30)
        if cancelled():    # as the starter does on Cancel: nothing left at ``path``
            return ImportReport()
        with GameDatabase(path, create=True) as database:
            report = import_files(database, self.files)
        progress(report.games, report.games)
        return report


def make_ui(qtbot, tmp_path: Path, default: Path, starter: FakeStarter | None = None, closed_by_qtbot: bool = True
            ) -> tuple[MainWindow, DatabaseUi]:
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [])
    if closed_by_qtbot:
        qtbot.addWidget(window)
    record_ui = install_record_ui(window)
    settings = QSettings(str(tmp_path / "recent.ini"), QSettings.Format.IniFormat)
    ui = install_database_ui(window, record_ui.link, window.book_ui, default, settings,
                             starter or FakeStarter([], available=False))
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(GameSetup(engine=None))   # two players: a click on the board is a move
    return window, ui


def wait_for_search(qtbot, ui: DatabaseUi) -> None:
    qtbot.waitUntil(lambda: not ui.model.searching, timeout=20_000)


def heartbeat_gaps(qtbot, running: Callable[[list[float]], bool], start: Callable[[], object]) -> list[float]:
    """The gaps between the beats of a 10 ms timer on the GUI thread while ``running(gaps)``, after
    ``start()``."""
    gaps: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    heartbeat = QTimer(interval=10)
    heartbeat.timeout.connect(beat)
    start()
    last[0] = time.perf_counter()
    heartbeat.start()
    qtbot.waitUntil(lambda: not running(gaps), timeout=60_000)
    heartbeat.stop()
    return gaps or [0.0]


def message_shown(window: MainWindow, title: str) -> QMessageBox | None:
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    return next((box for box in boxes if box.windowTitle() == title), None)


def test_a_player_search_fills_the_table_and_a_double_click_opens_the_game(qtbot, tmp_path, games_db) -> None:
    window, ui = make_ui(qtbot, tmp_path, games_db)
    shown = ui.open_window()
    assert shown is not None and shown.isVisible()
    qtbot.waitUntil(lambda: "20 games" in shown.heading.text())
    with GameDatabase(games_db) as database:
        expected = list(search(database, Query(player="宝岛")))
    assert expected
    shown.form.player.setText("宝岛")   # (QTest types Latin-1 only)
    qtbot.keyClick(shown.form.player, Qt.Key.Key_Return)   # Enter in a field searches
    wait_for_search(qtbot, ui)
    table = shown.table
    assert table.model().rowCount() == len(expected)
    assert shown.status.text() == f"{len(expected)} games found."
    assert [table.model().index(row, ID).data() for row in range(len(expected))] == [h.game_id for h in expected]
    index = table.model().index(0, RED)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(index).center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(index).center())
    qtbot.waitUntil(lambda: window.controller.game.record.headers.get("Red") == expected[0].red)
    headers = window.controller.game.record.headers
    assert headers.get("Black") == expected[0].black and headers.get("Event") == expected[0].event
    assert window.controller.board_position().fen() == Position().fen()   # no position searched: the start


def test_the_boards_position_is_searched_and_the_game_opens_at_its_ply(qtbot, tmp_path, games_db) -> None:
    window, ui = make_ui(qtbot, tmp_path, games_db)
    window.controller.try_move(CANNON_CENTRE)
    after = window.controller.board_position()
    ui.position_action.trigger()                 # 棋谱库 › Search the board's position (Ctrl+Shift+F)
    shown = ui.database_window
    assert shown is not None and shown.form.use_position.isChecked()
    wait_for_search(qtbot, ui)
    with GameDatabase(games_db) as database:
        found = count(database, Query(fen=after.fen()))
    assert found > 0 and shown.table.model().rowCount() == found
    assert {shown.table.model().index(row, PLY).data() for row in range(found)} == {1}
    window.start_game(GameSetup(engine=None))   # a new game: the board at the start again
    shown.table.setCurrentIndex(shown.table.model().index(0, 0))
    qtbot.keyClick(shown.table, Qt.Key.Key_Return)   # Enter opens the game like a double-click
    qtbot.waitUntil(lambda: window.controller.board_position().fen() == after.fen())
    assert len(window.controller.game.record.mainline_moves()) > 1   # the whole game, shown at ply 1


def test_a_material_search_and_a_wrong_one(qtbot, tmp_path, games_db) -> None:
    _window, ui = make_ui(qtbot, tmp_path, games_db)
    shown = ui.open_window()
    assert shown is not None
    with GameDatabase(games_db) as database:
        expected = count(database, Query(material="RHC-RC"))
    shown.form.material.setText("车马炮-车炮")
    qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
    wait_for_search(qtbot, ui)
    assert ui.model.total == expected and shown.status.text().startswith(f"{expected} games found")
    assert all(isinstance(ui.model.hits[row].ply, int) for row in range(len(ui.model.hits)))
    shown.form.material.setText("车车车-")
    qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
    wait_for_search(qtbot, ui)
    assert "车车车" in shown.status.text() and ui.model.rowCount() == 0   # the search's own words


def test_an_opening_is_searched_by_its_code_or_its_name(qtbot, tmp_path, games_db) -> None:
    _window, ui = make_ui(qtbot, tmp_path, games_db)
    shown = ui.open_window()
    assert shown is not None
    with GameDatabase(games_db) as database:
        code = next(iter(search(database, Query()))).ecco
        expected = count(database, Query(ecco=code))
    name = opening_of_code(code).name
    shown.form.ecco.setText(name)
    qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
    wait_for_search(qtbot, ui)
    if ui.model.query is not None and ui.model.query.ecco == code:   # the name of this one opening
        assert ui.model.total == expected
    else:                                                           # a name shared: the codes listed
        assert code in shown.status.text() and "type one of the codes" in shown.status.text()
    shown.form.ecco.setText(code.lower())
    qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
    wait_for_search(qtbot, ui)
    assert ui.model.total == expected and {hit.ecco for hit in ui.model.hits} == {code}


def test_pages_are_read_as_the_table_scrolls(qtbot, tmp_path, games_db, monkeypatch) -> None:
    monkeypatch.setattr(results_model, "PAGE_ROWS", 2)
    _window, ui = make_ui(qtbot, tmp_path, games_db)
    shown = ui.open_window()
    assert shown is not None
    shown.resize(700, 420)   # a table of a few rows: the view asks for pages until it is full, no more
    qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(ui.model.hits) > 2)   # pages read until the table is full
    for _ in range(3):
        drain_event_loop(qtbot)
        wait_for_search(qtbot, ui)
    assert ui.model.total == 20 and len(ui.model.hits) < 20, "only the rows the table shows are read"
    assert "20 games found" in shown.status.text()
    for _ in range(20):
        shown.table.scrollToBottom()
        drain_event_loop(qtbot)
        wait_for_search(qtbot, ui)
    assert [hit.game_id for hit in ui.model.hits] == list(range(1, 21))
    header = shown.table.horizontalHeader()   # a click on Red's header sorts the rows read by it
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(RED) + 5, header.height() // 2))
    reds = [shown.table.model().index(row, RED).data() for row in range(20)]
    assert reds == sorted(reds)
    shown.filter.setText("宝岛")
    assert 0 < shown.table.model().rowCount() < 20


def test_the_explorer_shows_the_database_tree_and_the_games_behind_a_move(qtbot, tmp_path, games_db) -> None:
    window, ui = make_ui(qtbot, tmp_path, games_db)
    assert ui.open_window() is not None
    panel = window.book_ui.panel
    assert panel.showing_database and panel.source_box.isVisible()
    qtbot.waitUntil(lambda: panel.tree.topLevelItemCount() > 0, timeout=20_000)
    assert "20 games in this position" in panel.title.text()
    first = panel.tree.topLevelItem(0)
    assert first.text(0) == "炮二平五" and first.text(4)   # the years it was played
    panel.tree.setCurrentItem(first)
    qtbot.mouseClick(panel.games_button, Qt.MouseButton.LeftButton)
    wait_for_search(qtbot, ui)
    after = Position()
    after.push(CANNON_CENTRE)
    with GameDatabase(games_db) as database:
        assert ui.model.total == count(database, Query(fen=after.fen()))
    first_rect = panel.tree.visualItemRect(panel.tree.topLevelItem(0)).center()
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton, pos=first_rect)
    qtbot.mouseDClick(panel.tree.viewport(), Qt.MouseButton.LeftButton,
                      pos=panel.tree.visualItemRect(panel.tree.topLevelItem(0)).center())
    assert window.controller.game.moves == [CANNON_CENTRE]   # played on the board
    panel.source_box.setCurrentIndex(0)
    assert "No opening book" in panel.title.text()


def test_an_import_runs_off_the_gui_thread_and_lists_the_files_that_failed(qtbot, tmp_path, ccgc,
                                                                             capsys) -> None:
    bad = tmp_path / "bad.xqf"
    bad.write_bytes(b"\x00" * 5000)
    window, ui = make_ui(qtbot, tmp_path, tmp_path / "new.xqdb")
    assert ui.open_window() is not None
    heartbeat_gaps(qtbot, lambda warm: len(warm) < 20, lambda: None)   # the windows' first paint: not measured
    gaps = heartbeat_gaps(qtbot, lambda _gaps: ui.job is not None and ui.job.running(),
                          lambda: ui.start_import([str(ccgc), str(bad)]))
    reference = heartbeat_gaps(qtbot, lambda idle: len(idle) < len(gaps), lambda: None)   # idle, as long
    box = message_shown(window, "Import finished")
    assert box is not None and "20 games added" in box.text() and "1 files could not be read" in box.text()
    assert "bad.xqf" in box.informativeText()   # the file that failed, named
    assert len(gaps) >= 3, "the window's timers ran while the games were imported (off the GUI thread)"
    box.close()
    qtbot.waitUntil(lambda: "20 games" in ui.database_window.heading.text())
    with capsys.disabled():
        print(f"\nlongest GUI-thread gap while importing 20 games (10 ms heartbeat, load "
              f"{os.getloadavg()[0]:.1f}): {max(gaps) * 1000:.0f} ms over {len(gaps)} beats; idle, the same "
              f"number of beats: {max(reference) * 1000:.0f} ms")


def test_cancel_keeps_what_was_committed(qtbot, tmp_path, ccgc) -> None:
    window, ui = make_ui(qtbot, tmp_path, tmp_path / "new.xqdb")
    assert ui.open_window() is not None
    job = ui.start_import([str(ccgc)])
    assert job is not None
    progress = ui.progress
    assert progress is not None
    qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)   # Cancel
    qtbot.waitUntil(lambda: ui.job is None, timeout=60_000)
    box = message_shown(window, "Import finished")
    assert box is not None and ("Cancelled" in box.text() or "20 games added" in box.text())
    with GameDatabase(tmp_path / "new.xqdb") as database:
        kept = count(database, Query())
    assert f"({kept} added)" in box.text() or f"{kept} games added" in box.text()


def test_a_damaged_database_is_named_and_offered_for_repair(qtbot, tmp_path, games_db) -> None:
    data = bytearray(games_db.read_bytes())
    data[100:4096 * 3] = b"\xff" * (4096 * 3 - 100)   # the schema's pages
    damaged = tmp_path / "damaged.xqdb"
    damaged.write_bytes(bytes(data))
    window, ui = make_ui(qtbot, tmp_path, tmp_path / "default.xqdb")
    assert not ui.open_database(damaged)
    box = message_shown(window, "The database is damaged")
    assert box is not None and "damaged.xqdb" in box.text()
    assert any(button.text() == "&Repair…" for button in box.buttons())
    assert damaged.read_bytes() == bytes(data)   # never replaced
    box.close()


def test_a_page_damaged_under_the_games_is_found_by_a_search_and_repaired(qtbot, tmp_path, games_db) -> None:
    data = bytearray(games_db.read_bytes())
    data[4096:8192] = b"\xff" * 4096   # a page the search reads (the file opens: its schema is whole)
    damaged = tmp_path / "damaged.xqdb"
    damaged.write_bytes(bytes(data))
    window, ui = make_ui(qtbot, tmp_path, tmp_path / "default.xqdb")
    ui.open_and_show(damaged)   # every game is listed as the window opens: the search meets the page
    qtbot.waitUntil(lambda: message_shown(window, "The database is damaged") is not None, timeout=30_000)
    box = message_shown(window, "The database is damaged")
    assert box is not None and "damaged.xqdb" in box.text()
    qtbot.waitUntil(lambda: "damaged" in ui.database_window.status.text())   # the search's status says it too
    repair = next(button for button in box.buttons() if button.text() == "&Repair…")
    qtbot.mouseClick(repair, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ui.job is None and ui.path is not None and ui.path.name != "damaged.xqdb",
                    timeout=30_000)
    assert ui.path is not None and ui.path.name.startswith("damaged.repaired")
    assert damaged.read_bytes() == bytes(data)   # the damaged file left as it was, beside the copy


def test_a_read_only_database_opens_for_searching_only(qtbot, tmp_path, games_db) -> None:
    games_db.chmod(0o444)
    try:
        _window, ui = make_ui(qtbot, tmp_path, games_db)
        shown = ui.open_window()
        assert shown is not None
        qtbot.waitUntil(lambda: "read-only" in shown.heading.text())
        assert not shown.import_button.isEnabled() and not ui.import_action.isEnabled()
        qtbot.mouseClick(shown.form.search_button, Qt.MouseButton.LeftButton)
        wait_for_search(qtbot, ui)
        assert ui.model.total == 20
    finally:
        games_db.chmod(0o644)


def test_the_first_use_offers_the_starter_database(qtbot, tmp_path, ccgc) -> None:
    default = tmp_path / "profile" / "games.xqdb"
    window, ui = make_ui(qtbot, tmp_path, default, FakeStarter(sorted(ccgc.glob("*.PGN"))))
    assert ui.open_window() is None   # asked first
    box = message_shown(window, "Game database")
    assert box is not None
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ui.database_window is not None and "20 games" in ui.database_window.heading.text(),
                    timeout=60_000)
    assert ui.path == default and ui.recent.paths() == [str(default.resolve())]


def test_a_cancelled_starter_build_leaves_nothing_and_asks_again(qtbot, tmp_path, ccgc) -> None:
    default = tmp_path / "profile" / "games.xqdb"
    starter = FakeStarter(sorted(ccgc.glob("*.PGN")))
    starter.gate.clear()
    window, ui = make_ui(qtbot, tmp_path, default, starter)
    ui.open_window()
    box = message_shown(window, "Game database")
    assert box is not None
    box.button(QMessageBox.StandardButton.Yes).click()
    job, progress = ui.job, ui.progress
    assert job is not None and progress is not None
    qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)   # Cancel
    starter.gate.set()
    qtbot.waitUntil(lambda: ui.job is None, timeout=30_000)
    done = message_shown(window, "Import finished")
    assert done is not None and "Cancelled" in done.text()
    done.close()
    assert not default.exists() and ui.path is None
    assert message_shown(window, "Cannot open the database") is None   # no file looked for after Cancel
    ui.open_window()
    assert message_shown(window, "Game database") is not None   # asked again


def test_a_refused_close_of_the_main_window_leaves_the_database_working(qtbot, tmp_path, games_db) -> None:
    window, ui = make_ui(qtbot, tmp_path, games_db)
    window.controller.try_move(CANNON_CENTRE)   # an unsaved game: closing asks first
    shown = ui.open_window()
    assert shown is not None
    window.close()
    asked = [w for w in window.findChildren(QMessageBox) if w.isVisible()]   # this window's question only
    assert asked and window.isVisible()   # the close waits for the answer
    question = asked[0]
    drain_event_loop(qtbot)
    ui.search_board()
    wait_for_search(qtbot, ui)
    with GameDatabase(games_db) as database:
        assert ui.model.total == count(database, Query(fen=window.controller.board_position().fen()))
    if shiboken6.isValid(question):   # the question may have gone with its answer meanwhile
        question.close()


def test_an_sqlite_failure_in_an_import_is_reported_with_the_file_and_ends_the_job(qtbot, tmp_path,
                                                                                   monkeypatch) -> None:
    """SQLite's own errors (disk full, locked too long) are no DatabaseError: the job still ends in ``failed``
    naming the database, never a dead thread with its progress dialog left open."""
    import sqlite3

    from xiangqi.ui.database import import_job

    def full_disk(*_args: object, **_kwargs: object) -> ImportReport:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(import_job, "import_files", full_disk)
    job = import_job.importing_job(tmp_path / "games.xqdb", [str(tmp_path / "none.pgn")])
    with qtbot.waitSignal(job.failed, timeout=10_000) as failed:
        job.start()
    assert str(failed.args[0]) == "games.xqdb: OperationalError: database or disk is full"
    job.wait(10)


def test_a_read_cancelled_while_it_runs_ends_cancelled_not_failed(qtbot, games_db) -> None:
    """The query worker speaks the background jobs' words: a read replaced by a newer one (cancelled while
    SQLite runs it) ends in ``cancelled`` with its ticket, never as a failure shown in the status line."""
    from xiangqi.ui.database.query_worker import QueryWorker

    def long_read(database: GameDatabase) -> object:   # minutes of counting, unless cancelled
        return database.connection.execute("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
                                           "WHERE x < 4000000000) SELECT count(*) FROM c").fetchone()

    worker = QueryWorker(games_db)
    failures: list[object] = []
    cancelled: list[int] = []
    worker.failed.connect(lambda _ticket, error: failures.append(error))
    worker.cancelled.connect(cancelled.append)
    try:
        ticket = worker.submit(long_read)
        # SQLite forgets an interrupt that comes before the statement runs: cancel until it is heard.
        qtbot.waitUntil(lambda: worker.cancel({ticket}) is None and bool(cancelled), timeout=30_000)
        assert cancelled == [ticket] and not failures
        with qtbot.waitSignal(worker.finished, timeout=30_000) as answered:   # the next read runs as usual
            later = worker.count(Query())
        assert answered.args[0] == later and answered.args[1] > 0
    finally:
        worker.close()


def test_a_main_window_deleted_right_after_its_close_leaves_no_traceback(qtbot, tmp_path, games_db) -> None:
    """The database menu looks at the window once its close has gone through (it may be refused): a window
    deleted before that look (a script closing and deleting it at once) must not fault in a slot."""
    window, _ui = make_ui(qtbot, tmp_path, games_db, closed_by_qtbot=False)
    window.close()
    shiboken6.delete(window)   # and with it the menu, its child
    drain_event_loop(qtbot)   # the look the close posted is dropped with the deleted menu
