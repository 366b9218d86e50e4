"""Does each engine score both colours alike, in each dialect the program can drive it in?

    .venv/bin/python tests/bench/dialect_symmetry.py [--nodes 60000] [--builtin-nodes 20000] [--middlegames 4]
                                                     [--only fairy-uci,fairy-ucci,eleeye,builtin]

Every family found (Fairy-Stockfish in UCI and in UCCI, ElephantEye in UCCI, the built-in engine) searches
the start position, ``--middlegames`` middlegames of ../shared/data/ccpd/games (position after 30 plies) and
the colour flip of each (the board mirrored top to bottom, colours and side to move swapped: the same
position from the other side) at a node budget, through the program's own engine layer (EngineClient:
the handshake, options, ranks and score scale the app uses; ``new game`` before each search, book off).
The side to move's score must be the same across the flip within noise (tests/symmetry: 100 cp or a quarter
of the larger score, each position) and must not lean to one colour (the mean signed difference within
50 cp). Prints one table row per position and engine, and each engine's verdict; exit status
1 when an engine disagrees with itself. Node budgets, not time: the machine's load does not change the
figures (one thread, fixed hash). Not collected by pytest (tests/engine/test_dialect_symmetry.py is the
test, at a small budget).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from symmetry import START, FlipPair, colour_flipped, mean_skew, middlegames, symmetric  # noqa: E402

from xiangqi.core import Position  # noqa: E402
from xiangqi.engine.messages import Info, SearchLimits  # noqa: E402
from xiangqi.engine.registry import EngineSpec, Protocol, builtin_engine_spec, load_families  # noqa: E402

SHARED = Path(os.environ.get("XIANGQI_SHARED", REPO.parent / "shared"))
FAIRY = Path("/usr/games/fairy-stockfish")
ELEEYE = Path(os.environ.get("XIANGQI_ELEEYE", REPO / ".engines" / "eleeye" / "eleeye"))
HANDSHAKE_MS = 20_000


@dataclass(frozen=True)
class Candidate:
    key: str
    spec: EngineSpec
    nodes: int


def candidates(nodes: int, builtin_nodes: int) -> list[Candidate]:
    """Every family found on this machine, in each dialect worth checking."""
    found = []
    fairy_family = next(f for f in load_families() if f.id == "fairy-stockfish")
    if FAIRY.exists():
        for protocol in (Protocol.UCI, Protocol.UCCI):
            spec = EngineSpec(f"Fairy-Stockfish {protocol.value.upper()}", str(FAIRY), protocol=protocol,
                              options=MappingProxyType({"Threads": 1, "Hash": 16}), family=fairy_family.id)
            found.append(Candidate(f"fairy-{protocol.value}", spec, nodes))
    if ELEEYE.exists():
        spec = EngineSpec("ElephantEye UCCI", str(ELEEYE), protocol=Protocol.UCCI,
                          options=MappingProxyType({"usebook": False}), family="elephanteye")
        found.append(Candidate("eleeye", spec, nodes))
    builtin = builtin_engine_spec(5)
    found.append(Candidate("builtin", replace(builtin, name="Built-in engine UCCI"), builtin_nodes))
    return found


class Searcher:
    """One engine through the app's EngineClient, searched position by position on a private event loop."""

    def __init__(self, spec: EngineSpec) -> None:
        from PySide6.QtCore import QCoreApplication, QEventLoop

        from xiangqi.engine.process import EngineClient
        from xiangqi.engine.registry import DialectMemory
        from xiangqi.engine.session import Timeouts

        self.app = QCoreApplication.instance() or QCoreApplication([])
        self.loop = QEventLoop()
        self.client = EngineClient(spec, timeouts=Timeouts(handshake_ms=HANDSHAKE_MS), memory=DialectMemory())
        self.last: Info | None = None
        self.failure = ""
        self.client.ready.connect(lambda _info: self.loop.quit())
        self.client.info.connect(self._on_info)
        self.client.best_move.connect(lambda _best: self.loop.quit())
        self.client.failed.connect(self._on_failed)
        self.client.start()
        self.loop.exec()
        if self.failure:
            raise RuntimeError(self.failure)
        info = self.client.engine_info
        self.dialect = info.dialect.rules.key if info else "?"

    def _on_info(self, info: Info) -> None:
        if info.score is not None and info.score.is_evaluation and info.multipv in (None, 1):
            self.last = info

    def _on_failed(self, failure: object) -> None:
        self.failure = str(getattr(failure, "message", failure))
        self.loop.quit()

    def score(self, fen: str, nodes: int) -> tuple[int | None, int | None]:
        """The last score of a ``go nodes`` search after ``new game`` (centipawns on the common scale for
        the side to move; None for a mate) and its depth."""
        self.last = None
        self.client.new_game()
        self.client.go(Position.from_fen(fen), SearchLimits(nodes=nodes))
        self.loop.exec()
        if self.failure:
            raise RuntimeError(self.failure)
        if self.last is None or self.last.score is None:
            return None, None
        return self.last.score.cp, self.last.depth

    def close(self) -> None:
        from xiangqi.engine.session import SessionState

        self.client.state_changed.connect(lambda state: self.loop.quit() if state is SessionState.DEAD else None)
        self.client.shutdown()
        if self.client.state is not SessionState.DEAD:
            self.loop.exec()


def measure(candidate: Candidate, positions: list[tuple[str, str]]) -> tuple[str, list[FlipPair]]:
    searcher = Searcher(candidate.spec)
    try:
        pairs = []
        for name, fen in positions:
            score, depth = searcher.score(fen, candidate.nodes)
            flipped, flipped_depth = searcher.score(colour_flipped(fen), candidate.nodes)
            pairs.append(FlipPair(name, score, flipped, depth, flipped_depth))
        return searcher.dialect, pairs
    finally:
        searcher.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=60_000, help="node budget of the native engines")
    parser.add_argument("--builtin-nodes", type=int, default=20_000, help="node budget of the built-in engine")
    parser.add_argument("--middlegames", type=int, default=4)
    parser.add_argument("--only", default="", help="comma-separated keys: fairy-uci, fairy-ucci, eleeye, builtin")
    args = parser.parse_args()
    positions = [("start", START)] + [(f"middlegame {i}", fen) for i, fen in enumerate(
        middlegames(SHARED / "data" / "ccpd" / "games", args.middlegames), start=1)]
    wanted = {k.strip() for k in args.only.split(",") if k.strip()}
    print("| engine | dialect | nodes | position | to move | score | flipped (other colour to move) | "
          "difference | depths | agrees |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    verdicts = []
    for candidate in candidates(args.nodes, args.builtin_nodes):
        if wanted and candidate.key not in wanted:
            continue
        dialect, pairs = measure(candidate, positions)
        fens = dict(positions)
        for pair in pairs:
            mover = "red" if fens[pair.name].split()[1] == "w" else "black"
            print(f"| {candidate.spec.name} | {dialect} | {candidate.nodes:,} | {pair.name} | {mover} | "
                  f"{_cp(pair.score)} | {_cp(pair.flipped)} | {_cp(pair.difference)} | "
                  f"{pair.depth}/{pair.flipped_depth} | {'yes' if pair.agrees else '**no**'} |", flush=True)
        verdicts.append((candidate.spec.name, pairs))
    print()
    for name, pairs in verdicts:
        spread = [abs(p.difference) for p in pairs if p.difference is not None]
        mean = f"{sum(spread) / len(spread):.0f}" if spread else "-"
        skew = mean_skew(pairs)
        outside = [p.name for p in pairs if not p.agrees]
        print(f"{name}: {'symmetric' if symmetric(pairs) else 'SKEWED'} (mean difference "
              f"{'-' if skew is None else f'{skew:+.0f}'} cp, mean |difference| {mean} cp over {len(spread)} "
              f"positions; outside the noise: {', '.join(outside) or 'none'})")
    return 0 if all(symmetric(pairs) for _, pairs in verdicts) else 1


def _cp(value: int | None) -> str:
    return "mate" if value is None else f"{value:+d}"


if __name__ == "__main__":
    sys.exit(main())
