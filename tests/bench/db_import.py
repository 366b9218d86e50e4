"""Benchmark: import the CCPD master games into a game database, against the ``pgn`` command's plain parse
of the same files in the same run; exact-position search on the database; its size.

    .venv/bin/python tests/bench/db_import.py [--jobs 2 1] [--positions 7] [--keep DB] [--database DB] [FILE ...]

Default files: ../shared/data/ccpd/games/*.pgn (29,870 games, Big5; 23,270 without the duplicates). Figures:

- parse: ``commands.pgn.summarise`` over the files (what ``python -m xiangqi pgn FILES`` does), output
  discarded;
- import --jobs N: ``database.import_files`` into a new database (parse, replay, encode, write SQLite
  with WAL and a commit every ``COMMIT_GAMES`` games); games/s, and the ratio to parse. CPU seconds are
  this process's plus its reaped worker processes' (``resource``); wall seconds beside, with the load
  average: the machine is shared, so wall time counts the other jobs;
- search: ``database.search`` of positions of the database's games after 5 to 10 plies (every result,
  no limit), best of 3 runs a position, median over the positions; wall and thread-CPU milliseconds;
- size: bytes a game and a ply for the moves (the BLOB column), for the position index (its B-tree pages,
  SQLite's dbstat), and for the whole file after a checkpoint.

Targets (issue 31): import >= 530 games/s on 2 cores and <= 2x the parse; search <= 100 ms; <= 10 bytes a
ply all in.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.commands.pgn import summarise  # noqa: E402
from xiangqi.core import Position  # noqa: E402
from xiangqi.database import GameDatabase, ImportReport, Query, import_files, search  # noqa: E402
from xiangqi.database.codec import decode_moves  # noqa: E402
from xiangqi.database.search import MAX_LIMIT  # noqa: E402

CCPD = REPO.parent / "shared" / "data" / "ccpd" / "games"


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measured(label: str, action: object) -> tuple[float, float]:
    assert callable(action)
    cpu, wall = cpu_seconds(), time.perf_counter()
    action()
    cpu, wall = cpu_seconds() - cpu, time.perf_counter() - wall
    print(f"{label}: {cpu:.1f} s CPU, {wall:.1f} s wall (load {os.getloadavg()[0]:.1f})", flush=True)
    return cpu, wall


def sample_fens(database: GameDatabase, count: int) -> list[str]:
    rows = database.connection.execute("SELECT id, moves FROM games WHERE start_fen IS NULL AND plies >= 12 "
                                       "ORDER BY id").fetchall()
    fens = []
    for index in range(count):
        moves = decode_moves(Position(), rows[index * len(rows) // count][1])
        position = Position()
        for move in moves[: 5 + index % 6]:
            position.push_unchecked(move)
        fens.append(position.fen())
    return fens


def search_figures(database: GameDatabase, fens: list[str]) -> None:
    walls, cpus = [], []
    for fen in fens:
        best_wall = best_cpu = float("inf")
        for _ in range(3):
            cpu, wall = time.thread_time(), time.perf_counter()
            hits = list(search(database, Query(fen=fen, limit=MAX_LIMIT)))
            best_wall = min(best_wall, time.perf_counter() - wall)
            best_cpu = min(best_cpu, time.thread_time() - cpu)
        walls.append(best_wall * 1000)
        cpus.append(best_cpu * 1000)
        print(f"  {fen}: {len(hits):,} games, {best_wall * 1000:.1f} ms wall, {best_cpu * 1000:.1f} ms CPU",
              flush=True)
    print(f"search: median {statistics.median(walls):.1f} ms wall, {statistics.median(cpus):.1f} ms CPU "
          f"over {len(fens)} positions (max {max(walls):.1f} ms wall)")


def size_figures(path: Path) -> None:
    with GameDatabase(path) as database:
        connection = database.connection
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        games, plies, moves = connection.execute(
            "SELECT count(*), sum(plies), sum(length(moves)) FROM games").fetchone()
        rows = connection.execute("SELECT count(*) FROM positions").fetchone()[0]
        pages = dict(connection.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
    total = path.stat().st_size
    index, material = pages["positions"], pages["material"]
    games_pages = sum(size for name, size in pages.items() if name == "games" or name.startswith("games_")
                      or name.startswith("sqlite_autoindex_games"))
    print(f"size: {games:,} games, {plies:,} plies, {rows:,} index rows; file {total / 1e6:.1f} MB = "
          f"{total / games:.0f} B/game, {total / plies:.2f} B/ply all in")
    print(f"  moves: {moves / games:.0f} B/game, {moves / plies:.2f} B/ply; position index: {index / games:.0f} "
          f"B/game, {index / plies:.2f} B/ply ({index / rows:.0f} B/row); material signatures "
          f"{material / games:.0f} B/game, {material / plies:.2f} B/ply; games table with its indexes and tags "
          f"(moves included) {games_pages / games:.0f} B/game, {games_pages / plies:.2f} B/ply; other tables "
          f"{(total - index - material - games_pages) / plies:.2f} B/ply")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, nargs="+", default=[2, 1])
    parser.add_argument("--positions", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="copy the first database here (for trying the db command)")
    parser.add_argument("--database", type=Path, help="only the search and size figures, of this database")
    args = parser.parse_args()
    if args.database:
        with GameDatabase(args.database, read_only=True) as database:
            search_figures(database, sample_fens(database, args.positions))
        size_figures(args.database)
        return
    files = [str(path) for path in (args.files or sorted(CCPD.glob("*.pgn")))]
    with open(os.devnull, "w") as null:
        parse_cpu, _ = measured("parse (pgn command)", lambda: summarise(files, null, null))
    with tempfile.TemporaryDirectory(prefix="db-bench-") as folder:
        for run, jobs in enumerate(args.jobs):
            path = Path(folder) / f"jobs{jobs}.xqdb"
            reports: list[ImportReport] = []
            with GameDatabase(path, create=True) as database:
                def job(database: GameDatabase = database, jobs: int = jobs,
                        reports: list[ImportReport] = reports) -> None:
                    reports.append(import_files(database, files, jobs=jobs))

                cpu, wall = measured(f"import --jobs {jobs}", job)
            report = reports[0]
            games = report.games + report.duplicates
            print(f"  {report.games:,} stored, {report.duplicates:,} duplicates, {len(report.failed)} "
                  f"files failed: {games / cpu:.0f} games/s of CPU, {games / wall:.0f} games/s of wall; "
                  f"import/parse CPU {cpu / parse_cpu:.2f}", flush=True)
            if run == 0:     # search and size on the first database
                with GameDatabase(path, read_only=True) as database:
                    search_figures(database, sample_fens(database, args.positions))
                size_figures(path)
                if args.keep:
                    shutil.copyfile(path, args.keep)


if __name__ == "__main__":
    main()
