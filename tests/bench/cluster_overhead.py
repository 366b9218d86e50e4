"""The cluster's overhead (issue 33 §3): the same review through a local Dask cluster vs ``--jobs 2``.

    .venv/bin/python tests/bench/cluster_overhead.py [--games 4] [--nodes N] [--engine fairy-stockfish]

The games: the first ``--games`` master games of ../shared/data/ccpd/games/五羊杯.pgn. In one run:

* **jobs** — ``python -m xiangqi review FILE --engine E --jobs 2`` (the reference: two engine processes);
* **cluster** — a scheduler and two one-thread workers started on 127.0.0.1 as the README says
  (``dask scheduler`` / ``dask worker``, the time to start them not counted), then
  ``python -m xiangqi review FILE --engine E --cluster ADDRESS``: one game a task, each task the review
  command on its worker (Python's start, the engine's start, the searches, the PGN sent back).

Prints both wall times, the CPU seconds of each (children included), the overhead ratio cluster / jobs and
the overhead per task ((cluster − jobs) / games, and as a share of a task). Target: ≤ 5 % a task. Both runs
see the same machine load (say it when you quote the figures). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from xiangqi.record import load_games  # noqa: E402
from xiangqi.record.pgn_writer import save_pgn  # noqa: E402

SOURCE = REPO.parent / "shared" / "data" / "ccpd" / "games" / "五羊杯.pgn"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args: list[str]) -> tuple[float, float]:
    cpu, start = children_cpu(), time.monotonic()
    done = subprocess.run([sys.executable, "-m", "xiangqi", *args], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{done.stderr[-2000:]}")
    return time.monotonic() - start, children_cpu() - cpu


def start_cluster(folder: Path) -> tuple[str, list[subprocess.Popen[bytes]]]:
    from distributed import Client

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    file = folder / "scheduler.json"
    processes = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                   "--port", "0", "--no-dashboard", "--scheduler-file", str(file)], cwd=REPO,
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    processes += [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", "--scheduler-file",
                                    str(file), "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host",
                                    "127.0.0.1"], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL) for _ in range(2)]
    client = Client(scheduler_file=str(file), timeout=60)
    client.wait_for_workers(2, timeout=120)
    address = str(client.scheduler.address)
    client.close()
    return address, processes


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--engine", default="fairy-stockfish")
    parser.add_argument("--nodes", type=int, help="per position (default: the engine family's review_nodes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        games = folder / "games.pgn"
        save_pgn(games, load_games(SOURCE)[:args.games])
        limit = ["--nodes", str(args.nodes)] if args.nodes else []
        common = [str(games), "--engine", args.engine, *limit]
        jobs_wall, jobs_cpu = timed(["review", *common, "--jobs", "2", "-o", str(folder / "jobs.pgn")])
        address, processes = start_cluster(folder)
        try:
            cluster_wall, cluster_cpu = timed(["review", *common, "--cluster", address,
                                               "-o", str(folder / "cluster.pgn")])
        finally:
            for process in processes:
                process.kill()
                process.wait()
    per_task = (cluster_wall - jobs_wall) / args.games
    task = 2 * jobs_wall / args.games   # one task's wall time on one core
    print(f"load {os.getloadavg()[0]:.1f}; {args.games} games; engine {args.engine}")
    print(f"--jobs 2:   wall {jobs_wall:7.1f} s   cpu (children) {jobs_cpu:7.1f} s")
    print(f"--cluster:  wall {cluster_wall:7.1f} s   (workers' cpu not counted here)")
    print(f"ratio cluster / jobs {cluster_wall / jobs_wall:.3f}; overhead a task {per_task:+.2f} s = "
          f"{100 * per_task / task:+.1f} % of a task ({task:.1f} s)   target <= 5 %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
