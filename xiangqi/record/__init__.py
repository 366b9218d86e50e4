"""Game records without Qt: the game tree, PGN (xqbase convention) read and write, XQF import, encodings.

    from xiangqi.record import load_games, PgnFile, Game, GameCursor, save_pgn
"""

from xiangqi.atomic import atomic_write
from xiangqi.record.encoding import DecodedText, decode_record
from xiangqi.record.errors import PgnError, RecordError, XqfError
from xiangqi.record.files import is_xqf, load_games
from xiangqi.record.game import RESULTS, Game, GameCursor, GameNode
from xiangqi.record.pgn_file import GameEntry, PgnFile, read_pgn
from xiangqi.record.pgn_reader import parse_game
from xiangqi.record.pgn_writer import game_to_pgn, games_to_pgn, save_pgn
from xiangqi.record.xqf import load_xqf, read_xqf

__all__ = [
    "RESULTS",
    "DecodedText",
    "Game",
    "GameCursor",
    "GameEntry",
    "GameNode",
    "PgnError",
    "PgnFile",
    "RecordError",
    "XqfError",
    "atomic_write",
    "decode_record",
    "game_to_pgn",
    "games_to_pgn",
    "is_xqf",
    "load_games",
    "load_xqf",
    "parse_game",
    "read_pgn",
    "read_xqf",
    "save_pgn",
]
