"""Every case of the hostile-input registry (``tests/hostile``) at scale 1 and 16, each run in a child process of
its own: wall time, CPU time of the case (user + system, without the interpreter's start and imports), peak
memory (the child's own maximum resident set, ``os.wait4``; in brackets what the case added after the imports)
and the growth ratios of the case's CPU time and added memory, 16x against 1x (linear work: about 16; memory
that does not grow with the input: about 1; a ratio over ~40 is a bound that is not linear).

    .venv/bin/python tests/bench/hostile_registry.py [--only NAME ...] [--scales 1 16] [--timeout S]

``--only`` takes case names or a prefix (``records.``, ``settings.``). A run longer than ``--timeout`` (120 s)
is killed and shown as ``>120 s``; a failing case shows its first error line. Exit status 1 when a case fails
or is killed. Not collected by pytest: it measures time.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
sys.path[:0] = [str(REPO), str(TESTS)]

from hostile import HostileCase, all_cases  # noqa: E402

# The child prints its CPU seconds and peak memory (KB) after the imports, before the case: the case's own
# cost is the rest (the interpreter and the imports take ~0.5 s and ~35 MB, which would hide the growth).
CHILD = ("import resource, sys; from pathlib import Path; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
         "from hostile import case; run = case(sys.argv[3]).run; "
         "usage = resource.getrusage(resource.RUSAGE_SELF); "
         "print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss, flush=True); "
         "run(Path(sys.argv[4]), int(sys.argv[5]))")


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu_seconds: float   # of the case alone (the child's user + system time after its imports)
    peak_mb: float       # the child's peak resident memory
    added_mb: float      # of it, what the case added to the memory after the imports
    status: str     # "ok", "FAIL: first line", or "killed"


def run_case(name: str, scale: int, timeout: float) -> Run:
    """``name`` at ``scale`` in a fresh child process (its own peak RSS) in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        started = time.perf_counter()
        with subprocess.Popen([sys.executable, "-c", CHILD, str(REPO), str(TESTS), name, folder, str(scale)],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              start_new_session=True) as child:
            assert child.stderr is not None
            os.set_blocking(child.stderr.fileno(), False)
            error, killed = b"", False
            while True:
                pid, wait_status, usage = os.wait4(child.pid, os.WNOHANG)
                error += child.stderr.read(65536) or b""
                if pid:
                    break
                if time.perf_counter() - started > timeout:
                    os.killpg(child.pid, signal.SIGKILL)
                    pid, wait_status, usage = os.wait4(child.pid, 0)
                    killed = True
                    break
                time.sleep(0.02)
            child.returncode = os.waitstatus_to_exitcode(wait_status)
            assert child.stdout is not None
            before = (child.stdout.readline().split() + [b"0", b"0"])[:2]
    seconds = time.perf_counter() - started
    if killed:
        status = "killed"
    elif child.returncode == 0:
        status = "ok"
    else:
        lines = [line for line in error.decode(errors="replace").splitlines() if line.strip()]
        status = "FAIL: " + (lines[-1][:160] if lines else f"exit {child.returncode}")
    cpu_before, rss_before = float(before[0]), int(before[1]) / 1024
    peak = usage.ru_maxrss / 1024
    return Run(seconds, usage.ru_utime + usage.ru_stime - cpu_before, peak, max(peak - rss_before, 0.0), status)


def chosen(cases: list[HostileCase], only: list[str]) -> list[HostileCase]:
    if not only:
        return cases
    return [case for case in cases if any(case.name == name or case.name.startswith(name) for name in only)]


def cell(run: Run, timeout: float) -> str:
    seconds = f">{timeout:.0f} s" if run.status == "killed" else f"{run.seconds:.2f} s"
    return f"{seconds:>8} {run.cpu_seconds:7.2f} cpu {run.peak_mb:6.0f} MB (+{run.added_mb:.0f})"


def ratio(big: float, small: float, floor: float) -> str:
    """big / small, or "-" when the small run's figure is too small to divide by (noise)."""
    return f"{big / small:6.1f}" if small >= floor else "     -"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=[], help="case names or name prefixes")
    parser.add_argument("--scales", nargs=2, type=int, default=[1, 16], metavar=("SMALL", "BIG"))
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    cases = chosen(all_cases(), args.only)
    if not cases:
        print(f"no case matches {args.only}", file=sys.stderr)
        return 2
    small, big = args.scales
    print(f"{'case':40} {'target':24} {f'{small}x: wall, cpu, peak':>36} {f'{big}x: wall, cpu, peak':>36} "
          f"{'cpu x':>6} {'mem x':>6}  status", flush=True)
    failed = 0
    for case in cases:
        runs = [run_case(case.name, scale, args.timeout) for scale in (small, big)]
        bad = [run.status for run in runs if run.status != "ok"]
        failed += bool(bad)
        cpu_growth = ratio(runs[1].cpu_seconds, runs[0].cpu_seconds, 0.05)
        memory_growth = ratio(runs[1].added_mb, runs[0].added_mb, 4)
        print(f"{case.name:40} {case.target:24} {cell(runs[0], args.timeout):>36} {cell(runs[1], args.timeout):>36} "
              f"{cpu_growth} {memory_growth}  {bad[0] if bad else 'ok'}", flush=True)
    print(f"{len(cases)} cases, {failed} failed or killed (bound of each: tests/hostile; load "
          f"{os.getloadavg()[0]:.1f})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
