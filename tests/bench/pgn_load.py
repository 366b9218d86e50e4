"""Benchmark: read and replay (every move validated) a synthetic PGN database plus the visible game files,
and the same with the ``cchess`` library's reader as the baseline.

    .venv/bin/python tests/bench/pgn_load.py [--games 2000] [--cchess-games 400] [--seed 6]

The synthetic file looks like an xqbase download: GBK, CRLF, the xqbase tags, Chinese notation with
full-width digits, comments, an advert after each result. Each game starts with a real opening (a prefix
of a real game from ../shared/data/games) and goes on with random legal moves to 60-150 plies.

cchess reads only the first game of a file and no comments, so it gets the same games one per file
(UTF-8, comments left out); its rate is measured on the moves it actually read (it stops at moves it
cannot parse). Ours is measured both on the big file and on exactly cchess's files. Times are CPU
seconds of this process (the best of --repeat runs), so other jobs on a shared machine count less.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import random
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.core import Position  # noqa: E402
from xiangqi.record import Game, PgnFile, game_to_pgn, load_games  # noqa: E402
from xiangqi.record.pgn_writer import encode_text  # noqa: E402

GAMES_DIR = REPO.parent / "shared" / "data" / "games"
# CPU time of this process: the machine is shared, and wall time would also count the other jobs.
clock = time.process_time
NAMES = ["胡荣华", "吕钦", "许银川", "赵国荣", "柳大华", "徐天红", "李来群", "王天一", "郑惟桐", "蒋川", "洪智", "汪洋"]
EVENTS = ["全国象棋个人锦标赛", "五羊杯象棋冠军赛", "全国象棋团体赛", "亚洲象棋锦标赛", "象甲联赛", "银荔杯象棋争霸赛"]
SITES = ["北京", "广州", "上海", "杭州", "成都", "深圳", "哈尔滨", "西安"]
TEAMS = ["广东", "上海", "北京", "黑龙江", "湖北", "四川", "浙江", "江苏"]
COMMENTS = ["好棋！", "红方先手。", "黑方反击有力。", "此着稍缓，应走车二进六。", "双方均势。", "失子，局势急转直下。"]
ADVERT = "============================\r\n欢迎访问《象棋百科全书》网站\r\n推荐用“象棋巫师”观赏棋谱\r\n"


def real_openings() -> list[list]:
    """Main lines of the visible games that start from the usual position."""
    lines = []
    for path in sorted(GAMES_DIR.rglob("*")):
        if path.suffix.lower() not in (".pgn", ".xqf"):
            continue
        for game in load_games(path):
            if not game.is_setup and game.ply_count() >= 12:
                lines.append(game.mainline_moves())
    return lines


def synthetic_game(rng: random.Random, openings: list[list], index: int) -> Game:
    red, black = rng.sample(NAMES, 2)
    game = Game(headers={
        "Game": "Chinese Chess", "Event": rng.choice(EVENTS), "Round": str(rng.randint(1, 11)),
        "Date": f"{rng.randint(1980, 2024)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}",
        "Site": rng.choice(SITES), "RedTeam": rng.choice(TEAMS), "Red": red, "BlackTeam": rng.choice(TEAMS),
        "Black": black, "ECCO": f"{'ABCDE'[index % 5]}{rng.randint(0, 99):02d}", "Opening": "中炮对屏风马",
        "Variation": "",
    })  # fmt: skip
    position, node = Position(), game.root
    opening = rng.choice(openings)
    target, keep = rng.randint(60, 150), min(len(opening), rng.randint(8, 24))
    for ply in range(target):
        if ply < keep:
            move = opening[ply]
        else:
            legal = position.legal_moves()
            if not legal:
                game.result = "0-1" if ply % 2 == 0 else "1-0"
                break
            captures = [m for m in legal if position.is_capture(m)]
            move = rng.choice(captures if captures and rng.random() < 0.4 else legal)
        node = node.add_child(move)
        position.push_unchecked(move)
        if rng.random() < 0.06:
            node.comment = rng.choice(COMMENTS)
    if game.result == "*":
        game.result = rng.choice(["1-0", "0-1", "1/2-1/2"])
    return game


def synthetic_file(count: int, seed: int) -> tuple[Path, list[Game]]:
    rng = random.Random(seed)
    openings = real_openings()
    games = [synthetic_game(rng, openings, i) for i in range(count)]
    text = "".join(game_to_pgn(game).replace("\n", "\r\n") + ADVERT + "\r\n" for game in games)
    path = Path(tempfile.gettempdir()) / f"xiangqi-bench-{count}-{seed}.pgn"
    path.write_bytes(encode_text(text, "gbk"))
    return path, games


def count_nodes(game: Game) -> int:
    return sum(1 for _ in game.root.walk()) - 1


def time_ours_big_file(path: Path) -> tuple[int, int, float, float]:
    start = clock()
    pgn = PgnFile.open(path)
    indexed = clock()
    games = moves = 0
    for game in pgn.games():
        assert not game.errors, game.errors[0]
        games, moves = games + 1, moves + count_nodes(game)
    return games, moves, indexed - start, clock() - start


def time_ours_visible_files() -> tuple[int, int, float]:
    files = [p for p in sorted(GAMES_DIR.rglob("*")) if p.suffix.lower() in (".pgn", ".xqf", ".txt")]
    start = clock()
    games = moves = 0
    for path in files:
        for game in load_games(path):
            games, moves = games + 1, moves + count_nodes(game)
    return games, moves, clock() - start


def one_game_files(games: list[Game], folder: Path) -> list[Path]:
    """What cchess can read: one game per file, UTF-8, no comments; plus the visible single-game PGNs."""
    paths = []
    for index, game in enumerate(games):
        for node in game.root.walk():
            node.comment = ""
        path = folder / f"{index}.pgn"
        path.write_text(game_to_pgn(game), encoding="utf-8")
        paths.append(path)
    for number, visible in enumerate(sorted(GAMES_DIR.rglob("*.[Pp][Gg][Nn]"))):
        pgn = PgnFile.open(visible)
        for index in range(len(pgn)):
            path = folder / f"visible-{number}-{index}.pgn"
            path.write_text(pgn.game_text(index), encoding="utf-8")
            paths.append(path)
    return paths


def time_cchess(paths: list[Path]) -> tuple[int, int, float]:
    from cchess import read_from_pgn

    start = clock()
    games = moves = 0
    for path in paths:
        game = read_from_pgn(str(path))
        games += 1
        moves += len(game.dump_iccs_moves()[0]) if game.first_move else 0
    return games, moves, clock() - start


def time_ours_files(paths: list[Path]) -> tuple[int, int, float]:
    start = clock()
    games = moves = 0
    for path in paths:
        game = PgnFile.open(path).game(0)
        games, moves = games + 1, moves + game.ply_count()
    return games, moves, clock() - start


def report(label: str, games: int, moves: int, seconds: float) -> float:
    rate = moves / seconds
    print(f"{label:<44} {games:6d} games {moves:8d} moves {seconds:7.2f} s "
          f"{games / seconds:8.1f} games/s {rate:9.0f} moves/s")
    return rate


def best_of(repeat: int, run, *args) -> tuple[int, int, float]:
    """The fastest of ``repeat`` runs: the machine is shared, the minimum is the least disturbed figure."""
    runs = [run(*args) for _ in range(repeat)]
    return min(runs, key=lambda result: result[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cchess-games", type=int, default=400, help="synthetic games given to cchess (0 = all)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing; the best one is shown")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    made = clock()
    path, games = synthetic_file(args.games, args.seed)
    print(f"synthetic file: {path} ({path.stat().st_size / 1e6:.1f} MB, made in {clock() - made:.1f} s)")
    count, moves, index_s, total_s = min(
        (time_ours_big_file(path) for _ in range(args.repeat)), key=lambda result: result[-1]
    )
    print(f"index of {count} games: {index_s * 1000:.0f} ms")
    big = report("ours: synthetic file (GBK, comments)", count, moves, total_s)
    report("ours: visible files (PGN, XQF, txt)", *best_of(args.repeat, time_ours_visible_files))
    subset = games if args.cchess_games <= 0 else games[: args.cchess_games]
    with tempfile.TemporaryDirectory() as folder:
        paths = one_game_files(subset, Path(folder))
        runs = [(time_cchess(paths), time_ours_files(paths)) for _ in range(args.repeat)]  # interleaved
    version = importlib.metadata.version("cchess")
    base = report(f"cchess {version}: {len(paths)} one-game files", *min((r[0] for r in runs), key=lambda r: r[-1]))
    ours = report(f"ours: the same {len(paths)} one-game files", *min((r[1] for r in runs), key=lambda r: r[-1]))
    print(f"speed-up over cchess on the same files: {ours / base:.1f}x (moves/s)")
    print(f"speed-up, ours on the big file vs cchess: {big / base:.1f}x (moves/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
