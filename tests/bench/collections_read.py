"""Issue 30 §4: collections read whole. ``python -m xiangqi pgn`` and the app's game list on a DhtmlXQ page
and a CCBridge library of 8,000 real games, with the same games as PGN text as the reference in the same run.

    .venv/bin/python tests/bench/collections_read.py OUT_DIR [--games 8000] [--tree PATH] [--timeout S]

The files are made from the shared 35-game library (``tests/hostile/collection_files.py``): a page of
8,000 DhtmlXQ blocks (9.7 MB), a library of 8,000 records (35 MB) and the PGN text of the same games
(9.3 MB). For each: ``pgn``'s wall time, CPU time (user + system), peak RSS, rows and exit status; then the
game list as the app makes it (read and index the file, the table's cells, open the last game) in a child
process, with its CPU time and peak RSS. Targets: ``pgn`` <= 10 s, <= 300 MB, every row, exit 0. Not
collected by pytest: it measures time. ``--tree`` runs another checkout's code (PYTHONPATH).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(HERE)]

from hostile.collection_files import cbl_library, dhtmlxq_page, pgn_text  # noqa: E402
from hostile_inputs import run_pgn  # noqa: E402

LISTING = """
import resource, sys, time
from pathlib import Path
from xiangqi.record.collection import open_games
from xiangqi.ui.record.game_list_dialog import prepare_rows
started = time.process_time()
games = open_games(Path(sys.argv[1]))
rows, _keys = prepare_rows(games)
last = games.game(len(games) - 1)
cpu = time.process_time() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{len(rows)} {cpu:.2f} {peak:.0f} {last.ply_count()} {len(last.errors)}")
"""


def write_files(folder: Path, games: int) -> list[Path]:
    made = [(folder / f"page-{games}.html", lambda: dhtmlxq_page(games).encode()),
            (folder / f"library-{games}.cbl", lambda: cbl_library(games)),
            (folder / f"reference-{games}.pgn", lambda: pgn_text(games).encode())]
    for path, make in made:
        if not path.exists():
            path.write_bytes(make())
    return [path for path, _ in made]


def rows_of(path: Path, tree: Path) -> int:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-m", "xiangqi", "pgn", str(path)], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    return len(done.stdout.splitlines())


def listing(path: Path, tree: Path) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", LISTING, str(path)], cwd=tree, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode:
        return f"failed: {done.stderr.strip().splitlines()[-1][:100]}"
    rows, cpu, peak, plies, errors = done.stdout.split()
    return f"{rows:>6} rows {cpu:>6} s cpu {peak:>5} MB (last game: {plies} plies, {errors} errors)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--tree", type=Path, default=REPO)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--write-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    if args.write_only:
        write_files(args.folder, args.games)
        return 0
    # written by a child: the children run below would inherit this process's peak RSS (Linux keeps the
    # high-water mark across fork and exec), and making 8,000 games grows it to ~150 MB
    subprocess.run([sys.executable, __file__, str(args.folder), "--games", str(args.games), "--write-only"],
                   check=True)
    paths = write_files(args.folder, args.games)
    print(f"{args.games} games; code of {args.tree}; load average {os.getloadavg()[0]:.1f}")
    print(f"{'file':24} {'size':>9}   pgn: wall, cpu, peak RSS, rows, exit   |   game list: rows, cpu, peak RSS")
    for path in paths:
        run = run_pgn(path, args.tree, args.timeout)
        wall = f">{args.timeout:.0f}" if run.status == "killed" else f"{run.seconds:.2f}"
        print(f"{path.name:24} {path.stat().st_size / 1e6:6.1f} MB  {wall:>7} s {run.cpu_seconds:6.2f} s cpu "
              f"{run.peak_mb:5.0f} MB {rows_of(path, args.tree):6} rows exit {run.status:3} | "
              f"{listing(path, args.tree)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
