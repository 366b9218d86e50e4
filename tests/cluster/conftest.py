"""A Dask scheduler and two workers on 127.0.0.1, as separate processes started the way the README tells a
user to start them on several machines (``dask scheduler``, ``dask worker``), for the cluster tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@dataclass
class LocalCluster:
    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill_worker(self, index: int) -> None:
        """The worker process dies at once (no goodbye to the scheduler), as a machine that loses power."""
        self.workers[index].send_signal(signal.SIGKILL)
        self.workers[index].wait()


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    with log.open("wb") as out:
        return subprocess.Popen([sys.executable, "-m", *args], cwd=REPO, env=env, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


@pytest.fixture
def local_cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    pytest.importorskip("distributed")
    from distributed import Client

    scheduler_file = tmp_path / "scheduler.json"
    scheduler = _start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                        "--no-dashboard", "--scheduler-file", str(scheduler_file)], tmp_path / "scheduler.log")
    cluster = LocalCluster("", scheduler)
    try:
        workers = [_start(["distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file), "--nthreads",
                           "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1", "--name", f"w{i}"],
                          tmp_path / f"worker{i}.log") for i in range(2)]
        cluster.workers = workers
        client = Client(scheduler_file=str(scheduler_file), timeout=60)
        client.wait_for_workers(2, timeout=120)
        cluster.address = client.scheduler.address
        client.close()
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:   # nothing of theirs is kept: no goodbyes needed
            if process.poll() is None:
                process.kill()
            process.wait()
