"""A solver's line replayed once: the boards before and after each move, what each move took, and how the
material stood, so every detector reads the same facts without playing the moves again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xiangqi.core import Move, Position
from xiangqi.tactics.board import PIECE_VALUES

# The longest line the detectors read (plies): a mate-in-30 is already longer than any puzzle's line, and
# each ply costs a few detector passes, so the bound keeps one call under a few milliseconds.
MAX_LINE_PLIES = 60


@dataclass(frozen=True)
class Line:
    """``boards[i]`` is the position's cells before ``moves[i]`` (``boards[-1]``: after the last move);
    ``solver`` is the side to move at the start (0 red, 1 black); solver moves are the even plies."""

    start: Position
    moves: tuple[Move, ...]
    boards: tuple[tuple[int, ...], ...]
    end: Position
    solver: int

    @property
    def defender(self) -> int:
        return 1 - self.solver

    def captured(self, ply: int) -> int:
        """The cell value ``moves[ply]`` took (0 for none)."""
        return self.boards[ply][self.moves[ply].to_sq]

    def gain(self, first: int, stop: int) -> float:
        """The solver's material won minus lost by the moves ``first`` .. ``stop - 1`` (pawn units)."""
        total = 0.0
        for ply in range(first, min(stop, len(self.moves))):
            value = PIECE_VALUES[abs(self.captured(ply))]
            total += value if ply % 2 == 0 else -value
        return total

    def ends_in_mate(self) -> bool:
        """Whether the defender, to move after the line, has no legal move (checkmate or 困毙)."""
        return len(self.moves) % 2 == 1 and not self.end.legal_moves()

    def mate_length(self) -> int | None:
        """Mate in N (the solver's moves) when the line ends in mate, else None."""
        return (len(self.moves) + 1) // 2 if self.ends_in_mate() else None


def replay(position: Position, moves: Sequence[Move]) -> Line:
    """The line from ``position``: the legal prefix of ``moves`` (at most ``MAX_LINE_PLIES``; a line that
    turns illegal is read up to the illegal move, as a lenient reader would)."""
    end = position.copy()
    boards = [end.cells()]
    played: list[Move] = []
    for move in moves[:MAX_LINE_PLIES]:
        if not end.is_legal(move):
            break
        end.push_unchecked(move)
        played.append(move)
        boards.append(end.cells())
    return Line(position, tuple(played), tuple(boards), end, int(position.turn))
