"""Waits on events for the tests that check that something did NOT happen (never a fixed sleep: it passes
vacuously on a fast machine and fails falsely on a loaded one)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot


def drain_event_loop(qtbot: QtBot, hops: int = 3) -> None:
    """Returns once every event and zero-delay timer posted before the call has been handled: a chain of
    ``hops`` zero-delay timers, each posted by the one before, runs after them (Qt runs due timers and
    posted events in the order they were queued)."""
    done: list[bool] = []

    def hop(left: int) -> None:
        if left:
            QTimer.singleShot(0, lambda: hop(left - 1))
        else:
            done.append(True)

    hop(hops)
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)
