"""``python -m xiangqi.cluster SCHEDULER [dask worker options]``: a Dask worker for ``--cluster``.

The same as ``dask worker`` (every option of it is taken), with ``--no-nanny`` unless ``--nanny`` is given:
a slice's command runs in a child forked from a fork server that imported the program once
(``slices.FORK_SERVER_PRELOAD``), and a nanny's worker is a daemon, which may not start such children (its
slices would each start a fresh ``python -m xiangqi``, about a second of CPU more each). Started as this
module, the worker's ``__main__`` is a package's ``__main__``, which ``multiprocessing`` never imports again
in a child; under ``dask worker`` each child would first import the ``dask`` script (Python 3.11's fork
server forgets the main module it was told to preload).
"""

from __future__ import annotations

import sys


def worker_arguments(argv: list[str]) -> list[str]:
    """``dask worker``'s arguments: ``--no-nanny`` added unless a nanny is asked for."""
    return argv if {"--nanny", "--no-nanny"} & set(argv) else [*argv, "--no-nanny"]


def main(argv: list[str]) -> None:
    try:
        from distributed.cli.dask_worker import main as dask_worker
    except ImportError:
        print("error: a worker needs Dask distributed: pip install 'xiangqi[cluster]'", file=sys.stderr)
        raise SystemExit(2) from None
    dask_worker.main(args=worker_arguments(argv), prog_name="python -m xiangqi.cluster")


if __name__ == "__main__":
    main(sys.argv[1:])
