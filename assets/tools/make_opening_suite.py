"""Write assets/openings/ccpd-balanced.epd, the shipped opening suite for engine matches (``--openings ccpd-balanced``).

    .venv/bin/python assets/tools/make_opening_suite.py [--engine /usr/games/fairy-stockfish] [--nodes 200000]
                                                        [--cache /tmp/suite-cache.jsonl] [--limit N]

From each line of assets/openings/ccpd_openings.pgn (the CCPD opening lines, played from the start position)
the positions after 6, 7, 8, 9 and 10 plies are candidates; the first ply tried turns with the line's number
(line 1 tries ply 6 first, line 2 ply 7 ...) so the suite mixes depths and sides to move. A candidate is taken
when it is new (no position already taken has the same Zobrist key: two lines that transpose give one entry),
the game is not over there, and Fairy-Stockfish (UCI, UCI_Variant xiangqi, Threads 1, Hash 64, a new game
before each position) searching it for ``--nodes`` nodes scores it within ±BALANCE_CP centipawns for the side
to move. At most one position per line. Each evaluation is appended to ``--cache`` as it is made, so a rerun
continues where a stopped one ended and a finished run is re-written without the engine. The engine is run
through its UCI text protocol directly (a tool: no Qt event loop, one process, one position at a time).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core import Move, Position
from xiangqi.record import load_games

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "openings" / "ccpd_openings.pgn"
TARGET = ROOT / "openings" / "ccpd-balanced.epd"
FIRST_PLY, LAST_PLY = 6, 10
BALANCE_CP = 50
NODES = 200_000
CREDIT = """\
# ccpd-balanced: balanced opening positions for engine matches (python -m xiangqi match --openings ccpd-balanced).
# Made from the opening lines of the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0
# (https://creativecommons.org/licenses/by/4.0/), github.com/Yvonne761/Chinese-Chess-Practical-Dataset
# at 368a47a947773dd8692c026e286dd19b6277b993, folder 開局.
# Changed: positions 6-10 plies into each line, selected by Fairy-Stockfish as within +-{cp} cp for the side
# to move at {nodes} nodes, transpositions removed; by assets/tools/make_opening_suite.py (see README.md).
# One position a line: FEN (6 fields); ce = the engine's score (cp, side to move); c0 = the CCPD line and ply.
"""


class Engine:
    """Fairy-Stockfish over UCI: ``score(fen)`` is its centipawns for the side to move (None: a mate score)."""

    def __init__(self, command: str, nodes: int) -> None:
        self.nodes = nodes
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)
        self._send("uci")
        self._wait("uciok")
        for name, value in (("UCI_Variant", "xiangqi"), ("Threads", "1"), ("Hash", "64")):
            self._send(f"setoption name {name} value {value}")

    def _send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _wait(self, prefix: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"the engine stopped before {prefix!r}")

    def score(self, fen: str) -> int | None:
        self._send("ucinewgame")
        self._send("isready")
        self._wait("readyok")
        self._send(f"position fen {fen}")
        self._send(f"go nodes {self.nodes}")
        score: int | None = None
        for line in self._wait("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                score = int(value) if kind == "cp" else None
        return score

    def close(self) -> None:
        self._send("quit")
        self.process.wait(timeout=10)


def candidates(start: Position, moves: list[Move], number: int) -> list[tuple[int, Position]]:
    """The line's positions after FIRST_PLY..LAST_PLY plies, in the order this line tries them."""
    span = list(range(FIRST_PLY, LAST_PLY + 1))
    order = span[(number - 1) % len(span):] + span[:(number - 1) % len(span)]
    found = []
    for ply in order:
        if ply > len(moves):
            continue
        position = Position.from_fen(start.fen())
        for move in moves[:ply]:
            position.push(move)
        found.append((ply, position))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/make_opening_suite.jsonl"))
    parser.add_argument("--limit", type=int, help="only the first N lines (a trial)")
    parser.add_argument("--cached-only", action="store_true",
                        help="no engine: the suite from the lines the cache covers, up to the first line it does not")
    args = parser.parse_args(argv)
    cache: dict[str, int | None] = {}
    if args.cache.exists():
        for line in args.cache.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if entry["nodes"] == args.nodes:
                cache[entry["fen"]] = entry["cp"]
    engine: Engine | None = None
    taken: dict[int, str] = {}
    rows: list[tuple[str, int, str]] = []
    evaluated = 0
    games = load_games(SOURCE)[: args.limit]
    covered = len(games)
    for number, game in enumerate(games, start=1):
        if args.cached_only and _needs_engine(game.start_fen, game.mainline_moves(), number, taken, cache):
            covered = number - 1
            break
        if game.start_fen != Position.STARTING_FEN:
            continue
        for ply, position in candidates(Position.from_fen(game.start_fen), game.mainline_moves(), number):
            if position.zobrist in taken or position.outcome() is not None or not position.legal_moves():
                continue
            fen = position.fen()
            if fen not in cache:
                engine = engine or Engine(args.engine, args.nodes)
                cache[fen] = engine.score(fen)
                evaluated += 1
                with args.cache.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"fen": fen, "cp": cache[fen], "nodes": args.nodes}) + "\n")
            cp = cache[fen]
            if cp is not None and abs(cp) <= BALANCE_CP:
                taken[position.zobrist] = fen
                name = game.headers.get("Event", f"line {number}").replace('"', "'")
                rows.append((fen, cp, f"CCPD 開局 #{number} {name}, ply {ply}"))
                break
        if number % 50 == 0:
            print(f"{number}/{len(games)} lines, {len(rows)} positions, {evaluated} evaluated", flush=True)
    if engine is not None:
        engine.close()
    text = CREDIT.format(cp=BALANCE_CP, nodes=args.nodes) + "".join(
        f'{fen} ce {cp}; c0 "{name}";\n' for fen, cp, name in rows)
    atomic_write(TARGET, text.encode("utf-8"))
    print(f"{TARGET}: {len(rows)} positions from {covered} lines ({evaluated} searched this run)")
    print(balance_report([cp for _, cp, _ in rows]))
    return 0


def _needs_engine(start_fen: str, moves: list[Move], number: int, taken: dict[int, str],
                  cache: dict[str, int | None]) -> bool:
    """Whether the line would need a search the cache does not hold before it takes a position."""
    if start_fen != Position.STARTING_FEN:
        return False
    for _, position in candidates(Position.from_fen(start_fen), moves, number):
        if position.zobrist in taken or position.outcome() is not None or not position.legal_moves():
            continue
        cp = cache.get(position.fen(), "missing")
        if cp == "missing":
            return True
        if cp is not None and abs(int(cp)) <= BALANCE_CP:
            return False
    return False


def balance_report(scores: list[int]) -> str:
    """Mean |cp| and a histogram of the scores in 10 cp bins."""
    if not scores:
        return "no positions"
    mean = sum(abs(cp) for cp in scores) / len(scores)
    bins = Counter(max(-BALANCE_CP, min(BALANCE_CP - 10, cp // 10 * 10)) for cp in scores)
    lines = [f"mean |cp| {mean:.1f}, mean cp {sum(scores) / len(scores):+.1f}"]
    for low in range(-BALANCE_CP, BALANCE_CP, 10):
        close = "]" if low + 10 == BALANCE_CP else ")"
        lines.append(f"  [{low:+4d}, {low + 10:+4d}{close} {bins.get(low, 0):4d} {'#' * (bins.get(low, 0) // 5)}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
