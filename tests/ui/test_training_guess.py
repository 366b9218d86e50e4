"""猜谱 in the window, as a user: the game on the main board replayed for red, each guess played on the
training board and judged by a scripted engine (MultiPV lines, then a search restricted to the moves
not among them), the master's move and the engine's view shown, the summary with the per-move table, and
the session saved. A real engine judges a move of a real master game too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication, QWidget

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, Score, SearchLimits
from xiangqi.engine.registry import discover_engines
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import SessionState
from xiangqi.game.autosave import AutosaveStore
from xiangqi.play.controller import GameController
from xiangqi.record import PgnFile, read_pgn
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.guess import GuessSessions, guess_steps
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training.guess_move import GuessJudge, GuessTheMove, open_guess_the_move

from app_fakes import ScriptedClient, builtin_like_spec

FAIRY = "/usr/games/fairy-stockfish"
GAME = """[Event "猜谱测试"]
[Red "胡荣华"]
[Black "杨官璘"]
[Result "1-0"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0
"""
# The scripted engine's scores (side to move's view); any other move scores DEFAULT_CP.
SCORES = {"h2e2": 40, "b2e2": 30, "h0g2": 35, "b0c2": 33, "c3c4": 20, "i0h0": 30, "b2c2": 25}
DEFAULT_CP = -80


class JudgingClient(ScriptedClient):
    """A scripted engine that searches like a MultiPV engine: one ``info`` per line (the allowed moves
    best first, as many as MultiPV), then the best move; banned moves are never searched."""

    def __init__(self, *args: object, multipv: bool = True, **kwargs: object) -> None:
        option = EngineOption("MultiPV", OptionKind.SPIN, 1, 1, 500)
        super().__init__(*args, options=(option,) if multipv else (), **kwargs)  # type: ignore[arg-type]
        self.searches: list[tuple[str, int]] = []   # (FEN, moves allowed) of every go
        self.crash_on_go = False

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: object = ()) -> None:
        allowed = [m for m in position.legal_moves() if m not in set(banned)]   # type: ignore[call-overload]
        self.searches.append((position.fen(), len(allowed)))
        self.state = SessionState.THINKING
        if self.crash_on_go:
            QTimer.singleShot(0, self.crash)
            return
        QTimer.singleShot(0, lambda: self._lines(allowed))

    def _lines(self, allowed: list[Move]) -> None:
        ranked = sorted(allowed, key=lambda m: -SCORES.get(m.iccs(), DEFAULT_CP))
        multipv = next((int(v) for n, v in reversed(self.options_set) if n == "MultiPV"), 1)  # type: ignore[call-overload]
        for index, move in enumerate(ranked[:multipv], start=1):
            self.info.emit(Info(depth=8, multipv=index, score=Score(cp=SCORES.get(move.iccs(), DEFAULT_CP)),
                                pv=(move,)))
        self.state = SessionState.IDLE
        self.best_move.emit(BestMove(ranked[0]))


def judging_factory(clients: list[JudgingClient], crashing: int = 0):
    """Scripted engines; the first ``crashing`` of them crash in their first search."""
    def make(spec, owner) -> SeatEngine:
        client = JudgingClient(spec, owner)
        client.crash_on_go = len(clients) < crashing
        clients.append(client)
        return client
    return make


def make_window(qtbot, tmp_path: Path, engines) -> MainWindow:
    window = MainWindow(GameController(AutosaveStore(tmp_path / "autosave.json")), FallbackBoardTheme(),
                        FallbackPieceSet(), engines)
    qtbot.addWidget(window)
    window.show()
    return window


def commit(widget: QWidget, text: str) -> None:
    """Chinese text as an input method commits it."""
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def click_move(qtbot, dialog: GuessTheMove, iccs: str) -> None:
    move, view = Move.from_iccs(iccs), dialog.board.view
    for square in (move.from_sq, move.to_sq):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.point_of(square))


def test_a_session_from_the_board_s_game_to_the_summary(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, [builtin_like_spec()])
    window.controller.study.open_record(read_pgn(GAME)[0])
    db = TrainingDatabase(tmp_path / "training.sqlite")
    clients: list[JudgingClient] = []
    dialog = GuessTheMove(window, GuessSessions(db), judging_factory(clients))
    window.open_dialog(dialog)
    qtbot.waitExposed(dialog)
    assert "胡荣华 – 杨官璘, 猜谱测试" in dialog.game_label.text()
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.progress_label.text() == "Move 1 of 3"

    click_move(qtbot, dialog, "h2e2")                 # the master's move, the engine's best
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    assert dialog.feedback.text().startswith("Same move as the master!")
    assert "Engine's best C2.5" not in dialog.feedback.text()        # Chinese notation, the app's default
    assert "炮二平五" in dialog.feedback.text()
    assert clients[0].searches == [(Position().fen(), 44)]            # one search: both among its lines
    qtbot.keyClick(dialog.next_button, Qt.Key.Key_Return)

    assert dialog.progress_label.text() == "Move 2 of 3"
    assert dialog.board.position().move_stack[-1] == Move.from_iccs("h9g7")   # black's reply was played
    click_move(qtbot, dialog, "a3a4")                 # not among the three lines: searched alone
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    assert [allowed for _fen, allowed in clients[0].searches[1:]] == [len(Position(clients[0].searches[1][0])
                                                                          .legal_moves()), 1]
    text = dialog.feedback.text()
    assert "Your move 兵九进一" in text and "Master's move 马二进三" in text
    assert "Master's move 马二进三: Win% " in text and "(as good as the best)" in text    # h0g2 is the best
    assert "Engine's line: 马二进三" in text
    assert dialog.board.position().move_stack[-1] == Move.from_iccs("h0g2")   # the master's move is shown
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)

    commit(dialog.move_edit, "车五进一")            # typed moves too (an input method commits Chinese)
    qtbot.keyClick(dialog.move_edit, Qt.Key.Key_Return)
    assert dialog.prompt.text().startswith("Not a legal move here:") and "车五进一" in dialog.prompt.text()
    dialog.move_edit.clear()
    commit(dialog.move_edit, "炮八平七")            # b2c2
    qtbot.keyClick(dialog.move_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)   # the last move: on to the summary
    assert dialog.pages.currentIndex() == 2
    summary = dialog.summary_label.text()
    assert "Guessed 3 moves; 1 as the master (33%)." in summary
    assert "Accuracy: you 86.9, the master 99.9." in summary      # i0h0 (30) is a little below b0c2 (33)
    assert dialog.table.rowCount() == 3
    assert [dialog.table.item(1, c).text() for c in range(4)] == ["2", "兵九进一", "马二进三", "马二进三"]
    saved = GuessSessions(db).recent()
    assert len(saved) == 1 and saved[0].summary.moves == 3 and saved[0].summary.matched == 1
    assert saved[0].side is Color.RED and saved[0].title == "胡荣华 – 杨官璘, 猜谱测试"
    dialog.reject()
    qtbot.waitUntil(lambda: not window.controller.engines_running, timeout=5_000)


def test_an_engine_that_dies_twice_leaves_the_guess_unjudged_and_is_started_again(qtbot, tmp_path: Path) -> None:
    """It dies in the search, and again in the same search asked again once on the restarted engine: the
    guess is not judged; the engine started a third time judges the next one."""
    window = make_window(qtbot, tmp_path, [builtin_like_spec()])
    window.controller.study.open_record(read_pgn(GAME)[0])
    clients: list[JudgingClient] = []
    dialog = GuessTheMove(window, GuessSessions(TrainingDatabase(tmp_path / "t.sqlite")),
                          judging_factory(clients, crashing=2))
    window.open_dialog(dialog)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    click_move(qtbot, dialog, "c3c4")
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    assert dialog.feedback.text() == "The engine cannot judge: Scripted stopped: the engine crashed (signal 11)"
    assert dialog.board.position().move_stack == [Move.from_iccs("h2e2")]    # the master's move is shown
    assert dialog.session is not None and dialog.session.skipped == 1
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    click_move(qtbot, dialog, "h0g2")                                       # judged by the engine started again
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    assert len(clients) == 3 and dialog.feedback.text().startswith("Same move as the master!")
    dialog.reject()


def test_an_engine_without_multipv_searches_the_missing_moves_one_at_a_time(qtbot) -> None:
    clients: list[JudgingClient] = []

    def factory(spec, owner) -> SeatEngine:
        clients.append(JudgingClient(spec, owner, multipv=False))
        return clients[-1]

    step = guess_steps(read_pgn(GAME)[0], Color.RED)[2]          # master i0h0 (30); the best is b0c2 (33)
    judge = GuessJudge(builtin_like_spec(), SearchLimits(movetime_ms=100), factory)
    with qtbot.waitSignal(judge.judged, timeout=5_000) as judged:
        judge.judge(step, Move.from_iccs("a3a4"))
    assert [allowed for _fen, allowed in clients[0].searches] == [len(step.position.legal_moves()), 1, 1]
    judgement = judged.args[0]
    assert judgement is not None and judgement.best == Move.from_iccs("b0c2")
    assert judgement.guess_loss > judgement.master_loss > 0
    judge.close()


def test_the_menu_entry_opens_the_window_on_the_board_s_game(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, [builtin_like_spec()])
    window.controller.study.open_record(read_pgn(GAME)[0])
    open_guess_the_move(window, TrainingDatabase(tmp_path / "training.sqlite"))
    dialog = next(d for d in window.dialogs if isinstance(d, GuessTheMove))
    assert dialog.start_button.isEnabled() and "猜谱测试" in dialog.game_label.text()
    dialog.reject()


def test_a_game_chosen_from_a_file_of_games_and_the_last_sessions_listed(qtbot, tmp_path: Path) -> None:
    games = tmp_path / "masters.pgn"
    second = GAME.replace("猜谱测试", "第二局").replace("胡荣华", "吕钦")
    games.write_text(GAME + "\n" + second, encoding="utf-8")
    window = make_window(qtbot, tmp_path, [builtin_like_spec()])
    db = TrainingDatabase(tmp_path / "training.sqlite")
    clients: list[JudgingClient] = []
    dialog = GuessTheMove(window, GuessSessions(db), judging_factory(clients))
    window.open_dialog(dialog)
    assert not dialog.start_button.isEnabled() and dialog.history_label.text() == ""
    chooser = dialog.choose_file()
    chooser.selectFile(str(games))
    chooser.accept()
    qtbot.waitUntil(lambda: dialog.game_list is not None and dialog.game_list.isVisible(), timeout=5_000)
    game_list = dialog.game_list
    assert game_list is not None and game_list.visible_row_count() == 2
    commit(game_list.filter_edit, "第二")                 # filtered as you type
    assert game_list.visible_row_count() == 1
    qtbot.keyClick(game_list.list, Qt.Key.Key_Return)
    assert "吕钦 – 杨官璘, 第二局" in dialog.game_label.text() and "masters.pgn #2" in dialog.game_label.text()
    dialog.side_box.setCurrentIndex(dialog.side_box.findData(Color.BLACK))
    window.set_notation(Notation.WXF)                         # the app's notation setting
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.board.view.flipped and dialog.board.position().move_stack == [Move.from_iccs("h2e2")]
    click_move(qtbot, dialog, "h9g7")
    qtbot.waitUntil(lambda: dialog.next_button.isEnabled(), timeout=5_000)
    assert "Master's move H8+7" in dialog.feedback.text()
    qtbot.mouseClick(dialog.finish_button, Qt.MouseButton.LeftButton)
    assert "Guessed 1 moves; 1 as the master (100%)." in dialog.summary_label.text()
    qtbot.mouseClick(dialog.again_button, Qt.MouseButton.LeftButton)
    assert dialog.pages.currentIndex() == 0
    assert "吕钦 – 杨官璘, 第二局 (Black) — 1 of 1 as the master" in dialog.history_label.text()
    dialog.reject()


@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_fairy_stockfish_judges_a_guess_in_a_ccpd_master_game(qtbot, shared_data: Path) -> None:
    spec = next(s for s in discover_engines([]) if s.family == "fairy-stockfish")
    game = PgnFile.open(shared_data / "ccpd" / "games" / "全國象棋王位賽.pgn").game(0)
    step = guess_steps(game, Color.BLACK)[0]
    guess = next(m for m in step.position.legal_moves() if m != step.master)
    judge = GuessJudge(spec, SearchLimits(depth=8))
    with qtbot.waitSignal(judge.judged, timeout=30_000) as judged:
        judge.judge(step, guess)
    judgement = judged.args[0]
    assert judgement is not None and judgement.guess == guess and judgement.master == step.master
    assert 0 <= judgement.guess_win <= judgement.best_win <= 100 and judgement.depth >= 8
    judge.close()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)
