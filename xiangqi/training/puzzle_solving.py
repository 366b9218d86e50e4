"""Solving a puzzle (no Qt): whose move, which move is right, what the other side answers, when it is done.

The user plays the solver's side. A move equal to the verified line's move is right and the other side's
reply comes from the line. Any other move is judged by the engine (``equivalent``): a move that mates at
once is always right; otherwise the move and the reference (the line's move, or the engine's best once
the user has left the line) are each searched alone at the same depth, and the move is as good when it
mates no later than the reference or keeps its Win% within ``EQUAL_WIN`` points of the reference's. After
such a move the line is left and the other side's replies come from the engine. The puzzle is solved
when the solver has played as many moves as the line holds, or mated; a wrong move fails it, and the
engine's answer to that move (the refutation) is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from xiangqi.core import Move, Position
from xiangqi.core.outcome import Outcome
from xiangqi.engine.messages import Score, SearchLimits
from xiangqi.training.puzzle_finder import mates, win_percent
from xiangqi.training.puzzles import Puzzle

EQUAL_WIN = 3.0                             # Win% points a move may lose to the reference and still count
CHECK_LIMITS = SearchLimits(depth=10)      # each of the two searches of an equivalence check


class Verdict(Enum):
    RIGHT = "right"              # the line's move, or a mate on the board
    ASK_ENGINE = "ask engine"    # another move: the engine decides (``equivalent``)


class State(Enum):
    SOLVING = "solving"
    SOLVED = "solved"
    FAILED = "failed"


def equivalent(reference: Score, candidate: Score) -> bool:
    """Is ``candidate`` (a move searched alone) as good as ``reference`` (the solution searched alone)?
    Both in the solver's view, from searches of the same position at the same depth."""
    if mates(reference):
        return mates(candidate) and (candidate.mate or 0) <= (reference.mate or 0)
    if mates(candidate):
        return True
    return win_percent(candidate) >= win_percent(reference) - EQUAL_WIN


def _mated(outcome: Outcome | None, position: Position) -> bool:
    """The side to move in ``position`` has lost (mated or stalemated: no legal move)."""
    return outcome is not None and not position.legal_moves()


@dataclass
class SolveSession:
    """One attempt at a puzzle. ``position`` is the board as the user sees it."""

    puzzle: Puzzle

    def __post_init__(self) -> None:
        self.start = self.puzzle.position()
        self.position = self.start.copy()
        self.solver = self.start.turn
        self.done_moves = 0          # solver's moves played
        self.on_line = True
        self.state = State.SOLVING
        self.hints = 0
        self.mistakes = 0

    @property
    def expected(self) -> Move | None:
        """The line's move now (None once the user left the line)."""
        index = 2 * self.done_moves
        return self.puzzle.line[index] if self.on_line and index < len(self.puzzle.line) else None

    def judge(self, move: Move) -> Verdict:
        if move == self.expected:
            return Verdict.RIGHT
        board = self.position.copy()
        board.push(move)
        return Verdict.RIGHT if _mated(board.outcome(), board) else Verdict.ASK_ENGINE

    def play(self, move: Move, engine_reply: Move | None = None) -> Move | None:
        """The solver's right (or engine-equal) move: returns the other side's reply, already played here
        (None when the puzzle is solved by it, or when no reply is known: the engine must give one)."""
        from_line = move == self.expected
        if not from_line:
            self.on_line = False
        self.position.push(move)
        self.done_moves += 1
        if self.done_moves >= self.puzzle.solver_moves or _mated(self.position.outcome(), self.position):
            self.state = State.SOLVED
            return None
        reply = self.puzzle.line[2 * self.done_moves - 1] if from_line else engine_reply
        if reply is not None and self.position.is_legal(reply):
            self.position.push(reply)
            return reply
        return None

    def answer(self, reply: Move) -> None:
        """The engine's reply, when ``play`` could not give one."""
        self.position.push(reply)

    def fail(self) -> None:
        self.mistakes += 1
        self.state = State.FAILED

    def retry(self) -> None:
        """Back to where the wrong move was played (the user tries again; the first result stays)."""
        self.state = State.SOLVING

    @property
    def clean(self) -> bool:
        """Solved at the first try without a hint: what the ratings count as a win."""
        return self.state is State.SOLVED and self.mistakes == 0 and self.hints == 0
