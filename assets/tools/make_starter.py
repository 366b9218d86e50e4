"""Write assets/starter/ccpd_games.xz, the games of the starter database (``xiangqi.database.starter``).

    .venv/bin/python assets/tools/make_starter.py ../shared/data/ccpd/games/*.pgn

Every game of the files named as the record readers read it (the database's ``file_games``): its tags and its
main line (comments and variations left out, as the database stores them). The games are the master games of
the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0; changed: converted to this compact form.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.database.starter import starter_moves
from xiangqi.database.rows import file_games
from xiangqi.database.starter import StarterFile, StarterGame, starter_bytes, starter_path


def read_file(path: Path) -> StarterFile:
    games = []
    for game in file_games(str(path)):
        headers = dict(game.headers)
        headers["Result"] = game.result
        if game.is_setup:
            headers["FEN"] = game.start_fen
        else:
            headers.pop("FEN", None)   # the standard start (CCPD writes it on every game)
        games.append(StarterGame(headers, starter_moves(game.mainline_moves())))
    return StarterFile(path.name, tuple(games))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="PGN files of master games (CCPD games/*.pgn)")
    parser.add_argument("-o", "--output", type=Path, default=None, help="default: the shipped file")
    args = parser.parse_args(argv)
    files = []
    for path in sorted(args.files):
        files.append(read_file(path))
        print(f"{path.name}: {len(files[-1].games):,} games", file=sys.stderr)
    data = starter_bytes(files)
    target = args.output or starter_path()
    atomic_write(target, data)
    print(f"{target}: {sum(len(f.games) for f in files):,} games from {len(files)} files, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
