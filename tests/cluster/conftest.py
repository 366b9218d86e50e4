"""A Dask scheduler and two workers on 127.0.0.1, as separate processes started the way the README tells a
user to start them on several machines (``python -m xiangqi.cluster [scheduler]``), once for the
cluster tests of a process (a session fixture: starting them is a few CPU seconds)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120


@dataclass
class LocalCluster:
    address: str
    folder: Path
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def kill_worker(self, index: int) -> None:
        """The worker process dies at once (no goodbye to the scheduler), as a machine that loses power."""
        self.workers[index].send_signal(signal.SIGKILL)
        self.workers[index].wait()

    def add_worker(self, name: str) -> None:
        """One more worker (after one was killed, so that the next checks have two again)."""
        self.names.append(name)
        self.workers.append(_start(["-m", "xiangqi.cluster", "--scheduler-file", str(self.folder / "scheduler.json"),
                                    "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1", "--name", name],
                                   self.folder / f"{name}.log"))


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    # the worker runs this worktree's xiangqi (PYTHONPATH), with no daemon flag (its slices fork children)
    env = {**os.environ, "PYTHONPATH": str(REPO), "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    with log.open("wb") as out:
        return subprocess.Popen([sys.executable, *args], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)


def wait_for_workers(cluster: LocalCluster, count: int) -> None:
    from distributed import Client

    with Client(scheduler_file=str(cluster.folder / "scheduler.json"), timeout=START_TIMEOUT_S) as client:
        client.wait_for_workers(count, timeout=START_TIMEOUT_S)
        cluster.address = str(client.scheduler.address)


@pytest.fixture(scope="session")
def local_cluster() -> Iterator[LocalCluster]:
    pytest.importorskip("distributed")
    folder = Path(tempfile.mkdtemp(prefix="xiangqi-cluster-"))
    scheduler = _start(["-m", "xiangqi.cluster", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                        "--scheduler-file", str(folder / "scheduler.json")], folder / "scheduler.log")
    cluster = LocalCluster("", folder, scheduler)
    try:
        for index in range(2):
            cluster.add_worker(f"w{index}")
        wait_for_workers(cluster, 2)
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:   # nothing of theirs is kept: no goodbyes needed
            if process.poll() is None:
                process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
