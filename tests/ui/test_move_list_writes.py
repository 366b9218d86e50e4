"""Opening a record writes the move list once (issue 29 §5: it was written twice, by the controller's
``changed`` and again by the record link's ``tree_changed`` on the same new game)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.ui.play.move_table_model import MoveTableModel


def counted_writes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    writes: list[int] = []
    original = MoveTableModel.show_game

    def counting(self: MoveTableModel, *args: object) -> None:
        writes.append(1)
        original(self, *args)   # type: ignore[arg-type]

    monkeypatch.setattr(MoveTableModel, "show_game", counting)
    return writes


def test_opening_a_pgn_writes_the_move_list_once(qtbot: QtBot, tmp_path: Path, shared_data: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(qtbot, tmp_path)
    writes = counted_writes(monkeypatch)
    assert table.ui.open_file(shared_data / "games" / "eleeye/SAMPLE.PGN")
    assert len(writes) == 1
    assert table.window.move_list.model.rowCount() > 10          # and it shows the game


def test_a_new_game_writes_it_once(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7"))
    writes = counted_writes(monkeypatch)
    table.start()
    assert len(writes) == 1
