"""The CPU seconds of a command and of every process it starts, orphans included (issue 33 §3).

    .venv/bin/python tests/bench/tree_cpu.py -- COMMAND [ARGS...]

``time`` counts only the children a process waits for: a Dask worker killed by a test, or the fork server of
a cluster worker, leaves processes that init reaps, and their CPU is lost. Here this process becomes a
"child subreaper" (Linux ``PR_SET_CHILD_SUBREAPER``): every orphan of the command's tree is re-parented to
it and reaped by it, so ``RUSAGE_CHILDREN`` holds the whole tree's CPU. Prints ``wall W s, cpu C s (user U,
system S), load L`` on stderr. Linux only. Not collected by pytest.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(argv: list[str]) -> int:
    command = argv[argv.index("--") + 1:] if "--" in argv else argv
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    load, started = os.getloadavg()[0], time.monotonic()
    code = subprocess.call(command)
    wall = time.monotonic() - started
    while True:   # the orphans: wait for the last of them
        try:
            os.wait()
        except ChildProcessError:
            break
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"wall {wall:.1f} s, cpu {usage.ru_utime + usage.ru_stime:.1f} s (user {usage.ru_utime:.1f}, system "
          f"{usage.ru_stime:.1f}), load {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end",
          file=sys.stderr)
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
