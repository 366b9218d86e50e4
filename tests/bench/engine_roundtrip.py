"""1,000 go -> bestmove round trips against an instant fake engine: through the Qt adapter
(``EngineClient``: session, validation, QProcess, signals) and through a plain ``subprocess`` pipe.
Prints both medians and the ratio (target: adapter <= 2x the pipe).

Both sides write the same ``position`` + ``go`` lines and read until ``bestmove``; both engines stay up
and run in alternating blocks, so a busy machine slows both alike. Each repetition starts a fresh pair
of engines; the summary is the median over the repetitions.

Where the engines run matters as much as the code: an instant engine woken on the GUI's own CPU costs
its CPU time, one on another CPU costs the cross-CPU wake-ups instead, and left to itself the scheduler
picks either, differently for the two engines. ``--cpus`` chooses: ``shared`` (GUI and both engines on
one CPU), ``split`` (the engines on another CPU than the GUI, as a real engine thinking on its own core)
or ``free`` (the scheduler decides); ``all`` runs the three in turn.

    .venv/bin/python tests/bench/engine_roundtrip.py [--rounds N] [--repeat R] [--cpus free|shared|split|all]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
FAKE_ARGS = [str(FAKE), "--instant"]
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
BLOCK = 50
WARM_UP = 50
MODES = ("free", "shared", "split")
# CPU pinning is Linux's (sched_setaffinity, /proc): elsewhere only ``free`` runs.
ALL_CPUS = frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()


class PipeEngine:
    """The baseline: the same lines over a bare subprocess pipe, read with readline."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, *FAKE_ARGS], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pid = self.process.pid
        self.send("ucci")
        self.read_until("ucciok")
        self.send("setoption usemillisec true")

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> str:
        while True:
            line = self.process.stdout.readline()
            if not line or line.startswith(prefix):
                return line

    def round_trips(self, count: int) -> list[float]:
        times = []
        for _ in range(count):
            begin = time.perf_counter()
            self.send(f"position fen {START_FEN}\ngo depth 1")
            assert self.read_until("bestmove").startswith("bestmove")
            times.append(time.perf_counter() - begin)
        return times

    def close(self) -> None:
        self.send("quit")
        self.process.wait(5)


class AdapterEngine:
    """The program's way: EngineClient.go -> best_move signal, on a QCoreApplication event loop.
    A listener is connected to ``state_changed`` too (a GUI shows it), doing as little as the pipe's."""

    def __init__(self) -> None:
        from PySide6.QtCore import QCoreApplication

        from xiangqi.core import Position
        from xiangqi.engine.messages import SearchLimits
        from xiangqi.engine.process import EngineClient
        from xiangqi.engine.registry import DialectMemory, EngineSpec, Protocol
        from xiangqi.engine.session import SessionState

        self.app = QCoreApplication.instance() or QCoreApplication([])
        spec = EngineSpec("instant fake", sys.executable, tuple(FAKE_ARGS), Protocol.UCCI)
        self.client = EngineClient(spec, memory=DialectMemory())
        self.position, self.limits = Position(), SearchLimits(depth=1)
        self.times: list[float] = []
        self.wanted = 0
        self.began = 0.0
        self.state = SessionState.BOOTING
        self.dead = SessionState.DEAD
        self.client.ready.connect(lambda _info: self.app.exit(0))
        self.client.best_move.connect(self.on_best)
        self.client.failed.connect(lambda failure: (print("failed:", failure.message), self.app.exit(1)))
        self.client.state_changed.connect(self.on_state)
        self.client.start()
        assert self.app.exec() == 0
        self.pid = self.client._process.processId()  # for --cpus only

    def on_state(self, state) -> None:
        self.state = state
        if state is self.dead:
            self.app.exit(0)

    def go(self) -> None:
        self.began = time.perf_counter()
        self.client.go(self.position, self.limits)

    def on_best(self, _best) -> None:
        self.times.append(time.perf_counter() - self.began)
        if len(self.times) < self.wanted:
            self.go()
        else:
            self.app.exit(0)

    def round_trips(self, count: int) -> list[float]:
        self.times, self.wanted = [], count
        self.go()
        assert self.app.exec() == 0 and len(self.times) == count
        return self.times

    def close(self) -> None:
        self.client.shutdown()
        if self.state is not self.dead:
            self.app.exec()


def pin(pid: int, cpu: int) -> None:
    """Every thread of process ``pid`` onto ``cpu`` (the fake engine reads stdin on a thread of its own)."""
    for thread in os.listdir(f"/proc/{pid}/task"):
        os.sched_setaffinity(int(thread), {cpu})


def place(mode: str, engines: list[int]) -> None:
    """Pins this process (the GUI) and the engines for ``mode``; ``free`` leaves them to the scheduler."""
    if mode == "free":
        return
    gui, other = sorted(ALL_CPUS)[:2]
    os.sched_setaffinity(0, {gui})
    for pid in engines:
        pin(pid, gui if mode == "shared" else other)


def repetition(rounds: int, mode: str) -> tuple[float, float]:
    """Medians (seconds) of ``rounds`` pipe and adapter round trips, with a fresh pair of engines."""
    if ALL_CPUS:
        os.sched_setaffinity(0, ALL_CPUS)
    pipe, adapter = PipeEngine(), AdapterEngine()
    place(mode, [pipe.pid, adapter.pid])
    pipe.round_trips(WARM_UP), adapter.round_trips(WARM_UP)
    pipe_times: list[float] = []
    adapter_times: list[float] = []
    while len(pipe_times) < rounds:
        block = min(BLOCK, rounds - len(pipe_times))
        pipe_times += pipe.round_trips(block)
        adapter_times += adapter.round_trips(block)
    pipe.close()
    adapter.close()
    return statistics.median(pipe_times), statistics.median(adapter_times)


def warn_if_busy() -> None:
    """Says so when other programs keep the CPUs busy: an instant engine's round trip is mostly wake-ups,
    and a busy machine changes where the processes run, for the two sides differently (see above)."""
    if not hasattr(os, "getloadavg"):
        return
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    print(f"load average {load:.2f} on {cpus} CPUs")
    if load > 0.4 * cpus:  # e.g. 0.8 on two CPUs: one of them mostly busy
        print("  warning: the machine is busy; the figures below are not representative")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1000, help="round trips per side per repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions, each with fresh engines")
    parser.add_argument("--cpus", choices=(*MODES, "all"), default="free")
    args = parser.parse_args()
    if len(ALL_CPUS) < (1 if args.cpus == "shared" else 2) and args.cpus != "free":
        parser.error(f"--cpus {args.cpus} needs two CPUs")
    warn_if_busy()
    summary = []
    for mode in MODES if args.cpus == "all" else (args.cpus,):
        print(f"cpus {mode}: {args.repeat} x {args.rounds} round trips per side, alternating blocks of {BLOCK}")
        pipes, adapters, ratios = [], [], []
        for _ in range(args.repeat):
            pipe, adapter = repetition(args.rounds, mode)
            pipes.append(pipe)
            adapters.append(adapter)
            ratios.append(adapter / pipe)
            print(f"  subprocess pipe median {pipe * 1e6:7.1f} us   Qt adapter median {adapter * 1e6:7.1f} us   "
                  f"ratio {adapter / pipe:.2f}")
        summary.append(f"{mode} {statistics.median(ratios):.2f}")
        print(f"subprocess pipe median: {statistics.median(pipes) * 1e6:8.1f} us (median of {args.repeat})")
        print(f"Qt adapter      median: {statistics.median(adapters) * 1e6:8.1f} us")
        print(f"ratio adapter/pipe ({mode}): {statistics.median(ratios):.2f} (target <= 2.00)")
    if len(summary) > 1:
        print(f"ratios: {', '.join(summary)} (target <= 2.00)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
