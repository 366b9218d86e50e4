"""Fairy-Stockfish (``/usr/games/fairy-stockfish``) as a perft oracle, in UCCI mode (ranks 0-9).

Used by the core tests (legal move lists) and by ``tests/bench/perft.py`` (timing ``go perft``).
"""

from __future__ import annotations

import subprocess
import time

FAIRY = "/usr/games/fairy-stockfish"
STARTING_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


class FairyPerft:
    def __init__(self, command: str = FAIRY) -> None:
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("ucci")
        self.read_until("ucciok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> tuple[list[str], str]:
        """Lines before the first line starting with ``prefix``, and that line."""
        assert self.process.stdout is not None
        lines = []
        while line := self.process.stdout.readline():
            if line.startswith(prefix):
                return lines, line
            lines.append(line.strip())
        raise RuntimeError(f"fairy-stockfish closed its output before {prefix!r}")

    def perft(self, fen: str, depth: int) -> tuple[int, float, list[str]]:
        """Leaf count, seconds from ``go perft`` to its answer, and the per-move lines it printed."""
        self.send("position startpos" if fen == STARTING_FEN else f"position fen {fen}")
        self.send("isready")
        self.read_until("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        lines, last = self.read_until("Nodes searched")
        return int(last.split(":")[1]), time.perf_counter() - start, lines

    def legal_moves(self, fen: str) -> set[str]:
        lines = self.perft(fen, 1)[2]
        return {line.split(":")[0] for line in lines if ":" in line and len(line.split(":")[0]) == 4}

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)
