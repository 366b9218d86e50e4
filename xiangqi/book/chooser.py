"""Book moves for an engine opponent: pick among the moves the book knows, weighted by games played.

Pure and Qt-free: the controller asks ``BookPlayer.move_for(position, ply)`` before it starts an engine
search and plays the answer when it is not None. A move is picked with probability proportional to
its game count, so games against the computer follow real openings in their real proportions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from xiangqi.book.store import BookMove, OpeningBook
from xiangqi.core import Move, Position


def weighted_choice(moves: Sequence[BookMove], rng: random.Random) -> Move | None:
    """A move drawn with probability games / total games (None when there is nothing to draw)."""
    total = sum(entry.games for entry in moves)
    if total <= 0:
        return None
    pick = rng.randrange(total)
    for entry in moves:
        pick -= entry.games
        if pick < 0:
            return entry.move
    return None  # not reached: the picks cover [0, total)


@dataclass
class BookPlayer:
    """Plays from ``book`` for the first ``plies`` plies of a game (0 = never)."""

    book: OpeningBook | None
    plies: int
    rng: random.Random = field(default_factory=random.Random)

    def move_for(self, position: Position, ply: int) -> Move | None:
        """The book move for ``position``, the game's ``ply``-th (0 = the first move), or None when out
        of the book, past the ply limit, or with no book."""
        if self.book is None or ply >= self.plies:
            return None
        return weighted_choice(self.book.moves(position), self.rng)
