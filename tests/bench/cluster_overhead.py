"""The cluster's overhead (issue 33 §3): the same review through a local Dask cluster vs ``--jobs 2``.

    .venv/bin/python tests/bench/cluster_overhead.py [--games 4] [--nodes N | --depth D] [--engine fairy-stockfish]

The games: the first ``--games`` master games of ../shared/data/ccpd/games/五羊杯.pgn. In one run:

* **jobs** — ``python -m xiangqi review FILE --engine E --jobs 2`` (the reference: two engine processes);
* **cluster** — a scheduler and two one-thread workers started on 127.0.0.1 as the README says
  (``python -m xiangqi.cluster scheduler`` / ``python -m xiangqi.cluster``, the time to start them not
  counted), then
  ``python -m xiangqi review FILE --engine E --cluster ADDRESS``: one game a task, each task the review
  command on its worker (Python's start, the engine's start, the searches, the PGN sent back).

Prints both wall times, the CPU seconds of each (the cluster's: the submitting command, the scheduler and
the workers with everything they started, from a Linux child subreaper; their start-up measured apart and
taken off), the overhead ratio cluster / jobs and the overhead per task ((cluster − jobs) / games, and as a
share of a task). Target: ≤ 5 % a task. Both runs see the same machine load (say it when you quote the
figures). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from itertools import islice  # noqa: E402

from xiangqi.record.files import read_records  # noqa: E402
from xiangqi.record.pgn_writer import save_pgn  # noqa: E402

PR_SET_CHILD_SUBREAPER = 36

SOURCE = REPO.parent / "shared" / "data" / "ccpd" / "games" / "五羊杯.pgn"


def children_cpu() -> float:
    """CPU of the children waited for: with this process a subreaper, of every orphan too (a fork server)."""
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
    processes = [subprocess.Popen([sys.executable, "-m", "xiangqi.cluster", "scheduler", "--host", "127.0.0.1",
                                   "--port", "0", "--no-dashboard", "--scheduler-file", str(file)], cwd=REPO,
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    processes += [subprocess.Popen([sys.executable, "-m", "xiangqi.cluster", "--scheduler-file",
                                    str(file), "--nthreads", "1", "--no-dashboard", "--host",
                                    "127.0.0.1"], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL) for _ in range(2)]
    client = Client(scheduler_file=str(file), timeout=60)
    client.wait_for_workers(2, timeout=120)
    address = str(client.scheduler.address)
    client.close()
    return address, processes


def process_cpu(pid: int) -> float:
    """A live process's own CPU seconds (not its children's), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Stop the cluster (a goodbye: the workers end their fork servers) and reap every orphan it left."""
    for process in processes:
        process.terminate()
        process.wait()
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def cluster_start_cpu(folder: Path) -> float:
    """The CPU of starting and stopping a cluster that does nothing (to take it off the cluster's figure)."""
    before = children_cpu()
    _address, processes = start_cluster(folder)
    stop(processes)
    return children_cpu() - before


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--engine", default="fairy-stockfish")
    parser.add_argument("--nodes", type=int, help="per position (default: the engine family's review_nodes)")
    parser.add_argument("--depth", type=int, help="per position, instead of --nodes (a fake engine)")
    args = parser.parse_args()
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)   # the workers' fork servers' CPU counted when they end
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        games = folder / "games.pgn"
        save_pgn(games, list(islice(read_records(SOURCE), args.games)))
        limit = (["--nodes", str(args.nodes)] if args.nodes else ["--depth", str(args.depth)] if args.depth else [])
        common = [str(games), "--engine", args.engine, *limit]
        jobs_wall, jobs_cpu = timed(["review", *common, "--jobs", "2", "-o", str(folder / "jobs.pgn")])
        started_cpu = children_cpu()
        address, processes = start_cluster(folder)
        cluster_wall, cluster_cpu = timed(["review", *common, "--cluster", address, "-o", str(folder / "cluster.pgn")])
        own = [process_cpu(process.pid) for process in processes]
        stop(processes)
        cluster_cpu = children_cpu() - started_cpu - cluster_start_cpu(folder)
        same = (folder / "cluster.pgn").read_bytes() == (folder / "jobs.pgn").read_bytes()
    per_task = (cluster_wall - jobs_wall) / args.games
    task = 2 * jobs_wall / args.games   # one task's wall time on one core
    print(f"load {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; {args.games} games; "
          f"engine {args.engine} {' '.join(limit)}")
    print(f"--jobs 2:   wall {jobs_wall:7.1f} s   cpu {jobs_cpu:7.1f} s")
    print(f"--cluster:  wall {cluster_wall:7.1f} s   cpu {cluster_cpu:7.1f} s (scheduler, workers, their slices "
          f"and fork servers; the cluster's start and stop taken off)")
    print(f"of which the scheduler's and the workers' own (start included, slices not): "
          f"{', '.join(f'{cpu:.1f}' for cpu in own)} s")
    print(f"cpu a game: jobs {jobs_cpu / args.games:.2f} s, cluster {cluster_cpu / args.games:.2f} s; "
          f"the reviews are {'the same' if same else 'NOT the same'}")
    print(f"ratio cluster / jobs {cluster_wall / jobs_wall:.3f}; overhead a task {per_task:+.2f} s = "
          f"{100 * per_task / task:+.1f} % of a task ({task:.1f} s)   target <= 5 %")
    cpu_per_task = (cluster_cpu - jobs_cpu) / args.games   # CPU: what a loaded machine does not blur
    print(f"cpu overhead a task {cpu_per_task:+.2f} s = {100 * cpu_per_task / (jobs_cpu / args.games):+.1f} % of "
          f"a task's cpu ({jobs_cpu / args.games:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
