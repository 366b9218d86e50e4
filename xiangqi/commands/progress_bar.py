"""The progress bar of the long commands (``review``, ``puzzles build|ccpd|verify|tasks``) on stderr."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    """``[#####.....] 45/101 games, 12.3/min, ETA 7 min`` on stderr: in place on a terminal, every
    ``every_percent`` % otherwise (a log). The rate counts this run's work only (what a checkpoint gave back is
    skipped at once)."""

    WIDTH = 30

    def __init__(self, unit: str, total: int = 0, every_percent: int = 1) -> None:
        self.unit, self.total, self.done, self.skipped = unit, total, 0, 0
        self.every_percent = max(1, every_percent)
        self.tty = sys.stderr.isatty()
        self.started = time.monotonic()
        self._last = -1

    def skip(self) -> None:
        self.skipped += 1
        self.done += 1

    def step(self) -> None:
        self.done += 1
        total = max(self.total, self.done, 1)
        percent = 100 * self.done // total // self.every_percent
        if not self.tty and percent == self._last:
            return
        self._last = percent
        minutes = max(time.monotonic() - self.started, 1e-6) / 60
        rate = (self.done - self.skipped) / minutes
        eta = f", ETA {(total - self.done) / rate:.0f} min" if rate > 0 else ""
        filled = self.WIDTH * self.done // total
        bar = (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done}/{total} {self.unit}, "
               f"{rate:.1f} {self.unit}/min{eta}")
        print(("\r\033[K" + bar) if self.tty else bar, end="" if self.tty else "\n", file=sys.stderr, flush=True)

    def warn(self, text: str) -> None:
        print(("\r\033[K" if self.tty else "") + f"warning: {text}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.tty:
            print(file=sys.stderr)


__all__ = ["ProgressBar"]
