"""Engine work on a cluster (issue 33 §3), no Qt: a command's work cut into slices that run on the workers of
a Dask distributed scheduler, each slice as the program's own command line on the worker (its engines
started there by name), the results coming back in order to the submitting process, which writes them as
it does for ``--jobs`` (atomically).

Why Dask distributed and not Ray: it is pure Python (a ``[cluster]`` extra of two wheels and their small
pure dependencies, no binary of its own to fetch), its scheduler and workers are two commands
(``dask scheduler``, ``dask worker ADDRESS``) any machine with Python runs, it re-runs a task whose worker
is lost on another worker by itself, and a cancelled run is stopped through a named ``Event`` the tasks
watch. Why a slice runs as a command line and not as a function in the worker: the engines are driven
by Qt's QProcess, whose event loop must own a process's main thread, which a Dask worker's task thread
is not; a child process per slice also means a crashing engine or a leak never takes the worker down.

    from xiangqi.cluster import ClusterError, SliceTask, run_slices
"""

from xiangqi.cluster.client import ClusterError, ClusterRun, SliceResult, cluster_executor, run_slices
from xiangqi.cluster.slices import SliceTask

__all__ = ["ClusterError", "ClusterRun", "SliceResult", "SliceTask", "cluster_executor", "run_slices"]
