"""``python -m xiangqi db import|search|export``: the game database on the command line.

- ``db import DB FILE|FOLDER… [--jobs N | --cluster ADDRESS]``: creates DB if needed; folders are searched
  recursively for record files (.pgn .xqf .cbl .cbr .cbf .html .htm .txt; a file named on the command line is
  read whatever its name); a progress line after each commit on stderr, a summary at the end on stdout.
  ``--cluster``: the files are read and parsed on the workers of a Dask scheduler (a PGN file 500 games a
  task, any other file whole), the database written here in the files' order, the same as a local import.
- ``db search DB [options]``: one line a game on stdout,
  ``ID<TAB>PLY<TAB>RED<TAB>BLACK<TAB>RESULT<TAB>DATE<TAB>EVENT<TAB>ECCO`` (PLY empty without ``--fen``).
- ``db export DB [options] -o OUT.pgn``: the games found as PGN (UTF-8, Chinese notation), written atomically.
- ``db tree DB [FEN] [options]``: the moves played from the position (the start without FEN) in the games
  matching the options, most played first, one line a move: ``MOVE<TAB>GAMES<TAB>SCORE%<TAB>RED/DRAW/BLACK
  <TAB>YEARS`` (MOVE in Chinese notation and ICCS; SCORE red's, over the decided and drawn games).
- ``db count DB [options]``: how many games match.
- ``db repair DB``: copies what SQLite can still read of a damaged database into a new file beside it
  (the original is never changed) and names it.
- ``db starter DB``: the starter database of master games shipped with the program (``db_starter``).

Exit status: 0 done; 1 a file could not be read or the database cannot be used (named on stderr); 2 usage.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import replace

from xiangqi.atomic import AtomicFile
from xiangqi.commands import db_starter
from xiangqi.commands.on_cluster import add_cluster_argument
from xiangqi.commands.output import shown_name
from xiangqi.core import Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.database import DatabaseError, GameDatabase, Query, QueryError, TreeMove, count, import_files, search
from xiangqi.database import stored_game, tree
from xiangqi.database.codec import MovesDecodeError
from xiangqi.database.repair import repair
from xiangqi.database.search import DEFAULT_LIMIT, MAX_LIMIT, Hit, searched_position
from xiangqi.record.pgn_writer import game_to_pgn

MAX_JOBS = 64


def _cell(text: str) -> str:
    """A field of a search row: no tab or line break can split the row."""
    return "".join(" " if not char.isprintable() else char for char in text)


def hit_line(hit: Hit) -> str:
    ply = "" if hit.ply is None else str(hit.ply)
    return "\t".join((str(hit.game_id), ply, *(_cell(text) for text in (hit.red, hit.black, hit.result, hit.date,
                                                                        hit.event, hit.ecco))))


def _search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("database", metavar="DB", help="the database file")
    parser.add_argument("--fen", help="games that reached this position (PLY: the first ply it stood)")
    parser.add_argument("--player", help="a player of either colour (part of the name)")
    parser.add_argument("--red", help="the red player (part of the name)")
    parser.add_argument("--black", help="the black player (part of the name)")
    parser.add_argument("--event", help="the event (part of its name)")
    parser.add_argument("--ecco", help="the [ECCO] tag, or its start (C9: C90-C99)")
    parser.add_argument("--result", help="1-0, 0-1, 1/2-1/2, * (or red, black, draw)")
    parser.add_argument("--from", dest="date_from", metavar="DATE", help="played on or after (YYYY[.MM[.DD]])")
    parser.add_argument("--to", dest="date_to", metavar="DATE", help="played on or before (YYYY[.MM[.DD]])")
    parser.add_argument("--min-plies", type=int, help="at least this many plies")
    parser.add_argument("--max-plies", type=int, help="at most this many plies")
    parser.add_argument("--material", help="rooks, horses, cannons of each side at some ply, red first: RHC-RC "
                        "(exactly; kings, advisors, elephants, pawns not counted)")
    parser.add_argument("--pieces", help="pieces on points at some ply: Ra0,ce7 (upper case red, lower black)")
    parser.add_argument("--offset", type=int, default=0, help="skip the first N games found")
    parser.add_argument("--limit", type=int, default=None, help=f"at most N games (default {DEFAULT_LIMIT:,} "
                        "for search, all for export)")


def _query(args: argparse.Namespace, default_limit: int) -> Query:
    return Query(args.fen, args.player, args.red, args.black, args.event, args.ecco, args.result, args.date_from,
                 args.date_to, args.min_plies, args.max_plies, default_limit if args.limit is None else args.limit,
                 material=args.material, pieces=args.pieces, offset=args.offset)


def _import(args: argparse.Namespace) -> int:
    if not 1 <= args.jobs <= MAX_JOBS:
        print(f"db import: --jobs {args.jobs}: expected 1 to {MAX_JOBS}", file=sys.stderr)
        return 2
    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if args.cluster:
        from xiangqi.cluster import ClusterError, cluster_executor

        try:
            with cluster_executor(args.cluster) as (cluster, threads), \
                    GameDatabase(args.database, create=True, check=True) as database:
                report = import_files(database, args.files, jobs=threads, progress=progress, executor=cluster)
        except ClusterError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    else:
        with GameDatabase(args.database, create=True, check=True) as database:
            report = import_files(database, args.files, jobs=args.jobs, progress=progress)
    for failure in report.failed:
        print(failure, file=sys.stderr)
    print(f"{shown_name(args.database)}: {report.games:,} games stored from {report.files:,} files; "
          f"{report.duplicates:,} duplicates counted, not stored again; {report.already:,} already stored from "
          f"the same file; {report.skipped_files:,} files imported before; {report.with_problems:,} games kept "
          f"as far as they could be read; {len(report.failed):,} files failed")
    return 1 if report.failed else 0


def _search(args: argparse.Namespace) -> int:
    with GameDatabase(args.database, read_only=True) as database:
        try:
            for hit in search(database, _query(args, DEFAULT_LIMIT)):
                print(hit_line(hit))
        except (sqlite3.DatabaseError, MovesDecodeError) as error:
            raise _damaged(database, error) from error
    return 0


def _export(args: argparse.Namespace) -> int:
    count = 0
    with GameDatabase(args.database, read_only=True) as database, AtomicFile(args.output) as out:
        try:
            for hit in search(database, _query(args, MAX_LIMIT)):
                text = game_to_pgn(stored_game(database, hit.game_id))
                out.write((b"\n" if count else b"") + text.encode("utf-8"))
                count += 1
        except (sqlite3.DatabaseError, MovesDecodeError) as error:
            raise _damaged(database, error) from error
    print(f"{shown_name(args.output)}: {count:,} games written")
    return 0


def tree_line(start: Position, item: TreeMove) -> str:
    score = item.red_score
    years = "" if item.first_year is None else f"{item.first_year}-{item.last_year}"
    return "\t".join((f"{move_to_text(start, item.move, Notation.CHINESE)} {item.move.iccs()}", str(item.games),
                      "" if score is None else f"{100 * score:.0f}%",
                      f"{item.red_wins}/{item.draws}/{item.black_wins}", years))


def _tree(args: argparse.Namespace) -> int:
    fen = args.fen if args.fen is not None else args.position
    start = Position() if fen is None else searched_position(fen)
    query = replace(_query(args, DEFAULT_LIMIT), fen=None)
    with GameDatabase(args.database, read_only=True) as database:
        try:
            for item in tree(database, start, query):
                print(tree_line(start, item))
        except (sqlite3.DatabaseError, MovesDecodeError) as error:
            raise _damaged(database, error) from error
    return 0


def _count(args: argparse.Namespace) -> int:
    with GameDatabase(args.database, read_only=True) as database:
        try:
            print(count(database, _query(args, DEFAULT_LIMIT)))
        except (sqlite3.DatabaseError, MovesDecodeError) as error:
            raise _damaged(database, error) from error
    return 0


def _repair(args: argparse.Namespace) -> int:
    repaired = repair(args.database)
    with GameDatabase(repaired, read_only=True) as database:
        games = count(database, Query())
    print(f"{shown_name(repaired)}: {games:,} games copied from {shown_name(args.database)}, what SQLite could "
          f"read of it; the original was not changed")
    return 0


def _damaged(database: GameDatabase, error: sqlite3.DatabaseError | MovesDecodeError) -> DatabaseError:
    if isinstance(error, sqlite3.DatabaseError):
        return database.explain(error)
    return DatabaseError(f"{shown_name(database.path)}: a stored game is damaged ({error}); nothing was written")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m xiangqi db", description="The game database (SQLite): "
                                     "import record files, search them by position, player, event, date, result.")
    commands = parser.add_subparsers(dest="command", required=True)
    importing = commands.add_parser("import", help="import record files or folders (recursively)")
    importing.add_argument("database", metavar="DB", help="the database file (created if missing)")
    importing.add_argument("files", nargs="+", metavar="FILE|FOLDER", help="record files of any kind, or folders")
    importing.add_argument("--jobs", type=int, default=1, help="worker processes reading the files (a file is "
                           "read whole by one worker; the database is written by one process)")
    add_cluster_argument(importing)
    _search_options(commands.add_parser(
        "search", help="print one line per game found", description="One line a game, in import order: ID<TAB>"
        "PLY<TAB>RED<TAB>BLACK<TAB>RESULT<TAB>DATE<TAB>EVENT<TAB>ECCO (PLY empty without --fen). Names and events "
        "match in part, in simplified or traditional characters."))
    exporting = commands.add_parser("export", help="write the games found as PGN", description="The games found "
                                    "(all unless --limit) as PGN, UTF-8, Chinese notation, main line and tags; "
                                    "the file is replaced only when complete.")
    _search_options(exporting)
    exporting.add_argument("-o", "--output", required=True, metavar="OUT.pgn", help="the PGN file to write")
    tree_parser = commands.add_parser("tree", help="the moves played from a position", description="One line a "
                                      "move, most played first: MOVE<TAB>GAMES<TAB>RED'S SCORE<TAB>RED WINS/DRAWS/"
                                      "BLACK WINS<TAB>YEARS, in the games matching the options.")
    _search_options(tree_parser)
    tree_parser.add_argument("position", nargs="?", metavar="FEN", help="the position (default: the start)")
    _search_options(commands.add_parser("count", help="how many games match"))
    repairing = commands.add_parser("repair", help="copy what can be read of a damaged database into a new file")
    repairing.add_argument("database", metavar="DB", help="the damaged database (never changed)")
    db_starter.add_parser(commands)
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    action = {"import": _import, "search": _search, "export": _export, "tree": _tree, "count": _count,
              "repair": _repair,
              "starter": db_starter.run}[args.command]
    try:
        return action(args)
    except QueryError as error:
        print(f"db {args.command}: {error}", file=sys.stderr)
        return 2
    except DatabaseError as error:
        print(str(error), file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise            # our output was closed (| head): run_quietly ends the command quietly
    except OSError as error:
        print(f"db {args.command}: {error}", file=sys.stderr)
        return 1
