"""Colour-flipped positions for checking that an engine scores both colours alike (shared by
``tests/bench/dialect_symmetry.py`` and the real-engine test ``tests/engine/test_dialect_symmetry.py``).

The colour flip of a position mirrors the board top to bottom and swaps the colours and the side to move:
the same position seen from the other side, so the side to move's score must be the same (within the noise
of a search that visits moves in another order). The start position's flip is the start with Black to move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from xiangqi.core import Position

START = Position.STARTING_FEN
# Middlegames used when ../shared/data is missing (a checkout alone): a central-cannon position with black to
# move (also in tests/engine/test_fairy_stockfish.py) and an ordinary one with red to move, put together by hand.
BUILT_IN_MIDDLEGAMES = (
    "2bakab2/9/2n1c1n2/p1p3p1p/4p4/2P6/P3P1P1P/2N1C1N2/4A4/2BAK1B2 b - - 0 12",
    "r1bakab2/9/1cn3n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/R1BAKAB1R w - - 0 20",
)
MIDDLEGAME_PLY = 30       # a played game's position after this many plies is a middlegame
MIDDLEGAME_PIECES = 24    # ... if it still has at least this many pieces (no early massacre)
# Agreement across the flip, one position: within this many centipawns, or this share of the larger size (a
# search of the mirrored board visits moves in another order and lands elsewhere: Fairy-Stockfish in UCI at
# 60,000 nodes differs by 8-89 cp, either way; further from equality, the drift is larger).
NOISE_CP = 100
NOISE_SHARE = 0.25
# A skew: the mean signed difference over the positions (noise cancels out, a bias towards one colour does
# not). Fairy-Stockfish at 60,000 nodes over 9 positions: UCI -15 cp, UCCI +208 cp.
SKEW_CP = 50


def colour_flipped(fen: str) -> str:
    """The FEN of ``fen`` mirrored top to bottom with the colours and the side to move swapped."""
    fields = fen.split()
    board = "/".join(reversed(fields[0].split("/"))).swapcase()
    side = "b" if fields[1] == "w" else "w"
    return " ".join([board, side, *fields[2:]])


def middlegames(folder: Path, count: int) -> list[str]:
    """``count`` middlegame FENs from the first games of the record files in ``folder`` (sorted by name),
    the built-in ones when it holds none."""
    from xiangqi.record import load_games

    found: list[str] = []
    for path in sorted(folder.glob("*.pgn")) if folder.is_dir() else []:
        for game in load_games(path)[:20]:
            fen = _middlegame(game.start_position(), game.mainline_moves())
            if fen is not None:
                found.append(fen)
            if len(found) >= count:
                return found
    return found or list(BUILT_IN_MIDDLEGAMES[:count])


def _middlegame(position: Position, moves: Iterable[object]) -> str | None:
    board = position.copy()
    for ply, move in enumerate(moves, start=1):
        board.push(move)  # type: ignore[arg-type]
        if ply == MIDDLEGAME_PLY:
            fen = board.fen()
            pieces = sum(c.isalpha() for c in fen.split()[0])
            return fen if pieces >= MIDDLEGAME_PIECES and board.outcome() is None else None
    return None


@dataclass(frozen=True)
class FlipPair:
    """One position and its colour flip as an engine scored them (centipawns for the side to move, None
    for a mate or no score)."""

    name: str
    score: int | None
    flipped: int | None
    depth: int | None = None
    flipped_depth: int | None = None

    @property
    def difference(self) -> int | None:
        return None if self.score is None or self.flipped is None else self.score - self.flipped

    @property
    def agrees(self) -> bool:
        if self.difference is None:
            return self.score == self.flipped
        allowed = max(NOISE_CP, NOISE_SHARE * max(abs(self.score or 0), abs(self.flipped or 0)))
        return abs(self.difference) <= allowed


def mean_skew(pairs: Iterable[FlipPair]) -> float | None:
    """The mean of score minus flipped score (centipawns) over the pairs that have both."""
    differences = [p.difference for p in pairs if p.difference is not None]
    return sum(differences) / len(differences) if differences else None


def symmetric(pairs: Iterable[FlipPair]) -> bool:
    """Each position agrees with its flip within noise, and the differences do not lean one way."""
    pairs = list(pairs)
    skew = mean_skew(pairs)
    return all(p.agrees for p in pairs) and (skew is None or abs(skew) <= SKEW_CP)
