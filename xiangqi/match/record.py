"""A match game as a record, and the match's PGN file that grows one game at a time (no Qt).

Each finished game is appended with an atomic rewrite (``xiangqi.atomic``): the file is at every moment
either the games before or the games before plus the new one, so a crash loses at most the game being
played. The tags follow the xqbase layout with cutechess-cli's additions (Round, TimeControl, Termination);
the reason for the end is the last move's comment, as cutechess writes it.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core.notation import Notation
from xiangqi.match.referee import GameEnd
from xiangqi.match.schedule import Opening
from xiangqi.record import Game, GameNode
from xiangqi.record.pgn_writer import encode_text, game_to_pgn


def new_match_game(event: str, number: int, red: str, black: str, opening: Opening,
                   time_control: str, today: datetime.date | None = None) -> tuple[Game, GameNode]:
    """A record with the match tags and the opening's moves played; returns it and its last node."""
    date = (today or datetime.date.today()).strftime("%Y.%m.%d")
    headers = {"Game": "Chinese Chess", "Event": event, "Round": str(number), "Date": date, "Site": "",
               "Red": red, "Black": black, "TimeControl": time_control}
    if opening.name:
        headers["Opening"] = opening.name
    game = Game(headers, opening.fen)
    node = game.root
    for move in opening.moves:
        node = node.add_child(move)
    if opening.moves:
        node.comment = "opening"
    return game, node


def finish_game(game: Game, last: GameNode, end: GameEnd) -> None:
    """The result, the Termination tag and the reason as the last comment."""
    game.result = end.result
    game.headers["Termination"] = end.kind.pgn_termination
    last.comment = f"{last.comment} {end.reason}".strip() if last.comment else end.reason


def append_game(path: str | os.PathLike[str], game: Game, notation: Notation = Notation.CHINESE) -> None:
    """Adds ``game`` at the end of the PGN file ``path`` (created when missing), atomically."""
    target = Path(path)
    old = target.read_bytes() if target.exists() else b""
    text = game_to_pgn(game, notation)
    new = encode_text(text, "utf-8", "\n", str(path))
    separator = b"" if not old else (b"\n" if old.endswith(b"\n") else b"\n\n")
    atomic_write(target, old + separator + new)
