"""``python -m xiangqi.cluster SCHEDULER [options]``: a Dask worker for ``--cluster``;
``python -m xiangqi.cluster scheduler [options]``: its scheduler.

The same as ``dask worker`` / ``dask scheduler`` (every option of theirs is taken), with these defaults:

* ``--no-nanny`` unless ``--nanny`` is given: a slice's command runs in a child forked from a fork server
  that imported the program once (``slices.FORK_SERVER_PRELOAD``), and a nanny's worker is a daemon, which
  may not start such children (its slices would each start a fresh ``python -m xiangqi``, about a second of
  CPU more each). Started as this module, the worker's ``__main__`` is a package's ``__main__``, which
  ``multiprocessing`` never imports again in a child; under ``dask worker`` each child would first import
  the ``dask`` script (Python 3.11's fork server forgets the main module it was told to preload).
* ``QUIET_DASK``: no statistical profiler (a slice's work is in a child process it cannot see; sampling the
  worker's threads every 10 ms cost the workers about a CPU second a game), and the event loop's health
  checks and the system monitor less often. A variable already set in the environment wins.
"""

from __future__ import annotations

import os
import sys

QUIET_DASK = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "500ms",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
}


def worker_arguments(argv: list[str]) -> list[str]:
    """``dask worker``'s arguments: ``--no-nanny`` added unless a nanny is asked for."""
    return argv if {"--nanny", "--no-nanny"} & set(argv) else [*argv, "--no-nanny"]


def main(argv: list[str]) -> None:
    for name, value in QUIET_DASK.items():
        os.environ.setdefault(name, value)
    try:   # imported after the environment is set: Dask reads its configuration once, on import
        from distributed.cli.dask_scheduler import main as dask_scheduler
        from distributed.cli.dask_worker import main as dask_worker
    except ImportError:
        print("error: a worker needs Dask distributed: pip install 'xiangqi[cluster]'", file=sys.stderr)
        raise SystemExit(2) from None
    if argv[:1] == ["scheduler"]:
        dask_scheduler.main(args=argv[1:], prog_name="python -m xiangqi.cluster scheduler")
    else:
        dask_worker.main(args=worker_arguments(argv), prog_name="python -m xiangqi.cluster")


if __name__ == "__main__":
    main(sys.argv[1:])
