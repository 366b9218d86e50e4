"""An engine that answers from its own opening book (ElephantEye lists its book's candidates as
``info depth 0 score WEIGHT pv MOVE`` lines, then plays one drawn by weight): the engine pane shows the move
it played, as a book move with no score, never a candidate it did not play, and the move gets no
evaluation in its comment (a book move was not searched). The engine is the scripted fake, a real process
named ElephantEye so the program reads it as one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from xiangqi.core import Move, parse_square
from xiangqi.core.notation import Notation
from xiangqi.game.autosave import AutosaveStore
from xiangqi.game.notation_text import line_text
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.study.study_tools import install_study_ui

from app_fakes import fake_engine_spec

PLAYED = "h9g7"                                   # 马８进７, drawn from the book
CANDIDATES = "h9g7:30,h7e7:12,b9c7:5,b7e7:1"       # listed in this order: the last one is not played


def texts(window: MainWindow) -> list[list[str]]:
    tree = window.engine_panel.tree
    return [[tree.topLevelItem(row).text(column) for column in range(4)] for row in range(tree.topLevelItemCount())]


def test_a_book_move_is_shown_as_played_without_a_score(qtbot, tmp_path: Path) -> None:
    controller = GameController(AutosaveStore(tmp_path / "autosave.json"))
    script = tmp_path / "script.txt"
    script.write_text(PLAYED + "\n", encoding="utf-8")
    spec = fake_engine_spec("--name", "ElephantEye", "--script", str(script), "--book-lines", CANDIDATES)
    window = MainWindow(controller, FallbackBoardTheme(), FallbackPieceSet(), [spec])
    install_study_ui(window)
    qtbot.addWidget(window)
    window.resize(1000, 800)
    window.show()
    window.start_game(GameSetup(engine=spec))
    qtbot.waitUntil(lambda: controller.engine_ready, timeout=15_000)
    board = window.board
    for square in ("h2", "e2"):   # 炮二平五, clicked
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.point_of(parse_square(square)))
    qtbot.waitUntil(lambda: controller.game.ply == 2, timeout=15_000)

    assert [m.iccs() for m in controller.game.moves] == ["h2e2", PLAYED]
    before = controller.game.position_at(1)
    played = line_text(before, (Move.from_iccs(PLAYED),), Notation.CHINESE)[0]
    last_candidate = line_text(before, (Move.from_iccs("b7e7"),), Notation.CHINESE)[0]
    rows = texts(window)
    assert rows == [["", "book move", "", played]], rows          # the move played, the words for a score
    assert not any(last_candidate in row[3] for row in rows)
    assert "%eval" not in (controller.game.head.comment or "")   # no "+0.00" for a move nobody searched
    window.close()
    qtbot.waitUntil(lambda: not controller.engines_running, timeout=10_000)
