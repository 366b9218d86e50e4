"""Whole-game review speed: ``python -m xiangqi review`` of a 100-ply game at 300 ms per position, 2 jobs.

    .venv/bin/python tests/bench/review_speed.py [--plies 100] [--movetime 300] [--jobs 2] [--before DIR]

The game is the first master game of ../shared/data/games/wukong/bulk_games_uci.pgn cut to ``--plies``.
Measured, in one run:

* **review** — the command's wall time (start of Python to exit: reading, engine start, every search,
  writing the PGN), Fairy-Stockfish as the engine;
* **pipe** — the reference: ``--jobs`` Fairy-Stockfish processes on plain pipes, each sent its share of the
  same positions (``position ... moves ...`` + ``go movetime``), waiting for each ``bestmove``;
* **ideal** — plies × movetime / jobs, the engines' own time;
* the program's own time per search: the median time from an engine's ``bestmove`` to the next ``go``
  (the review talks to the engine through a pass-through proxy that notes both);
* with ``--before DIR`` (e.g. a ``git worktree`` of an older commit): the same review run by that code,
  in the same run, with the searches each version sent (the review now sends a second search for a
  move outside its MultiPV lines, so the totals alone do not compare).

The review sends more than one search for some positions (the pair search of a move that is not the
engine's, twice the time; a confirming one for a move it would mark, 6x), so the proxy also notes each
search's move time: the engines' own time is their sum / jobs. Target (issue 12): review ≤ 1.15 × that.
Prints all three and the ratios. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.core import Position  # noqa: E402
from xiangqi.core.notation import Notation  # noqa: E402
from xiangqi.record import Game, load_games  # noqa: E402
from xiangqi.record.pgn_writer import save_pgn  # noqa: E402

FAIRY = "/usr/games/fairy-stockfish"
SOURCE = REPO.parent / "shared" / "data" / "games" / "wukong" / "bulk_games_uci.pgn"
TARGET = 1.15


def cut_game(plies: int) -> Game:
    real = next(g for g in load_games(SOURCE) if g.ply_count() >= plies)
    game = Game(dict(real.headers))
    node = game.root
    for move in real.mainline_moves()[:plies]:
        node = node.add_child(move)
    return game


PROXY = r"""import subprocess, sys, threading, time
log = open(sys.argv[1], "a", buffering=1)
proc = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
def out():
    for line in proc.stdout:
        sys.stdout.buffer.write(line); sys.stdout.buffer.flush()
        if line.startswith(b"bestmove"):
            log.write(f"bestmove {time.monotonic()}\n")
threading.Thread(target=out, daemon=True).start()
for line in sys.stdin.buffer:
    if line.startswith(b"go"):
        words = line.split()
        word = b"movetime" if b"movetime" in words else b"time"   # UCCI: go time MS movestogo 1
        given = words[words.index(word) + 1].decode() if word in words else "0"
        log.write(f"go {time.monotonic()} {given}\n")
    proc.stdin.write(line); proc.stdin.flush()
proc.stdin.close(); proc.wait()
"""


# The review command in this Python, saying at exit how much processor time it used itself (not its engines).
CPU_WRAPPER = ("import atexit, sys, time\n"
               "atexit.register(lambda: print(f'review-cpu {time.process_time()}', file=sys.stderr))\n"
               "sys.argv = ['xiangqi', *sys.argv[1:]]\n"
               "from xiangqi.__main__ import main\n"
               "sys.exit(main())\n")


def review_seconds(path: Path, movetime: int, jobs: int,
                   code: Path = REPO) -> tuple[float, int, float, float, float]:
    """The review command's wall time, how many searches it sent, the median time from an engine's
    ``bestmove`` to its next ``go`` (seen by a pass-through proxy), the command's own processor time and the
    engines' own time for the searches it sent (their move times / jobs, seconds)."""
    out = path.with_name("reviewed.pgn")
    proxy, log = path.with_name("proxy.py"), path.with_name(f"gos-{code.name}.log")
    proxy.write_text(PROXY)
    log.write_text("")
    engine = f"{sys.executable} {proxy} {log} {FAIRY}"
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", CPU_WRAPPER, "review", str(path), "--engine", engine,
                             "--movetime", str(movetime), "--jobs", str(jobs), "-o", str(out)],
                            cwd=code, env=dict(os.environ, PYTHONPATH=str(code)), capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"review failed: {result.stderr}")
    cpu = float(result.stderr.rsplit("review-cpu ", 1)[1].split()[0])
    lines = log.read_text().splitlines()
    given = sum(int(line.split()[2]) for line in lines if line.startswith("go")) / 1000 / jobs
    return elapsed, *_searches_and_gap(lines, jobs), cpu, given


def _searches_and_gap(lines: list[str], jobs: int) -> tuple[int, float]:
    """Both engines log into one file: a ``go`` follows the other engine's ``bestmove`` as well, so the gap of
    a ``go`` is taken from the latest ``bestmove`` and the median of the shortest gaps of each go."""
    gos = [float(line.split()[1]) for line in lines if line.startswith("go")]
    answers = [float(line.split()[1]) for line in lines if line.startswith("bestmove")]
    gaps = [go - max(a for a in answers if a <= go) for go in gos if any(a <= go for a in answers)]
    return len(gos), 1000 * statistics.median(gaps) if gaps else float("nan")


def pipe_seconds(game: Game, movetime: int, jobs: int) -> float:
    """The same positions on plain pipes, shared out round-robin to ``jobs`` engines (UCI, ranks 1-10)."""
    position, lines = game.start_position(), []
    for move in [None, *game.mainline_moves()]:
        if move is not None:
            position.push(move)
        fen, moves = position.ucci_position()
        lines.append(f"position fen {fen}" + (" moves " + " ".join(_uci(m.iccs()) for m in moves) if moves else ""))
    started = time.perf_counter()
    threads = [threading.Thread(target=_pipe_worker, args=(lines[j::jobs], movetime)) for j in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def _uci(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def _pipe_worker(lines: list[str], movetime: int) -> None:
    proc = subprocess.Popen([FAIRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None

    def send(text: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    def wait(prefix: str) -> None:
        assert proc.stdout is not None
        for out in proc.stdout:
            if out.startswith(prefix):
                return

    send("uci")
    wait("uciok")
    for option in ("UCI_Variant value xiangqi", "Threads value 1", "Hash value 64"):
        send(f"setoption name {option}")
    send("isready")
    wait("readyok")
    for line in lines:
        send(line)
        send(f"go movetime {movetime}")
        wait("bestmove")
    send("quit")
    proc.wait(timeout=5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--movetime", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--before", type=Path, help="an older checkout to run the same review with")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (2 CPUs shared: above ~1 the engines get less than their time)")
    game = cut_game(args.plies)
    ideal = args.plies * args.movetime / 1000 / args.jobs
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.pgn"
        save_pgn(path, [game], notation=Notation.ICCS)
        review, searches, gap, cpu, given = review_seconds(path, args.movetime, args.jobs)
        before = review_seconds(path, args.movetime, args.jobs, args.before) if args.before else None
    pipe = pipe_seconds(game, args.movetime, args.jobs)
    positions = args.plies + (0 if game.end_position().outcome() else 1)
    print(f"{args.plies}-ply game ({positions} positions), {args.movetime} ms each, {args.jobs} jobs")
    print(f"ideal (plies x movetime / jobs): {ideal:.2f} s")
    print(f"pipe reference:                   {pipe:.2f} s  ({pipe / ideal:.3f} x ideal)")
    print(f"review command:                   {review:.2f} s  ({review / ideal:.3f} x ideal, "
          f"{review / pipe:.3f} x pipe)")
    print(f"the searches the review sent (a pair search and a confirming one for some moves): {given:.2f} s "
          f"of engine time; review {review / given:.3f} x that")
    print(f"target review <= {TARGET} x the engines' time: {'ok' if review <= TARGET * given else 'OVER'}")
    print(f"review: {searches} searches, median bestmove -> next go {gap:.1f} ms, "
          f"processor {cpu:.2f} s ({1000 * cpu / searches:.1f} ms per search, start included)")
    if before is not None:
        print(f"before ({args.before}): {before[0]:.2f} s, {before[1]} searches, median bestmove -> next go "
              f"{before[2]:.1f} ms, processor {before[3]:.2f} s ({1000 * before[3] / before[1]:.1f} ms per search)")
    return 0


if __name__ == "__main__":
    Position()  # the core loads before any timing
    sys.exit(main())
