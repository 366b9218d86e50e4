"""Benchmark: a game database of 1,000,000 generated games: write rate, size a ply, exact position search,
material search, the tree, count and a deep page, peak memory; against the ``pgn`` command's plain parse of
one CCPD file in the same run (the reference for the machine's speed).

    .venv/bin/python tests/bench/db_million.py --base CCPD.xqdb [--games 1000000] [--out /tmp/million.xqdb]
                                               [--jobs 2] [--positions 15] [--reuse]

The games are generated from the master games of a base database (the CCPD import made by
``db_import.py --keep``; standard starts, 20 plies or more): game ``i`` is base game ``i % N``, mirrored
left-right for odd variants (``i // N``), with a deviation at an early ply ``k`` (a red move and a black move
taken from the moves legal there, the variant choosing which), then the base game's remaining moves as far
as each still moves the same piece from the same point to a point not held by its own side (the rest is
dropped). The moves after a deviation are pseudo-legal (a piece may now pass through the deviated one):
the figures are about storage and search, which do not check legality; the positions are all new after
the deviation, as in real games that leave the book. A game cut short that way goes on with random
pseudo-legal moves of rooks, cannons, horses and pawns to its base game's length. The positions searched
are taken from the base games themselves (variant 0, legal). Rows are made by worker processes (``--jobs``) and
written by ``database.import_rows`` (no parse: the parse and import rate is ``db_import.py``'s).

CPU seconds are this process's plus its workers' (``resource``); wall seconds beside, with the load.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.commands.pgn import summarise  # noqa: E402
from xiangqi.core import Move, Position  # noqa: E402
from xiangqi.database import GameDatabase, Query, count, import_rows, search, tree  # noqa: E402
from xiangqi.database.codec import decode_moves  # noqa: E402
from xiangqi.database.rows import GameRow, moves_row  # noqa: E402

CCPD_FILE = REPO.parent / "shared" / "data" / "ccpd" / "games" / "世界盃.pgn"
CHUNK = 4000                     # games a worker makes at a time
Base = tuple[list[Move], str, str, str, str, str]     # moves, result, red, black, event, date


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def peak_mib() -> tuple[float, float]:
    """Peak resident memory of this process and of its largest reaped worker, MiB."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def load_bases(path: Path) -> list[Base]:
    with GameDatabase(path, read_only=True) as database:
        rows = database.connection.execute(
            "SELECT g.moves, g.result, r.name, b.name, e.name, g.date FROM games g JOIN players r ON r.id = g.red "
            "JOIN players b ON b.id = g.black JOIN events e ON e.id = g.event "
            "WHERE g.start_fen IS NULL AND g.plies >= 20 ORDER BY g.id").fetchall()
    return [(decode_moves(Position(), row[0]), *row[1:]) for row in rows]


def _mirror(move: Move) -> Move:
    return Move(move.from_sq + 8 - 2 * (move.from_sq % 9), move.to_sq + 8 - 2 * (move.to_sq % 9))


def variant_moves(base: list[Move], number: int, variant: int) -> list[Move]:
    """Base game ``number``'s variant ``variant`` (see the module text)."""
    if variant == 0:
        return list(base)
    chooser = random.Random(number * 7919 + variant)
    ply = 2 * chooser.randrange(2, 9)
    position = Position()
    for move in base[:ply]:
        position.push_unchecked(move)
    red = chooser.choice(position.legal_moves())
    position.push_unchecked(red)
    replies = position.legal_moves()
    if not replies:
        return base[:ply] + [red]
    black = chooser.choice(replies)
    position.push_unchecked(black)
    moves = base[:ply] + [red, black]
    cells, side = list(position.cells()), 0
    truth = Position()
    for move in base[:ply]:
        truth.push_unchecked(move)
    real = list(truth.cells())
    for move in base[ply:]:
        piece, target = cells[move.from_sq], cells[move.to_sq]
        sign = 1 if side == 0 else -1
        if piece != real[move.from_sq] or piece * sign <= 0 or target * sign > 0 or abs(target) == 1:
            break
        cells[move.to_sq], cells[move.from_sq] = piece, 0
        real[move.to_sq], real[move.from_sq] = real[move.from_sq], 0
        moves.append(move)
        side ^= 1
    moves += wandering(cells, side, len(base) - len(moves), chooser)
    return moves if variant % 2 == 0 else [_mirror(move) for move in moves]


def _reach(cells: list[int], src: int, pick: float) -> list[int]:
    """Where the rook, cannon, horse or pawn on ``src`` may go (its own side's pieces, the kings, the
    palace and the river aside: a pseudo-legal move of the generator)."""
    file, rank, value = src % 9, src // 9, cells[src]
    kind = abs(value)
    if kind == 7:
        ahead = src + (9 if value > 0 else -9)
        return [ahead] if 0 <= ahead < 90 else []
    if kind == 4:
        steps = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
        return [(rank + dr) * 9 + file + df for df, dr in steps
                if 0 <= file + df < 9 and 0 <= rank + dr < 10
                and not cells[(rank + (dr // 2 if abs(dr) == 2 else 0)) * 9 + file + (df // 2 if abs(df) == 2 else 0)]]
    found: list[int] = []
    for df, dr in (((1, 0), (-1, 0), (0, 1), (0, -1))[int(pick * 4)],):   # one direction, at random
        f, r, jumped = file + df, rank + dr, False
        while 0 <= f < 9 and 0 <= r < 10:
            there = cells[r * 9 + f]
            if not jumped and not there:
                found.append(r * 9 + f)
            elif kind == 5 or not jumped:        # a rook stops at the first piece, a cannon jumps it
                if kind == 5:
                    found.append(r * 9 + f)
                    break
                jumped = True
            else:
                found.append(r * 9 + f)
                break
            f, r = f + df, r + dr
    return found


def wandering(cells: list[int], side: int, plies: int, chooser: random.Random) -> list[Move]:
    """Up to ``plies`` random pseudo-legal moves of rooks, cannons, horses and pawns (no king taken)."""
    movers = [[sq for sq, value in enumerate(cells) if value * sign > 0 and abs(value) >= 4] for sign in (1, -1)]
    moves: list[Move] = []
    for _ in range(plies):
        sign = 1 - 2 * side
        for _attempt in range(8):
            if not movers[side]:
                return moves
            pick = chooser.random()
            src = movers[side][int(pick * len(movers[side]))]
            targets = [dst for dst in _reach(cells, src, pick * len(movers[side]) % 1)
                       if cells[dst] * sign <= 0 and abs(cells[dst]) != 1]
            if targets:
                break
        else:
            return moves
        dst = targets[int(chooser.random() * len(targets))]
        if dst in movers[1 - side]:          # a rook, horse, cannon or pawn taken
            movers[1 - side].remove(dst)
        cells[dst], cells[src] = cells[src], 0
        movers[side][movers[side].index(src)] = dst
        moves.append(Move(src, dst))
        side ^= 1
    return moves


_BASES: list[Base] = []


def _load_worker(path: Path) -> None:
    _BASES.extend(load_bases(path))


def make_rows(first: int, last: int) -> list[GameRow]:
    """The rows of generated games ``first`` to ``last - 1`` (a worker's job)."""
    rows = []
    start = Position()
    for index in range(first, last):
        number, variant = index % len(_BASES), index // len(_BASES)
        moves, result, red, black, event, date = _BASES[number]
        headers = {"Red": red, "Black": black, "Event": event, "Date": date, "Round": str(variant or "")}
        rows.append(moves_row(headers, result, start, None, variant_moves(moves, number, variant), index + 1))
    return rows


def generated(base: Path, games: int, jobs: int) -> Iterator[GameRow]:
    with ProcessPoolExecutor(max_workers=jobs, initializer=_load_worker, initargs=(base,)) as pool:
        chunks = [(first, min(first + CHUNK, games)) for first in range(0, games, CHUNK)]
        pending = []
        for chunk in chunks:
            pending.append(pool.submit(make_rows, *chunk))
            if len(pending) > 2 * jobs:
                yield from pending.pop(0).result()
        for future in pending:
            yield from future.result()


def timed(label: str, action: object) -> tuple[object, float, float]:
    assert callable(action)
    cpu, wall = time.thread_time(), time.perf_counter()
    result = action()
    return result, (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def sample_positions(database: GameDatabase, count_: int) -> list[tuple[str, int]]:
    bases = int(database.connection.execute("SELECT count(*) FROM games WHERE tags = ''").fetchone()[0])
    rows = database.connection.execute("SELECT moves FROM games WHERE id <= ? AND plies >= 40 AND id % ? = 1 "
                                       "ORDER BY id LIMIT ?", (bases, max(1, bases // count_), count_)).fetchall()
    fens = []
    for number, (data,) in enumerate(rows):
        ply = (4, 8, 12, 20, 30, 40)[number % 6]
        position = Position()
        for move in decode_moves(Position(), data)[:ply]:
            position.push_unchecked(move)
        fens.append((position.fen(), ply))
    return fens


def search_figures(database: GameDatabase, positions: int) -> None:
    walls, cpus = [], []
    for fen, ply in sample_positions(database, positions):
        hits, cpu, wall = timed("search", lambda fen=fen: list(search(database, Query(fen=fen, limit=100))))
        total, count_cpu, count_wall = timed("count", lambda fen=fen: count(database, Query(fen=fen)))
        walls.append(wall)
        cpus.append(cpu)
        print(f"  ply {ply:2}: {total:,} games; first 100 in {wall:.0f} ms wall ({cpu:.0f} ms CPU); count "
              f"{count_wall:.0f} ms wall ({count_cpu:.0f} ms CPU)", flush=True)
    print(f"exact position search (first 100 hits): median {statistics.median(walls):.0f} ms wall, "
          f"{statistics.median(cpus):.0f} ms CPU; worst {max(walls):.0f} ms wall, {max(cpus):.0f} ms CPU "
          f"over {len(walls)} positions (load {os.getloadavg()[0]:.1f})", flush=True)


def other_figures(database: GameDatabase) -> None:
    for material in ("RHC-RC", "RC-RC", "RR-RR"):
        total, cpu, wall = timed("material", lambda m=material: count(database, Query(material=m)))
        _page, page_cpu, page_wall = timed("page", lambda m=material: list(search(
            database, Query(material=m, limit=100, offset=10_000))))
        print(f"material {material}: {total:,} games counted in {wall:.0f} ms wall ({cpu:.0f} ms CPU); "
              f"100 hits after 10,000 in {page_wall:.0f} ms wall ({page_cpu:.0f} ms CPU)", flush=True)
    _hits, cpu, wall = timed("pieces", lambda: list(search(database, Query(pieces="Ce2,ce7", limit=100))))
    print(f"pieces Ce2,ce7: first 100 hits in {wall:.0f} ms wall ({cpu:.0f} ms CPU)", flush=True)
    for moves in ("", "h2e2 h9g7"):
        position = Position()
        for text in moves.split():
            position.push(Move.from_iccs(text))
        items, cpu, wall = timed("tree", lambda p=position: tree(database, p))
        assert isinstance(items, list)
        print(f"tree after [{moves}]: {len(items)} moves, {sum(item.games for item in items):,} games in "
              f"{wall:.0f} ms wall ({cpu:.0f} ms CPU)", flush=True)
    _page, cpu, wall = timed("page", lambda: list(search(database, Query(player="许", limit=100, offset=500_000))))
    print(f"player page at offset 500,000: {wall:.0f} ms wall ({cpu:.0f} ms CPU)", flush=True)


def size_figures(path: Path) -> None:
    with GameDatabase(path) as database:
        connection = database.connection
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        games, plies, moves = connection.execute(
            "SELECT count(*), sum(plies), sum(length(moves)) FROM games").fetchone()
        pages = dict(connection.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
    total = path.stat().st_size
    index, material = pages["positions"], pages["material"]
    print(f"size: {games:,} games, {plies:,} plies; file {total / 1e6:.0f} MB = {total / games:.0f} B/game, "
          f"{total / plies:.2f} B/ply all in; moves {moves / plies:.2f} B/ply; position index "
          f"{index / plies:.2f} B/ply; material {material / plies:.2f} B/ply; the rest (games rows, their "
          f"indexes, names) {(total - index - material - moves) / plies:.2f} B/ply", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="a database of master games (db_import --keep)")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/million.xqdb"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--reuse", action="store_true", help="search the database --out made before")
    args = parser.parse_args()
    with open(os.devnull, "w") as null:
        cpu, wall = cpu_seconds(), time.perf_counter()
        summarise([str(CCPD_FILE)], null, null)
        print(f"reference: pgn parse of {CCPD_FILE.name}: {cpu_seconds() - cpu:.1f} s CPU, "
              f"{time.perf_counter() - wall:.1f} s wall (load {os.getloadavg()[0]:.1f})", flush=True)
    if not args.reuse:
        args.out.unlink(missing_ok=True)
        cpu, wall = cpu_seconds(), time.perf_counter()
        with GameDatabase(args.out, create=True) as database:
            report = import_rows(database, generated(args.base, args.games, args.jobs), source="generated",
                                 progress=lambda line: print(line, file=sys.stderr, flush=True)
                                 if "0,000 games read" in line else None)
        cpu, wall = cpu_seconds() - cpu, time.perf_counter() - wall
        print(f"made and wrote {report.games:,} games ({report.duplicates:,} duplicates): {cpu:.0f} s CPU "
              f"({report.games / cpu:.0f} games/s of CPU), {wall:.0f} s wall (load {os.getloadavg()[0]:.1f})",
              flush=True)
    size_figures(args.out)
    with GameDatabase(args.out, read_only=True) as database:
        search_figures(database, args.positions)
        other_figures(database)
    own, worker = peak_mib()
    print(f"peak memory: {own:.0f} MiB this process, {worker:.0f} MiB the largest worker", flush=True)


if __name__ == "__main__":
    main()
