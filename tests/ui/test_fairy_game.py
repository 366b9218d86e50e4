"""A real game through the GUI against Debian's Fairy-Stockfish: the player clicks moves, the engine
answers in the real protocol, the engine panel shows its analysis in Chinese notation."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from xiangqi.core import Color
from xiangqi.engine.registry import discover_engines
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.game.setup import GameSetup
from xiangqi.ui.shell.main_window import MainWindow

pytestmark = [pytest.mark.fairy, pytest.mark.slow]
FAIRY = "/usr/games/fairy-stockfish"
PLAYER_MOVES = 4
MOVE_TIME_MS = 100   # enough for Fairy-Stockfish to send lines (the panel is checked), not to play well


@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_a_few_moves_against_fairy_stockfish(qtbot, tmp_path) -> None:
    spec = next(s for s in discover_engines([]) if s.family == "fairy-stockfish")
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [spec])
    qtbot.addWidget(window)
    window.show()
    window.start_game(GameSetup(engine=spec, time_control=TimeControl(TimeControlKind.MOVE, move_time_ms=MOVE_TIME_MS)))
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=15_000)
    board = window.board
    for turn in range(PLAYER_MOVES):
        position = controller.game.position
        assert position.turn is Color.RED and controller.human_to_move()
        move = sorted(position.legal_moves(), key=lambda m: m.iccs())[turn % 3]
        for square in (move.from_sq, move.to_sq):
            qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.point_of(square))
        qtbot.waitUntil(lambda turn=turn: controller.game.ply == 2 * (turn + 1) or controller.game.is_over,
                        timeout=15_000)
        if controller.game.is_over:
            break
    assert controller.game.ply >= 2
    replay = controller.game.position_at(0)
    for move in controller.game.moves:      # every engine move was legal where it was played
        assert replay.is_legal(move)
        replay.push(move)
    assert window.engine_panel.tree.topLevelItemCount() >= 1
    line = window.engine_panel.tree.topLevelItem(0).text(3)
    assert line and any("\u4e00" <= ch <= "\u9fff" for ch in line)   # PV in Chinese notation
    window.close()
    qtbot.waitUntil(lambda: not controller.engines_running, timeout=10_000)
