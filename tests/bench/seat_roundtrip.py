"""What an engine seat costs per move: go -> bestmove round trips against an instant fake engine through
``EngineSeat.search`` -> ``decided`` (the seat's bookkeeping, the position copy, the SeatMove value) and
through the bare ``EngineClient.go`` -> ``best_move`` it wraps. Prints both medians, the seat's own cost
per move and the ratio (target: seat <= 1.5x the client on this instant engine, i.e. a few tens of
microseconds per move: nothing next to any real engine's thinking time).

Both engines stay up and run in alternating blocks on one event loop, so a busy machine slows both alike;
the summary is the median over the repetitions.

    .venv/bin/python tests/bench/seat_roundtrip.py [--rounds N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QObject  # noqa: E402

from xiangqi.core import Position  # noqa: E402
from xiangqi.engine.messages import BestMove, SearchLimits  # noqa: E402
from xiangqi.engine.process import EngineClient  # noqa: E402
from xiangqi.engine.registry import DialectMemory, EngineSpec, Protocol  # noqa: E402
from xiangqi.engine.retire import engines_retiring  # noqa: E402
from xiangqi.engine.seat import EngineSeat, Purpose, Role, SeatEngine, SeatMove  # noqa: E402

FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
SPEC = EngineSpec("instant fake", sys.executable, (str(FAKE), "--instant"), Protocol.UCCI)
BLOCK = 50
LIMITS = SearchLimits(depth=1)


class Timer:
    """Runs ``count`` round trips: ``go`` starts one, ``done`` (connected to the answer) ends it."""

    def __init__(self, app: QCoreApplication, go: Callable[[], None]) -> None:
        self.app, self.go = app, go
        self.times: list[float] = []
        self.wanted = 0
        self.began = 0.0

    def start(self) -> None:
        self.began = time.perf_counter()
        self.go()

    def done(self, *_answer: object) -> None:
        self.times.append(time.perf_counter() - self.began)
        if len(self.times) < self.wanted:
            self.start()
        else:
            self.app.exit(0)

    def run(self, count: int) -> list[float]:
        self.times, self.wanted = [], count
        self.start()
        assert self.app.exec() == 0 and len(self.times) == count
        return self.times


def ready_client(app: QCoreApplication) -> EngineClient:
    client = EngineClient(SPEC, memory=DialectMemory())
    client.ready.connect(lambda _info: app.exit(0))
    client.start()
    assert app.exec() == 0
    return client


def ready_seat(app: QCoreApplication, owner: QObject) -> EngineSeat:
    def factory(spec: EngineSpec, _owner: QObject) -> SeatEngine:
        return EngineClient(spec, memory=DialectMemory())

    seat = EngineSeat(Role.RED, SPEC, factory, owner)
    seat.ready.connect(lambda _info: app.exit(0))
    seat.start()
    assert app.exec() == 0
    return seat


def measure(rounds: int) -> tuple[float, float]:
    app = QCoreApplication.instance() or QCoreApplication([])
    assert isinstance(app, QCoreApplication)
    owner = QObject()
    position = Position()
    client = ready_client(app)
    seat = ready_seat(app, owner)
    bare = Timer(app, lambda: client.go(position, LIMITS))
    seated = Timer(app, lambda: seat.search(position, LIMITS, Purpose.MOVE))
    client.best_move.connect(lambda best: bare.done(best) if isinstance(best, BestMove) else None)
    seat.decided.connect(lambda move: seated.done(move) if isinstance(move, SeatMove) else None)
    states: list[object] = []   # a GUI shows the engine's state: both sides have a listener doing little
    client.state_changed.connect(states.append)
    seat.state_changed.connect(states.append)
    bare.run(BLOCK)
    seated.run(BLOCK)   # warm-up
    times: dict[str, list[float]] = {"client": [], "seat": []}
    for _ in range(max(1, rounds // BLOCK)):
        times["client"] += bare.run(BLOCK)
        times["seat"] += seated.run(BLOCK)
        states.clear()
    client.shutdown()
    seat.close()
    while engines_retiring() or client.state.name != "DEAD":
        app.processEvents()
    return statistics.median(times["client"]) * 1e6, statistics.median(times["seat"]) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    results = []
    for _ in range(args.repeat):
        client_us, seat_us = measure(args.rounds)
        results.append((client_us, seat_us))
        print(f"  client median {client_us:7.1f} us   seat median {seat_us:7.1f} us   ratio {seat_us / client_us:.2f}")
    client_us = statistics.median(r[0] for r in results)
    seat_us = statistics.median(r[1] for r in results)
    print(f"client median: {client_us:7.1f} us (median of {args.repeat})")
    print(f"seat   median: {seat_us:7.1f} us")
    print(f"seat's own cost:  {seat_us - client_us:7.1f} us per move")
    print(f"ratio seat/client: {statistics.median(r[1] / r[0] for r in results):.2f} (target <= 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
