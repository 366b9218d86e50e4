"""The game being played (no Qt): start position, moves played, moves taken back (for redo) and the
result. Rules come from ``xiangqi.core.Position``; this only keeps the record and the end reason.

Why not QUndoStack: the record must be Qt-free for the autosave/resume tests, serialise its redo
tail, and undo in *plies* counted by the controller (one or two at a time); a list does that plainly."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from xiangqi.core import Color, IllegalMoveError, Move, Position
from xiangqi.core.outcome import result_text


class EndReason(Enum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    NATURAL_LIMIT = "natural_limit"
    REPETITION_DRAW = "repetition_draw"
    PERPETUAL_CHECK = "perpetual_check"
    PERPETUAL_CHASE = "perpetual_chase"  # 长捉, and 一将一捉 (check and chase)
    OTHER_RULE = "other_rule"        # a rule the core may add later, until it gets its own reason
    TIME_FORFEIT = "time_forfeit"
    RESIGNATION = "resignation"
    AGREED_DRAW = "agreed_draw"

    @property
    def from_board(self) -> bool:
        """True when the board itself ended the game (taking a move back resumes it)."""
        return self not in (EndReason.TIME_FORFEIT, EndReason.RESIGNATION, EndReason.AGREED_DRAW)


@dataclass(frozen=True)
class GameResult:
    reason: EndReason
    winner: Color | None

    @property
    def score(self) -> str:
        return result_text(self.winner)

    @classmethod
    def from_outcome(cls, outcome: object) -> GameResult:
        name = getattr(getattr(outcome, "termination", None), "name", "")
        reason = EndReason.__members__.get(name, EndReason.OTHER_RULE)
        return cls(reason, getattr(outcome, "winner", None))


class GameOverError(IllegalMoveError):
    """A move was played after the game ended."""


class Game:
    """Moves played from a start position, with a redo tail and the result."""

    def __init__(self, start_fen: str | None = None, natural_limit_plies: int = 120) -> None:
        start = Position.from_fen(start_fen) if start_fen else Position()
        self.start_fen: str = start.fen()
        self.position: Position = start
        self.natural_limit_plies = natural_limit_plies
        self.moves: list[Move] = []
        self.redo_moves: list[Move] = []   # the next move to redo is the last element
        self.result: GameResult | None = None

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def turn(self) -> Color:
        return self.position.turn

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def play(self, move: Move) -> None:
        """Play ``move`` (raises IllegalMoveError) and record a result the board decides."""
        if self.result is not None:
            raise GameOverError(f"the game is over ({self.result.score}); move {move} not played")
        self.position.push(move)
        self.moves.append(move)
        if self.redo_moves and self.redo_moves[-1] == move:
            self.redo_moves.pop()
        else:
            self.redo_moves.clear()
        self._update_result()

    def _update_result(self) -> None:
        outcome = self.position.outcome(self.natural_limit_plies)
        self.result = GameResult.from_outcome(outcome) if outcome is not None else None

    def can_undo(self) -> bool:
        return bool(self.moves) and (self.result is None or self.result.reason.from_board)

    def undo(self) -> Move:
        """Take back the last move; it becomes the next redo."""
        if not self.can_undo():
            raise IndexError("no move to take back")
        move = self.position.pop()
        self.moves.pop()
        self.redo_moves.append(move)
        self.result = None
        return move

    def can_redo(self) -> bool:
        return bool(self.redo_moves) and self.result is None

    def redo(self) -> Move:
        if not self.can_redo():
            raise IndexError("no move to redo")
        move = self.redo_moves[-1]
        self.play(move)
        return move

    def finish(self, result: GameResult) -> None:
        """End the game for a reason the board cannot see (time, resignation, agreement)."""
        self.result = result

    def position_at(self, ply: int) -> Position:
        """The position after the first ``ply`` moves (a copy)."""
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"ply {ply} outside 0..{len(self.moves)}")
        position = Position.from_fen(self.start_fen)
        for move in self.moves[:ply]:
            position.push_unchecked(move)
        return position

    @classmethod
    def from_line(cls, start_fen: str, moves: list[Move], natural_limit_plies: int = 120) -> Game:
        """The game for a line of a record. Unlike ``replay`` it does not stop where the rules would
        end the game (players play on after a repetition nobody claimed): only the last position
        decides the result. Raises IllegalMoveError naming the first illegal move."""
        game = cls(start_fen, natural_limit_plies)
        for move in moves:
            game.position.push(move)
            game.moves.append(move)
        game._update_result()
        return game

    @classmethod
    def replay(cls, start_fen: str, moves: list[str], redo: list[str],
               natural_limit_plies: int = 120) -> Game:
        """Rebuild a game from ICCS text (autosave); raises ValueError naming the bad move."""
        game = cls(start_fen, natural_limit_plies)
        for index, text in enumerate(moves):
            try:
                game.play(Move.from_iccs(text))
            except ValueError as exc:
                raise ValueError(f"move {index + 1} {text!r}: {exc}") from exc
        game.redo_moves = [Move.from_iccs(text) for text in redo]
        return game
