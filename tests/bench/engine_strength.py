"""Strength of the built-in engine: a match against Fairy-Stockfish, plus speed from the start position.

    .venv/bin/python tests/bench/engine_strength.py [--games 20] [--movetime 1.0] [--elo 1350] [--level 5]

Plays ``--games`` games (colours alternate, each opening of the list is played once with each colour)
between ``python -m xiangqi ucci`` (UCCI, ``go time T movestogo 1``) and /usr/games/fairy-stockfish
(UCI, ``UCI_Variant xiangqi``, ``UCI_LimitStrength true``, ``UCI_Elo``, ``go movetime T``).  The
referee is xiangqi.core (legality, mate/stalemate, repetition rulings, 60-move limit); games longer than
``--max-plies`` are drawn.  Prints every game, the score, an Elo estimate with a 95% interval, then
nodes/s and the depth reached from the start position in 1 s and 5 s (``go infinite`` + ``stop``).
Not collected by pytest.
"""

from __future__ import annotations

import argparse
import math
import queue
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.core import Color, Move, Position  # noqa: E402 (after the sys.path line: run as a script)

FAIRY = "/usr/games/fairy-stockfish"
OPENINGS = (  # ICCS, a few plies each: common first moves so the games differ
    "h2e2 h9g7",
    "h2e2 h7e7",
    "c3c4 g6g5",
    "b0c2 h9g7",
    "g0e2 h7e7",
    "h2e2 b9c7 h0g2 a9a8",   # (a9b9 would drop the rook to the b2 cannon)
    "b2d2 h9g7",
    "h0g2 c6c5",
    "c3c4 b9c7",
    "h2f2 h9g7",
    "h2e2 h9g7 h0g2 i9h9",
    "g3g4 h9g7",
)


class EngineProcess:
    """One engine on pipes; a reader thread queues its output lines."""

    def __init__(self, command: list[str], name: str, cwd: Path = REPO) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, cwd=cwd
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("<eof>")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str, timeout: float = 30.0) -> tuple[str, list[str]]:
        """Wait for a line starting with ``prefix``; returns it and the lines seen before it."""
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            if line == "<eof>":
                raise RuntimeError(f"{self.name} exited")
            if line.startswith(prefix):
                return line, seen
            seen.append(line)

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def start_builtin(level: int) -> EngineProcess:
    engine = EngineProcess([sys.executable, "-m", "xiangqi", "ucci"], "builtin")
    engine.send("ucci")
    engine.expect("ucciok")
    for option in ("usemillisec true", f"level {level}", "newgame"):
        engine.send(f"setoption {option}")
    return engine


def start_fairy(elo: int) -> EngineProcess:
    engine = EngineProcess([FAIRY], "fairy")
    engine.send("uci")
    engine.expect("uciok")
    settings = (("UCI_Variant", "xiangqi"), ("UCI_LimitStrength", "true"), ("UCI_Elo", str(elo)), ("Threads", "1"))
    for name, value in settings:
        engine.send(f"setoption name {name} value {value}")
    engine.send("isready")
    engine.expect("readyok")
    return engine


def to_uci(move: Move) -> str:
    """ICCS ranks are 0-9, Fairy-Stockfish's UCI ranks 1-10."""
    text = move.iccs()
    return f"{text[0]}{int(text[1]) + 1}{text[2]}{int(text[3]) + 1}"


def from_uci(text: str) -> Move:
    match = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", text)
    if match is None:
        raise ValueError(f"unreadable UCI move {text!r}")
    return Move.from_iccs(f"{match[1]}{int(match[2]) - 1}{match[3]}{int(match[4]) - 1}")


@dataclass
class GameResult:
    builtin_red: bool
    score: float  # for the built-in engine: 1, 0.5, 0
    reason: str
    moves: list[str]  # ICCS, from the start position (opening included)
    builtin_depths: list[int]


def builtin_move(engine: EngineProcess, position: Position, movetime_ms: int) -> tuple[Move, int]:
    fen, moves = position.ucci_position()
    engine.send(f"position fen {fen}" + (" moves " + " ".join(m.iccs() for m in moves) if moves else ""))
    engine.send(f"go time {movetime_ms} movestogo 1")
    line, infos = engine.expect("bestmove", timeout=movetime_ms / 1000 + 10)
    depths = [int(i.split()[2]) for i in infos if i.startswith("info depth")]
    return Move.from_iccs(line.split()[1]), max(depths, default=0)


def fairy_move(engine: EngineProcess, position: Position, movetime_ms: int) -> Move:
    fen, moves = position.ucci_position()
    engine.send(f"position fen {fen}" + (" moves " + " ".join(to_uci(m) for m in moves) if moves else ""))
    engine.send(f"go movetime {movetime_ms}")
    line, _ = engine.expect("bestmove", timeout=movetime_ms / 1000 + 10)
    return from_uci(line.split()[1])


def iccs_moves(position: Position) -> list[str]:
    return [move.iccs() for move in position.move_stack]


def play_game(
    builtin: EngineProcess, fairy: EngineProcess, opening: str, builtin_red: bool, movetime_ms: int, max_plies: int
) -> GameResult:
    position = Position()
    for text in opening.split():
        position.push(Move.from_iccs(text))
    builtin.send("setoption newgame")
    fairy.send("ucinewgame")
    builtin_color = Color.RED if builtin_red else Color.BLACK
    depths: list[int] = []
    while position.ply < max_plies:
        outcome = position.outcome()
        if outcome is not None:
            score = 0.5 if outcome.winner is None else float(outcome.winner == builtin_color)
            return GameResult(builtin_red, score, outcome.termination.name, iccs_moves(position), depths)
        mover_is_builtin = position.turn == builtin_color
        if mover_is_builtin:
            move, depth = builtin_move(builtin, position, movetime_ms)
            depths.append(depth)
        else:
            move = fairy_move(fairy, position, movetime_ms)
        if not position.is_legal(move):
            loser = "builtin" if mover_is_builtin else "fairy"
            score = 0.0 if mover_is_builtin else 1.0
            return GameResult(builtin_red, score, f"illegal move {move} by {loser}", iccs_moves(position), depths)
        position.push(move)
    return GameResult(builtin_red, 0.5, "max plies", iccs_moves(position), depths)


def elo_estimate(scores: list[float]) -> tuple[float, float, float, float]:
    """(mean score, Elo, low, high): the 95% interval is the Wilson score interval of the mean.

    Wilson (not mean +- 1.96 SE) so that 100% or 0% still gets a one-sided bound; a bound at 0% or
    100% is infinite Elo, printed as such.
    """
    n = len(scores)
    mean = sum(scores) / n
    z = 1.96
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)

    def elo(p: float) -> float:
        if p <= 0:
            return -math.inf
        if p >= 1:
            return math.inf
        return -400 * math.log10(1 / p - 1)

    return mean, elo(min(max(mean, 0.5 / n), 1 - 0.5 / n)), elo(centre - half), elo(centre + half)


def speed_from_start(seconds: float) -> tuple[int, int, int]:
    """(depth, nodes, nps) reached by the built-in engine from the start position in ``seconds``."""
    engine = start_builtin(5)
    engine.send("position startpos")
    engine.send("go infinite")
    time.sleep(seconds)
    engine.send("stop")
    _, infos = engine.expect("bestmove", timeout=10)
    engine.close()
    depth_lines = [i.split() for i in infos if i.startswith("info depth")]
    final = [i.split() for i in infos if i.startswith("info time")]
    depth = int(depth_lines[-1][2]) if depth_lines else 0
    nodes = int(final[-1][final[-1].index("nodes") + 1]) if final else 0
    return depth, nodes, int(nodes / seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds per move for both engines")
    parser.add_argument("--elo", type=int, default=1350)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--skip-match", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--record", type=Path, help="write each game's ICCS moves to this file")
    args = parser.parse_args()
    if not args.skip_match:
        run_match(args)
    for seconds in () if args.skip_speed else (1.0, 5.0):
        depth, nodes, nps = speed_from_start(seconds)
        print(f"start position, {seconds:.0f} s: depth {depth}, {nodes} nodes, {nps} nodes/s", flush=True)
    return 0


def run_match(args: argparse.Namespace) -> None:
    movetime_ms = int(args.movetime * 1000)
    builtin, fairy = start_builtin(args.level), start_fairy(args.elo)
    results: list[GameResult] = []
    try:
        for game in range(args.games):
            opening = OPENINGS[(game // 2) % len(OPENINGS)]
            result = play_game(builtin, fairy, opening, game % 2 == 0, movetime_ms, args.max_plies)
            results.append(result)
            if args.record:
                with args.record.open("a", encoding="utf-8") as record:
                    colour = "red" if result.builtin_red else "black"
                    record.write(f"{result.score} {result.reason} builtin={colour} {' '.join(result.moves)}\n")
            avg_depth = sum(result.builtin_depths) / max(len(result.builtin_depths), 1)
            print(
                f"game {game + 1:2d}: builtin {'red  ' if result.builtin_red else 'black'} opening {opening!r:28} "
                f"-> {result.score:.1f} ({result.reason}, {len(result.moves)} plies, "
                f"builtin avg depth {avg_depth:.1f})",
                flush=True,
            )
    finally:
        builtin.close()
        fairy.close()
    scores = [r.score for r in results]
    mean, elo, low, high = elo_estimate(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    losses = len(scores) - wins - draws
    print(f"builtin level {args.level} vs Fairy-Stockfish UCI_Elo {args.elo}, {args.movetime} s/move, ", end="")
    print(f"{len(scores)} games")
    print(f"score {sum(scores):.1f}/{len(scores)} = {100 * mean:.1f}%  (+{wins} ={draws} -{losses})")
    clamped = " (score clamped to 1/(2n) from the edge)" if mean in (0.0, 1.0) else ""
    print(f"Elo difference {elo:+.0f}{clamped}  (95% interval {low:+.0f} .. {high:+.0f})", flush=True)


if __name__ == "__main__":
    sys.exit(main())
