"""Moves as text in the chosen notation, with a cache so the move list does not re-notate a whole
game on every move."""

from __future__ import annotations

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation, move_to_text


def line_text(position: Position, moves: tuple[Move, ...] | list[Move], notation: Notation, *,
              traditional: bool = False) -> list[str]:
    """Texts of ``moves`` played from ``position`` (stops at the first move that is not legal); Chinese
    notation in traditional characters when ``traditional``."""
    board = position.copy()
    texts: list[str] = []
    for move in moves:
        if not board.is_legal(move):
            break
        texts.append(move_to_text(board, move, notation, traditional=traditional))
        board.push_unchecked(move)
    return texts


class GameNotation:
    """Texts for a game's moves; recomputes only the part after the first changed move."""

    def __init__(self) -> None:
        self._key: tuple[str, Notation, bool] | None = None
        self._moves: list[Move] = []
        self._texts: list[str] = []
        self._positions: list[Position] = []

    def texts(self, start_fen: str, moves: list[Move], notation: Notation, *, traditional: bool = False) -> list[str]:
        if self._key != (start_fen, notation, traditional):
            self._key = (start_fen, notation, traditional)
            self._moves, self._texts, self._positions = [], [], [Position.from_fen(start_fen)]
        same = 0
        while same < min(len(moves), len(self._moves)) and moves[same] == self._moves[same]:
            same += 1
        del self._moves[same:], self._texts[same:], self._positions[same + 1:]
        for move in moves[same:]:
            board = self._positions[-1]
            self._texts.append(move_to_text(board, move, notation, traditional=traditional))
            after = board.copy()
            after.push_unchecked(move)
            self._positions.append(after)
            self._moves.append(move)
        return list(self._texts)
