"""Review agreement: the review against a deeper reference, judged by what it claims (issues 21, 28).

    .venv/bin/python tests/bench/review_agreement.py reference [--depth 16] [--jobs 2]
    .venv/bin/python tests/bench/review_agreement.py compare [--depth 16] [--review-nodes N | --review-movetime MS |
                     --review-depth D] [--jobs 2] [--save FILE] [--thresholds 5,10,15]

The games: master games of ../shared/data/ccpd/games/ (``SOURCES``: 8 games, 504 moves; a depth-16 search
costs about 2 CPU-seconds a position), written to ``WORK/games.pgn``. ``--games 3-8`` (compare) keeps some.

**reference** — Fairy-Stockfish (UCI) on plain pipes (none of the program's engine code), for the position
before every move: ``go depth D``; when the played move is not the engine's best, a second search of the
same position at the same depth restricted to it (``searchmoves MOVE``, the hash of the first search kept:
what a second MultiPV line is). Scores are the last exact line of the deepest completed iteration. The
loss is lichess's winning-chance difference (best − played); the reference mark is ?! ≥ 5, ? ≥ 10,
?? ≥ 15 points. Cached per position in ``WORK/reference-dD.jsonl`` (a re-run costs only what is missing).

**compare** — runs the review in-process (``ReviewRunner`` with Fairy-Stockfish as ``python -m xiangqi
review --engine fairy-stockfish`` drives it: UCI; by default at the review's own default, the family's
``review_nodes``) on the games the reference has complete, and prints over their moves: Cohen's kappa over
the four classes (none, ?!, ?, ??), precision and recall of "marked", the share marked ?/?? where the
reference loses < 5 points, and the same for the "mark nothing" baseline; also the mean change of the
mover's score per move (the graph's zig-zag). Targets (issue 28): kappa ≥ 0.5, precision ≥ 70 %, recall
≥ 50 %, ≤ 1 % false ?/??. ``--save FILE`` keeps each move's losses (the judging search's and the one
between the numbers shown); when FILE exists they are read instead of reviewing again, so ``--thresholds``
can be tried offline (exact for thresholds from ``judging.CONFIRM_FROM_LOSS`` on: the confirming search
runs from there). ``--games`` compares some games only: a rule chosen on some games is checked on the
others (held out). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.engine.messages import SearchLimits  # noqa: E402
from xiangqi.record import Game, load_games  # noqa: E402
from xiangqi.record.pgn_writer import save_pgn  # noqa: E402

FAIRY = "/usr/games/fairy-stockfish"
GAME_FILES = REPO.parent / "shared" / "data" / "ccpd" / "games"
# (file in GAME_FILES, game number in it): the two 五羊杯 games measured first, then the first two complete,
# decisive games of 50-80 plies from the standard start of 世界盃, 亞洲杯 and 象甲聯賽. A game's number here
# (1, 2, ...) names it in the caches, so new games are only ever appended.
SOURCES = (("五羊杯", 1), ("五羊杯", 2), ("世界盃", 1), ("世界盃", 12), ("亞洲杯", 2), ("亞洲杯", 4),
           ("象甲聯賽", 19), ("象甲聯賽", 20))
GAMES = tuple(range(1, len(SOURCES) + 1))
WORK = Path("/tmp/review_agreement")
MARK_NAGS = {6: "?!", 2: "?", 4: "??"}


def games_file() -> Path:
    """``WORK/games.pgn``: the games of SOURCES in order, written again when SOURCES has grown."""
    path = WORK / "games.pgn"
    if not path.exists() or len(load_games(path)) != len(SOURCES):
        WORK.mkdir(parents=True, exist_ok=True)
        loaded: dict[str, list[Game]] = {}
        for name, _ in SOURCES:
            loaded.setdefault(name, load_games(GAME_FILES / f"{name}.pgn"))
        save_pgn(path, [loaded[name][number - 1] for name, number in SOURCES])
    return path


def positions_and_moves(game: Game) -> list[tuple[str, str]]:
    """(``position ...`` line in UCI spelling, played move in UCI spelling) for every move of the main line."""
    position, items = game.start_position(), []
    for move in game.mainline_moves():
        fen, moves = position.ucci_position()
        line = f"position fen {fen}" + (" moves " + " ".join(_uci(m.iccs()) for m in moves) if moves else "")
        items.append((line, _uci(move.iccs())))
        position.push(move)
    return items


def _uci(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


# ------------------------------------------------------------------------------------------ reference
class Engine:
    def __init__(self) -> None:
        self.process = subprocess.Popen([FAIRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")

    def wait_for(self, word: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        raise SystemExit("fairy-stockfish ended")

    def search(self, position: str, depth: int, restrict: str | None = None) -> tuple[str, dict[str, object]]:
        self.send(position)
        self.send(f"go depth {depth}" + (f" searchmoves {restrict}" if restrict else ""))
        lines = self.wait_for("bestmove")
        return lines[-1].split()[1], last_exact(lines)

    def close(self) -> None:
        self.send("quit")
        self.process.wait(5)


def last_exact(lines: list[str]) -> dict[str, object]:
    """The deepest exact single-PV line: {'depth', 'cp' or 'mate', 'move'}."""
    best: dict[str, object] = {}
    for line in lines:
        words = line.split()
        if words[:1] != ["info"] or "score" not in words or "pv" not in words:
            continue
        at = words.index("score")
        if words[at + 3:at + 4] and words[at + 3].endswith("bound"):
            continue
        depth = int(words[words.index("depth") + 1])
        if best and depth < int(str(best["depth"])):
            continue
        best = {"depth": depth, words[at + 1]: int(words[at + 2]), "move": words[words.index("pv") + 1]}
    return best


def reference(depth: int, jobs: int) -> None:
    cache_path = WORK / f"reference-d{depth}.jsonl"
    done = load_cache(cache_path)
    items = [(n, ply, line, played) for n, game in zip(GAMES, load_games(games_file()), strict=True)
             for ply, (line, played) in enumerate(positions_and_moves(game))]
    todo = [item for item in items if key(item[0], item[1] + 1) not in done]
    print(f"{len(items)} moves, {len(items) - len(todo)} cached, {len(todo)} to search at depth {depth}", flush=True)
    lock = threading.Lock()
    started = time.perf_counter()

    def work(share: list[tuple[int, int, str, str]]) -> None:
        engine = Engine()
        for number, ply, line, played in share:
            best_move, best = engine.search(line, depth)
            judged = best if best_move == played and best.get("move") == played else None
            if judged is None:
                judged = engine.search(line, depth, restrict=played)[1]
            record = {"position": line, "game": number, "ply": ply + 1, "played": played,
                      "best_move": best_move, "best": best, "played_score": judged}
            with lock, cache_path.open("a") as out:
                out.write(json.dumps(record) + "\n")
                done[key(number, ply + 1)] = record
                count = len(done)
            if count % 20 == 0:
                print(f"{count}/{len(items)} ({time.perf_counter() - started:.0f} s)", flush=True)
        engine.close()

    threads = [threading.Thread(target=work, args=(todo[j::jobs],)) for j in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"done: {len(done)} cached in {cache_path}")


def key(game: object, ply: object) -> str:
    return f"{game}:{ply}"


def load_cache(path: Path) -> dict[str, dict[str, object]]:
    if not path.exists():
        return {}
    records = (json.loads(text) for text in path.read_text().splitlines() if text.strip())
    return {key(record["game"], record["ply"]): record for record in records}


def win_chances(score: dict[str, object]) -> float:
    """lichess's winning chances (0..100) of the side to move for an engine score."""
    if "mate" in score:
        return 100.0 if int(str(score["mate"])) > 0 else 0.0
    cp = int(str(score["cp"]))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def reference_mark(record: dict[str, object]) -> tuple[str, float]:
    best, played = record["best"], record["played_score"]
    assert isinstance(best, dict) and isinstance(played, dict)
    if record["best_move"] == record["played"] or not played:
        return "", 0.0
    loss = max(0.0, win_chances(best) - win_chances(played))
    mark = "??" if loss >= 15 else "?" if loss >= 10 else "?!" if loss >= 5 else ""
    return mark, loss


# ------------------------------------------------------------------------------------------ compare
CLASSES = ("", "?!", "?", "??")


@dataclass(frozen=True)
class Judged:
    """One move as the review judged it: the loss (winning-chance points) and the mark it wrote."""

    game: int
    ply: int
    loss: float          # inside the search that judged the move (pair, confirming or after-position search)
    mark: str
    shown_loss: float    # between the numbers written: the better move's value and the [%eval] after the move


def review_moves(limits: SearchLimits, jobs: int, numbers: list[int]) -> tuple[list[Judged], float]:
    """The review (``ReviewRunner``, Fairy-Stockfish in UCI as the app and the command drive it) of the games
    ``numbers`` (of GAMES): each move's loss and mark; and the wall time."""
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.engine.naming import engine_spec
    from xiangqi.review.annotate import annotate_game, best_value, main_line_positions
    from xiangqi.review.marks import judge_move
    from xiangqi.review.runner import GameWork, ReviewRunner

    games = [game for n, game in zip(GAMES, load_games(games_file()), strict=True) if n in numbers]
    works = [GameWork(n, main_line_positions(game)) for n, game in zip(numbers, games, strict=True)]
    ensure_application()
    runner = ReviewRunner(engine_spec("fairy-stockfish"), works, limits, jobs)
    runner.engine_trouble.connect(lambda text: print(f"engine trouble: {text}", flush=True))
    started = time.perf_counter()
    if not run_until(runner.start, runner.finished, runner.abort):
        raise SystemExit("interrupted")
    elapsed = time.perf_counter() - started
    judged = []
    for work, game in zip(works, games, strict=True):
        if work.failed:
            raise SystemExit(f"game {work.number}: {work.failed}")
        values = [v for v in work.values if v is not None]
        annotate_game(game, work.positions, values)
        for ply, node in enumerate(game.mainline(), start=1):
            mark = next((MARK_NAGS[n] for n in node.nags if n in MARK_NAGS), "")
            before, after, mover = values[ply - 1], values[ply], work.positions[ply - 1].turn
            if before.best == node.move:
                judged.append(Judged(work.number, ply, 0.0, mark, 0.0))
                continue
            played = before.played if before.played is not None else after.evaluation
            loss = judge_move(mover, best_value(before), played).loss
            shown = judge_move(mover, best_value(before), after.evaluation).loss
            judged.append(Judged(work.number, ply, loss, mark, shown))
    out = WORK / f"reviewed-{limits_text(limits).replace(' ', '')}-jobs{jobs}.pgn"
    save_pgn(out, games)
    print(f"reviewed games written to {out}; mean change of the mover's score per move: "
          f"{mover_swing(games):+.0f} cp (evaluations clamped to +-10 pawns, mates at the clamp)")
    return judged, elapsed


def mover_swing(games: list[Game]) -> float:
    """The mean change of the mover's score over its move, from the written [%eval]s (issue 28 §5: the graph
    zig-zags when an engine rates the side to move higher; -97 cp at 300 ms in UCCI mode, -47 at depth 14)."""
    from xiangqi.review.series import record_evaluations

    changes = []
    for game in games:
        evals = record_evaluations(game)
        start = game.start_position().turn.name == "RED"
        for ply in range(1, game.ply_count() + 1):
            if ply - 1 in evals and ply in evals:
                change = evals[ply].pawns() - evals[ply - 1].pawns()
                red_moved = (ply % 2 == 1) == start
                changes.append(100 * (change if red_moved else -change))
    return sum(changes) / len(changes) if changes else 0.0


def mark_for(judged: Judged, thresholds: tuple[float, float, float], shown_agrees: bool = True) -> str:
    loss = min(judged.loss, judged.shown_loss) if shown_agrees else judged.loss
    inaccuracy, mistake, blunder = thresholds
    return "??" if loss >= blunder else "?" if loss >= mistake else "?!" if loss >= inaccuracy else ""


@dataclass(frozen=True)
class Agreement:
    moves: int
    same: float
    kappa: float
    precision: float | None
    recall: float
    false_marks: float
    marked: int


def agreement(pairs: list[tuple[str, str, float]]) -> Agreement:
    """``pairs``: (reference mark, our mark, reference loss) per move."""
    total = len(pairs)
    same = sum(ref == ours for ref, ours, _ in pairs) / total
    ref_share = Counter(ref for ref, _, _ in pairs)
    our_share = Counter(ours for _, ours, _ in pairs)
    chance = sum(ref_share[c] * our_share[c] for c in CLASSES) / total ** 2
    kappa = (same - chance) / (1 - chance) if chance < 1 else 0.0
    ours_marked = [ref for ref, ours, _ in pairs if ours]
    ref_marked = [ours for ref, ours, _ in pairs if ref]
    precision = sum(1 for ref in ours_marked if ref) / len(ours_marked) if ours_marked else None
    recall = sum(1 for ours in ref_marked if ours) / len(ref_marked) if ref_marked else 0.0
    false_marks = sum(1 for _, ours, loss in pairs if ours in ("?", "??") and loss < 5) / total
    return Agreement(total, same, kappa, precision, recall, false_marks, len(ours_marked))


def report(name: str, result: Agreement) -> str:
    precision = "  n/a " if result.precision is None else f"{100 * result.precision:5.1f}%"
    return (f"{name:<22} same {100 * result.same:5.1f}%  kappa {result.kappa:5.2f}  precision {precision}  "
            f"recall {100 * result.recall:5.1f}%  false ?/?? {100 * result.false_marks:4.1f}%  "
            f"marked {result.marked}/{result.moves}")


def compare(limits: SearchLimits, jobs: int, depth: int, thresholds: tuple[float, float, float],
            saved: Path | None, twice: bool, chosen: list[int]) -> None:
    records = list(load_cache(WORK / f"reference-d{depth}.jsonl").values())
    plies = {n: game.ply_count() for n, game in zip(GAMES, load_games(games_file()), strict=True)}
    counts = Counter(int(str(record["game"])) for record in records)
    # the chosen games the reference has every move of
    complete = [n for n in GAMES if counts[n] == plies[n] and n in chosen]
    reference_by = {(int(str(r["game"])), int(str(r["ply"]))): reference_mark(r) for r in records}
    if saved is not None and saved.exists():
        judged = [Judged(**json.loads(text)) for text in saved.read_text().splitlines() if text.strip()]
        elapsed = 0.0
        print(f"review results read from {saved}")
    else:
        # saved: every chosen game (the reference may complete more of them later), else the complete ones
        judged, elapsed = review_moves(limits, jobs, chosen if saved is not None else complete)
        if saved is not None:
            saved.write_text("".join(json.dumps(asdict(j)) + "\n" for j in judged))
        print(f"review {limits_text(limits)} --jobs {jobs}: {elapsed:.0f} s wall, "
              f"load average {os.getloadavg()[0]:.1f} at the end")
    judged = [j for j in judged if j.game in complete]
    print(f"games {complete}: {len(judged)} moves against Fairy-Stockfish (UCI) at depth {depth} judging the "
          f"played move in the same search; marks at {'/'.join(f'{t:g}' for t in thresholds)} points")
    ours = [(reference_by[(j.game, j.ply)][0], mark_for(j, thresholds), reference_by[(j.game, j.ply)][1])
            for j in judged]
    alone = [(reference_by[(j.game, j.ply)][0], mark_for(j, thresholds, False), reference_by[(j.game, j.ply)][1])
             for j in judged]
    nothing = [(ref, "", loss) for ref, _, loss in ours]
    print(report("review", agreement(ours)))
    print(report("  judging search alone", agreement(alone)))
    print(report("baseline: mark nothing", agreement(nothing)))
    print("  targets: kappa >= 0.5, precision >= 70 %, recall >= 50 %, false ?/?? <= 1 %")
    confusion = Counter((ref or "-", mark or "-") for ref, mark, _ in ours)
    print("  reference mark -> ours: " + ", ".join(f"{r}->{o}: {c}" for (r, o), c in sorted(confusion.items())))
    if twice:
        again, _ = review_moves(limits, 1 if jobs > 1 else 2, complete)
        changed = sum(a.mark != b.mark for a, b in zip(judged, again, strict=True))
        print(f"run twice (--jobs {jobs}, then {1 if jobs > 1 else 2}): {changed} of {len(judged)} marks changed")


def limits_text(limits: SearchLimits) -> str:
    return (f"--depth {limits.depth}" if limits.depth else f"--nodes {limits.nodes}" if limits.nodes
            else f"--movetime {limits.movetime_ms}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["reference", "compare"])
    parser.add_argument("--depth", type=int, default=16, help="the reference's depth")
    parser.add_argument("--jobs", type=int, default=2)
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--review-nodes", type=int, help="review at this node budget (default: the review's default)")
    limit.add_argument("--review-movetime", type=int, help="review at this time per position instead")
    limit.add_argument("--review-depth", type=int, help="review at this depth instead")
    parser.add_argument("--thresholds", default="", help="?!,?,?? in points (default: the review's own)")
    parser.add_argument("--save", type=Path, help="keep the review's losses in this file; when it exists, "
                        "read them instead of reviewing again (to try --thresholds)")
    parser.add_argument("--twice", action="store_true", help="review again with another --jobs: marks changed")
    parser.add_argument("--games", default=f"1-{len(GAMES)}",
                        help="compare these games only (numbers of SOURCES: 3-8, 1,2): to hold some out")
    args = parser.parse_args()
    if args.action == "reference":
        reference(args.depth, args.jobs)
        return
    from xiangqi.engine.registry import load_families
    from xiangqi.review.judging import review_limits
    from xiangqi.review.marks import BLUNDER_LOSS, INACCURACY_LOSS, MISTAKE_LOSS

    limits = (SearchLimits(depth=args.review_depth) if args.review_depth
              else SearchLimits(movetime_ms=args.review_movetime) if args.review_movetime
              else SearchLimits(nodes=args.review_nodes) if args.review_nodes
              else review_limits(next(f for f in load_families() if f.id == "fairy-stockfish")))
    thresholds = (tuple(float(t) for t in args.thresholds.split(",")) if args.thresholds
                  else (INACCURACY_LOSS, MISTAKE_LOSS, BLUNDER_LOSS))
    assert len(thresholds) == 3
    compare(limits, args.jobs, args.depth, (thresholds[0], thresholds[1], thresholds[2]), args.save, args.twice,
            game_numbers(args.games))


def game_numbers(text: str) -> list[int]:
    """``3-8`` or ``1,2,5`` (or both: ``1,3-5``) as game numbers."""
    numbers: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    unknown = [n for n in numbers if n not in GAMES]
    if unknown:
        raise SystemExit(f"--games {text!r}: no game {unknown[0]} (1-{len(GAMES)})")
    return sorted(set(numbers))


if __name__ == "__main__":
    main()
