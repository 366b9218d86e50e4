"""The moves played from a position in a game database (the tree, 走法统计), no Qt: for each move, how
many games played it, how they ended and the years they were played, most played first.

It reads the games that reached the position (``search.matches``, with the query's other filters) and
replays each to the ply where the position first stood, to read the move played there; a game that ended
there plays no move and is not counted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xiangqi.core import Move, Position
from xiangqi.database.codec import next_move_at
from xiangqi.database.search import Query, matches, start_of
from xiangqi.database.store import GameDatabase

RESULT_SLOTS = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}


@dataclass(frozen=True)
class TreeMove:
    move: Move
    games: int
    red_wins: int
    draws: int
    black_wins: int
    first_year: int | None
    last_year: int | None

    @property
    def red_score(self) -> float | None:
        """Red's score in the decided or drawn games (a win 1, a draw 1/2), None without any."""
        scored = self.red_wins + self.draws + self.black_wins
        return None if not scored else (self.red_wins + self.draws / 2) / scored


@dataclass
class _Tally:
    games: int = 0
    results: tuple[int, int, int] = (0, 0, 0)
    first_year: int | None = None
    last_year: int | None = None

    def add(self, result: str, year: int) -> None:
        self.games += 1
        slot = RESULT_SLOTS.get(result)
        if slot is not None:
            counts = list(self.results)
            counts[slot] += 1
            self.results = (counts[0], counts[1], counts[2])
        if year:
            self.first_year = year if self.first_year is None else min(self.first_year, year)
            self.last_year = year if self.last_year is None else max(self.last_year, year)


def tree(database: GameDatabase, position: Position, query: Query | None = None) -> list[TreeMove]:
    """The moves played from ``position`` in the games matching ``query`` (its fen, limit and offset aside),
    most played first (then in ICCS order)."""
    wanted = replace(query or Query(), fen=position.fen(), offset=0)
    tallies: dict[Move, _Tally] = {}
    for row, ply in matches(database, wanted):
        assert ply is not None
        move = next_move_at(start_of(row[7]), row[8], ply)
        if move is not None:
            tallies.setdefault(move, _Tally()).add(row[3], row[10] // 10_000)
    moves = [TreeMove(move, tally.games, *tally.results, tally.first_year, tally.last_year)
             for move, tally in tallies.items()]
    return sorted(moves, key=lambda item: (-item.games, item.move.iccs()))
