"""Issue 20: a game started from the position editor or with 从此处续下 on a record has the last game's
opponent, and it replies (it never did: those games were records studied by two players)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot
from test_game_model_window import Table, replies

from xiangqi.core import Color
from xiangqi.game.setup import GameSetup
from app_fakes import builtin_like_spec

SAMPLE_PGN = "eleeye/SAMPLE.PGN"
ROOK_ENDING = "4k4/9/9/9/9/4p4/9/9/R8/4K4 w - - 0 1"


def test_a_game_from_the_position_editor_has_the_opponent(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("e9e8"))
    table.window.last_setup = GameSetup(engine=builtin_like_spec())    # the last game's opponent
    editor = table.ui.open_position_editor()
    editor.model.set_fen(ROOK_ENDING)
    editor.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)
    assert table.controller.board_position().fen() == ROOK_ENDING
    assert table.controller.engine_plays(Color.BLACK) and not table.controller.engine_plays(Color.RED)
    table.move_and_wait_reply("a1a9")                                    # the engine replies
    assert [m.iccs() for m in table.controller.game.moves] == ["a1a9", "e9e8"]
    assert table.ui.link.record.start_fen == ROOK_ENDING


def test_the_player_takes_the_side_to_move_of_the_edited_position(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(qtbot, tmp_path, replies("e4d4"))
    table.window.last_setup = GameSetup(engine=builtin_like_spec())
    table.ui.start_from(ROOK_ENDING.replace(" w ", " b "))
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)
    assert table.controller.engine_plays(Color.RED) and table.window.board.flipped
    assert table.controller.human_to_move()


def test_play_from_here_on_a_record_plays_the_engine(qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path)                          # the engine plays its first legal move
    table.window.last_setup = GameSetup(engine=builtin_like_spec())
    assert table.ui.open_file(shared_data / "games" / SAMPLE_PGN)
    record = table.ui.link.record
    before = record.tree_signature()
    table.controller.study.view(2)                          # browsing: after 2 moves, red to move
    played = [m.iccs() for m in record.mainline_moves()[:2]]
    with qtbot.waitSignal(table.window.dialog_opened) as opened:
        table.window.move_list.from_here_button.click()
    box = opened.args[0]
    assert isinstance(box, QMessageBox)
    play = next(b for b in box.buttons() if b.text() == "Play the engine")
    play.click()
    qtbot.waitUntil(lambda: table.controller.engine_ready, timeout=5000)
    assert [m.iccs() for m in table.controller.game.moves] == played
    assert table.controller.human_to_move() and table.controller.engine_plays(Color.BLACK)
    mine = table.controller.board_position().legal_moves()[0]
    table.move_and_wait_reply(mine.iccs())                  # the engine replies
    assert len(table.controller.game.moves) == 4
    assert record.tree_signature() == before                # the record studied is untouched


def test_play_from_here_on_a_record_can_still_enter_moves_for_both_sides(
        qtbot: QtBot, tmp_path: Path, shared_data: Path) -> None:
    table = Table(qtbot, tmp_path)
    table.window.last_setup = GameSetup(engine=builtin_like_spec())
    assert table.ui.open_file(shared_data / "games" / SAMPLE_PGN)
    table.controller.study.view(2)
    with qtbot.waitSignal(table.window.dialog_opened) as opened:
        table.window.move_list.from_here_button.click()
    box = opened.args[0]
    next(b for b in box.buttons() if b.text() == "Enter moves for both sides").click()
    assert not table.controller.seats and table.controller.game.ply == 2 and table.controller.human_to_move()
    assert table.ui.link.record is table.controller.game.record        # the moves go into the record
