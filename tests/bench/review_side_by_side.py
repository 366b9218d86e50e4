"""One game reviewed by ElephantEye and by Fairy-Stockfish: their evaluations side by side, in pawns on the
program's one scale, and their marks compared (issue 21).

    .venv/bin/python tests/bench/review_side_by_side.py [--game FILE] [--number N] [--movetime MS]

Both reviews are ``python -m xiangqi review`` (ElephantEye from ``.engines/eleeye`` — what
``.ci/setup.sh test`` builds — or ``$XIANGQI_ELEEYE``); the default game is the first of
``../shared/data/ccpd/games/五羊杯.pgn``. Prints one row a move (the evaluation after it, red's view, and
each engine's mark), then how often the marks agree, the mean absolute difference of the evaluations and
their correlation. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.record import load_games  # noqa: E402
from xiangqi.record.pgn_writer import save_pgn  # noqa: E402
from xiangqi.review.evaluation import Evaluation, parse_eval_comment  # noqa: E402

ELEEYE = Path(os.environ.get("XIANGQI_ELEEYE", REPO / ".engines" / "eleeye" / "eleeye"))
SOURCE = REPO.parent / "shared" / "data" / "ccpd" / "games" / "五羊杯.pgn"
MARKS = {6: "?!", 2: "?", 4: "??"}


def review(engine: str, game_file: Path, movetime: int, out: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "xiangqi", "review", str(game_file), "--engine", engine,
                             "--movetime", str(movetime), "-o", str(out)], cwd=REPO, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"review with {engine} failed: {result.stderr[-1500:]}")


def rows(out: Path) -> list[tuple[str, Evaluation | None, str]]:
    game = load_games(out)[0]
    found = []
    for node in game.mainline():
        assert node.move is not None
        mark = next((MARKS[n] for n in node.nags if n in MARKS), "")
        found.append((node.move.iccs(), parse_eval_comment(node.comment), mark))
    return found


def pawns(value: Evaluation | None) -> str:
    if value is None:
        return "-"
    return f"#{value.mate}" if value.mate is not None else f"{value.cp / 100:+.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", type=Path, default=SOURCE)
    parser.add_argument("--number", type=int, default=1)
    parser.add_argument("--movetime", type=int, default=1000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="side_by_side_"))
    game_file = work / "game.pgn"
    save_pgn(game_file, [load_games(args.game)[args.number - 1]])
    review(str(ELEEYE), game_file, args.movetime, work / "eleeye.pgn")
    review("fairy-stockfish", game_file, args.movetime, work / "fairy.pgn")
    eleeye, fairy = rows(work / "eleeye.pgn"), rows(work / "fairy.pgn")
    print(f"{args.game.name} game {args.number}, {args.movetime} ms a position, load {os.getloadavg()[0]:.1f}")
    print(f"{'ply':>4} {'move':6} {'ElephantEye':>12} {'Fairy-SF':>10}  marks")
    same, diffs, pairs = 0, [], []
    for ply, ((move, e_eval, e_mark), (_, f_eval, f_mark)) in enumerate(zip(eleeye, fairy, strict=True), start=1):
        print(f"{ply:4} {move:6} {pawns(e_eval):>12} {pawns(f_eval):>10}  {e_mark or '-':>2} {f_mark or '-':>2}")
        same += e_mark == f_mark
        if e_eval is not None and f_eval is not None and e_eval.cp is not None and f_eval.cp is not None:
            diffs.append(abs(e_eval.cp - f_eval.cp) / 100)
            pairs.append((e_eval.cp / 100, f_eval.cp / 100))
    total = len(eleeye)
    print(f"same mark: {same}/{total} = {100 * same / total:.1f} %")
    if len(pairs) > 2:
        print(f"evaluations (both in pawns, {len(pairs)} positions): mean |difference| {statistics.mean(diffs):.2f}, "
              f"correlation {statistics.correlation([e for e, _ in pairs], [f for _, f in pairs]):.2f}")
    print(f"files: {work}")


if __name__ == "__main__":
    main()
