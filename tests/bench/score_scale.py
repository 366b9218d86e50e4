"""Measures each engine family's score unit against the common scale (Fairy-Stockfish 11.1 UCI centipawns).

    nice -n 5 .venv/bin/python tests/bench/score_scale.py [--count 40] [--eleeye PATH] [--fairy PATH]
                                                          [--builtin] [--fairy-ucci]

Every engine searches the same positions to a fixed depth (book off); the engine's raw score is fitted as
``raw ≈ k × fairy_cp`` over the positions where Fairy-Stockfish gives no mate and 100 <= |cp| <= 2000
(below a pawn the ratio is mostly noise: a position near equality scores a few units either way).
Printed per engine: the median of the ratios (the robust fit; ``scores.unit`` in engines/families.toml is
100 × k engine units per pawn), the least-squares slope through 0, the spread (quartiles of the ratios)
and the number of positions used.

Positions: the start position with one piece removed (clear material imbalances), then one position per
master game of ../shared/data/ccpd/games/ where one side is two pawns of material ahead for five plies in
a row (a lasting imbalance, not an exchange under way). Not collected by pytest;
no Qt: the engines are driven through pipes, each search waits for its ``bestmove``/``nobestmove``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.core import Move, Position  # noqa: E402
from xiangqi.record import load_games  # noqa: E402

SHARED = Path(os.environ.get("XIANGQI_SHARED", REPO.parent / "shared"))
GAMES = SHARED / "data" / "ccpd" / "games"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# The start position without one piece (the square's letter on the FEN's rank is replaced by 1).
REMOVALS = (("R", 9, 8), ("N", 9, 7), ("C", 7, 7), ("P", 6, 4), ("A", 9, 5), ("B", 9, 6),
            ("r", 0, 0), ("n", 0, 1), ("c", 2, 1), ("p", 3, 4))
_SCORE = re.compile(r"\bscore\s+(?:(cp|mate)\s+)?(-?\d+)")
_DEPTH = re.compile(r"\bdepth\s+(\d+)")
MIN_CP, MAX_CP = 100, 2000  # the fit's range of the reference's centipawns
_VALUES = {"p": 1, "a": 2, "b": 2, "n": 4, "c": 4.5, "r": 9, "k": 0}


@dataclass(frozen=True)
class RawScore:
    kind: str   # "cp" (the engine's own units) or "mate"
    value: int


class PipeEngine:
    """One engine process, talked to line by line (blocking: a bench, not the app)."""

    def __init__(self, command: list[str], dialect: str, options: dict[str, str], cwd: Path) -> None:
        self.dialect = dialect
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1, cwd=str(cwd), errors="replace")
        self.send(dialect)
        self.wait_for(f"{dialect}ok")
        for name, value in options.items():
            self.send(f"setoption {name} {value}" if dialect == "ucci" else f"setoption name {name} value {value}")
        if dialect == "uci":
            self.send("isready")
            self.wait_for("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.split()[:1] == [word] or (word == "bestmove" and line.startswith("nobestmove")):
                return lines
        raise RuntimeError(f"{self.process.args}: ended before {word!r}")

    def score(self, fen: str, depth: int) -> RawScore | None:
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        last = None
        for line in self.wait_for("bestmove"):
            found, deep = _SCORE.search(line), _DEPTH.search(line)
            if line.startswith("info") and found and deep and int(deep.group(1)) > 0:
                last = RawScore(found.group(1) or "cp", int(found.group(2)))
        return last

    def close(self) -> None:
        self.send("quit")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def positions(count: int) -> list[str]:
    """``count`` FENs: the start position minus one piece, then middle games with a material difference."""
    rows = START.split()[0].split("/")
    found = []
    for letter, rank_row, file in REMOVALS:
        cells = _expand(rows[rank_row])
        assert cells[file] == letter, (letter, rank_row, file)
        cells[file] = "1"
        board = rows[:rank_row] + [_compress(cells)] + rows[rank_row + 1:]
        found.append("/".join(board) + " w - - 0 1")
    return found + _from_games(count - len(found))


def _from_games(count: int) -> list[str]:
    """One position per master game: the first after ply 20 where one side is at least two pawns of
    material ahead and stays so for the next four plies (not in the middle of an exchange), not in check."""
    chosen: list[str] = []
    for path in sorted(GAMES.glob("*.pgn")):
        for game in load_games(path):
            fen = None if game.errors else _imbalanced(game.start_position(), game.mainline_moves())
            if fen is not None:
                chosen.append(fen)
            if len(chosen) == count:
                return chosen
    return chosen


def _imbalanced(position: Position, moves: list[Move]) -> str | None:
    balance = []
    for move in moves:
        if not position.is_legal(move):
            return None
        position.push(move)
        balance.append(_material(position.fen()))
    for ply in range(20, len(balance) - 4):
        window = balance[ply:ply + 5]
        if min(abs(b) for b in window) >= 2 and len({b > 0 for b in window}) == 1:
            while len(position.move_stack) > ply + 1:
                position.pop()
            return None if position.is_check() else position.fen()
    return None


def _material(fen: str) -> float:
    board = fen.split()[0]
    return sum(_VALUES[c.lower()] * (1 if c.isupper() else -1) for c in board if c.isalpha())


def _expand(row: str) -> list[str]:
    return [c for ch in row for c in (["1"] * int(ch) if ch.isdigit() else [ch])]


def _compress(cells: list[str]) -> str:
    text, empty = "", 0
    for cell in cells:
        if cell == "1":
            empty += 1
            continue
        text += (str(empty) if empty else "") + cell
        empty = 0
    return text + (str(empty) if empty else "")


@dataclass(frozen=True)
class Fit:
    median: float
    least_squares: float
    low_quartile: float
    high_quartile: float
    used: int


def fit(pairs: list[tuple[int, int]]) -> Fit | None:
    """``raw ≈ k × cp`` over (fairy cp, raw) pairs with 100 <= |cp| <= 2000."""
    usable = [(cp, raw) for cp, raw in pairs if MIN_CP <= abs(cp) <= MAX_CP]
    if len(usable) < 4:
        return None
    ratios = sorted(raw / cp for cp, raw in usable)
    quartiles = statistics.quantiles(ratios, n=4)
    slope = sum(cp * raw for cp, raw in usable) / sum(cp * cp for cp, _ in usable)
    return Fit(statistics.median(ratios), slope, quartiles[0], quartiles[2], len(usable))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--fairy-depth", type=int, default=12)
    parser.add_argument("--eleeye", default=str(REPO / ".engines" / "eleeye" / "eleeye"))
    parser.add_argument("--eleeye-depth", type=int, default=8)
    parser.add_argument("--builtin", action="store_true", help="also the built-in engine (slow)")
    parser.add_argument("--builtin-depth", type=int, default=3)
    parser.add_argument("--fairy-ucci", action="store_true", help="also Fairy-Stockfish in UCCI mode")
    args = parser.parse_args()
    fens = positions(args.count)
    engines: dict[str, tuple[list[str], str, dict[str, str], int]] = {
        "Fairy-Stockfish (uci)": ([args.fairy], "uci", {"UCI_Variant": "xiangqi", "Threads": "1"}, args.fairy_depth)}
    if args.fairy_ucci:
        engines["Fairy-Stockfish (ucci)"] = ([args.fairy], "ucci", {}, args.fairy_depth)
    if Path(args.eleeye).is_file():
        engines["ElephantEye (ucci)"] = ([args.eleeye], "ucci", {"usebook": "false"}, args.eleeye_depth)
    if args.builtin:
        engines["Built-in (ucci)"] = ([sys.executable, "-u", "-m", "xiangqi", "ucci"], "ucci", {"level": "5"},
                                      args.builtin_depth)
    scores: dict[str, list[RawScore | None]] = {}
    for name, (command, dialect, options, depth) in engines.items():
        folder = REPO if command[0] == sys.executable else Path(command[0]).resolve().parent
        engine = PipeEngine(command, dialect, options, folder)
        scores[name] = [engine.score(fen, depth) for fen in fens]
        engine.close()
        print(f"{name}: depth {depth}, {len(fens)} positions searched", flush=True)
    _report(fens, scores)
    return 0


def _report(fens: list[str], scores: dict[str, list[RawScore | None]]) -> None:
    names = list(scores)
    reference = scores[names[0]]
    print("\nposition | " + " | ".join(names))
    for index, fen in enumerate(fens[:12]):
        cells = [f"{s.kind} {s.value}" if s else "-" for s in (scores[n][index] for n in names)]
        print(f"{fen.split()[0][:40]:40} | " + " | ".join(cells))
    print("\nengine | units per pawn (100 k, median of ratios) | least squares | quartiles of 100 k | positions")
    for name in names[1:]:
        pairs = [(ref.value, own.value) for ref, own in zip(reference, scores[name], strict=True)
                 if ref and own and ref.kind == "cp" and own.kind == "cp"]
        result = fit(pairs)
        if result is None:
            print(f"{name} | too few usable positions")
            continue
        print(f"{name} | {100 * result.median:.1f} | {100 * result.least_squares:.1f} | "
              f"{100 * result.low_quartile:.1f} .. {100 * result.high_quartile:.1f} | {result.used}")


if __name__ == "__main__":
    sys.exit(main())
