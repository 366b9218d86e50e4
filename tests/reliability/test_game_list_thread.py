"""Issue 16 item 8 (GUI): indexing a big file and preparing its game list happen on the worker thread;
the GUI thread only shows the rows (the stall itself is measured by tests/bench/ui_game_list.py)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from xiangqi.ui import game_list_dialog, record_actions
from reliability_window import build_window

GAME = '[Event "第{0}局"]\n[Red "许银川"]\n[Black "胡荣华"]\n1. h2e2 h9g7 *\n\n'


@pytest.fixture
def record_window(qtbot, tmp_path):  # noqa: ANN001, ANN201
    return build_window(qtbot, tmp_path)


def test_the_game_list_rows_are_made_off_the_gui_thread(record_window, qtbot, tmp_path: Path,
                                                        monkeypatch) -> None:
    window, ui = record_window
    path = tmp_path / "many.pgn"
    path.write_text("".join(GAME.format(i) for i in range(3000)), encoding="utf-8")
    monkeypatch.setattr(record_actions, "SYNC_INDEX_BYTES", 0)
    threads: list[str] = []
    original = game_list_dialog.entry_cells

    def spy(entry):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread().name)
        return original(entry)

    monkeypatch.setattr(game_list_dialog, "entry_cells", spy)
    assert ui.open_file(path)
    dialog = ui.game_list
    qtbot.waitUntil(lambda: dialog.pgn is not None, timeout=60000)
    assert dialog.visible_row_count() == 3000 and dialog.model.cells[2999][1] == "许银川"
    assert len(threads) == 3000 and threading.main_thread().name not in threads
