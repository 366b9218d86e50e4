"""One slice of a command's work and how a worker runs it (this module is what the workers import).

A slice is the program's own command line with its input file sent along: the worker writes the input
into a fresh folder, runs ``python -m xiangqi ARGS`` there (``{input}`` and ``{output}`` in ARGS stand for
the two files), and sends back the exit status, the output file and the last lines the command printed.
While the command runs, the worker looks at the run's cancel ``Event`` every ``CANCEL_POLL_S`` and kills the
command when it is set, so Cancel stops the cluster's work, not only the waiting.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

CANCEL_POLL_S = 0.5
MAX_SLICE_INPUT_BYTES = 64 * 1024 * 1024    # a slice's input file: a few games, never a whole collection
MAX_SLICE_OUTPUT_BYTES = 64 * 1024 * 1024   # what a slice sends back
MAX_PRINTED_CHARS = 20_000                  # the command's printed lines sent back (its last ones)
CANCELLED = -100                            # the exit status of a slice stopped by Cancel


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
    cancelled = _cancel_check(cancel_event)
    with tempfile.TemporaryDirectory(prefix="xiangqi-slice-") as folder:
        work = Path(folder)
        source, target = work / Path(task.input_name).name, work / Path(task.output_name).name
        source.write_bytes(task.input_data)
        args = [a.replace("{input}", str(source)).replace("{output}", str(target)) for a in task.args]
        with (work / "stdout.txt").open("w+b") as out, (work / "stderr.txt").open("w+b") as err:
            process = subprocess.Popen([sys.executable, "-m", "xiangqi", *args], cwd=work, stdout=out,
                                       stderr=err, stdin=subprocess.DEVNULL)
            returncode = _wait(process, cancelled)
            printed = [_tail(stream) for stream in (out, err)]
        output = target.read_bytes() if target.exists() and returncode != CANCELLED else b""
    if len(output) > MAX_SLICE_OUTPUT_BYTES:
        raise ValueError(f"slice {task.key}: output of {len(output):,} bytes is over {MAX_SLICE_OUTPUT_BYTES:,}")
    return SliceOutcome(task.key, returncode, output, printed[0], printed[1], os.uname().nodename)


def _wait(process: subprocess.Popen[bytes], cancelled: Callable[[], bool]) -> int:
    while True:
        try:
            return process.wait(timeout=CANCEL_POLL_S)
        except subprocess.TimeoutExpired:
            if cancelled():
                process.kill()
                process.wait()
                return CANCELLED


def _tail(stream: BinaryIO) -> str:
    stream.seek(0)
    data = stream.read()
    return data[-MAX_PRINTED_CHARS:].decode("utf-8", errors="replace")


def _cancel_check(name: str | None) -> Callable[[], bool]:
    """A function telling whether the run was cancelled (never, outside a Dask worker or without a name)."""
    if name is None:
        return lambda: False
    from distributed import Event   # imported here: a worker has the [cluster] extra, the program need not

    event = Event(name)
    last = [0.0, False]

    def cancelled() -> bool:
        now = time.monotonic()
        if now - float(last[0]) >= CANCEL_POLL_S:
            last[0], last[1] = now, bool(event.is_set())
        return bool(last[1])

    return cancelled


__all__ = ["CANCELLED", "MAX_SLICE_INPUT_BYTES", "MAX_SLICE_OUTPUT_BYTES", "SliceOutcome", "SliceTask",
           "run_slice"]
