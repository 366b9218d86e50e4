"""The board a record reader checks moves on: a plain list of cells, the side to move and the kings."""

from __future__ import annotations

import functools

from xiangqi.core import Color, Position, movegen


@functools.lru_cache(maxsize=64)
def _start_board(fen: str) -> tuple[tuple[int, ...], int, tuple[int, int]]:
    """Cells, side to move and kings (red's, black's) of a start position: every game of a page has one."""
    position = Position.from_fen(fen)
    return position.cells(), int(position.turn), (position.king_square(Color.RED), position.king_square(Color.BLACK))


class CheckedBoard:
    """The position a record's moves are checked on: the cells, the side to move and the kings, as
    ``movegen`` reads them. A Position would also keep a numpy board, a Zobrist key and an undo record
    for every move, three quarters of the cost of reading a page of short games, which no reader needs."""

    __slots__ = ("cells", "side", "kings")

    def __init__(self, fen: str) -> None:
        cells, self.side, kings = _start_board(fen)
        self.cells, self.kings = list(cells), list(kings)

    def play(self, source: int, target: int) -> int:
        """Play a move known to be legal; the piece it took (0: none), for ``undo``."""
        cells = self.cells
        moved, captured = cells[source], cells[target]
        cells[target], cells[source] = moved, 0
        if moved == 1 or moved == -1:
            self.kings[self.side] = target
        self.side ^= 1
        return captured

    def is_legal(self, source: int, target: int) -> bool:
        """Whether the move is legal here (Position.is_legal's test; squares on the board)."""
        side = self.side
        return movegen.is_legal_move(self.cells, side, self.kings[side], source, target, True)

    def play_if_legal(self, code: int) -> bool:
        """Play the move of a movegen code when it is legal here (Position.is_legal's test); False if not."""
        source, target, side, cells = code >> 7, code & 127, self.side, self.cells
        if not movegen.is_legal_move(cells, side, self.kings[side], source, target, True):
            return False
        moved = cells[source]  # ``play``, inline: this runs for every move of a page
        cells[target], cells[source] = moved, 0
        if moved == 1 or moved == -1:
            self.kings[side] = target
        self.side = side ^ 1
        return True


    def undo(self, source: int, target: int, captured: int) -> None:
        """Take back the move ``source`` -> ``target`` played last, which took ``captured`` (0: nothing)."""
        cells = self.cells
        moved = cells[target]
        cells[source], cells[target] = moved, captured
        self.side ^= 1
        if moved == 1 or moved == -1:
            self.kings[self.side] = source
