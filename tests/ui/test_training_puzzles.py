"""练习 › 谜题: the solver as a user sees it. The line's move is right; another move is judged by the engine
(a scripted one here, the real Fairy-Stockfish in the last test): a move as good as the solution is
solved, a worse one is shown with its refutation; hint, retry, the rating and streak, the review deck."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from xiangqi.core import Move, Position
from xiangqi.engine.registry import discover_engines
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionKind, OptionValue, Score, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.seat import SeatEngine
from xiangqi.engine.session_types import EngineInfo, SessionState
from xiangqi.play.controller import GameController
from xiangqi.tactics import Motif
from xiangqi.training.cards import CardDeck, DeckKind
from xiangqi.training.database import TrainingDatabase
from xiangqi.training.puzzle_store import PuzzleHistory
from xiangqi.training.puzzles import Puzzle, Theme, write_puzzle_set
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.board.fallback_theme import FallbackBoardTheme, FallbackPieceSet
from xiangqi.ui.shell.help_menu import HelpMenu
from xiangqi.ui.shell.main_window import MainWindow
from xiangqi.ui.training.puzzle_engine import PuzzleEngine
from xiangqi.ui.training import puzzle_trainer
from xiangqi.ui.training.puzzle_trainer import PuzzleSolver, PuzzleTrainer
from seat_engine_fake import SeatEngineSignals

# Two red rooks against a bare king: b1b8 and a0a8 both mate in 2; b1b9 only mates in 3.
FEN = "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"
LINE = tuple(Move.from_iccs(m) for m in ("b1b8", "e9f9", "a0a9"))
PUZZLE = Puzzle("two-rooks", FEN, LINE, frozenset({Theme.MATE}), mate_in=2, rating=(1400.0, 300.0, 0.06))
SPEC = EngineSpec(name="Scripted Fish", command="scripted", protocol=Protocol.UCI)
FAIRY = "/usr/games/fairy-stockfish"

# The pauses a user sees (the reply after a move, 显示答案's steps) cut short: the tests wait on what the board
# shows, not on the pause, and the order (the move, then the reply) is the same.
SHORT_REPLY_DELAY_MS = 20
SHORT_SOLUTION_STEP_MS = 20


@pytest.fixture(autouse=True)
def short_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_trainer, "REPLY_DELAY_MS", SHORT_REPLY_DELAY_MS)
    monkeypatch.setattr(puzzle_trainer, "SOLUTION_STEP_MS", SHORT_SOLUTION_STEP_MS)


# What the scripted engine answers for the only move it may search (every other one banned).
ANSWERS = {"b1b8": (2, "b1b8 e9f9 a0a9"), "a0a8": (2, "a0a8 e9f9 b1b9"), "b1b9": (3, "b1b9 e9e8 a0a7 e8e7 b9b7")}


class ScriptedEngine(SeatEngineSignals):
    def __init__(self, log: list[str], parent: QObject) -> None:
        super().__init__(parent)
        self.log = log
        self.state = SessionState.BOOTING
        self._info = EngineInfo("Scripted Fish 1.0", "", Dialect.UCI,
                                (EngineOption("MultiPV", OptionKind.SPIN, 1, 1, 500),))

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._info if self.state is not SessionState.BOOTING else None

    def start(self) -> None:
        QTimer.singleShot(0, self._boot)

    def _boot(self) -> None:
        self.state = SessionState.IDLE
        self.ready.emit(self._info)

    def new_game(self) -> None:
        pass

    def set_option(self, name: str, value: OptionValue | None) -> None:
        pass

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        allowed = sorted(set(position.legal_moves()) - set(banned), key=Move.iccs)
        key = allowed[0].iccs() if len(allowed) == 1 else "b1b8"
        self.log.append(key)
        mate, pv = ANSWERS.get(key, (2, "b1b8 e9f9 a0a9")) if position.fen() == Position(FEN).fen() else (1, "")
        moves = tuple(Move.from_iccs(m) for m in pv.split()) or (position.legal_moves()[0],)
        info = Info(depth=10, multipv=1, score=Score(mate=mate), pv=moves)
        QTimer.singleShot(0, lambda: (self.info.emit(info), self.best_move.emit(BestMove(moves[0]))))

    def stop(self) -> None:
        pass

    def ponderhit(self, draw_offer: bool = False) -> None:
        pass

    def shutdown(self) -> None:
        self.state = SessionState.DEAD


def scripted(log: list[str]) -> PuzzleEngine:
    def factory(_spec: EngineSpec, owner: QObject) -> SeatEngine:
        return ScriptedEngine(log, owner)
    return PuzzleEngine(SPEC, factory)


def solver_with(qtbot: QtBot, engine: PuzzleEngine | None) -> PuzzleSolver:
    like = BoardView(GameController(None), FallbackBoardTheme(), FallbackPieceSet())
    qtbot.addWidget(like)
    solver = PuzzleSolver(like, engine)
    qtbot.addWidget(solver)
    solver.resize(800, 600)
    solver.show()
    qtbot.waitExposed(solver)
    solver.show_puzzle(PUZZLE, "mate in 2")
    return solver


def click_move(qtbot: QtBot, solver: PuzzleSolver, iccs: str) -> None:
    view = solver.board.view
    move = Move.from_iccs(iccs)
    for sq in (move.from_sq, move.to_sq):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, view.point_of(sq))


def test_the_line_move_is_right_and_the_reply_comes_from_the_line(qtbot: QtBot) -> None:
    log: list[str] = []
    solver = solver_with(qtbot, scripted(log))
    results: list[tuple[bool, int]] = []
    solver.attempted.connect(lambda _p, solved, hints: results.append((solved, hints)))
    assert "find the best move" in solver.prompt.text()
    click_move(qtbot, solver, "b1b8")
    qtbot.waitUntil(lambda: solver.board.model.last_move == Move.from_iccs("e9f9"))
    click_move(qtbot, solver, "a0a9")
    qtbot.waitUntil(lambda: solver.prompt.text() == "Solved!")
    assert results == [(True, 0)]
    assert log == []                                     # no engine needed on the line


def test_a_move_as_good_as_the_solution_counts_as_solved(qtbot: QtBot) -> None:
    log: list[str] = []
    solver = solver_with(qtbot, scripted(log))
    click_move(qtbot, solver, "a0a8")                    # not the line's move, but a mate in 2 as well
    qtbot.waitUntil(lambda: len(solver.board.position().move_stack) == 2)   # the engine's reply
    assert solver.board.model.last_move == Move.from_iccs("e9f9")
    assert log == ["a0a8", "b1b8"]                       # the move alone, then the solution alone
    click_move(qtbot, solver, "b1b9")                    # mate
    qtbot.waitUntil(lambda: solver.prompt.text() == "Solved!")


def test_a_worse_move_is_shown_with_its_refutation_then_retry(qtbot: QtBot) -> None:
    solver = solver_with(qtbot, scripted([]))
    results: list[bool] = []
    solver.attempted.connect(lambda _p, solved, _h: results.append(solved))
    click_move(qtbot, solver, "b1b9")                    # mates only in 3
    qtbot.waitUntil(lambda: solver.board.model.last_move == Move.from_iccs("e9e8"))
    assert "answered by" in solver.prompt.text()
    assert [a.move for a in solver.board.view.shapes.analysis] == [Move.from_iccs("e9e8")]
    assert results == [False]
    assert solver.retry_button.isEnabled()
    qtbot.mouseClick(solver.retry_button, Qt.MouseButton.LeftButton)
    assert solver.board.position().fen() == Position(FEN).fen()
    click_move(qtbot, solver, "b1b8")
    qtbot.waitUntil(lambda: solver.board.model.last_move == Move.from_iccs("e9f9"))
    assert results == [False]                            # the retry is not rated again


def test_hint_names_the_piece_then_shows_the_move_and_a_solve_with_it_is_not_clean(qtbot: QtBot) -> None:
    solver = solver_with(qtbot, None)
    results: list[tuple[bool, int]] = []
    solver.attempted.connect(lambda _p, solved, hints: results.append((solved, hints)))
    qtbot.mouseClick(solver.hint_button, Qt.MouseButton.LeftButton)    # first: the piece, circled and named
    assert solver.board.model.hint is None
    assert [(s.from_sq, s.to_sq) for s in solver.board.marks.shapes()] == [(LINE[0].from_sq, LINE[0].from_sq)]
    assert solver.detail.text().startswith("Hint: move 车八. Press Hint again to see the move.")
    qtbot.mouseClick(solver.hint_button, Qt.MouseButton.LeftButton)    # second: the move
    assert solver.board.model.hint == LINE[0] and solver.board.marks.shapes() == ()
    assert solver.detail.text().startswith("Hint: 车八进七.")
    click_move(qtbot, solver, "b1b8")
    qtbot.waitUntil(lambda: solver.board.model.last_move == LINE[1])
    click_move(qtbot, solver, "a0a9")
    qtbot.waitUntil(lambda: solver.prompt.text() == "Solved!")
    assert results == [(False, 1)]


def test_show_solution_writes_the_whole_line_and_plays_it_step_by_step(qtbot: QtBot) -> None:
    solver = solver_with(qtbot, None)
    results: list[bool] = []
    solver.attempted.connect(lambda _p, solved, _h: results.append(solved))
    qtbot.mouseClick(solver.solution_button, Qt.MouseButton.LeftButton)
    assert solver.prompt.text() == "The solution: 1. 车八进七 将5平6 2. 车九进九"
    assert results == [False]
    end = Position(FEN)
    for move in LINE:
        end.push(move)
    qtbot.waitUntil(lambda: solver.board.position().fen() == end.fen(), timeout=10_000)   # a move at a time
    assert [a.move for a in solver.board.view.shapes.analysis] == [LINE[-1]]


def test_the_trainer_rates_the_attempt_and_a_failed_puzzle_joins_the_deck(qtbot: QtBot, tmp_path: Path) -> None:
    puzzles = tmp_path / "two.puzzles"
    write_puzzle_set(puzzles, [PUZZLE], ["test set"])
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    db = TrainingDatabase(tmp_path / "training.sqlite")
    trainer = PuzzleTrainer(window, PuzzleHistory(db), scripted([]))
    qtbot.addWidget(trainer)
    trainer.show()
    trainer.load(puzzles)
    assert "1500" in trainer.standing.text()
    heard: list[str] = []
    window.announcer.announced.connect(heard.append)
    click_move(qtbot, trainer.solver, "b1b9")
    qtbot.waitUntil(lambda: "answered by" in trainer.solver.prompt.text())
    assert heard == [trainer.solver.prompt.text()]   # the wrong move, told to a screen reader
    assert "streak 0" in trainer.standing.text() and "(-" in trainer.standing.text()
    assert CardDeck(db).counts()[DeckKind.PUZZLES].total == 1
    assert "review deck" in trainer.solver.detail.text()


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_fairy_stockfish_accepts_an_equal_move_and_refutes_a_worse_one(qtbot: QtBot) -> None:
    spec = next(s for s in discover_engines([]) if s.family == "fairy-stockfish")
    engine = PuzzleEngine(spec)
    solver = solver_with(qtbot, engine)
    click_move(qtbot, solver, "a0a8")                    # also mates in 2
    qtbot.waitUntil(lambda: solver.board.model.trainee is not None and len(solver.board.position().move_stack) == 2,
                    timeout=60_000)
    assert "go on" in solver.prompt.text()
    solver.show_puzzle(PUZZLE, "again")
    click_move(qtbot, solver, "b1b9")                    # mates in 3 only
    qtbot.waitUntil(lambda: "answered by" in solver.prompt.text(), timeout=60_000)
    engine.close()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=10_000)


def test_the_training_board_lets_only_the_trainee_move_and_tells_the_trainer(qtbot: QtBot) -> None:
    solver = solver_with(qtbot, None)
    board = solver.board
    played: list[Move] = []
    board.move_played.connect(played.append)
    board.set_position(Position(FEN), trainee=None)
    click_move(qtbot, solver, "b1b8")
    assert played == [] and board.model.last_move is None          # nobody may move
    board.set_trainee(Position(FEN).turn)
    click_move(qtbot, solver, "b1b8")
    assert played == [Move.from_iccs("b1b8")]
    board.play(Move.from_iccs("e9f9"))                               # the other side's reply
    assert board.model.last_move == Move.from_iccs("e9f9")
    assert board.take_back() == Move.from_iccs("e9f9") and board.model.last_move == Move.from_iccs("b1b8")
    with pytest.raises(ValueError, match="illegal"):
        board.play(Move.from_iccs("a0b9"))


def test_a_solver_closed_before_the_refutation_is_shown_does_not_fault(qtbot: QtBot) -> None:
    solver = solver_with(qtbot, scripted([]))
    after_the_pause: list[bool] = []

    def close_during_the_pause(text: str, _assertive: bool) -> None:
        assert "answered by" in text                   # the refutation follows after a pause, started just now
        solver.deleteLater()
        QTimer.singleShot(puzzle_trainer.REPLY_DELAY_MS, lambda: after_the_pause.append(True))   # fires after it

    solver.said.connect(close_during_the_pause)
    click_move(qtbot, solver, "b1b9")
    qtbot.waitUntil(lambda: after_the_pause == [True])   # its timer must not have reached the deleted board


def test_the_user_mixes_themes_and_phases_with_counts_and_sees_the_motifs_once_solved(qtbot: QtBot,
                                                                                       tmp_path: Path) -> None:
    fork = Puzzle("fork", FEN.replace("1R7", "2R6"), (Move.from_iccs("a0a9"),), frozenset({Theme.ADVANTAGE}),
                  frozenset({Motif.FORK, Motif.MIDDLEGAME}), rating=(1400.0, 300.0, 0.06))
    mate = Puzzle("two-rooks", FEN, LINE, frozenset({Theme.MATE}), frozenset({Motif.SHUANG_CHE_CUO, Motif.ENDGAME}),
                  mate_in=2, rating=(1400.0, 300.0, 0.06))
    puzzles = tmp_path / "mix.puzzles"
    write_puzzle_set(puzzles, [fork, mate], ["test set"])
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    trainer = PuzzleTrainer(window, PuzzleHistory(TrainingDatabase(tmp_path / "training.sqlite")), scripted([]))
    qtbot.addWidget(trainer)
    trainer.show()
    trainer.load(puzzles)
    chooser = trainer.mix_chooser
    assert chooser.text() == "Themes: all (2) ▾"
    qtbot.mouseClick(chooser, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(chooser.popup.isVisible)
    rows = chooser.entries()
    assert {"Mate (1)", "Winning advantage (1)", "Fork (捉双) (1)", "Endgame (残局) (1)",
            "Double rook mate (双车错) (1)", "Middlegame (中局) (1)"} <= set(rows)

    def tick(text: str) -> None:
        chooser.tree.setCurrentItem(rows[text])                # the row the user moved to, then Space ticks it
        qtbot.keyClick(chooser.tree, Qt.Key.Key_Space)

    tick("Endgame (残局) (1)")                          # a phase: only the endgame puzzle
    qtbot.waitUntil(lambda: chooser.text() == "Themes: Endgame (残局) (1) ▾")
    assert chooser.popup.isVisible()                     # the list stays open while the user ticks
    assert trainer.solver.session is not None and trainer.solver.session.puzzle.puzzle_id == "two-rooks"
    assert trainer.solver.motifs.text() == ""            # not before it is solved: it would give it away
    tick("Fork (捉双) (1)")                              # a fork, of the endgame: none
    qtbot.waitUntil(lambda: chooser.text() == "Themes: Endgame (残局), Fork (捉双) (0) ▾")
    assert trainer.solver.prompt.text() == "No puzzle to show."
    qtbot.mouseClick(chooser.clear_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: chooser.text() == "Themes: all (2) ▾")
    chooser.popup.hide()
    trainer.solver.show_puzzle(mate, "again")
    click_move(qtbot, trainer.solver, "b1b8")
    qtbot.waitUntil(lambda: trainer.solver.board.model.last_move == Move.from_iccs("e9f9"))
    click_move(qtbot, trainer.solver, "a0a9")
    qtbot.waitUntil(lambda: trainer.solver.prompt.text() == "Solved!")
    assert trainer.solver.motifs.text() == "Themes: Double rook mate (双车错) · Endgame (残局)"


def test_about_credits_the_ccpd_with_its_licence_and_source_links(qtbot: QtBot) -> None:
    window = MainWindow(GameController(None), FallbackBoardTheme(), FallbackPieceSet(), [])
    qtbot.addWidget(window)
    dialog = HelpMenu(window).show_about()
    qtbot.addWidget(dialog)
    [page] = dialog.findChildren(QTextBrowser)
    text, html = page.toPlainText(), page.toHtml()
    assert "Chinese Chess Practical Dataset (CCPD)" in text and "Yu-Han Tseng" in text
    assert 'href="https://creativecommons.org/licenses/by/4.0/"' in html
    assert 'href="https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset"' in html
