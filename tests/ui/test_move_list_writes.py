"""Opening a record writes the move list once (issue 29 §5: it was written twice, by the controller's
``changed`` and again by the record link's ``tree_changed`` on the same new game)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.core import Move
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


def test_each_move_played_appends_to_the_move_list(qtbot: QtBot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A move of the game adds its cell (a row insert for red's, a cell written for black's); the list is
    never reset nor written anew while the game goes on."""
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    table.start()
    model = table.window.move_list.model
    writes = counted_writes(monkeypatch)
    resets: list[int] = []
    inserted: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("b2d2")
    assert (writes, resets) == ([], [])
    assert inserted == [(0, 0), (1, 1)]          # one row per round, added when red's move is played
    assert [table.window.move_list.cell_text(row, 1) != "" for row in (0, 1)] == [True, True]
    assert table.ui.link.modified                # the record still knows it changed


def test_a_variation_added_elsewhere_writes_the_list_once(qtbot: QtBot, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's tree changing off the line's end (a line entered as a variation) still writes the list
    anew, once, so the branch marks beside the line are right."""
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.controller.study.view(1)
    writes = counted_writes(monkeypatch)
    assert table.controller.study.play_line([Move.from_iccs("b9c7"), Move.from_iccs("b2c2")])
    assert len(writes) == 1
    assert table.window.move_list.branch_plies() == [2]
