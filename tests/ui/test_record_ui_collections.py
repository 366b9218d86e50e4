"""Issue 30 §4 in the app: a DhtmlXQ page or a CCBridge library of 8,000 games opens on a game list of all
8,000 rows (read and indexed on a worker thread), and the last game, double-clicked, is on the board."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_record_ui_support import build_window, message_boxes, moves_of

from hostile.collection_files import cbl_library, dhtmlxq_page, real_games
from xiangqi.ui.record.game_list_dialog import GameListDialog

GAMES = 8_000


@pytest.mark.parametrize("name", ["page.html", "library.cbl"])
def test_8000_games_are_listed_and_the_last_one_opens(qtbot, tmp_path: Path, name: str) -> None:  # noqa: ANN001
    window, ui = build_window(qtbot, tmp_path)
    path = tmp_path / name
    path.write_bytes(dhtmlxq_page(GAMES).encode() if name.endswith(".html") else cbl_library(GAMES))
    assert ui.open_file(path)
    qtbot.waitUntil(lambda: ui.game_list is not None and len(ui.game_list.model.rows) > 0, timeout=60_000)
    dialog = ui.game_list
    assert isinstance(dialog, GameListDialog) and dialog.visible_row_count() == GAMES
    table = dialog.table
    table.scrollToBottom()
    last = dialog.model.index(GAMES - 1, 1)
    where = table.visualRect(last).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)   # a double-click's first
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=where)
    source = real_games()[(GAMES - 1) % len(real_games())]
    assert moves_of(window) == [move.iccs() for move in source.mainline_moves()]
    assert ui.link.record.headers["Title"].startswith(f"{GAMES}. ")
    assert source.headers["Red"] in ui.panel.players.text() and not message_boxes(window)
