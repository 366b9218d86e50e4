"""Why a move is not legal, in the terms of the rules page (assets/help/rules.*.html): 蹩马腿, 塞象眼, 不能过河,
不能走出九宫, 飞将 (the kings facing), 送将 (leaving the own king attacked), 被将军时必须应将 … (no Qt).

``illegal_reason(position, move)`` is None for a legal move; otherwise the first rule the move breaks,
checked in the order a player thinks of them: whose piece, the target, the piece's own pattern (and what
blocks it), then what the move does to the kings.
"""

from __future__ import annotations

from enum import Enum

from xiangqi.core.move import Move
from xiangqi.core.movegen import king_attacked
from xiangqi.core.pieces import Color, PieceType, color_of, type_of
from xiangqi.core.position import Position
from xiangqi.core.squares import FILES, file_of, rank_of


class IllegalReason(Enum):
    NO_PIECE = "no_piece"                      # nothing on the from-square
    NOT_YOUR_PIECE = "not_your_piece"          # the other side's piece
    OWN_PIECE = "own_piece"                    # 不能吃自己的子
    NOT_ITS_MOVE = "not_its_move"              # the piece never moves like that
    LEAVES_PALACE = "leaves_palace"            # 帅/将, 仕/士 stay in the palace
    CROSSES_RIVER = "crosses_river"            # 相/象 do not cross the river
    ELEPHANT_EYE = "elephant_eye"              # 塞象眼
    HORSE_LEG = "horse_leg"                    # 蹩马腿
    PATH_BLOCKED = "path_blocked"              # a rook (or a cannon not capturing) cannot jump
    CANNON_SCREEN = "cannon_screen"            # a cannon captures over exactly one piece
    PAWN_BACKWARD = "pawn_backward"            # 兵/卒 never go back
    PAWN_SIDEWAYS = "pawn_sideways"            # only after crossing the river
    KINGS_FACE = "kings_face"                  # 飞将: the kings may not face on an open file
    LEAVES_KING_ATTACKED = "leaves_king"       # 送将
    IN_CHECK = "in_check"                      # 被将军时必须应将


def illegal_reason(position: Position, move: Move) -> IllegalReason | None:
    """The rule ``move`` breaks in ``position`` (None: the move is legal)."""
    piece = position.piece_at(move.from_sq)
    owner, kind = color_of(piece), type_of(piece)
    if owner is None or kind is None:
        return IllegalReason.NO_PIECE
    if owner is not position.turn:
        return IllegalReason.NOT_YOUR_PIECE
    if color_of(position.piece_at(move.to_sq)) is owner:
        return IllegalReason.OWN_PIECE
    pattern = _pattern_reason(position, kind, owner, move)
    if pattern is not None:
        return pattern
    return _king_reason(position, owner, move)


def _pattern_reason(position: Position, kind: PieceType, side: Color, move: Move) -> IllegalReason | None:
    df = file_of(move.to_sq) - file_of(move.from_sq)
    dr = rank_of(move.to_sq) - rank_of(move.from_sq)
    if kind in (PieceType.ROOK, PieceType.CANNON):
        return _line_reason(position, kind, move, df, dr)
    if kind is PieceType.HORSE:
        return _horse_reason(position, move, df, dr)
    if kind is PieceType.ELEPHANT:
        return _elephant_reason(position, side, move, df, dr)
    if kind is PieceType.PAWN:
        return _pawn_reason(side, move, df, dr)
    steps = {(1, 0), (0, 1)} if kind is PieceType.KING else {(1, 1)}
    if (abs(df), abs(dr)) not in steps:
        return IllegalReason.NOT_ITS_MOVE
    return None if _in_palace(move.to_sq, side) else IllegalReason.LEAVES_PALACE


def _line_reason(position: Position, kind: PieceType, move: Move, df: int, dr: int) -> IllegalReason | None:
    if df and dr:
        return IllegalReason.NOT_ITS_MOVE
    step = (1 if df > 0 else -1) if df else (FILES if dr > 0 else -FILES)
    between = sum(1 for sq in range(move.from_sq + step, move.to_sq, step) if position.piece_at(sq))
    if kind is PieceType.CANNON and position.piece_at(move.to_sq):
        return None if between == 1 else IllegalReason.CANNON_SCREEN
    return None if between == 0 else IllegalReason.PATH_BLOCKED


def _horse_reason(position: Position, move: Move, df: int, dr: int) -> IllegalReason | None:
    if {abs(df), abs(dr)} != {1, 2}:
        return IllegalReason.NOT_ITS_MOVE
    leg = move.from_sq + ((df // 2) if abs(df) == 2 else (dr // 2) * FILES)
    return IllegalReason.HORSE_LEG if position.piece_at(leg) else None


def _elephant_reason(position: Position, side: Color, move: Move, df: int, dr: int) -> IllegalReason | None:
    if abs(df) != 2 or abs(dr) != 2:
        return IllegalReason.NOT_ITS_MOVE
    if _across_river(move.to_sq, side):
        return IllegalReason.CROSSES_RIVER
    eye = move.from_sq + df // 2 + (dr // 2) * FILES
    return IllegalReason.ELEPHANT_EYE if position.piece_at(eye) else None


def _pawn_reason(side: Color, move: Move, df: int, dr: int) -> IllegalReason | None:
    forward = 1 if side is Color.RED else -1
    if abs(df) + abs(dr) != 1:
        return IllegalReason.NOT_ITS_MOVE
    if dr == -forward:
        return IllegalReason.PAWN_BACKWARD
    if df and not _across_river(move.from_sq, side):
        return IllegalReason.PAWN_SIDEWAYS
    return None


def _king_reason(position: Position, side: Color, move: Move) -> IllegalReason | None:
    """After a move that follows its piece's pattern: the kings facing, or the own king left attacked."""
    after = position.copy()
    after.push_unchecked(move)
    red, black = after.king_square(Color.RED), after.king_square(Color.BLACK)
    if file_of(red) == file_of(black) and not any(after.piece_at(sq) for sq in range(red + FILES, black, FILES)):
        return IllegalReason.KINGS_FACE
    if king_attacked(list(after.cells()), after.king_square(side), int(side)):
        return IllegalReason.IN_CHECK if position.is_check() else IllegalReason.LEAVES_KING_ATTACKED
    return None


def _in_palace(sq: int, side: Color) -> bool:
    ranks = range(0, 3) if side is Color.RED else range(7, 10)
    return 3 <= file_of(sq) <= 5 and rank_of(sq) in ranks


def _across_river(sq: int, side: Color) -> bool:
    return rank_of(sq) >= 5 if side is Color.RED else rank_of(sq) <= 4
