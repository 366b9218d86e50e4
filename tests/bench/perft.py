"""Perft speed of xiangqi.core against the pure-Python ``cchess`` library and Fairy-Stockfish.

Run: ``.venv/bin/python tests/bench/perft.py [--shared DIR] [--skip-cchess]``

Prints nodes (leaves) per second for perft(3) and perft(4) from the start position and for every row of
``perft.tsv`` (depth 3, and depth 4 where the table gives it), the same for cchess and for
``/usr/games/fairy-stockfish`` (``go perft``), and the ratios. Targets: perft(4) from the start at least
20x faster than cchess, and within 60x of Fairy-Stockfish.

cchess's ``create_moves()`` is pseudo-legal, so its moves are filtered with ``is_checked_move()``. It needs
minutes for depth 4, so it is timed at a smaller depth and its time is scaled by the leaf ratio (said in
the output). Wall-clock figures on a shared machine are noisy: compare ratios from one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "core"))

from fairy_perft import FAIRY, FairyPerft  # noqa: E402

from xiangqi.core import Position  # noqa: E402

CCHESS_TARGET, FAIRY_TARGET = 20.0, 60.0


def read_table(shared: Path) -> list[tuple[str, list[int | None]]]:
    rows = []
    for line in (shared / "data" / "perft.tsv").read_text(encoding="utf-8").splitlines():
        fen, *counts = line.split("\t")
        if "/" in fen:
            rows.append((fen, [int(c) if c.strip() else None for c in counts]))
    return rows


def timed(count: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = count()
    return nodes, time.perf_counter() - start


def cchess_perft(board: object, depth: int) -> int:
    """Legal perft with cchess: pseudo-legal moves filtered by is_checked_move(), copies for make."""
    moves = [m for m in board.create_moves() if not board.is_checked_move(*m)]  # type: ignore[attr-defined]
    if depth == 1:
        return len(moves)
    total = 0
    for src, dst in moves:
        child = board.copy()  # type: ignore[attr-defined]
        child._move_piece(src, dst)
        child.next_turn()
        total += cchess_perft(child, depth - 1)
    return total


def cchess_scaled(fen: str, depth: int, leaves: int, measure_depth: int) -> tuple[float, str]:
    """Seconds cchess would need for ``leaves`` at ``depth``, measured at ``measure_depth`` and scaled."""
    import cchess

    board = cchess.ChessBoard(" ".join(fen.split()[:2]))
    nodes, seconds = timed(lambda: cchess_perft(board, measure_depth))
    if measure_depth == depth:
        return seconds, "measured"
    return seconds * leaves / nodes, f"scaled from depth {measure_depth} ({nodes} leaves, {seconds:.2f}s)"


def nps(nodes: int, seconds: float) -> str:
    return f"{nodes / seconds:>12,.0f} n/s"


def bench_row(
    fen: str, depth: int, expected: int | None, fairy: FairyPerft | None, cchess_depth: int | None
) -> dict:
    nodes, ours = timed(lambda: Position.from_fen(fen).perft(depth))
    ok = expected is None or nodes == expected
    line = f"  depth {depth}: {nodes:>9} leaves  ours {ours:7.3f}s {nps(nodes, ours)}"
    line += "" if ok else "  MISMATCH"
    result = {"ok": ok, "ours": ours, "nodes": nodes}
    if fairy is not None:
        fairy_nodes, fairy_time, _ = fairy.perft(fen, depth)
        result["fairy"] = fairy_time
        result["ok"] &= fairy_nodes == nodes
        line += f" | fairy {fairy_time:6.3f}s (x{ours / fairy_time:5.1f} faster than ours)"
    if cchess_depth is not None:
        seconds, how = cchess_scaled(fen, depth, nodes, min(depth, cchess_depth))
        result["cchess"] = seconds
        line += f" | cchess {seconds:8.2f}s (ours x{seconds / ours:5.1f} faster; {how})"
    print(line, flush=True)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--skip-cchess", action="store_true", help="leave cchess out (it takes ~30 s)")
    args = parser.parse_args()
    fairy = FairyPerft() if Path(FAIRY).exists() else None
    if fairy is None:
        print(f"{FAIRY} not found: no Fairy-Stockfish figures")
    cchess_on = not args.skip_cchess
    print("start position")
    start3 = bench_row(Position.STARTING_FEN, 3, 79666, fairy, 3 if cchess_on else None)
    start4 = bench_row(Position.STARTING_FEN, 4, 3290240, fairy, 3 if cchess_on else None)
    ok = start3["ok"] and start4["ok"]
    totals = {"ours": 0.0, "fairy": 0.0, "cchess": 0.0, "nodes": 0}
    for fen, counts in read_table(args.shared):
        print(fen)
        for depth in (3, 4):
            if len(counts) >= depth and counts[depth - 1] is not None:
                row = bench_row(fen, depth, counts[depth - 1], fairy, 2 if cchess_on else None)
                ok &= row["ok"]
                for key in totals:
                    totals[key] += row.get(key, 0)
    summarize(start4, totals)
    if fairy is not None:
        fairy.close()
    print("all counts agree" if ok else "COUNT MISMATCH (see above)")
    return 0 if ok else 1


def summarize(start4: dict, totals: dict) -> None:
    print("\nsummary")
    print(f"  perft(4) start: ours {start4['ours']:.2f}s {nps(start4['nodes'], start4['ours'])}")
    if "cchess" in start4:
        ratio = start4["cchess"] / start4["ours"]
        verdict = "met" if ratio >= CCHESS_TARGET else "MISSED"
        print(f"    cchess (scaled from depth 3) {start4['cchess']:.1f}s: ours is {ratio:.1f}x faster "
              f"(target >= {CCHESS_TARGET:.0f}x: {verdict})")
    if "fairy" in start4:
        ratio = start4["ours"] / start4["fairy"]
        verdict = "met" if ratio <= FAIRY_TARGET else "MISSED"
        print(f"    fairy-stockfish {start4['fairy']:.3f}s: ours is {ratio:.1f}x slower "
              f"(target <= {FAIRY_TARGET:.0f}x: {verdict})")
    print(f"  table rows: ours {totals['ours']:.2f}s {nps(totals['nodes'], totals['ours'])}", end="")
    if totals["fairy"]:
        print(f"; fairy {totals['fairy']:.2f}s (x{totals['ours'] / totals['fairy']:.1f})", end="")
    if totals["cchess"]:
        speedup = totals["cchess"] / totals["ours"]
        print(f"; cchess (scaled from depth 2) {totals['cchess']:.1f}s (ours x{speedup:.1f} faster)", end="")
    print()


if __name__ == "__main__":
    sys.exit(main())
