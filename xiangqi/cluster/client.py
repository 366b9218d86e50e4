"""The submitting side: slices sent to a Dask scheduler, results taken back in the slices' order.

``run_slices(address, tasks)`` yields each slice's ``SliceResult`` in key order as soon as it and every
slice before it are done (a slow first slice holds the others back, as ``--jobs`` output does), so the
caller writes the results as the local run would. A worker lost mid-slice loses nothing: the scheduler
runs the slice again on another worker (up to its ``allowed-failures``, 3 by default; a slice that kills
every worker it meets comes back failed, named). ``ClusterRun.cancel()`` (or Ctrl+C) sets the run's
``Event``: every running slice's command is killed on its worker and nothing more is started.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xiangqi.cluster.slices import SliceOutcome, SliceTask, run_slice

if TYPE_CHECKING:
    from distributed import Client, Future

CONNECT_TIMEOUT_S = 30          # the scheduler must answer within this
MAX_SLICES = 1_000_000          # slices in one run (a million games at one a slice)


class ClusterError(Exception):
    """The cluster cannot be used: the [cluster] extra is missing or the scheduler does not answer."""


@dataclass(frozen=True, slots=True)
class SliceResult:
    """A slice's outcome, or why it has none (``failure``: its worker kept dying, or it raised)."""

    key: int
    outcome: SliceOutcome | None
    failure: str | None = None


def connect(address: str) -> Client:
    """A client of the scheduler at ``address`` (tcp://host:port or host:port)."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise ClusterError("--cluster needs Dask distributed: pip install 'xiangqi[cluster]' "
                           "(here and on every worker)") from exc
    try:
        return Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"no Dask scheduler answers at {address!r}: {exc}") from exc


class ClusterRun:
    """One run of slices on a cluster; iterate ``results()``; ``cancel()`` from anywhere."""

    def __init__(self, client: Client, tasks: Sequence[SliceTask]) -> None:
        if len(tasks) > MAX_SLICES:
            raise ClusterError(f"{len(tasks):,} slices is over {MAX_SLICES:,} (MAX_SLICES)")
        from distributed import Event

        self.client = client
        self.cancel_name = f"xiangqi-cancel-{uuid.uuid4().hex}"
        self._event = Event(self.cancel_name, client=client)
        self.cancelled = False
        # pure=False: two equal slices (the same game twice in a file) are still two tasks
        self.futures: list[Future[SliceOutcome]] = [
            client.submit(run_slice, task, self.cancel_name, key=f"slice-{task.key}-{self.cancel_name}", pure=False,
                          retries=0)
            for task in tasks]
        self._order = [task.key for task in tasks]

    def cancel(self) -> None:
        """Stop: the running slices' commands are killed on the workers, the waiting ones dropped."""
        self.cancelled = True
        self._event.set()
        self.client.cancel(self.futures)

    def results(self, done: Callable[[SliceResult], None] | None = None) -> Iterator[SliceResult]:
        """Each slice's result in the order of the tasks; ``done`` is told of each as it arrives."""
        from distributed import as_completed

        waiting: dict[int, SliceResult] = {}
        position = {future.key: index for index, future in enumerate(self.futures)}
        next_index = 0
        for future in as_completed(self.futures, loop=self.client.loop):
            index = position[future.key]
            result = _result(self._order[index], future)
            if done is not None:
                done(result)
            waiting[index] = result
            while next_index in waiting:
                yield waiting.pop(next_index)
                next_index += 1

    def close(self) -> None:
        """Done with the cluster. A cancelled run's Event stays set on the scheduler (a few bytes): its
        slices still running see it at once (their wait on it returns) and kill their commands; cleared,
        they never would."""
        if not self.cancelled:
            self._event.clear()
        self.client.close()


def _result(key: int, future: Future[SliceOutcome]) -> SliceResult:
    if future.status == "finished":
        outcome = future.result()
        assert isinstance(outcome, SliceOutcome)
        return SliceResult(key, outcome)
    if future.status == "cancelled":
        return SliceResult(key, None, "cancelled")
    exception = future.exception()
    return SliceResult(key, None, f"{type(exception).__name__}: {exception}"[:500])


@contextmanager
def cluster_executor(address: str) -> Iterator[tuple[Executor, int]]:
    """The cluster at ``address`` as a ``concurrent.futures`` Executor (a function submitted runs on a worker,
    again on another one when its worker is lost; the function must be importable there) and the number of
    its workers' threads (how many tasks to keep in flight)."""
    client = connect(address)
    try:
        yield client.get_executor(pure=False), max(1, sum(client.nthreads().values()))
    finally:
        client.close()


def run_slices(address: str, tasks: Sequence[SliceTask],
               done: Callable[[SliceResult], None] | None = None) -> Generator[SliceResult, None, None]:
    """Run ``tasks`` on the cluster at ``address``; their results in order. Ctrl+C, or the caller closing
    the generator before the last result (a test decided), cancels the slices left."""
    run = ClusterRun(connect(address), tasks)
    finished = False
    try:
        yield from run.results(done)
        finished = True
    finally:
        if not finished:
            run.cancel()
        run.close()


__all__ = ["CONNECT_TIMEOUT_S", "ClusterError", "ClusterRun", "MAX_SLICES", "SliceResult", "cluster_executor",
           "connect", "run_slices"]
