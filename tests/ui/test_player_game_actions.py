"""Issue 20's game bugs as a player meets them, through the real main window (record UI installed) and an
in-process scripted engine: a game saved after 悔棋 ends where it stands (the moves taken back are a
variation), and the Game menu offers only what means something (no 悔棋/认输 on a loaded record)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.core import Move
from xiangqi.core.notation import Notation
from xiangqi.game.autosave import AutosaveStore
from xiangqi.record import load_games

SAMPLE_PGN = "eleeye/SAMPLE.PGN"


def test_a_game_saved_after_taking_back_ends_where_it_stands(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    table.window.undo_action.trigger()           # 悔棋: my h0g2 and the reply b9c7
    assert [m.iccs() for m in table.controller.game.moves] == ["h2e2", "h9g7"]
    out = tmp_path / "game.pgn"
    assert table.ui.save_as_file(out, Notation.ICCS)
    saved = load_games(out)[0]
    assert [m.iccs() for m in saved.mainline_moves()] == ["h2e2", "h9g7"]    # as the board shows it
    # nothing was played after the moves taken back: no variation repeats the main line's last move
    assert len(saved.root.children) == 1 and len(saved.root.children[0].children) == 1
    assert "(" not in out.read_text(encoding="utf-8").split("\n\n", 1)[1]
    # the game in the window keeps them to redo
    assert [m.iccs() for m in table.controller.game.redo_moves] == ["h0g2", "b9c7"]
    table.window.redo_action.trigger()
    assert [m.iccs() for m in table.controller.game.moves] == ["h2e2", "h9g7", "h0g2", "b9c7"]


def test_moves_taken_back_are_saved_as_a_variation_where_they_differ(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7", "h9g7", "h7h3"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    table.window.undo_action.trigger()
    table.window.undo_action.trigger()           # back to the start
    table.move_and_wait_reply("h2e2")            # the same move and the same reply: no new line
    table.move_and_wait_reply("b0c2")            # another second move: the taken-back one is its variation
    out = tmp_path / "game.pgn"
    assert table.ui.save_as_file(out, Notation.ICCS)
    movetext = out.read_text(encoding="utf-8").split("\n\n", 1)[1]
    assert " ".join(movetext.split()) == "1. h2e2 h9g7 2. b0c2 ( 2. h0g2 b9c7 ) 2... h7h3 *"


def test_a_game_resumed_from_the_autosave_after_taking_back_is_saved_as_it_stands(
        qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.move_and_wait_reply("h0g2")
    table.window.undo_action.trigger()
    snapshot = AutosaveStore(tmp_path / "autosave.json").load()
    assert snapshot is not None
    table.controller.resume(snapshot)
    out = tmp_path / "resumed.pgn"
    assert table.ui.save_as_file(out, Notation.ICCS)
    assert [m.iccs() for m in load_games(out)[0].mainline_moves()] == ["h2e2", "h9g7"]


def test_a_loaded_record_offers_no_take_back_or_resign(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path)
    assert table.ui.open_file(shared_data / "games" / SAMPLE_PGN)
    record = table.ui.link.record
    before = [m.iccs() for m in record.mainline_moves()]
    assert table.controller.view_ply == 0                     # browsing the record at its start
    window = table.window
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    assert not window.resign_action.isEnabled() and not window.draw_action.isEnabled()
    assert not window.hint_action.isEnabled() and not window.choose_engine_action.isEnabled()
    window.undo_action.trigger()
    table.controller.undo()                                   # even asked directly: nothing happens
    assert table.controller.view_ply == 0
    assert [m.iccs() for m in record.mainline_moves()] == before
    table.ui.replay.to_end()                                  # at the record's end (a finished game)
    assert not window.undo_action.isEnabled() and not window.resign_action.isEnabled()


def test_the_game_menu_while_playing_and_while_looking_back(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("h9g7", "b9c7"))
    window = table.window
    table.start()
    assert window.new_action.isEnabled() and window.resign_action.isEnabled() and window.hint_action.isEnabled()
    assert not window.undo_action.isEnabled()                 # nothing played yet
    table.move_and_wait_reply("h2e2")
    assert window.undo_action.isEnabled() and window.draw_action.isEnabled()
    table.controller.study.view(0)                            # looking back at the start
    assert not window.undo_action.isEnabled() and not window.hint_action.isEnabled()
    table.controller.study.view(None)
    assert window.undo_action.isEnabled()
    window.resign_action.trigger()
    table.dialogs(QMessageBox)[-1].button(QMessageBox.StandardButton.Yes).click()
    assert table.controller.game.is_over
    assert not window.undo_action.isEnabled() and not window.resign_action.isEnabled()
    assert not window.draw_action.isEnabled() and not window.hint_action.isEnabled()
    assert window.new_action.isEnabled()


def test_every_move_taken_back_stays_in_the_record(qtbot: QtBot, tmp_path: Path) -> None:
    """Back at the start there is no move for the taken-back ones to be a variation of: they stay."""
    table = Table(qtbot, tmp_path, replies("h9g7"))
    table.start()
    table.move_and_wait_reply("h2e2")
    table.window.undo_action.trigger()                        # back to the start: nothing to end on
    saved = table.controller.game.record_to_save()
    assert saved is table.controller.game.record
    assert [m for m in saved.mainline_moves()] == [Move.from_iccs("h2e2"), Move.from_iccs("h9g7")]


INDENTED = "\u3000\u3000红方开局以中炮为主。"


def test_the_full_width_indent_of_the_first_comment_is_saved(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    source = tmp_path / "indented.pgn"
    source.write_text(f'[Red "甲"]\n[Black "乙"]\n\n{{{INDENTED}}}\n1. 炮二平五 {{\u3000好棋}} 马８进７ *\n',
                      encoding="utf-8")
    assert table.ui.open_file(source)
    assert table.ui.panel.comment_edit.toPlainText() == INDENTED    # shown at the start, indent and all
    out = tmp_path / "out.pgn"
    assert table.ui.save_as_file(out, Notation.CHINESE)
    again = load_games(out)[0]
    assert again.root.comment == INDENTED
    assert again.root.children[0].comment == "\u3000好棋"


def test_a_comment_typed_with_a_full_width_indent_keeps_it(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path)
    table.controller.try_move(Move.from_iccs("h2e2"))
    table.ui.replay.to_start()
    table.ui.panel.comment_edit.insertPlainText(INDENTED[:1])     # typed through the input method,
    table.ui.panel.comment_edit.insertPlainText(INDENTED[1:])     # the indent first
    out = tmp_path / "typed.pgn"
    assert table.ui.save_as_file(out, Notation.CHINESE)
    assert load_games(out)[0].root.comment == INDENTED
    assert table.ui.panel.comment_edit.toPlainText() == INDENTED
