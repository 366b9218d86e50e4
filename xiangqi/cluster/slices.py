"""One slice of a command's work and how a worker runs it (this module is what the workers import).

A slice is the program's own command line with its input file sent along: the worker writes the input
into a fresh folder, runs ``python -m xiangqi ARGS`` there (``{input}`` and ``{output}`` in ARGS stand for
the two files), and sends back the exit status, the output file and the last lines the command printed.
While the command runs, a thread of the worker waits on the run's cancel ``Event`` and the worker kills the
command (its process group: its engines too) when it is set, so Cancel stops the cluster's work, not only
the waiting.

The command runs in a child process forked from a fork server that imported the commands once
(``multiprocessing``'s forkserver, ``FORK_SERVER_PRELOAD``): a fresh ``python -m xiangqi`` costs about
a second of CPU in imports, which would be most of a small slice's cost. The child is still a process of
its own (its engines' QProcess needs a main thread; a crash or a leak never takes the worker down). In a
daemonic process (a Dask worker under a nanny whose workers are daemons), which may not start
``multiprocessing`` children, the command runs as ``python -m xiangqi`` instead.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import runpy
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path

CANCEL_POLL_S = 0.5                          # how often a slice looks whether its command ended or was cancelled
CANCEL_WAIT_S = 5.0                          # a wait on the run's Event at the scheduler (answered at once when set)
MAX_SLICE_INPUT_BYTES = 64 * 1024 * 1024    # a slice's input file: a few games, never a whole collection
MAX_SLICE_OUTPUT_BYTES = 64 * 1024 * 1024   # what a slice sends back
MAX_PRINTED_CHARS = 20_000                  # the command's printed lines sent back (its last ones)
CANCELLED = -100                            # the exit status of a slice stopped by Cancel
KILLED_WAIT_S = 60.0                        # a killed command's end waited for at most this
FORK_SERVER_PRELOAD = ["xiangqi.__main__", "xiangqi.commands.review", "xiangqi.review.runner", "xiangqi.commands.match",
                       "xiangqi.commands.puzzles", "xiangqi.engine.eventloop"]


@dataclass(frozen=True, slots=True)
class SliceTask:
    """``args`` run as ``python -m xiangqi *args`` on a worker, ``{input}``/``{output}`` replaced by files."""

    key: int                   # the slice's place in the run (results come back in this order)
    args: tuple[str, ...]
    input_name: str            # the input file's name (its suffix tells the command its format)
    input_data: bytes
    output_name: str = "output"


@dataclass(frozen=True, slots=True)
class SliceOutcome:
    """What a worker sends back for a slice."""

    key: int
    returncode: int
    output: bytes              # the output file's content (b"" when the command wrote none)
    stdout: str                # the last MAX_PRINTED_CHARS the command printed
    stderr: str
    worker: str                # the host that ran it (for messages)


def run_slice(task: SliceTask, cancel_event: str | None = None) -> SliceOutcome:
    """Run ``task`` here (on a worker); ``cancel_event``: the name of the run's Dask ``Event``."""
    if len(task.input_data) > MAX_SLICE_INPUT_BYTES:
        raise ValueError(f"slice {task.key}: input of {len(task.input_data):,} bytes is over "
                         f"{MAX_SLICE_INPUT_BYTES:,} (MAX_SLICE_INPUT_BYTES)")
    cancelled = CancelWatch(cancel_event)
    with tempfile.TemporaryDirectory(prefix="xiangqi-slice-") as folder, contextlib.closing(cancelled):
        work = Path(folder)
        source, target = work / Path(task.input_name).name, work / Path(task.output_name).name
        source.write_bytes(task.input_data)
        args = [a.replace("{input}", str(source)).replace("{output}", str(target)) for a in task.args]
        returncode = _run_command(args, work, cancelled)
        printed = [_tail(work / name) for name in ("stdout.txt", "stderr.txt")]
        size = target.stat().st_size if target.exists() and returncode != CANCELLED else 0
        if size > MAX_SLICE_OUTPUT_BYTES:
            raise ValueError(f"slice {task.key}: output of {size:,} bytes is over {MAX_SLICE_OUTPUT_BYTES:,} "
                             "(MAX_SLICE_OUTPUT_BYTES)")
        output = target.read_bytes() if size else b""
    return SliceOutcome(task.key, returncode, output, printed[0], printed[1], os.uname().nodename)


def _run_command(args: list[str], work: Path, cancelled: Callable[[], bool]) -> int:
    """``python -m xiangqi *args`` in ``work`` (its output in stdout.txt / stderr.txt there): its exit status."""
    if multiprocessing.current_process().daemon:    # no multiprocessing children here: a fresh interpreter
        with (work / "stdout.txt").open("wb") as out, (work / "stderr.txt").open("wb") as err:
            process = subprocess.Popen([sys.executable, "-m", "xiangqi", *args], cwd=work, stdout=out,
                                       stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
            return _wait(process.pid, lambda timeout: _popen_status(process, timeout), cancelled)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(FORK_SERVER_PRELOAD)
    child = context.Process(target=command_in_child, args=(args, str(work)), daemon=False)
    child.start()
    return _wait(child.pid or 0, lambda timeout: _child_status(child, timeout), cancelled)


def command_in_child(args: list[str], folder: str) -> None:
    """The forked child: a process group of its own (Cancel kills its engines with it), its output in files."""
    os.setpgid(0, 0)
    os.chdir(folder)
    for fd, name in ((1, "stdout.txt"), (2, "stderr.txt")):
        file = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(file, fd)
        os.close(file)
    sys.argv = ["python -m xiangqi", *args]
    try:   # what `python -m xiangqi ARGS` runs (its SystemExit carries the exit status)
        runpy.run_module("xiangqi", run_name="__main__", alter_sys=True)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()


def _popen_status(process: subprocess.Popen[bytes], timeout: float) -> int | None:
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def _child_status(child: BaseProcess, timeout: float) -> int | None:
    child.join(timeout)
    return child.exitcode


def _wait(pid: int, status: Callable[[float], int | None], cancelled: Callable[[], bool]) -> int:
    """The command's exit status, or CANCELLED once the run is cancelled (its process group killed)."""
    while True:
        code = status(CANCEL_POLL_S)
        if code is not None:
            return code
        if cancelled():
            _kill_group(pid)
            status(KILLED_WAIT_S)
            return CANCELLED


def _kill_group(pid: int) -> None:
    """Kill the command and its engines (its process group; the command alone if it has none yet)."""
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
            return
        except ProcessLookupError:   # no such group yet (or the command ended meanwhile)
            continue


def _tail(path: Path) -> str:
    """The last MAX_PRINTED_CHARS of what the command printed (read from the end: never the whole file)."""
    if not path.exists():
        return ""
    with path.open("rb") as stream:
        stream.seek(max(0, path.stat().st_size - MAX_PRINTED_CHARS))
        return stream.read(MAX_PRINTED_CHARS).decode("utf-8", errors="replace")


class CancelWatch:
    """Whether the run named ``name`` was cancelled (never, outside a Dask worker or without a name). A thread
    waits on the run's Event at the scheduler (``Event.wait``: answered the moment it is set, or after
    CANCEL_WAIT_S), so a running slice costs the scheduler one request every CANCEL_WAIT_S instead of a poll
    every CANCEL_POLL_S (polling was about half of the cluster's CPU overhead a task, at two workers)."""

    def __init__(self, name: str | None) -> None:
        self._seen = threading.Event()
        self._over = threading.Event()
        if name is None:
            return
        from distributed import Event, get_client   # here: a worker has the [cluster] extra, the program need not

        self._event = Event(name, client=get_client())   # the worker's client, found from the task's thread only
        threading.Thread(target=self._watch, name=f"cancel-watch {name}", daemon=True).start()

    def __call__(self) -> bool:
        return self._seen.is_set()

    def close(self) -> None:
        """The slice is over: the thread ends after its current wait."""
        self._over.set()

    def _watch(self) -> None:
        try:
            while not self._event.wait(timeout=CANCEL_WAIT_S):
                if self._over.is_set():
                    return
        except Exception:  # noqa: BLE001 (the scheduler is gone: the worker's own end stops the slice)
            return
        self._seen.set()


__all__ = ["CANCELLED", "FORK_SERVER_PRELOAD", "MAX_SLICE_INPUT_BYTES", "MAX_SLICE_OUTPUT_BYTES", "SliceOutcome",
           "SliceTask", "command_in_child", "run_slice"]
