"""残局挑战 in the window, as a user: a FEN typed into the chooser, the challenge played on the main board
against a real Fairy-Stockfish, won by mate, recorded as won and shown so in the chooser; a position of a
record file with its goal from the result; a challenge left for another game counts as unfinished."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from xiangqi.core import Color, Move, Position
from xiangqi.engine.registry import discover_engines
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.training.database import TrainingDatabase
from xiangqi.record import read_pgn
from xiangqi.training.endgame import EndgameRecords, GoalKind, Verdict, position_key
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.play.result_dialog import ResultDialog
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training.endgame_challenge import ChallengeChooser, open_endgame_challenge

from app_fakes import ScriptedClient, builtin_like_spec

FAIRY = "/usr/games/fairy-stockfish"
ROOK_ENDGAME = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1"   # red mates in two, whatever black does
QUIET_FIRST = Move.from_iccs("a0a1")


def make_window(qtbot, tmp_path: Path, engines, factory=None) -> MainWindow:
    window = MainWindow(GameController(AutosaveStore(tmp_path / "autosave.json"), factory), FallbackBoardTheme(),
                        FallbackPieceSet(), engines)
    qtbot.addWidget(window)
    window.resize(1000, 760)
    window.show()
    return window


def open_chooser(qtbot, window: MainWindow, db: TrainingDatabase) -> ChallengeChooser:
    open_endgame_challenge(window, db)
    chooser = next(d for d in window.dialogs if isinstance(d, ChallengeChooser))
    qtbot.waitExposed(chooser)
    return chooser


def click_move(qtbot, window: MainWindow, move: Move) -> None:
    for square in (move.from_sq, move.to_sq):
        qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=window.board.point_of(square))


def mate_in_one(position: Position) -> Move:
    for move in position.legal_moves():
        position.push(move)
        outcome = position.outcome()
        position.pop()
        if outcome is not None and outcome.winner is position.turn:
            return move
    raise AssertionError(f"no mate in one in {position.fen()}")


def row_texts(chooser: ChallengeChooser, row: int) -> list[str]:
    return [str(chooser.proxy.index(row, column).data()) for column in range(4)]


@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_an_endgame_won_against_fairy_stockfish_is_recorded_as_won(qtbot, tmp_path: Path) -> None:
    spec = next(s for s in discover_engines([]) if s.family == "fairy-stockfish")
    window = make_window(qtbot, tmp_path, [spec])
    db = TrainingDatabase(tmp_path / "training.sqlite")
    chooser = open_chooser(qtbot, window, db)
    qtbot.keyClicks(chooser.fen_edit, ROOK_ENDGAME)
    qtbot.keyClick(chooser.fen_edit, Qt.Key.Key_Return)
    assert row_texts(chooser, 0)[2:] == ["0", "—"]
    assert chooser.side_box.currentText() == "Red" and chooser.kind_box.currentText() == "win"
    chooser.move_time.lineEdit().selectAll()
    qtbot.keyClicks(chooser.move_time.lineEdit(), "0.1")
    qtbot.mouseClick(chooser.start_button, Qt.MouseButton.LeftButton)
    controller = window.controller
    qtbot.waitUntil(lambda: chooser not in window.dialogs and controller.engine_ready, timeout=20_000)
    assert controller.game.position.fen().split()[:2] == ROOK_ENDGAME.split()[:2]
    assert "Red to play and win" in window.statusBar().currentMessage()
    click_move(qtbot, window, QUIET_FIRST)
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=20_000)      # the engine answered
    click_move(qtbot, window, mate_in_one(controller.game.position.copy()))
    qtbot.waitUntil(lambda: any(isinstance(d, QMessageBox) for d in window.dialogs), timeout=10_000)
    box = next(d for d in window.dialogs if isinstance(d, QMessageBox))
    assert "Goal reached: Red to play and win — won (by checkmate)." in box.text()
    assert not any(isinstance(d, ResultDialog) for d in window.dialogs)   # one dialog says the end
    assert "1 attempts, best result ✓ won" in box.text() and box.icon() is QMessageBox.Icon.Information
    standing = EndgameRecords(db).standing(position_key(ROOK_ENDGAME))
    assert (standing.attempts, standing.met, standing.best, standing.best_plies) == (1, 1, Verdict.WON, 3)
    other = next(b for b in box.buttons() if b.text() == "&Choose another position")
    qtbot.mouseClick(other, Qt.MouseButton.LeftButton)         # the chooser again: tried positions first
    again = next(d for d in window.dialogs if isinstance(d, ChallengeChooser))
    assert row_texts(again, 0)[1:] == ["Red to play and win", "1", "✓ won"]
    again.reject()
    window.close()
    qtbot.waitUntil(lambda: not controller.engines_running, timeout=10_000)


def test_try_again_starts_the_same_challenge_and_a_game_left_counts_as_unfinished(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, [builtin_like_spec()], lambda spec, owner: ScriptedClient(spec, owner))
    db = TrainingDatabase(tmp_path / "training.sqlite")
    chooser = open_chooser(qtbot, window, db)
    qtbot.keyClicks(chooser.fen_edit, ROOK_ENDGAME)
    qtbot.keyClick(chooser.fen_edit, Qt.Key.Key_Return)
    qtbot.mouseClick(chooser.start_button, Qt.MouseButton.LeftButton)
    controller = window.controller
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=5_000)
    click_move(qtbot, window, QUIET_FIRST)
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=5_000)      # the scripted engine's reply
    click_move(qtbot, window, mate_in_one(controller.game.position.copy()))
    qtbot.waitUntil(lambda: any(isinstance(d, QMessageBox) for d in window.dialogs), timeout=5_000)
    box = next(d for d in window.dialogs if isinstance(d, QMessageBox))
    qtbot.keyClick(box, Qt.Key.Key_Return)                                 # 再试一次 is the default
    qtbot.waitUntil(lambda: controller.game.ply == 0 and controller.engine_ready, timeout=5_000)
    assert controller.game.position.fen().split()[:2] == ROOK_ENDGAME.split()[:2]
    click_move(qtbot, window, QUIET_FIRST)
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=5_000)
    window.start_game(GameSetup(engine=None))                              # left for another game
    standing = EndgameRecords(db).standing(position_key(ROOK_ENDGAME))
    assert (standing.attempts, standing.met, standing.best) == (2, 1, Verdict.WON)
    assert [a.verdict for a in EndgameRecords(db).history(position_key(ROOK_ENDGAME))] == [
        Verdict.UNFINISHED, Verdict.WON]
    window.close()


def test_the_position_on_the_board_is_offered_with_the_goal_its_title_declares(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, [builtin_like_spec()], lambda spec, owner: ScriptedClient(spec, owner))
    study = read_pgn('[Event "蚯蚓降龙 黑先和"]\n[FEN "3k5/4a4/9/9/9/9/9/9/4A4/4K4 b - - 0 1"]\n\n*\n')[0]
    window.controller.study.open_record(study)                # a study opened, or set up in the position editor
    chooser = open_chooser(qtbot, window, TrainingDatabase(tmp_path / "training.sqlite"))
    qtbot.mouseClick(chooser.board_button, Qt.MouseButton.LeftButton)
    assert row_texts(chooser, 0)[:3] == ["蚯蚓降龙 黑先和", "Black to play and draw", "0"]
    assert chooser.side_box.currentData() is Color.BLACK and chooser.kind_box.currentData() is GoalKind.DRAW
    assert chooser.preview.isVisible()                        # the position and its goal on screen
    assert chooser.preview.position().fen() == study.start_position().fen()
    assert chooser.preview.view.flipped                       # from the side to play
    assert chooser.preview_goal.text() == "Goal: Black to play and draw"
    assert chooser.preview_title.text() == "蚯蚓降龙 黑先和"
    chooser.kind_box.setCurrentIndex(chooser.kind_box.findData(GoalKind.WIN))   # another goal chosen
    assert chooser.preview_goal.text() == "Goal: Black to play and win"
    chooser.reject()


def test_a_record_file_lists_its_positions_with_goals_and_another_game_leaves_it_unfinished(
        qtbot, tmp_path: Path) -> None:
    records = tmp_path / "endgames.pgn"
    records.write_text('[Event "七星聚会 红先和"]\n[FEN "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1"]\n\n*\n\n'
                       '[Event "殘局 2"]\n[Result "0-1"]\n[FEN "4k4/9/9/9/9/9/9/9/3K5/r8 b - - 0 1"]\n\n*\n\n'
                       '[Event "broken"]\n[FEN "9/9/9 w"]\n\n*\n', encoding="utf-8")
    window = make_window(qtbot, tmp_path, [builtin_like_spec()], lambda spec, owner: ScriptedClient(spec, owner))
    db = TrainingDatabase(tmp_path / "training.sqlite")
    chooser = open_chooser(qtbot, window, db)
    chooser.read_file(records)
    qtbot.waitUntil(lambda: chooser.model.rowCount() == 2, timeout=10_000)
    assert "1 records skipped" in chooser.status.text() and "record 3" in chooser.status.text()
    assert row_texts(chooser, 0)[:2] == ["七星聚会 红先和", "Red to play and draw"]
    assert row_texts(chooser, 1)[:2] == ["殘局 2", "Black to play and win"]
    chooser.table.setFocus()
    qtbot.keyClick(chooser.table, Qt.Key.Key_Down)
    assert chooser.side_box.currentData() is Color.BLACK
    qtbot.keyClick(chooser.table, Qt.Key.Key_Up)
    assert chooser.kind_box.currentText() == "draw (or win)"
    qtbot.keyClick(chooser.table, Qt.Key.Key_Return)           # Enter starts the selected challenge
    qtbot.waitUntil(lambda: chooser not in window.dialogs, timeout=5_000)
    window.start_game(GameSetup(engine=None))                 # another game before the end
    standing = EndgameRecords(db).standing(position_key("3k5/4a4/9/9/9/9/9/9/4A4/4K4 w"))
    assert (standing.attempts, standing.best) == (1, Verdict.UNFINISHED)
    again = open_chooser(qtbot, window, db)                   # the file is read again, the tried one first
    qtbot.waitUntil(lambda: again.model.rowCount() == 2, timeout=10_000)
    assert row_texts(again, 0)[1:] == ["Red to play and draw", "1", "unfinished"]
    window.close()
