"""Benchmark: the starter database (``xiangqi.database.starter``) built from the shipped games file, and every
game of it against the CCPD source files.

    .venv/bin/python tests/bench/starter_roundtrip.py [--ccpd ../shared/data/ccpd/games]

Figures: the shipped file's size, the CPU seconds to build the database (one process), the games stored and
the duplicates counted, then the round trip: each stored game has the same main line, result and tags as the
same game read from the source PGN by the record readers (the database's ``file_games``), the duplicates being
the games the importer counts as such when it imports the source files (same ``duplicate_key``).
"""

from __future__ import annotations

import argparse
import glob
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.database import GameDatabase, stored_game  # noqa: E402
from xiangqi.database.codec import encode_moves  # noqa: E402
from xiangqi.database.rows import file_games, game_row  # noqa: E402
from xiangqi.database.starter import build_starter, starter_path  # noqa: E402
from xiangqi.record.game import Game  # noqa: E402

SHARED = REPO.parent / "shared" / "data"
IGNORED_TAGS = ("FEN", "Result", "Format")   # the start and the result are compared as such


def signature(game: Game) -> tuple[bytes, str, str, tuple[tuple[str, str], ...]]:
    tags = tuple(sorted((name, value) for name, value in game.headers.items() if value and name not in IGNORED_TAGS))
    return encode_moves(game.mainline_moves()), game.result, game.start_fen, tags


def source_games(folder: Path) -> list[Game]:
    """The source games once each, in import order (a game is a duplicate of the first with its key)."""
    seen: set[int] = set()
    games = []
    for path in sorted(glob.glob(str(folder / "*.pgn"))):
        for index, game in enumerate(file_games(path), start=1):
            key = game_row(game, index).duplicate_key
            if key not in seen:
                seen.add(key)
                games.append(game)
    return games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ccpd", type=Path, default=SHARED / "ccpd" / "games")
    args = parser.parse_args()
    print(f"{starter_path().name}: {starter_path().stat().st_size:,} bytes")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "starter.xqdb"
        start = time.process_time()
        report = build_starter(path, lambda done, total: None, lambda: False)
        cpu = time.process_time() - start
        print(f"built in {cpu:.1f} CPU-s: {report.games:,} games stored, {report.duplicates:,} duplicates counted, "
              f"{report.with_problems:,} with problems, {len(report.failed)} files failed; "
              f"{path.stat().st_size:,} bytes")
        sources = source_games(args.ccpd)
        print(f"source files: {len(sources):,} games once duplicates are counted")
        differ = 0
        with GameDatabase(path, read_only=True) as database:
            for game_id, source in enumerate(sources, start=1):
                if signature(stored_game(database, game_id)) != signature(source):
                    differ += 1
                    if differ <= 5:
                        print(f"    game {game_id} differs: {source.headers.get('Event', '')[:40]}")
        print(f"round trip: {len(sources) - differ:,} of {len(sources):,} games the same "
              f"(moves, result, start, tags)")
    return 1 if differ or report.games != len(sources) else 0


if __name__ == "__main__":
    raise SystemExit(main())
