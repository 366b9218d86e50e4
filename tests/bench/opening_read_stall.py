"""Benchmark: the GUI thread's longest stall while the opening drill reads its repertoire on a worker thread.

    .venv/bin/python tests/bench/opening_read_stall.py [--rounds 3]

A 10 ms QTimer heartbeat on the GUI thread (offscreen); its longest gap is measured (1) over the idle
event loop for 3 s, (2) while ``opening_drill.repertoire_job`` reads the bundled repertoire (953 CCPD lines), and
(3) while a plain thread only iterates the same file's games through the record readers (what any file
read of the app costs the GUI thread: the interpreter lock, and the full garbage collections its parsing
triggers). Best and worst of --rounds interleaved rounds. Target: the drill's stall within 1.5 times the
plain reading's (the repertoire adds no stall of its own). Not collected by pytest: wall-clock time.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, QTimer, Signal  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from xiangqi.record.files import read_records  # noqa: E402
from xiangqi.training.opening_drill import bundled_repertoire  # noqa: E402
from xiangqi.ui.training.opening_drill import repertoire_job  # noqa: E402


class PlainRead(QObject):
    """The record readers alone on a worker thread."""

    finished = Signal()

    def start(self) -> None:
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        for _ in read_records(bundled_repertoire()):
            pass
        self.finished.emit()


def longest_gap(app: QApplication, start: Callable[[], None]) -> float:
    """The heartbeat's longest gap (ms) from ``start()`` until the app quits."""
    gaps: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(beat)
    timer.start(10)
    start()
    app.exec()
    timer.stop()
    return max(gaps) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    app = QApplication([])
    idle, drill, plain = [], [], []
    for _ in range(options.rounds):
        idle.append(longest_gap(app, lambda: QTimer.singleShot(3000, app.quit)))
        job = repertoire_job(str(bundled_repertoire()), "bench")
        job.finished.connect(lambda _tree: app.quit())
        drill.append(longest_gap(app, job.start))
        reader = PlainRead()
        reader.finished.connect(app.quit)
        plain.append(longest_gap(app, reader.start))
    for name, gaps in (("idle event loop", idle), ("drill reading", drill), ("record reader alone", plain)):
        print(f"{name:20s} longest gap: best {min(gaps):5.0f} ms, worst {max(gaps):5.0f} ms")
    ratio = min(drill) / min(plain)
    print(f"drill / reader alone (best rounds): {ratio:.2f} (target <= 1.5)")
    print("OK" if ratio <= 1.5 else "OVER TARGET")
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
