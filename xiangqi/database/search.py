"""Searching a game database: exact position (the games that reached it, with the first ply), players
(either colour, or as red / black), event, ECCO code, result, date range, game length, combined; the
results in game-id order (the order of import), at most ``limit``.

Names and events are matched as parts, in simplified characters and case folded (``rows.fold``): ``许银川``
finds "廣東 許銀川", ``smith`` finds "Smith".
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from xiangqi.core import Position
from xiangqi.database.codec import decode_moves, first_ply_where
from xiangqi.database.index import material_clause, position_candidates
from xiangqi.database.material import MaterialError, PiecesWanted, parse_material, parse_pieces, signature_bytes
from xiangqi.database.rows import fold
from xiangqi.database.store import GameDatabase
from xiangqi.record import RESULTS, Game

DEFAULT_LIMIT = 1000
MAX_LIMIT = 10_000_000          # rows a search may return
MAX_QUERY_CHARS = 200           # of a name, an event or a code searched
MAX_FEN_CHARS = 120             # of a FEN searched (a full board with counters takes under 90)
RESULT_WORDS = {"red": "1-0", "black": "0-1", "draw": "1/2-1/2", "w": "1-0", "b": "0-1", "d": "1/2-1/2"}
_DATE = re.compile(r"(\d{4})(?:[.\-/](\d{1,2})(?:[.\-/](\d{1,2}))?)?")


class QueryError(ValueError):
    """A search option that cannot be read; the message quotes it."""


@dataclass(frozen=True, slots=True)
class Query:
    fen: str | None = None
    player: str | None = None       # either colour
    red: str | None = None
    black: str | None = None
    event: str | None = None
    ecco: str | None = None         # a code or its start: "C9" finds C90-C99
    result: str | None = None       # 1-0, 0-1, 1/2-1/2, * (or red, black, draw)
    date_from: str | None = None    # YYYY, YYYY.MM or YYYY.MM.DD (- or / too)
    date_to: str | None = None
    min_plies: int | None = None
    max_plies: int | None = None
    limit: int = DEFAULT_LIMIT
    material: str | None = None     # rooks, horses, cannons of each side at some ply: "RHC-RC" (``material``)
    pieces: str | None = None       # pieces on points at some ply: "Ra0,ce7" (``material.parse_pieces``)
    offset: int = 0                 # hits skipped before the first returned (a window pages through them)


@dataclass(frozen=True, slots=True)
class Hit:
    game_id: int
    ply: int | None                 # the first ply at which the searched position stood (None: no position)
    red: str
    black: str
    result: str
    date: str
    event: str
    ecco: str
    plies: int = 0                  # the game's length


def date_bound(text: str, upper: bool) -> int:
    """A date typed as a range bound, as ``rows.date_key``: "2004" is 20040000 from, 20049999 to."""
    match = _DATE.fullmatch(text.strip())
    if match is None:
        raise QueryError(f"date {text[:40]!r}: expected YYYY, YYYY.MM or YYYY.MM.DD")
    year, month, day = (int(part) if part else None for part in match.groups())
    assert year is not None
    if month is None:
        return year * 10_000 + (9999 if upper else 0)
    if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
        raise QueryError(f"date {text[:40]!r}: no such month or day")
    return year * 10_000 + month * 100 + (day if day is not None else 99 if upper else 0)


def _like(text: str) -> str:
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"search text of {len(text)} characters (the limit is {MAX_QUERY_CHARS}): {text[:40]!r}…")
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _result(text: str) -> str:
    result = RESULT_WORDS.get(text.lower(), text)
    if result not in RESULTS:
        raise QueryError(f"result {text[:40]!r}: expected one of {', '.join(RESULTS)} (or red, black, draw)")
    return result


_NAMED = "(SELECT id FROM {table} WHERE folded LIKE ? ESCAPE '\\')"


def _filters(query: Query) -> tuple[list[str], list[object]]:
    """The WHERE clauses on ``g`` (games) and their parameters, without the position."""
    clauses: list[str] = []
    params: list[object] = []
    players = _NAMED.format(table="players")
    if query.player is not None:
        clauses.append(f"(g.red IN {players} OR g.black IN {players})")
        params += [_like(fold(query.player))] * 2
    for column, value in (("red", query.red), ("black", query.black)):
        if value is not None:
            clauses.append(f"g.{column} IN {players}")
            params.append(_like(fold(value)))
    if query.event is not None:
        clauses.append(f"g.event IN {_NAMED.format(table='events')}")
        params.append(_like(fold(query.event)))
    if query.ecco is not None:
        clauses.append("g.ecco LIKE ? ESCAPE '\\'")
        params.append(_like(query.ecco.strip().upper())[1:])
    if query.result is not None:
        clauses.append("g.result = ?")
        params.append(_result(query.result))
    for value, upper, operator in ((query.date_from, False, ">="), (query.date_to, True, "<=")):
        if value is not None:
            clauses.append(f"g.date_key {operator} ? AND g.date_key > 0")
            params.append(date_bound(value, upper))
    for plies, operator in ((query.min_plies, ">="), (query.max_plies, "<=")):
        if plies is not None:
            clauses.append(f"g.plies {operator} ?")
            params.append(plies)
    return clauses, params


_COLUMNS = ("g.id, r.name, b.name, g.result, g.date, e.name, g.ecco, g.start_fen, g.moves, g.plies, g.date_key "
            "FROM games g JOIN players r ON r.id = g.red JOIN players b ON b.id = g.black "
            "JOIN events e ON e.id = g.event")
Row = tuple[int, str, str, str, str, str, str, "str | None", bytes, int, int]


def searched_position(fen: str) -> Position:
    if len(fen) > MAX_FEN_CHARS:
        raise QueryError(f"FEN of {len(fen):,} characters (the limit is {MAX_FEN_CHARS}): {fen[:40]!r}…")
    try:
        return Position.from_fen(fen)
    except ValueError as error:
        raise QueryError(f"FEN {fen!r}: {str(error)[:MAX_FEN_CHARS]}") from error


@dataclass(frozen=True, slots=True)
class _Wanted:
    """A query's conditions on a game's plies, read and checked once."""

    zobrist: int | None
    material: int | None
    pieces: PiecesWanted | None

    @property
    def replayed(self) -> bool:
        return self.zobrist is not None or self.material is not None or self.pieces is not None


def _wanted(query: Query) -> _Wanted:
    try:
        material = None if query.material is None else parse_material(query.material)
        pieces = None if query.pieces is None else parse_pieces(query.pieces)
    except MaterialError as error:
        raise QueryError(str(error)) from error
    zobrist = None if query.fen is None else searched_position(query.fen).zobrist
    return _Wanted(zobrist, material, pieces)


def _check_paging(query: Query) -> None:
    if not 0 < query.limit <= MAX_LIMIT:
        raise QueryError(f"limit {query.limit}: expected 1 to {MAX_LIMIT:,}")
    if not 0 <= query.offset <= MAX_LIMIT:
        raise QueryError(f"offset {query.offset}: expected 0 to {MAX_LIMIT:,}")


def matches(database: GameDatabase, query: Query) -> Iterator[tuple[Row, int | None]]:
    """Every game matching ``query`` (limit and offset aside), in game-id order, with the ply of its
    position, material or pieces (None when the query asks for none)."""
    wanted = _wanted(query)
    clauses, params = _filters(query)
    if wanted.zobrist is not None:
        clauses.append("g.id IN (SELECT value FROM json_each(?))")
        params.append(json.dumps(position_candidates(database.connection, wanted.zobrist)))
    if wanted.material is not None:
        clauses.append(material_clause())
        params.append(signature_bytes(wanted.material))
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    rows = database.connection.execute(f"SELECT {_COLUMNS}{where} ORDER BY g.id", params)
    if not wanted.replayed:
        for row in rows:
            yield row, None
        return
    for row in rows:
        ply = first_ply_where(_start(row[7]), row[8], wanted.zobrist, wanted.material,
                              None if wanted.pieces is None else wanted.pieces.points)
        if ply is not None:
            yield row, ply


def search(database: GameDatabase, query: Query) -> Iterator[Hit]:
    """The games matching every option of ``query``, in game-id order: ``query.limit`` of them at most,
    after the first ``query.offset``."""
    _check_paging(query)
    wanted = _wanted(query)
    if not wanted.replayed:
        clauses, params = _filters(query)
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        sql = f"SELECT {_COLUMNS}{where} ORDER BY g.id LIMIT ? OFFSET ?"
        for row in database.connection.execute(sql, [*params, query.limit, query.offset]):
            yield _hit(row, None)
        return
    for row, ply in itertools.islice(matches(database, query), query.offset, query.offset + query.limit):
        yield _hit(row, ply)


def count(database: GameDatabase, query: Query) -> int:
    """How many games match ``query`` (its limit and offset aside)."""
    wanted = _wanted(query)
    if not wanted.replayed:
        clauses, params = _filters(query)
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        return int(database.connection.execute(f"SELECT count(*) FROM games g{where}", params).fetchone()[0])
    return sum(1 for _ in matches(database, query))


@functools.lru_cache(maxsize=256)
def _start(fen: str | None) -> Position:
    return Position() if fen is None else Position.from_fen(fen)


def start_of(fen: str | None) -> Position:
    """The start position of a stored game (its ``start_fen`` column; NULL: the standard start)."""
    return _start(fen)


def _hit(row: Row, ply: int | None) -> Hit:
    """A result row (the columns of ``_COLUMNS``, as the schema types them) as a Hit."""
    return Hit(row[0], ply, row[1], row[2], row[3], row[4], row[5], row[6], row[9])


def stored_game(database: GameDatabase, game_id: int) -> Game:
    """The game as stored: its tags and main line (no comments, no variations in this slice)."""
    row = database.connection.execute(
        "SELECT e.name, g.site, g.date, r.name, b.name, g.result, g.ecco, g.tags, g.start_fen, g.moves FROM games g "
        "JOIN players r ON r.id = g.red JOIN players b ON b.id = g.black JOIN events e ON e.id = g.event "
        "WHERE g.id = ?", (game_id,)).fetchone()
    event, site, date, red, black, result, ecco, tags, start_fen, moves = row
    headers = {"Game": "Chinese Chess", "Event": event, "Site": site, "Date": date, "Red": red, "Black": black}
    if ecco:
        headers["ECCO"] = ecco
    if tags:
        headers.update(json.loads(tags))
    game = Game(headers, start_fen or Position.STARTING_FEN, result)
    node = game.root
    for move in decode_moves(_start(start_fen), moves):
        node = node.add_child(move)
    return game


__all__ = ["DEFAULT_LIMIT", "Hit", "Query", "QueryError", "count", "matches", "search", "stored_game"]
