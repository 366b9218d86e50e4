"""Issue 16 item 8 (GUI): indexing a big file and preparing its game list happen on the worker thread;
the GUI thread only shows the rows (the stall itself is measured by tests/bench/ui_game_list.py)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from xiangqi.ui.record import game_list_dialog, open_job
from xiangqi.ui.record.quick_switches import READING_SWITCH_S
from reliability_window import build_window

GAME = '[Event "第{0}局"]\n[Red "许银川"]\n[Black "胡荣华"]\n1. h2e2 h9g7 *\n\n'


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def treat_as_big(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files this small are read at once and indexed without the game list: make them count as big."""
    monkeypatch.setattr(open_job, "SYNC_OPEN_BYTES", 0)
    monkeypatch.setattr(open_job, "INDEX_IN_LIST_BYTES", 0)


def test_the_game_list_rows_are_made_off_the_gui_thread(record_window, qtbot, tmp_path: Path,
                                                        monkeypatch) -> None:
    window, ui = record_window
    path = tmp_path / "many.pgn"
    path.write_text("".join(GAME.format(i) for i in range(3000)), encoding="utf-8")
    treat_as_big(monkeypatch)
    threads: list[str] = []
    original = game_list_dialog.entry_cells

    def spy(entry):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread().name)
        return original(entry)

    monkeypatch.setattr(game_list_dialog, "entry_cells", spy)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.game_list is not None, timeout=60000)
    dialog = ui.game_list
    qtbot.waitUntil(lambda: dialog.pgn is not None, timeout=60000)
    assert dialog.visible_row_count() == 3000 and dialog.model.cells[2999][1] == "许银川"
    assert len(threads) == 3000 and threading.main_thread().name not in threads


def test_the_indexer_starts_only_once_the_game_list_is_painted(record_window, qtbot, tmp_path: Path,
                                                               monkeypatch) -> None:
    """A worker busy in Python while the list is first shown froze the window 70-170 ms (every widget's
    first virtual calls wait for the interpreter lock): the thread starts after the first paint."""
    window, ui = record_window
    path = tmp_path / "many.pgn"
    path.write_text("".join(GAME.format(i) for i in range(50)), encoding="utf-8")
    treat_as_big(monkeypatch)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.game_list is not None, timeout=60000)
    job, dialog = ui.index_job, ui.game_list
    assert job is not None and dialog is not None
    assert not job.started()
    qtbot.waitUntil(lambda: dialog.pgn is not None, timeout=60000)
    assert job.started() and dialog.visible_row_count() == 50


def test_start_when_painted_waits_for_the_paint_and_fires_once(qtbot) -> None:  # noqa: ANN001
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[int] = []
    game_list_dialog.StartWhenPainted(widget, lambda: calls.append(1), settle_ms=0, latest_ms=600000)
    QCoreApplication.processEvents()
    assert calls == []
    widget.show()
    qtbot.waitUntil(lambda: calls == [1], timeout=60000)
    widget.repaint()
    QCoreApplication.processEvents()
    assert calls == [1]


def test_start_when_painted_starts_anyway_if_never_painted(qtbot) -> None:  # noqa: ANN001
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[int] = []
    game_list_dialog.StartWhenPainted(widget, lambda: calls.append(1), settle_ms=600000, latest_ms=0)
    qtbot.waitUntil(lambda: calls == [1], timeout=60000)
    assert not widget.isVisible()


DHTMLXQ_GAME = ("[DhtmlXQ]\n[DhtmlXQ_title]第{0}局[/DhtmlXQ_title]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n"
                "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n")


def test_the_game_list_rows_of_a_web_page_are_made_off_the_gui_thread(record_window, qtbot, tmp_path: Path,
                                                                      monkeypatch) -> None:
    """A page of DhtmlXQ games (not PGN) had its rows made on the GUI thread: 0.1 s for 8,000 games."""
    window, ui = record_window
    path = tmp_path / "page.html"
    path.write_text("<html><body>" + "".join(DHTMLXQ_GAME.format(i) for i in range(3000)) + "</body></html>",
                    encoding="utf-8")
    treat_as_big(monkeypatch)
    threads: list[str] = []
    original = game_list_dialog.entry_cells

    def spy(entry):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread().name)
        return original(entry)

    monkeypatch.setattr(game_list_dialog, "entry_cells", spy)
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.game_list is not None and ui.game_list.pgn is not None, timeout=60000)
    dialog = ui.game_list
    assert dialog.visible_row_count() == 3000 and dialog.model.cells[2999][1] == "许银川"
    assert len(threads) == 3000 and threading.main_thread().name not in threads


def test_the_reading_threads_hand_the_interpreter_to_the_window_every_millisecond(record_window, qtbot,
                                                                                 tmp_path: Path, monkeypatch) -> None:
    """The window waits for the interpreter lock at each call into Python while a reader runs Python: at
    the default 5 ms switch interval a page of 8,000 games stalled it 0.2-0.3 s."""
    window, ui = record_window
    before = sys.getswitchinterval()
    page, pgn = tmp_path / "page.html", tmp_path / "many.pgn"
    page.write_text("".join(DHTMLXQ_GAME.format(i) for i in range(50)), encoding="utf-8")
    pgn.write_text("".join(GAME.format(i) for i in range(50)), encoding="utf-8")
    treat_as_big(monkeypatch)
    seen: list[float] = []
    original = game_list_dialog.entry_cells

    def spy(entry):  # noqa: ANN001, ANN202
        seen.append(sys.getswitchinterval())
        return original(entry)

    monkeypatch.setattr(game_list_dialog, "entry_cells", spy)
    for path in (page, pgn):                     # read by the open job, then by the game list's indexer
        shown = ui.game_list
        assert ui.open_file(path)
        qtbot.waitUntil(lambda shown=shown: ui.game_list not in (None, shown) and ui.game_list.pgn is not None,
                        timeout=60000)
        ui.game_list.reject()
        qtbot.waitUntil(lambda: sys.getswitchinterval() == before)
    assert len(seen) == 100 and set(seen) == {READING_SWITCH_S} and before > READING_SWITCH_S
