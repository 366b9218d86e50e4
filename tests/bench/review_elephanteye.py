"""ElephantEye's review: the depths its searches reach and what it writes for mates (issue 28 §2).

    .venv/bin/python tests/bench/review_elephanteye.py [--depth 8] [--games 8] [--jobs 1]

Two sets of games, reviewed in-process by ``xiangqi.review.runner.ReviewRunner`` (the code the app and
``python -m xiangqi review`` run) with ElephantEye (``.engines/eleeye/eleeye``) at ``go depth D``:

* **mate games**: the last 5 plies of the first three records of ``殺局_殺法_練習題.pgn`` that end in
  checkmate (a mate in 3 for the side to move at the start). Printed: the ``[%eval]`` the review writes
  after each move, ElephantEye's and Fairy-Stockfish's (UCI, depth 12) side by side: a mate must read as
  ``#N`` with the right N, never as a big number of pawns.
* **master games**: the first ``--games`` records of 五羊杯.pgn. Printed per game and in all: the searches
  that judged a played move other than the engine's (the position after it, one ply less) with the depth
  ElephantEye reported in its own ``info`` lines, how many reached less than D - 1, and the positions with
  one legal move (searched the same way).

Not collected by pytest. Cheap: ElephantEye searches depth 8 in well under a second.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.engine.eventloop import ensure_application, run_until  # noqa: E402
from xiangqi.engine.messages import SearchLimits  # noqa: E402
from xiangqi.engine.naming import engine_spec  # noqa: E402
from xiangqi.record import Game, load_games  # noqa: E402
from xiangqi.review.annotate import PositionValue, annotate_game, main_line_positions  # noqa: E402
from xiangqi.review.runner import GameWork, ReviewRunner  # noqa: E402
from xiangqi.review.series import record_evaluations  # noqa: E402

ELEEYE = REPO / ".engines" / "eleeye" / "eleeye"
DATA = REPO.parent / "shared" / "data" / "ccpd"
MATES = DATA / "training" / "殺局_殺法_練習題.pgn"
MASTERS = DATA / "games" / "五羊杯.pgn"
MATE_PLIES = 5


def mate_games(count: int = 3) -> list[Game]:
    """The last ``MATE_PLIES`` plies of the first ``count`` records that end in checkmate."""
    found = []
    for game in load_games(MATES):
        moves = game.mainline_moves()
        position = game.start_position()
        for move in moves:
            position.push(move)
        if position.legal_moves() or len(moves) <= MATE_PLIES:
            continue
        start = game.start_position()
        for move in moves[:-MATE_PLIES]:
            start.push(move)
        short = Game({"Red": "R", "Black": "B"}, start_fen=start.fen())
        node = short.root
        for move in moves[-MATE_PLIES:]:
            node = node.add_child(move)
        found.append(short)
        if len(found) == count:
            break
    return found


def review(engine: str, games: list[Game], limits: SearchLimits, jobs: int) -> list[list[PositionValue]]:
    ensure_application()
    works = [GameWork(n, main_line_positions(game)) for n, game in enumerate(games)]
    runner = ReviewRunner(engine_spec(engine), works, limits, jobs)
    runner.engine_trouble.connect(lambda text: print(f"  engine trouble: {text}"))
    if not run_until(runner.start, runner.finished, runner.abort):
        raise SystemExit("interrupted")
    for work in works:
        if work.failed:
            raise SystemExit(f"game {work.number}: {work.failed}")
    return [[v for v in work.values if v is not None] for work in works]


def written_evals(game: Game, values: list[PositionValue]) -> list[str]:
    copy = Game(dict(game.headers), start_fen=game.start_fen)
    node = copy.root
    for move in game.mainline_moves():
        node = node.add_child(move)
    annotate_game(copy, main_line_positions(copy), values)
    evals = record_evaluations(copy)
    return [evals[ply].text() if ply in evals else "(end)" for ply in range(copy.ply_count() + 1)]


def show_mates(depth: int) -> None:
    games = mate_games()
    eleeye = review(str(ELEEYE), games, SearchLimits(depth=depth), 1)
    fairy = review("fairy-stockfish", games, SearchLimits(depth=12), 1)
    print(f"mate games: [%eval] before move 1, then after each move (ElephantEye depth {depth} | "
          "Fairy-Stockfish UCI depth 12)")
    for number, game in enumerate(games, start=1):
        moves = " ".join(m.iccs() for m in game.mainline_moves())
        print(f"  game {number} {game.start_fen}  moves {moves}")
        print(f"    ElephantEye:     {' '.join(written_evals(game, eleeye[number - 1]))}")
        print(f"    Fairy-Stockfish: {' '.join(written_evals(game, fairy[number - 1]))}")


def show_depths(depth: int, count: int, jobs: int) -> None:
    games = load_games(MASTERS)[:count]
    results = review(str(ELEEYE), games, SearchLimits(depth=depth), jobs)
    total: Counter[int] = Counter()
    single: Counter[int] = Counter()
    print(f"master games (五羊杯 1-{count}), ElephantEye go depth {depth}: depth ElephantEye reported in the "
          f"searches of the position after a played move (wanted: {depth - 1})")
    for number, (game, values) in enumerate(zip(games, results, strict=True), start=1):
        positions = main_line_positions(game)
        depths: Counter[int] = Counter()
        for ply, value in enumerate(values[:-1]):
            played = positions[ply + 1].move_stack[-1]
            one_move = len(positions[ply].legal_moves()) == 1
            if value.played_depth is None or (value.best == played and not one_move):
                continue   # judged inside the position's own search
            (single if one_move else depths)[value.played_depth - 1] += 1
        total.update(depths)
        print(f"  game {number}: {sum(depths.values())} searches, depths {dict(sorted(depths.items()))}")
    shallow = sum(c for d, c in total.items() if d < depth - 1)
    print(f"  all: {sum(total.values())} searches of the position after the played move; depths "
          f"{dict(sorted(total.items()))}; below {depth - 1}: {shallow}")
    print(f"  positions with one legal move: {sum(single.values())}, searched after it to depths "
          f"{dict(sorted(single.items()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    show_mates(args.depth)
    show_depths(args.depth, args.games, args.jobs)


if __name__ == "__main__":
    main()
