"""Issue 22 in the app: opening never blocks the window. What is no regular file is refused by its kind
at once; a bigger file is read on a worker thread with its progress and Cancel in the status bar; a game
too big to show is cut to the window's limit and opened read-only; a window closed while a file is read
gets nothing delivered and nothing crashes."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from test_record_ui_support import SAMPLE_XQF, VARIATIONS_XQF, build_window, message_boxes, message_text, moves_of, play

from xiangqi.record.detect import RecordKind
from xiangqi.ui.record import open_job
from xiangqi.ui.record.open_job import OpenProgress, cut_to_show, tree_size
from xiangqi.record import load_games


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


class Gate:
    """Holds the worker inside ``file_kind`` until released, and notes the thread it ran on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered, self.release, self.threads = threading.Event(), threading.Event(), []
        real = open_job.file_kind

        def gated(path: Path) -> tuple[RecordKind, int]:
            self.threads.append(threading.current_thread().name)
            self.entered.set()
            assert self.release.wait(30)
            return real(path)

        monkeypatch.setattr(open_job, "file_kind", gated)
        monkeypatch.setattr(open_job, "SYNC_OPEN_BYTES", 0)     # the sample counts as big
        monkeypatch.setattr(open_job, "SHOW_AFTER_MS", 10)      # the held read shows its progress soon


def progress_of(window) -> OpenProgress | None:  # noqa: ANN001
    found = window.statusBar().findChildren(OpenProgress)
    return next((p for p in found if not p.done), None)


def test_a_fifo_is_refused_by_its_kind_without_opening_it(record_window, tmp_path: Path) -> None:
    window, ui = record_window
    play(window, "h2e2")
    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)                     # nobody writes to it: opening it would wait for ever
    assert not ui.open_file(fifo)
    [box] = message_boxes(window)
    assert "pipe.pgn" in message_text(box) and "FIFO" in message_text(box)
    assert moves_of(window) == ["h2e2"]                 # the game on the board is kept


def test_a_device_is_refused_by_its_kind(record_window) -> None:
    window, ui = record_window
    assert not ui.open_file("/dev/zero")
    [box] = message_boxes(window)
    assert "/dev/zero" in message_text(box) and "device" in message_text(box)


def test_a_big_file_is_read_on_a_worker_with_progress_and_then_shown(record_window, qtbot, shared_data: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window, ui = record_window
    gate = Gate(monkeypatch)
    assert ui.open_file(shared_data / "games" / SAMPLE_XQF)          # returns at once
    assert ui.opening and gate.entered.wait(30)
    qtbot.waitUntil(lambda: (p := progress_of(window)) is not None and not p.isHidden(), timeout=5000)
    progress = progress_of(window)
    assert progress is not None and "SAMPLE.XQF" in progress.label.text() and not progress.cancel_button.isHidden()
    gate.release.set()
    qtbot.waitUntil(lambda: not ui.opening, timeout=30000)
    assert gate.threads and threading.main_thread().name not in gate.threads
    expected = load_games(shared_data / "games" / SAMPLE_XQF)[0]
    assert moves_of(window) == [m.iccs() for m in expected.mainline_moves()]
    assert progress_of(window) is None


def test_cancel_keeps_the_game_on_the_board(record_window, qtbot, shared_data: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    window, ui = record_window
    play(window, "h2e2", "h9g7")
    gate = Gate(monkeypatch)
    assert ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert gate.entered.wait(30)
    qtbot.waitUntil(lambda: (p := progress_of(window)) is not None and not p.isHidden(), timeout=5000)
    progress = progress_of(window)
    assert progress is not None
    progress.cancel_button.click()
    gate.release.set()
    qtbot.waitUntil(lambda: not ui.opening, timeout=30000)
    assert "cancelled" in window.statusBar().currentMessage() or "取消" in window.statusBar().currentMessage()
    assert moves_of(window) == ["h2e2", "h9g7"] and not message_boxes(window)


def test_a_game_over_the_window_limit_is_cut_named_and_opened_read_only(record_window, qtbot, shared_data: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    window, ui = record_window
    monkeypatch.setattr(open_job, "APP_MAX_MOVES", 20)
    monkeypatch.setattr(open_job, "SYNC_OPEN_BYTES", 0)
    path = shared_data / "games" / SAMPLE_XQF
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: not ui.opening, timeout=30000)
    assert len(moves_of(window)) == 20
    [box] = message_boxes(window)
    assert "20" in message_text(box) and "SAMPLE.XQF" in message_text(box)
    assert ui.link.source is not None and not ui.link.source.writable     # Save never writes the cut


def test_the_cut_keeps_the_main_line_first_then_the_variations_along_it(shared_data: Path) -> None:
    game = load_games(shared_data / "games" / VARIATIONS_XQF)[0]
    main = [m.iccs() for m in game.mainline_moves()]
    total = tree_size(game.root)
    assert total > len(main) + 1
    assert not cut_to_show(game, total, Path("x.xqf"))
    assert cut_to_show(game, len(main) + 1, Path("x.xqf"))
    assert [m.iccs() for m in game.mainline_moves()] == main and tree_size(game.root) == len(main) + 1
    assert "x.xqf" in str(game.errors[-1]) and f"{len(main) + 1:,}" in str(game.errors[-1])
    assert cut_to_show(game, 3, Path("x.xqf"))
    assert tree_size(game.root) == 3 and [m.iccs() for m in game.mainline_moves()] == main[:3]


def test_a_window_closed_while_a_file_is_read_gets_nothing(qtbot, tmp_path: Path, shared_data: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    window, ui = build_window(qtbot, tmp_path)
    gate = Gate(monkeypatch)
    threads_before = threading.active_count()
    assert ui.open_file(shared_data / "games" / SAMPLE_XQF)
    assert gate.entered.wait(30)
    window.statusBar().deleteLater()         # the window's parts go (qtbot deletes the window itself)
    window.close()
    QCoreApplication.processEvents()
    gate.release.set()
    qtbot.waitUntil(lambda: threading.active_count() < threads_before + 1, timeout=30000)
    QCoreApplication.processEvents()         # the job's queued outcome finds no receiver: nothing happens
    assert ui.link.source is None and moves_of(window) == []
