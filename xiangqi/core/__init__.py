"""The rules core of xiangqi, without Qt: squares, pieces, moves, positions, FEN and game outcomes.

See ``xiangqi.core.squares`` for the square numbering and ICCS names.
"""

from xiangqi.core.errors import FenError, IllegalMoveError, NotationError, XiangqiError
from xiangqi.core.move import Move
from xiangqi.core.outcome import Outcome, Termination
from xiangqi.core.pieces import Color, PieceType, color_of, piece_value, type_of
from xiangqi.core.position import Position
from xiangqi.core.squares import SQUARES, file_of, parse_square, rank_of, square, square_name

__all__ = [
    "SQUARES",
    "Color",
    "FenError",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "PieceType",
    "Position",
    "Termination",
    "XiangqiError",
    "color_of",
    "file_of",
    "parse_square",
    "piece_value",
    "rank_of",
    "square",
    "square_name",
    "type_of",
]
