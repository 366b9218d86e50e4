"""Issue 20: during an engine match the Game menu offers nothing to take back or resign; after it the games
can be opened from the results table (double-click), and a new match or game does not ask to discard
"unsaved" games the match wrote to its PGN."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from test_match_ui import build, finish, open_match_dialog, set_up, start

from xiangqi.record.pgn_file import PgnFile
from xiangqi.ui.match.match_dialog import MatchDialog
from xiangqi.ui.play.new_game_dialog import NewGameDialog
from xiangqi.ui.record.record_actions import install_record_ui

from app_fakes import fake_engine_spec


def test_match_games_open_on_double_click_and_are_not_unsaved(qtbot: QtBot, tmp_path: Path) -> None:
    window, ui = build(qtbot, [fake_engine_spec(name="First"), fake_engine_spec(name="Second")])
    record_ui = install_record_ui(window, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    pgn = tmp_path / "match.pgn"
    set_up(open_match_dialog(qtbot, window, ui), "First", "Second", pgn, games=1)
    start(window.findChild(MatchDialog))
    qtbot.waitUntil(lambda: window.controller.game.head.ply >= 2, timeout=30_000)
    assert not window.undo_action.isEnabled() and not window.resign_action.isEnabled()   # the engines' game
    assert not window.draw_action.isEnabled() and not window.hint_action.isEnabled()
    finish(qtbot, ui)
    assert not window.undo_action.isEnabled()            # not even the mating move of the last game
    assert not record_ui.has_unsaved_changes()          # the games are in the match's PGN
    window.new_action.trigger()                          # 新对局: straight to the dialog, no "discard?"
    assert not [d for d in window.dialogs if isinstance(d, QMessageBox)]
    new_game = [d for d in window.dialogs if isinstance(d, NewGameDialog)]
    assert new_game
    new_game[0].reject()
    table = ui.panel.table
    first_row = table.visualItemRect(table.item(0, 1)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=first_row)   # a double-click's first
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=first_row)
    shown = window.controller.game.record
    written = list(PgnFile.open(pgn).games())[0]
    assert shown.headers["Round"] == "1" and shown.mainline_moves() == written.mainline_moves()
    assert not record_ui.has_unsaved_changes()
    ui.action.trigger()                                  # another match: no question either
    assert not [d for d in window.dialogs if isinstance(d, QMessageBox)]
    assert [d for d in window.dialogs if isinstance(d, MatchDialog)]
