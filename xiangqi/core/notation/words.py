"""The four parts of a move as players say them (piece, file, direction, number), shared by WXF and
Chinese notation, and the board logic both need: files counted from each side's right, pieces of a
kind on one file ordered front to back, the tandem (前/后, +/-) and several-pawn (一二三…) rules.

Writing goes ``Move -> MoveWords -> text``; reading goes ``text -> [Reading, ...] -> Move``. A text can
be read more than one way (``7+.4`` is "front pawn on file 7" or "piece code 7 (pawn) in front"), so
a reader returns every reading in order of preference and :func:`choose_move` takes the first one that
fits a legal move.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

from xiangqi.core.errors import AmbiguousMoveError, NotationError
from xiangqi.core.move import Move
from xiangqi.core.pieces import Color, PieceType, piece_value
from xiangqi.core.position import MOVES
from xiangqi.core.squares import file_of, rank_of
from xiangqi.core.notation.tables import DIAGONAL_MOVERS, NEVER_MARKED

if TYPE_CHECKING:
    from xiangqi.core.position import Position

# Rank distance for a diagonal step of a given file distance, per piece.
_DIAGONAL_RANKS: dict[PieceType, dict[int, int]] = {
    PieceType.ADVISOR: {1: 1},
    PieceType.ELEPHANT: {2: 2},
    PieceType.HORSE: {1: 2, 2: 1},
}


class Direction(Enum):
    FORWARD = "+"  # 进, toward the opponent
    BACKWARD = "-"  # 退
    SIDEWAYS = "."  # 平


class Place(Enum):
    """Which piece of several of a kind on one file, as the texts name it."""

    FRONT = "front"  # 前; WXF "++" (front-most of four or five)
    MIDDLE = "middle"  # 中; WXF middle pawn (the plain form or the file again)
    REAR = "rear"  # 后; WXF "--"
    PLUS = "plus"  # WXF "+": the front one of two or three, the second of four or five
    MINUS = "minus"  # WXF "-": the rear one of two or three, the second-last of four or five

    def index(self, count: int) -> int | None:
        """Index from the front among ``count`` pieces on the file, or None if it names none."""
        if self is Place.FRONT:
            return 0
        if self is Place.REAR:
            return count - 1
        if self is Place.MIDDLE:
            return count // 2 if count % 2 == 1 and count >= 3 else None
        if self is Place.PLUS:
            return 0 if count <= 3 else 1
        return count - 1 if count <= 3 else count - 2


# Enum members bound once: reading ``Color.RED`` through the class costs ten times a global in Python 3.11,
# and the reading functions below run for every move of every record.
_RED = Color.RED
_PAWN = PieceType.PAWN
_SIDEWAYS, _FORWARD = Direction.SIDEWAYS, Direction.FORWARD


@dataclass(frozen=True, slots=True)
class Pick:
    """Where the moving piece stands among its kind (facts; each notation decides what to say)."""

    file: int  # the mover's file number 1..9, counted from the mover's right
    index: int  # 0 = front-most of its kind on that file
    count: int  # pieces of its kind (and colour) on that file
    ordinal: int | None  # 1-based number across two files with several pawns, else None


@dataclass(frozen=True, slots=True)
class MoveWords:
    color: Color
    piece: PieceType
    pick: Pick
    direction: Direction
    number: int  # ranks moved (straight movers going forward/back) or the target file number

    @property
    def marked(self) -> bool:
        """True when the file alone does not say which piece moves (front/rear or ordinal needed)."""
        return self.pick.count > 1 and self.piece not in NEVER_MARKED


@dataclass(frozen=True, slots=True)
class ByFile:
    """The plain form: the piece on this file (``炮二``, ``C2``)."""

    file: int
    middle_of_odd: bool = False  # WXF: with three or five pawns on the file, the plain form is the middle one


@dataclass(frozen=True, slots=True)
class ByPlace:
    """Front/middle/rear on a file; with no file, on any file holding two or more of the kind."""

    place: Place
    file: int | None = None


@dataclass(frozen=True, slots=True)
class ByOrdinal:
    """一二三四五 / xqbase ``a``-``e``: counted front to back, across two pawn files right to left."""

    ordinal: int
    file: int | None = None


PieceRef = ByFile | ByPlace | ByOrdinal


@dataclass(frozen=True, slots=True)
class Reading:
    piece: PieceType
    ref: PieceRef
    direction: Direction
    number: int


# --- files and columns -----------------------------------------------------------------------------
def player_file(color: Color, file_index: int) -> int:
    """Board file 0..8 (a..i) to the mover's file number 1..9, counted from the mover's right."""
    return 9 - file_index if color is _RED else file_index + 1


def board_file(color: Color, number: int) -> int:
    """The mover's file number 1..9 back to the board file 0..8."""
    return 9 - number if color is _RED else number - 1


def forward_step(color: Color) -> int:
    """+1 when forward is up the ranks (red), -1 for black."""
    return 1 if color is _RED else -1


def column(cells: Sequence[int], value: int, file_index: int, color: Color) -> list[int]:
    """Squares on one file holding ``value``, front-most (nearest the opponent) first."""
    ranks = cells[file_index::9]  # the file's ten cells, rank 0 first: counted and searched in C
    found = ranks.count(value)
    if found < 2:  # the usual case when reading a move: one piece of the kind there, or none
        return [file_index + 9 * ranks.index(value)] if found else []
    squares = [file_index + 9 * rank for rank, cell in enumerate(ranks) if cell == value]
    return squares[::-1] if color is _RED else squares


def crowded_columns(cells: Sequence[int], value: int, color: Color) -> list[list[int]]:
    """Columns with two or more ``value`` pieces, in the mover's right-to-left file order."""
    found = (column(cells, value, board_file(color, n), color) for n in range(1, 10))
    return [col for col in found if len(col) >= 2]


# --- writing ---------------------------------------------------------------------------------------
def action_of(color: Color, piece: PieceType, from_sq: int, to_sq: int) -> tuple[Direction, int]:
    """Direction and number of a move: ranks moved for straight movers, else the target file."""
    ranks = (rank_of(to_sq) - rank_of(from_sq)) * forward_step(color)
    target_file = player_file(color, file_of(to_sq))
    if ranks == 0:
        return Direction.SIDEWAYS, target_file
    direction = Direction.FORWARD if ranks > 0 else Direction.BACKWARD
    return direction, target_file if piece in DIAGONAL_MOVERS else abs(ranks)


def pick_of(cells: Sequence[int], color: Color, piece: PieceType, sq: int) -> Pick:
    value = cells[sq]
    col = column(cells, value, file_of(sq), color)
    ordinal = None
    if piece is PieceType.PAWN and len(col) >= 2:
        crowded = crowded_columns(cells, value, color)
        if len(crowded) >= 2:
            ordinal = [s for c in crowded for s in c].index(sq) + 1
    return Pick(player_file(color, file_of(sq)), col.index(sq), len(col), ordinal)


def describe(cells: Sequence[int], move: Move) -> MoveWords:
    """The four parts of ``move`` on a board whose from-square holds the moving piece."""
    value = cells[move.from_sq]
    if value == 0:
        raise NotationError(f"{move.iccs()!r}: no piece on {move.iccs()[:2]}")
    color = Color.RED if value > 0 else Color.BLACK
    piece = PieceType(abs(value))
    direction, number = action_of(color, piece, move.from_sq, move.to_sq)
    return MoveWords(color, piece, pick_of(cells, color, piece, move.from_sq), direction, number)


# --- reading ---------------------------------------------------------------------------------------
def target_of(color: Color, piece: PieceType, from_sq: int, direction: Direction, number: int) -> int | None:
    """The square a piece on ``from_sq`` reaches by ``direction``/``number``, None if no such square."""
    # Square arithmetic written out (rank * 9 + file): this runs for every move of every record read.
    rank, file_index = divmod(from_sq, 9)
    if not 1 <= number <= 9:
        return None
    if direction is _SIDEWAYS:
        to_file = board_file(color, number)
        if piece in DIAGONAL_MOVERS or to_file == file_index:
            return None
        return rank * 9 + to_file
    sign = forward_step(color) * (1 if direction is _FORWARD else -1)
    if piece in DIAGONAL_MOVERS:
        to_file = board_file(color, number)
        rank_step = _DIAGONAL_RANKS[piece].get(abs(to_file - file_index))
        if rank_step is None:
            return None
        to_rank = rank + sign * rank_step
    else:
        to_file, to_rank = file_index, rank + sign * number
    return to_rank * 9 + to_file if 0 <= to_rank <= 9 else None


def resolve(cells: Sequence[int], color: Color, piece: PieceType, ref: PieceRef) -> list[int]:
    """Squares of the pieces a reading names (possibly several: then the move must decide)."""
    value = piece_value(color, piece)
    if isinstance(ref, ByFile):
        col = column(cells, value, board_file(color, ref.file), color)
        if ref.middle_of_odd and piece is _PAWN and len(col) in (3, 5):
            return [col[len(col) // 2]]
        return col
    if ref.file is None:
        cols = crowded_columns(cells, value, color)
    else:  # a place on a named file means several there: a lone pawn must not answer to "5+"
        col = column(cells, value, board_file(color, ref.file), color)
        cols = [col] if len(col) >= 2 else []
    if isinstance(ref, ByPlace):
        picked = ((col, ref.place.index(len(col))) for col in cols)
        return [col[i] for col, i in picked if i is not None and 0 <= i < len(col)]
    in_order = [sq for col in cols for sq in col]
    return [in_order[ref.ordinal - 1]] if 1 <= ref.ordinal <= len(in_order) else []


def choose_move(position: Position, text: str, readings: Sequence[Reading]) -> Move:
    """The one legal move the first fitting reading names; NotationError quoting ``text`` otherwise."""
    # Only the named pieces' targets are checked (one is_legal each), never the whole legal-move list.
    cells, color = position.cells(), position.turn
    any_piece = False
    for reading in readings:
        piece = reading.piece
        squares = resolve(cells, color, piece, reading.ref)
        if squares:
            any_piece = True
        moves = []
        for sq in squares:
            to_sq = target_of(color, piece, sq, reading.direction, reading.number)
            if to_sq is not None and position.is_legal(move := MOVES[sq << 7 | to_sq]):  # shared Moves
                moves.append(move)
        if len(moves) == 1:
            return moves[0]
        if moves:
            fits = tuple(m.iccs() for m in moves)
            raise AmbiguousMoveError(f"{text!r} is ambiguous: it fits {', '.join(fits)}", fits)
    side = color.name.lower()
    piece_name = readings[0].piece.name.lower()
    if not any_piece:
        raise NotationError(f"{text!r}: {side} has no such {piece_name} (no piece where the text says)")
    raise NotationError(f"{text!r} is illegal: no {side} {piece_name} it names can make that move")
