"""Match overhead per move: everything the match does besides the engines' own thinking.

    .venv/bin/python tests/bench/match_overhead.py [--games 6] [--repeat 3]

Both sides are the scripted fake engine (tests/engine/fakes/fake_engine.py), which answers every ``go`` at
once with the first legal move, so a game is nearly all overhead: ours and the engine's own reading of
the position. The same games are played twice, in one process:

* **match** — ``xiangqi.match.runner.MatchRunner`` (engine seats, QProcess, the referee with the repetition
  rulings and banned moves, clocks, PGN comments, the atomic PGN append after each game);
* **pipe** — the reference: the same fake engines on plain pipes (``subprocess``), ``position``/``go``
  written and ``bestmove`` read, the move pushed on a ``Position``: no referee, no record.

Prints both per move and the difference (target: ≤ 5 ms per move). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.core import Move, Position  # noqa: E402

FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
TARGET_MS = 5.0


def run_match(games: int, pgn: Path) -> tuple[float, int]:
    """Wall seconds and plies of a match between two fake engines through the match runner."""
    from xiangqi.engine.naming import TimeControl, engine_spec
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.match.runner import MatchRunner, MatchSettings

    ensure_application()
    spec = engine_spec(f"{sys.executable} {FAKE}")
    settings = MatchSettings(specs=(spec, spec), time=TimeControl(movetime_ms=1000), games=games, pgn=pgn)
    runner = MatchRunner(settings)
    started = time.perf_counter()
    finished: list[float] = []
    runner.finished.connect(lambda: finished.append(time.perf_counter()))
    run_until(runner.start, runner.finished, runner.abort)
    plies = sum(result.plies for result in runner.results)
    return finished[0] - started, plies


class PipeEngine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(FAKE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1, cwd=FAKE.parent)
        self.send("ucci")
        self.expect("ucciok")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError("the engine exited")

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=5)


def run_pipe(plies_per_game: list[int]) -> float:
    """Wall seconds for the same games (same lengths) on plain pipes; the engines are started once, as
    the match starts them once (the time includes their start, as the match's does)."""
    started = time.perf_counter()
    engines = [PipeEngine(), PipeEngine()]
    for plies in plies_per_game:
        position = Position()
        for engine in engines:
            engine.send("setoption newgame")
        for ply in range(plies):
            fen, moves = position.ucci_position()
            engine = engines[ply % 2]
            engine.send(f"position fen {fen}" + (" moves " + " ".join(m.iccs() for m in moves) if moves else ""))
            engine.send("go time 1000 movestogo 1")
            position.push(Move.from_iccs(engine.expect("bestmove").split()[1]))
    for engine in engines:
        engine.close()
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (2 CPUs: above ~1 the figures are noisy)")
    overheads = []
    for repetition in range(1, args.repeat + 1):
        with tempfile.TemporaryDirectory() as folder:
            from xiangqi.match.runner import MatchRunner  # noqa: F401 (Qt loaded before timing)

            match_s, plies = run_match(args.games, Path(folder) / "bench.pgn")
            from xiangqi.record.pgn_file import PgnFile

            lengths = [game.ply_count() for game in PgnFile.open(Path(folder) / "bench.pgn").games()]
        pipe_s = run_pipe(lengths)
        per_match, per_pipe = 1000 * match_s / plies, 1000 * pipe_s / plies
        overheads.append(per_match - per_pipe)
        print(f"run {repetition}: {args.games} games, {plies} plies: match {per_match:.2f} ms/move, "
              f"pipe {per_pipe:.2f} ms/move, overhead {per_match - per_pipe:+.2f} ms/move, "
              f"ratio {per_match / per_pipe:.2f}", flush=True)
    median = statistics.median(overheads)
    print(f"match overhead per move (median of {args.repeat}): {median:.2f} ms (target <= {TARGET_MS:.0f} ms: "
          f"{'ok' if median <= TARGET_MS else 'OVER'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
