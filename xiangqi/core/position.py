"""The position: a 90-cell numpy int8 board, side to move, counters, history and Zobrist key.

Square numbering and ICCS names are described in ``xiangqi.core.squares``; cell values in
``xiangqi.core.pieces``. The numpy array is the public board; a plain list mirrors it for the hot move
generation loops in ``xiangqi.core.movegen`` (one list read costs about a third of a numpy read). The array
is made when ``board`` is first read: a program that only plays moves (an engine process, the scripted fake
engines of the tests) never imports numpy (0.2 CPU-s of its start-up).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from xiangqi.core import movegen
from xiangqi.core.errors import IllegalMoveError
from xiangqi.core.fen import format_fen, parse_fen
from xiangqi.core.move import Move
from xiangqi.core.outcome import Outcome, Termination, insufficient_material
from xiangqi.core.pieces import Color
from xiangqi.core.repetition import repetition_outcome
from xiangqi.core.zobrist import BLACK_TO_MOVE, PIECE_KEYS, zobrist_of

if TYPE_CHECKING:
    import numpy as np

# Every from/to pair as a shared Move, indexed by the movegen code ``from_sq << 7 | to_sq``. Codes that name no
# real pair (same square, to-square past 89) get a Move too, so the table holds only Moves; movegen never yields them.
MOVES: list[Move] = [Move(code >> 7, code & 127) for code in range(90 << 7)]


_COLORS = (Color.RED, Color.BLACK)
_new_tuple = tuple.__new__


@functools.lru_cache(maxsize=256)
def _read_fen(fen: str) -> tuple[tuple[int, ...], int, int, int, int]:
    """Cells, side, half-move clock, move number and Zobrist key of a FEN (FenError if it is wrong), read
    once per text: every game of a record file starts from the same one, and checking it costs 80 µs."""
    fields = parse_fen(fen)
    return (tuple(fields.cells), fields.side, fields.halfmove_clock, fields.fullmove_number,
            zobrist_of(fields.cells, fields.side))


class _Undo(NamedTuple):
    move: Move
    captured: int
    zobrist: int
    halfmove_clock: int
    since_capture: int  # ``Position._since_capture`` before the move


class Position:
    STARTING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

    def __init__(self, fen: str | None = None) -> None:
        cells, self._side, self._halfmove, self._fullmove, self._zobrist = _read_fen(
            self.STARTING_FEN if fen is None else fen)
        self._cells = list(cells)
        self._array: np.ndarray | None = None   # ``board``'s array, made when first read, then kept in step
        self._view: np.ndarray | None = None
        self._kings = [self._cells.index(1), self._cells.index(-1)]
        self._stack: list[_Undo] = []
        # Where ``ucci_position()`` starts: the stack length after the last capture (0: the start), and
        # that position's FEN once written (a game sends the same one to engines until the next capture).
        self._since_capture = 0
        self._base_fen: str | None = None
        self._in_check: bool | None = None  # is_check(), once asked (until the next push or pop)

    @classmethod
    def from_fen(cls, fen: str) -> Position:
        """Read a UCCI FEN (side ``w``/``r``/``b``, ``H``/``E`` aliases, counters optional); raises FenError."""
        return cls(fen)

    def fen(self) -> str:
        return format_fen(self._cells, self._side, self._halfmove, self._fullmove)

    def copy(self) -> Position:
        clone = object.__new__(Position)
        clone.__dict__.update(self.__dict__)
        clone._cells = list(self._cells)
        clone._array = clone._view = None   # made from the cells if the copy's board is read
        clone._kings = list(self._kings)
        clone._stack = list(self._stack)
        return clone

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    # --- state -------------------------------------------------------------------------------------
    @property
    def board(self) -> np.ndarray:
        """int8[90] read-only view of the cells (it follows later pushes and pops)."""
        if self._view is None:
            import numpy as np   # here, not at the top: see the module's docstring

            self._array = np.array(self._cells, dtype=np.int8)
            self._view = self._array.view()
            self._view.flags.writeable = False
        return self._view

    def cells(self) -> tuple[int, ...]:
        """The 90 cell values now, as a tuple (a snapshot: cheaper than ``board.tolist()`` for reading)."""
        return tuple(self._cells)

    def piece_at(self, sq: int) -> int:
        return self._cells[sq]

    @property
    def turn(self) -> Color:
        return _COLORS[self._side]

    @property
    def halfmove_clock(self) -> int:
        return self._halfmove

    @property
    def fullmove_number(self) -> int:
        return self._fullmove

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def zobrist(self) -> int:
        return self._zobrist

    @property
    def move_stack(self) -> list[Move]:
        return [undo.move for undo in self._stack]

    def king_square(self, color: Color) -> int:
        return self._kings[color]

    # --- moves -------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        side = self._side
        return [MOVES[code] for code in movegen.legal_moves(self._cells, side, self._kings[side])]

    def _legal_codes(self) -> list[int]:
        side = self._side
        return movegen.legal_moves(self._cells, side, self._kings[side])

    def is_legal(self, move: Move) -> bool:
        src, dst = move.from_sq, move.to_sq
        if not (0 <= src < 90 and 0 <= dst < 90):
            return False
        side = self._side
        in_check = self._in_check
        # Check not known yet: the move is tried on the board (right whether or not the king is attacked), which
        # costs what finding the check would; a position asked about one move (a record's next one) saves it.
        return movegen.is_legal_move(self._cells, side, self._kings[side], src, dst, in_check is not False)

    def push(self, move: Move) -> None:
        if not self.is_legal(move):
            raise IllegalMoveError(f"{move.iccs()!r} is not a legal move in {self.fen()!r}")
        self.push_unchecked(move)

    def push_unchecked(self, move: Move) -> None:
        """Play a move known to be legal (no check is made: an illegal one corrupts the position)."""
        src, dst = move.from_sq, move.to_sq
        cells = self._cells
        moved, captured = cells[src], cells[dst]
        stack = self._stack
        # tuple.__new__ builds the named tuple in C (its generated __new__ is a Python call per move)
        stack.append(_new_tuple(_Undo, (move, captured, self._zobrist, self._halfmove, self._since_capture)))
        cells[dst] = moved
        cells[src] = 0
        array = self._array
        if array is not None:
            array[dst] = moved
            array[src] = 0
        key = self._zobrist ^ BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
        if captured:
            self._zobrist = key ^ PIECE_KEYS[captured][dst]
            self._halfmove = 0
            self._since_capture = len(stack)
            self._base_fen = None
        else:
            self._zobrist = key
            self._halfmove += 1
        if moved == 1 or moved == -1:
            self._kings[self._side] = dst
        if self._side:
            self._fullmove += 1
        self._side ^= 1
        self._in_check = None

    def pop(self) -> Move:
        """Undo the last push and return its move; restores everything including the Zobrist key."""
        move, captured, self._zobrist, self._halfmove, since_capture = self._stack.pop()
        if captured:
            self._since_capture = since_capture
            self._base_fen = None
        src, dst = move.from_sq, move.to_sq
        cells = self._cells
        moved = cells[dst]
        cells[src] = moved
        cells[dst] = captured
        array = self._array
        if array is not None:
            array[src] = moved
            array[dst] = captured
        self._side ^= 1
        self._in_check = None
        if self._side:
            self._fullmove -= 1
        if moved == 1 or moved == -1:
            self._kings[self._side] = src
        return move

    def is_check(self) -> bool:
        in_check = self._in_check
        if in_check is None:
            side = self._side
            in_check = self._in_check = movegen.king_attacked(self._cells, self._kings[side], side)
        return in_check

    def gives_check(self, move: Move) -> bool:
        in_check = self._in_check
        self.push_unchecked(move)
        try:
            return self.is_check()
        finally:
            self.pop()
            self._in_check = in_check

    def is_capture(self, move: Move) -> bool:
        return self._cells[move.to_sq] != 0

    def captured_piece(self, move: Move) -> int:
        return self._cells[move.to_sq]

    def perft(self, depth: int) -> int:
        """Number of leaf positions of the legal move tree ``depth`` plies deep."""
        return movegen.perft(self._cells, self._side, list(self._kings), depth)

    # --- game end ----------------------------------------------------------------------------------
    def outcome(self, natural_limit_plies: int = 120) -> Outcome | None:
        """How the game has ended in this position, or None while it goes on."""
        if not self._legal_codes():
            termination = Termination.CHECKMATE if self.is_check() else Termination.STALEMATE
            return Outcome(termination, self.turn.other)
        if insufficient_material(self._cells):
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        repeated = repetition_outcome(self)
        if repeated is not None:
            return repeated
        if self._halfmove >= natural_limit_plies:
            return Outcome(Termination.NATURAL_LIMIT, None)
        return None

    def keys_since_capture(self) -> list[int]:
        """Zobrist keys of the positions since the last capture (or the start), oldest first, current last."""
        keys = [undo.zobrist for undo in self._stack[self._since_capture:]]
        keys.append(self._zobrist)
        return keys

    def ucci_position(self) -> tuple[str, list[Move]]:
        """FEN after the last capture in the history (or the starting FEN of this object) + the moves since."""
        since = self._since_capture
        fen = self._base_fen
        if fen is None:
            fen = self._base_fen = self._fen_before(since)
        return fen, [undo.move for undo in self._stack[since:]]

    def _fen_before(self, ply: int) -> str:
        """The FEN of this object's position after its first ``ply`` pushes, undone on a scratch board."""
        undone = self._stack[ply:]
        if not undone:
            return self.fen()
        cells = list(self._cells)
        for move, captured, *_ in reversed(undone):
            cells[move.from_sq] = cells[move.to_sq]
            cells[move.to_sq] = captured
        black_moves = (len(undone) + 1 - self._side) // 2  # the move number goes up after each black move
        return format_fen(cells, self._side ^ (len(undone) & 1), undone[0].halfmove_clock,
                          self._fullmove - black_moves)
