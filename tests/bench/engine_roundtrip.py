"""1,000 go -> bestmove round trips against an instant fake engine: through the Qt adapter
(``EngineClient``: session, validation, QProcess, signals) and through a plain ``subprocess`` pipe.
Prints both medians and the ratio (target: adapter <= 2x the pipe).

The two run in alternating blocks of 100 (both engines stay up), so a busy machine slows both alike.

    .venv/bin/python tests/bench/engine_roundtrip.py [--rounds N]
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
BLOCK = 100


class PipeEngine:
    """The baseline: the same lines over a bare subprocess pipe, read with readline."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, *FAKE_ARGS], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
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
    """The program's way: EngineClient.go -> best_move signal, on a QCoreApplication event loop."""

    def __init__(self) -> None:
        from PySide6.QtCore import QCoreApplication

        from xiangqi.core import Position
        from xiangqi.engine.messages import SearchLimits
        from xiangqi.engine.process import EngineClient
        from xiangqi.engine.registry import DialectMemory, EngineSpec, Protocol

        self.app = QCoreApplication.instance() or QCoreApplication([])
        spec = EngineSpec("instant fake", sys.executable, tuple(FAKE_ARGS), Protocol.UCCI)
        self.client = EngineClient(spec, memory=DialectMemory())
        self.position, self.limits = Position(), SearchLimits(depth=1)
        self.times: list[float] = []
        self.wanted = 0
        self.began = 0.0
        self.client.ready.connect(lambda _info: self.app.exit(0))
        self.client.best_move.connect(self.on_best)
        self.client.failed.connect(lambda failure: (print("failed:", failure.message), self.app.exit(1)))
        self.client.state_changed.connect(lambda state: self.app.exit(0) if state.value == "dead" else None)
        self.client.start()
        assert self.app.exec() == 0

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
        self.app.exec()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1000)
    rounds = parser.parse_args().rounds
    pipe, adapter = PipeEngine(), AdapterEngine()
    pipe.round_trips(20), adapter.round_trips(20)  # warm-up
    pipe_times: list[float] = []
    adapter_times: list[float] = []
    while len(pipe_times) < rounds:
        block = min(BLOCK, rounds - len(pipe_times))
        pipe_times += pipe.round_trips(block)
        adapter_times += adapter.round_trips(block)
    pipe.close()
    adapter.close()
    pipe_median, adapter_median = statistics.median(pipe_times), statistics.median(adapter_times)
    print(f"round trips: {rounds} each, alternating blocks of {BLOCK}")
    print(f"subprocess pipe median: {pipe_median * 1e6:8.1f} us")
    print(f"Qt adapter      median: {adapter_median * 1e6:8.1f} us")
    print(f"ratio adapter/pipe: {adapter_median / pipe_median:.2f} (target <= 2.00)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
