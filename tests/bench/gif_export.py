"""Benchmark: an animated GIF of a 100-ply game (101 frames) as ``python -m xiangqi image --gif`` makes it,
against drawing the same 101 positions as PNG files, measured in the same run; and with ``--scaling``, the
time and peak memory of GIFs of 200, 2,000 and 20,000 plies, each made in a child process of its own.

    .venv/bin/python tests/bench/gif_export.py [--file ../shared/data/games/cchess/test.xqf] [--plies 100]
                                               [--size 540] [--delay 1000] [--repeat 3]
    .venv/bin/python tests/bench/gif_export.py --scaling [--size 540] [--lengths 200,2000,20000]

``--scaling``: a game of N plies (the horses going out and back), the whole game as a GIF by
``pictures.write_gif`` (frames written one by one: memory must not grow with N, time linear in N; more
than ``MAX_GIF_FRAMES`` frames are refused at once, with a message). Printed per N: the child's CPU time
(user + system), wall time, peak resident memory (``os.wait4``'s ru_maxrss) and the file's size. Issue 30
before (every frame kept, then encoded): 2,000 plies 126 s and 3.8 GB.

Figures: "gif" is ``pictures.write_gif`` (draw every frame with the board renderer, one palette, Pillow's
encoder: only the changed part of each frame is stored); "png" draws the same positions and encodes each as
its own PNG (what a user gets from exporting every position one by one); "gif+shapes" is the GIF with drawn
shapes on every frame (an arrow for the next move and a circle on its piece, as ``[%cal]``/``[%csl]`` in
each move's comment: the worst case, a real game has a few). Times are CPU seconds of this
process (``time.process_time``), best of --repeat interleaved runs: the machine is shared, and wall time
would count the other jobs (printed beside). Sizes are bytes. Expected (issue 24, 2026-11): the GIF takes
about half the PNGs' CPU time and an eighth of their bytes; at 540 px a frame costs about 36 KiB, because
a move changes about a quarter of the picture's area (the bounding box of the old and new last-move marks)
and the wood texture inside that box compresses poorly. Shapes on every frame widen that box (the arrow
and circle move too): expected well under twice the plain GIF's time and size.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))     # this checkout's program, not the one installed

from xiangqi.core import Move   # noqa: E402 - after the Qt platform is chosen
from xiangqi.record.comment_commands import Brush, Shape   # noqa: E402
from xiangqi.record.files import load_games   # noqa: E402
from xiangqi.ui.board.board_render import render_image   # noqa: E402
from xiangqi.ui.share import pictures as pics   # noqa: E402

DEFAULT_FILE = REPO.parent / "shared" / "data" / "games" / "cchess" / "test.xqf"


def timed(run):  # noqa: ANN001, ANN201 - a bench helper
    cpu, wall = time.process_time(), time.perf_counter()
    result = run()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def gif_bytes(line: pics.GameLine, style: pics.PictureStyle, size: int, delay: int) -> tuple[bytes, int]:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "bench.gif"
        frames = pics.write_gif(target, line, 0, line.plies, style, size, delay)
        return target.read_bytes(), frames


def shuffle_line(plies: int) -> pics.GameLine:
    """``plies`` moves of a legal game: both horses out and back, over and over."""
    cycle = [Move.from_iccs(text) for text in ("h0g2", "h9g7", "g2h0", "g7h9")]
    return pics.GameLine("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                         tuple(cycle[ply % 4] for ply in range(plies)))


def child(plies: int, size: int, out: Path) -> None:
    """One GIF of a ``plies``-ply game (run in a child process: its peak memory is its own)."""
    pics.picture_application()
    line = shuffle_line(plies)
    try:
        frames = pics.write_gif(out, line, 0, line.plies, pics.shipped_style(), size, pics.DEFAULT_DELAY_MS)
    except pics.ImageError as error:
        print(f"refused: {error}")
        return
    print(f"{frames} frames, {out.stat().st_size / 2**20:.1f} MiB")


def scaling(lengths: list[int], size: int) -> None:
    print(f"GIF of N plies at {size} px, one child process each; load {os.getloadavg()[0]:.1f}")
    for plies in lengths:
        with tempfile.TemporaryDirectory() as folder:
            wall = time.perf_counter()
            process = subprocess.Popen([sys.executable, __file__, "--child", str(plies), "--size", str(size),
                                        "--out", str(Path(folder) / "bench.gif")], stdout=subprocess.PIPE,
                                       text=True, cwd=REPO)
            assert process.stdout is not None
            said = process.stdout.read().strip()
            _pid, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - wall
        print(f"{plies:>6} plies: {usage.ru_utime + usage.ru_stime:7.1f} s CPU, {wall:7.1f} s wall, peak RSS "
              f"{usage.ru_maxrss / 1024:6.0f} MiB, exit {os.waitstatus_to_exitcode(status)}: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--size", type=int, default=pics.DEFAULT_WIDTH)
    parser.add_argument("--delay", type=int, default=pics.DEFAULT_DELAY_MS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scaling", action="store_true", help="time and peak memory at --lengths plies")
    parser.add_argument("--lengths", default="200,2000,20000")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.size, args.out)
        return
    if args.scaling:
        scaling([int(n) for n in args.lengths.split(",")], args.size)
        return
    compare(args)


def compare(args: argparse.Namespace) -> None:
    pics.picture_application()
    game = load_games(args.file)[0]
    line = pics.GameLine(game.start_position().fen(), tuple(game.mainline_moves())[: args.plies])
    style = pics.shipped_style()
    nexts = [*line.moves, line.moves[-1]]
    drawn = pics.GameLine(line.start_fen, line.moves, tuple(
        (Shape(Brush.GREEN, move.from_sq, move.to_sq), Shape.circle(Brush.RED, move.from_sq)) for move in nexts))
    gif_runs, png_runs, shape_runs = [], [], []
    for _ in range(args.repeat):
        gif_runs.append(timed(lambda: gif_bytes(line, style, args.size, args.delay)))
        shape_runs.append(timed(lambda: gif_bytes(drawn, style, args.size, args.delay)))
        png_runs.append(timed(lambda: [pics.png_bytes(render_image(p, style, args.size))
                                       for p in line.pictures(0, line.plies)]))
    (data, frames), gif_cpu, gif_wall = min(gif_runs, key=lambda run: run[1])
    pngs, png_cpu, png_wall = min(png_runs, key=lambda run: run[1])
    (shaped, _frames), shape_cpu, shape_wall = min(shape_runs, key=lambda run: run[1])
    png_size = sum(len(p) for p in pngs)
    print(f"game: {args.file} ({line.plies} plies, {frames} frames, {args.size} px, {args.delay} ms)")
    print(f"gif: {len(data):,} bytes ({len(data) / frames / 1024:.1f} KiB a frame), "
          f"{gif_cpu:.2f} s CPU ({gif_wall:.2f} s wall)")
    print(f"png: {png_size:,} bytes for {len(pngs)} files, {png_cpu:.2f} s CPU ({png_wall:.2f} s wall)")
    print(f"gif+shapes: {len(shaped):,} bytes ({len(shaped) / frames / 1024:.1f} KiB a frame), "
          f"{shape_cpu:.2f} s CPU ({shape_wall:.2f} s wall)")
    print(f"ratio gif/png: time {gif_cpu / png_cpu:.2f}, size {len(data) / png_size:.2f}")
    print(f"ratio gif+shapes/gif: time {shape_cpu / gif_cpu:.2f}, size {len(shaped) / len(data):.2f}")


if __name__ == "__main__":
    main()
