"""The status bar's engine label speaks of the game's engine only: no 引擎：未运行 while a record is studied
or analysed (issue 29 §4)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.core import Color


def test_no_not_running_when_the_game_has_no_engine(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.window.show()
    table.start()
    label = table.window.engine_label
    assert label.isVisible() and label.text() != "Engine: not running"
    assert table.ui.open_file(shared_data / "games" / "eleeye/SAMPLE.PGN")    # a record: no engine plays
    assert not label.isVisible()
    table.start()
    qtbot.waitUntil(label.isVisible)
    table.controller.seats[Color.BLACK].close()                               # the game's engine died
    assert label.isVisible() and label.text() == "Engine: not running"
