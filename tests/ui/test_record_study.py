"""A record being studied is its own part of the controller (issue 29 §5): ``controller.study`` opens a
record, walks it and enters lines, each heard through its own typed signal; a move played is no tree change."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import SIGNAL
from pytestqt.qtbot import QtBot
from test_game_model_window import Table

from xiangqi.core import Move
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.record import Game as Record


def m(iccs: str) -> Move:
    return Move.from_iccs(iccs)


def counted(signal: object) -> list[tuple[object, ...]]:
    heard: list[tuple[object, ...]] = []
    signal.connect(lambda *args: heard.append(args))  # type: ignore[attr-defined]
    return heard


def test_opening_walking_and_entering_a_line_each_say_what_changed(qtbot: QtBot) -> None:
    c = GameController(None)
    record = Record()
    first = record.add_move(record.root, m("h2e2"))
    record.add_move(first, m("h9g7"))
    opened, replaced, moved = counted(c.study.record_opened), counted(c.game_replaced), counted(c.study.view_moved)
    trees, added = counted(c.study.tree_changed), counted(c.move_added)
    c.study.open_record(record)
    assert (len(opened), len(replaced), c.view_ply) == (1, 1, 0)
    with qtbot.waitSignal(c.changed):
        c.study.view(2)                         # → to the end: the same record, another position
    assert (len(moved), c.view_ply, len(replaced)) == (1, None, 1)
    c.study.view(1)
    assert c.study.play_line([m("b9c7"), m("b2c2")])  # an engine line entered as a variation
    assert len(trees) == 1 and c.game.cursor.move == m("b9c7") and added == []


def test_a_move_played_in_a_game_is_added_not_a_tree_change(qtbot: QtBot) -> None:
    c = GameController(None)
    c.new_game(GameSetup(engine=None))
    trees, added = counted(c.study.tree_changed), counted(c.move_added)
    assert c.try_move(m("h2e2"))
    assert trees == [] and added == [(c.game.head,)]
    c.study.view(0)
    c.study.view(None)
    assert c.try_move(m("h9g7")) and len(added) == 2


def test_play_from_here_starts_a_game_with_the_moves_that_led_here(qtbot: QtBot) -> None:
    c = GameController(None)
    record = Record()
    first = record.add_move(record.root, m("h2e2"))
    record.add_move(first, m("h9g7"))
    c.study.open_record(record, first)
    replaced, messages = counted(c.game_replaced), counted(c.message)
    c.study.play_from_here(GameSetup(engine=None))
    assert c.game.playing and c.game.moves == [m("h2e2")] and c.game.record is not record
    assert len(replaced) == 1 and messages == [("New game from this position",)]


def test_views_that_follow_only_the_position_do_not_hear_every_change(qtbot: QtBot, tmp_path: Path) -> None:
    """The move list, the record link and the clocks follow ``shown_changed`` (the book panel too); ``changed``
    (a hint, a result, engines restarted) is for the board, the menus, the move box, the study tools and
    the screen reader (issue 29 §5: it had 9 receivers in the app's window)."""
    table = Table(qtbot, tmp_path)
    c = table.controller
    assert c.receivers(SIGNAL("changed()")) <= 4 and c.receivers(SIGNAL("shown_changed()")) >= 3
    shown = counted(c.shown_changed)
    c.study.open_record(Record())
    assert c.try_move(m("h2e2")) and len(shown) == 2       # the record shown, then the move played
