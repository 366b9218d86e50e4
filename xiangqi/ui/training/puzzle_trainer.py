"""The puzzle trainer (练习 › 谜题): the solver widget and the window around it.

``PuzzleSolver`` solves any ``Puzzle`` (the due-cards view uses it too): the training board, a prompt, and
Hint / Retry / Show solution / Next. The user plays the solver's side; the other side answers from the
verified line, or from the engine once the user found another move as good (``training.puzzle_solving``).
A wrong move stays on the board with the engine's answer to it (the refutation: played and drawn as a
blue arrow). ``attempted(puzzle, solved, hints)`` is emitted once per puzzle, at the first result.

``PuzzleTrainer`` adds the puzzles (the starter set shipped in ``assets/puzzles``, or a set file the user
opens), a theme to choose, the player's Glicko-2 rating and streak, and keeps every rated attempt in the
training history; a failed puzzle joins the spaced-repetition deck.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (QDialog, QFileDialog, QHBoxLayout, QLabel, QProgressDialog, QPushButton,
                               QVBoxLayout, QWidget)

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.setup import is_builtin
from xiangqi.resources import assets_dir
from xiangqi.training.database import HistoryReadOnlyError, TrainingDatabase, TrainingError
from xiangqi.training.puzzle_solving import SolveSession, State, Verdict
from xiangqi.training.puzzle_store import PuzzleHistory, choose_next
from xiangqi.ui.training.puzzle_mix import PuzzleMixChooser, motifs_text
from xiangqi.training.puzzles import Puzzle, PuzzleError, PuzzleSet, Theme, read_puzzle_set
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.common.background_job import BackgroundJob, progress_dialog
from xiangqi.ui.training.puzzle_engine import Comparison, PuzzleEngine
from xiangqi.ui.training.training_board import TrainingBoard
from xiangqi.ui.window_host import WindowHost

REPLY_DELAY_MS = 350   # the other side's reply follows the user's move after a short pause, as on a real board
SOLUTION_STEP_MS = 900  # 显示答案 plays the solution a move at a time, this far apart
STARTER_SET = Path("puzzles") / "starter.puzzles"
SYNC_READ_BYTES = 128 * 1024   # a set this small (the starter set: 60 KB) is read at once, bigger ones on a thread


def starter_set_path() -> Path:
    return assets_dir() / STARTER_SET


def puzzle_engine_spec(engines: list[EngineSpec]) -> EngineSpec | None:
    """The engine that judges moves: Fairy-Stockfish when offered, else any other non-built-in one, else the
    built-in engine; None when there is none."""
    preferred = [s for s in engines if s.family == "fairy-stockfish"]
    others = [s for s in engines if not is_builtin(s)]
    choices = preferred or others or engines
    return choices[0] if choices else None


class PuzzleSolver(QWidget):
    attempted = Signal(object, bool, int)   # Puzzle, solved clean (first try, no hint), hints used
    next_requested = Signal()
    said = Signal(str, bool)                # what a screen reader should hear: text, assertive (a wrong move)

    def __init__(self, like: BoardView, engine: PuzzleEngine | None, notation: Notation = Notation.CHINESE,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notation = notation
        self.engine: PuzzleEngine | None = None
        self.session: SolveSession | None = None
        self._reported = False
        self._pending: Move | None = None      # the user's move the engine is judging
        self._awaiting = ""                    # what the engine's next ``found`` is for: reply, hint, solution
        self._hint_level = 0                   # 提示 pressed: 1 the piece named, 2 the move shown
        self._solution: list[Move] = []        # the solution's moves still to be played on the board
        self._solution_timer = QTimer(self)
        self._solution_timer.setInterval(SOLUTION_STEP_MS)
        self._solution_timer.timeout.connect(self._next_solution_step)
        self.board = TrainingBoard(like, self)
        self.board.move_played.connect(self._on_move)
        self.title = QLabel(self)
        self.title.setObjectName("puzzle_title")
        self.title.setWordWrap(True)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("puzzle_prompt")
        self.prompt.setWordWrap(True)
        self.detail = QLabel(self)
        self.detail.setObjectName("puzzle_detail")
        self.detail.setWordWrap(True)
        self.motifs = QLabel(self)                 # the puzzle's 杀法/tactics/phase, once it is over
        self.motifs.setObjectName("puzzle_motifs")
        self.motifs.setWordWrap(True)
        self.hint_button = QPushButton(self.tr("Hint"), self)
        self.retry_button = QPushButton(self.tr("Retry"), self)
        self.solution_button = QPushButton(self.tr("Show solution"), self)
        self.next_button = QPushButton(self.tr("Next puzzle"), self)
        self.hint_button.clicked.connect(self.hint)
        self.retry_button.clicked.connect(self.retry)
        self.solution_button.clicked.connect(self.show_solution)
        self.next_button.clicked.connect(self.next_requested)
        self._layout()
        self.set_engine(engine)

    def set_engine(self, engine: PuzzleEngine | None) -> None:
        """The engine that judges moves from now on (the old one is closed)."""
        if self.engine is not None and self.engine is not engine:
            self.engine.close()
        self.engine = engine
        if engine is not None:
            engine.compared.connect(self._on_compared)
            engine.found.connect(self._on_found)
            engine.unavailable.connect(self._on_unavailable)
            engine.trouble.connect(self._on_engine_trouble)

    def _layout(self) -> None:
        side = QVBoxLayout()
        for label in (self.title, self.prompt, self.detail, self.motifs):
            side.addWidget(label)
        side.addStretch(1)
        for button in (self.hint_button, self.retry_button, self.solution_button, self.next_button):
            side.addWidget(button)
        self.side_panel = QWidget(self)
        self.side_panel.setLayout(side)
        self.side_panel.setMinimumWidth(200)
        self.side_panel.setMaximumWidth(320)
        row = QHBoxLayout(self)
        row.addWidget(self.board, 1)
        row.addWidget(self.side_panel)

    # ------------------------------------------------------------------ showing
    def show_puzzle(self, puzzle: Puzzle, title: str = "") -> None:
        if self.engine is not None:
            self.engine.cancel()
        self.session = SolveSession(puzzle)
        self._reported, self._pending, self._awaiting, self._hint_level = False, None, "", 0
        self._solution_timer.stop()
        self.board.set_position(self.session.position, self.session.solver)
        self.title.setText(title)
        self.detail.setText("")
        self.motifs.setText("")
        self._ask_for_move(first=True)

    def _side_text(self) -> str:
        assert self.session is not None
        return self.tr("Red") if self.session.solver is Color.RED else self.tr("Black")

    def _ask_for_move(self, first: bool = False) -> None:
        text = self.tr("{0} to move: find the best move.") if first else self.tr("Right! {0} to move: go on.")
        self.prompt.setText(text.format(self._side_text()))
        self._buttons(solving=True)

    def _buttons(self, solving: bool) -> None:
        state = self.session.state if self.session is not None else State.SOLVED
        self.hint_button.setEnabled(solving and state is State.SOLVING)
        self.retry_button.setEnabled(state is State.FAILED)
        self.solution_button.setEnabled(state is not State.SOLVED)
        self.next_button.setEnabled(True)

    def move_text(self, position: Position, move: Move) -> str:
        return move_to_text(position, move, self.notation, traditional=traditional_moves())

    # ------------------------------------------------------------------ the user's moves
    def _on_move(self, move: Move) -> None:
        session = self.session
        if session is None or session.state is not State.SOLVING:
            return
        self.board.set_hint(None)
        self.board.mark_square(None)
        self._hint_level = 0          # a hint is for one move: the next one starts with the piece again
        if session.judge(move) is Verdict.RIGHT:
            self._accept(move, None)
        elif self.engine is None:
            self._wrong(move, None)
        else:
            self._pending = move
            self.board.set_trainee(None)
            self.prompt.setText(self.tr("Checking your move…"))
            self.engine.compare(session.position, session.expected, move)

    def _on_compared(self, comparison: Comparison) -> None:
        move, self._pending = self._pending, None
        if move is None or self.session is None:
            return
        pv = comparison.candidate.pv if comparison.candidate is not None else ()
        answer = pv[1] if len(pv) > 1 else None
        if comparison.as_good:
            self._accept(move, answer)
        else:
            self._wrong(move, answer)

    def _accept(self, move: Move, engine_reply: Move | None) -> None:
        session = self.session
        assert session is not None
        reply = session.play(move, engine_reply)
        if session.state is State.SOLVED:
            self._solved()
            return
        self.board.set_trainee(None)
        if reply is not None:
            QTimer.singleShot(REPLY_DELAY_MS, self, lambda: self._show_reply(reply))
        elif self.engine is not None:
            self._awaiting = "reply"
            self.engine.best(session.position)

    def _show_reply(self, reply: Move) -> None:
        session = self.session
        if session is None or session.state is not State.SOLVING:
            return
        if self.board.position().fen() == session.position.fen():
            return
        self.board.play(reply)
        self.board.set_trainee(session.solver)
        self._ask_for_move()

    def _on_found(self, line: object) -> None:
        session, awaiting, self._awaiting = self.session, self._awaiting, ""
        move = first_move_of(line)
        if session is None or move is None:
            return
        if awaiting == "reply" and session.position.is_legal(move):
            session.answer(move)
            self.board.play(move)
            self.board.set_trainee(session.solver)
            self._ask_for_move()
        elif awaiting == "hint":
            self._show_hint(move)
        elif awaiting == "solution" and session.position.is_legal(move):
            self.board.show_arrows((move,))
            self.prompt.setText(self.tr("The solution: {0}.").format(self.move_text(session.position, move)))

    def _on_engine_trouble(self, _what: str) -> None:
        """The engine died or went silent while checking the move: it is restarted and asked again."""
        if self._pending is not None:
            self.prompt.setText(self.tr("Checking your move… (the engine failed; asking it again)"))

    def _on_unavailable(self, why: str) -> None:
        move, self._pending = self._pending, None
        self.detail.setText(self.tr("The engine cannot judge moves: {0}").format(why))
        if move is not None:
            self._wrong(move, None)

    def _wrong(self, move: Move, refutation: Move | None) -> None:
        session = self.session
        assert session is not None
        session.fail()
        self.board.set_trainee(None)
        wrong_text = self.move_text(session.position, move)
        after = session.position.copy()
        after.push(move)
        if refutation is not None and after.is_legal(refutation):
            answer = self.move_text(after, refutation)
            self.prompt.setText(self.tr("Not the best move: {0} is answered by {1}.").format(wrong_text, answer))
            QTimer.singleShot(REPLY_DELAY_MS, self, lambda: self._show_refutation(after, refutation))
        else:
            self.prompt.setText(self.tr("Not the best move: {0}.").format(wrong_text))
        self.said.emit(self.prompt.text(), True)
        self._report(False)
        self._buttons(solving=False)

    def _show_refutation(self, after: Position, refutation: Move) -> None:
        if self.session is None or self.session.state is not State.FAILED or self.board.position().fen() != after.fen():
            return
        self.board.play(refutation)
        self.board.show_arrows((refutation,))

    def _solved(self) -> None:
        assert self.session is not None
        self.board.set_trainee(None)
        self.prompt.setText(self.tr("Solved!"))
        self.said.emit(self.prompt.text(), False)
        self._show_motifs()
        self._report(self.session.clean)
        self._buttons(solving=False)

    def _show_motifs(self) -> None:
        """The puzzle's named patterns, said only once it is over (before, they would give it away)."""
        if self.session is not None and self.session.puzzle.motifs:
            self.motifs.setText(self.tr("Themes: {0}").format(motifs_text(self.session.puzzle.motifs)))

    def _report(self, solved: bool) -> None:
        if not self._reported and self.session is not None:
            self._reported = True
            self.attempted.emit(self.session.puzzle, solved, self.session.hints)

    # ------------------------------------------------------------------ buttons
    def hint(self) -> None:
        """提示: the first press names the piece to move (and circles it), the second shows the move."""
        session = self.session
        if session is None or session.state is not State.SOLVING:
            return
        if self._hint_level == 0:
            session.hints += 1
        self._hint_level = min(2, self._hint_level + 1)
        expected = session.expected
        if expected is not None:
            self._show_hint(expected)
        elif self.engine is not None:
            self._awaiting = "hint"
            self.engine.best(session.position)

    def _show_hint(self, move: Move) -> None:
        """The hint at its level: the piece (circled, named), then the move (an arrow, written)."""
        session = self.session
        if session is None or not session.position.is_legal(move):
            return
        text = self.move_text(session.position, move)
        if self._hint_level <= 1:
            self.board.mark_square(move.from_sq)
            said = self.tr("Hint: move {0}. Press Hint again to see the move.").format(piece_part(text))
        else:
            self.board.mark_square(None)
            self.board.set_hint(move)
            said = self.tr("Hint: {0}.").format(text)
        self.detail.setText(said + " " + self.tr("A puzzle solved with a hint is not counted as solved for "
                                                  "your rating."))
        self.said.emit(said, False)

    def retry(self) -> None:
        session = self.session
        if session is None or session.state is not State.FAILED:
            return
        session.retry()
        self._solution_timer.stop()
        self._solution, self._hint_level = [], 0
        self.board.set_position(session.position, session.solver)
        self._ask_for_move(first=True)

    def show_solution(self) -> None:
        """显示答案: the rest of the verified line, written in full and played on the board a move at a
        time (each with its arrow); off the line, the engine's best move."""
        session = self.session
        if session is None or session.state is State.SOLVED:
            return
        if session.state is State.SOLVING:
            session.fail()
            self._report(False)
        self._show_motifs()
        self.board.set_position(session.position, None, flipped=session.solver is Color.BLACK)
        rest = session.puzzle.line[2 * session.done_moves:] if session.on_line else ()
        if rest:
            self._solution = list(rest)
            if len(rest) == 1:
                self.prompt.setText(self.tr("The solution: {0}.").format(self.move_text(session.position, rest[0])))
            else:
                self.prompt.setText(self.tr("The solution: {0}").format(self.line_text(session.position, rest)))
            self._solution_timer.start()
        elif self.engine is not None:
            self._awaiting = "solution"
            self.engine.best(session.position)
        self._buttons(solving=False)

    def line_text(self, position: Position, moves: tuple[Move, ...]) -> str:
        """``1. 炮二平五 马8进7 2. …``: the moves numbered by the solver's moves."""
        board, parts = position.copy(), []
        for index, move in enumerate(moves):
            text = self.move_text(board, move)
            parts.append(f"{index // 2 + 1}. {text}" if index % 2 == 0 else text)
            board.push(move)
        return " ".join(parts)

    def _next_solution_step(self) -> None:
        """The next move of the solution on the board, with its arrow; the timer stops after the last."""
        if not self._solution or self.session is None or self.session.state is not State.FAILED:
            self._solution_timer.stop()
            self._solution = []
            return
        move = self._solution.pop(0)
        if not self.board.position().is_legal(move):
            self._solution = []
            return
        self.board.show_arrows((move,))
        self.board.play(move)
        if not self._solution:
            self._solution_timer.stop()


def piece_part(move_text: str) -> str:
    """The part of a written move that names the piece: 炮二 of 炮二平五, 前马 of 前马进七, C2 of C2.5, h2 of
    h2e2 (every notation ends with two characters of where the piece goes)."""
    return move_text[:-2]


def first_move_of(line: object) -> Move | None:
    """The first move of an engine line (``found`` carries a ``Line`` or None)."""
    from xiangqi.review.judging import Line

    return line.move if isinstance(line, Line) else None


# ----------------------------------------------------------------------------------------------- the window
def open_puzzle_trainer(host: WindowHost, db: TrainingDatabase) -> None:
    try:
        history = PuzzleHistory(db)
    except TrainingError as error:
        host.show_message(QCoreApplication.translate("PuzzleTrainer", "Puzzles"), str(error))
        return
    trainer = PuzzleTrainer(host, history)
    trainer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    host.open_dialog(trainer)
    trainer.load(starter_set_path())


class PuzzleTrainer(QDialog):
    def __init__(self, host: WindowHost, history: PuzzleHistory, engine: PuzzleEngine | None = None) -> None:
        super().__init__(host)
        self.setWindowTitle(self.tr("Puzzles"))
        self.host, self.history = host, history
        self.rng = random.Random()
        self.puzzles: tuple[Puzzle, ...] = ()
        self.fixed_engine = engine is not None
        self.reading: BackgroundJob | None = None      # a puzzle set being read on a worker thread
        self.progress: QProgressDialog | None = None
        self.solver = PuzzleSolver(host.board, engine, host.move_list.notation, self)
        self.solver.said.connect(lambda text, assertive: host.announce(text, assertive=assertive))
        self.solver.attempted.connect(self._on_attempted)
        self.solver.next_requested.connect(self.next_puzzle)
        self.mix_chooser = PuzzleMixChooser(self.theme_names(), self)
        self.mix_chooser.mix_changed.connect(lambda _mix: self.next_puzzle())
        self.open_button = QPushButton(self.tr("Open puzzle set…"), self)
        self.open_button.clicked.connect(self._choose_file)
        self.standing = QLabel(self)
        self.standing.setObjectName("puzzle_standing")
        top = QHBoxLayout()
        top.addWidget(self.mix_chooser)
        top.addWidget(self.open_button)
        top.addStretch(1)
        top.addWidget(self.standing)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.solver, 1)
        screen = host.screen().availableGeometry()
        self.resize(min(900, screen.width() - 40), min(680, screen.height() - 60))
        self._show_standing()

    def theme_names(self) -> dict[Theme, str]:
        return {Theme.MATE: self.tr("Mate"), Theme.ADVANTAGE: self.tr("Winning advantage"),
                Theme.CRUSHING: self.tr("Crushing"), Theme.ONLY_MOVE: self.tr("Only move"),
                Theme.MATERIAL: self.tr("Wins material"), Theme.SACRIFICE: self.tr("Sacrifice"),
                Theme.QUIET: self.tr("Quiet move"), Theme.ENDGAME: self.tr("Endgame"),
                Theme.MIDDLEGAME: self.tr("Middlegame"), Theme.ONE_MOVE: self.tr("One move"),
                Theme.LONG: self.tr("Long (3 moves or more)")}

    def load(self, path: Path) -> BackgroundJob | None:
        """Read the puzzle set at ``path``: a small one at once, a bigger one on a worker thread with a
        progress dialog and Cancel (the task, returned; None when read at once or refused)."""
        try:
            size = path.stat().st_size
        except OSError as error:
            self._cannot_read(error)
            return None
        if size <= SYNC_READ_BYTES and path.is_file():
            try:
                self.show_set(read_puzzle_set(path))
            except (OSError, PuzzleError) as error:
                self._cannot_read(error)
            return None
        task = self.reading = BackgroundJob(lambda keep_going: read_puzzle_set(path, keep_going),
                                             f"puzzles {path.name}")
        task.finished.connect(self.show_set)
        task.failed.connect(self._cannot_read)
        self.progress = progress_dialog(self, self.tr("Reading {0}…").format(path.name), task)
        task.start()
        return task

    def _cannot_read(self, error: object) -> None:
        self.reading = None
        self.host.show_message(self.tr("Puzzles"), self.tr("The puzzle set cannot be read."), [str(error)])

    def show_set(self, puzzle_set: PuzzleSet) -> None:
        """A puzzle set read: its puzzles offered, the lines skipped named."""
        self.reading = None
        if puzzle_set.problems:
            self.host.show_message(self.tr("Puzzles"), self.tr("Some puzzles were skipped."),
                                   list(puzzle_set.problems[:20]))
        self.puzzles = puzzle_set.puzzles
        self.mix_chooser.set_puzzles(self.puzzles)
        self.next_puzzle()

    def next_puzzle(self) -> None:
        standing = self.history.standing()
        puzzle = choose_next(self.puzzles, standing.player, self.mix_chooser.mix, self.history.attempted(), self.rng)
        if puzzle is None:
            self.solver.prompt.setText(self.tr("No puzzle to show."))
            return
        self._choose_engine()
        self.solver.show_puzzle(puzzle, self.title_of(puzzle))

    def _choose_engine(self) -> None:
        """The best engine offered now (engines found on disk arrive after the window opened)."""
        spec = puzzle_engine_spec(self.host.engines)
        current = self.solver.engine
        if self.fixed_engine or spec is None or (current is not None and current.spec == spec):
            return
        self.solver.set_engine(PuzzleEngine(spec, parent=self))

    def title_of(self, puzzle: Puzzle) -> str:
        names = self.theme_names()
        themes = " · ".join(names[t] for t in names if t in puzzle.themes)
        mate = self.tr("Mate in {0}. ").format(puzzle.mate_in) if puzzle.mate_in else ""
        rating = self.history.puzzle_rating(puzzle).rating
        return self.tr("{0}Puzzle rating {1}. {2}").format(mate, round(rating), themes)

    def _on_attempted(self, puzzle: Puzzle, solved: bool, hints: int) -> None:
        try:
            before, after = self.history.record(puzzle, solved, hints, self.title_of(puzzle))
        except HistoryReadOnlyError:     # said once when the history was opened: not a message a puzzle
            self.solver.detail.setText(self.tr("Not saved: the training history is read-only."))
            return
        except TrainingError as error:
            self.host.show_message(self.tr("Puzzles"), self.tr("The attempt cannot be saved."), [str(error)])
            return
        change = after.rating - before.rating
        self._show_standing(f" ({change:+.0f})")
        if not solved:
            self.solver.detail.setText(self.tr("This puzzle joins your review deck (Training › Due today)."))

    def _show_standing(self, change: str = "") -> None:
        standing = self.history.standing()
        self.standing.setText(self.tr("Your rating: {0}{1} · streak {2} (best {3})").format(
            round(standing.player.rating), change, standing.streak, standing.best_streak))

    def _choose_file(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Open puzzle set"), str(starter_set_path().parent),
                             self.tr("Puzzle sets (*.puzzles)"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(lambda name: self.load(Path(name)))
        dialog.open()
        return dialog

    def done(self, result: int) -> None:
        if self.reading is not None:
            self.reading.cancel()
        if self.solver.engine is not None:
            self.solver.engine.close()
        super().done(result)
