"""The window's share of the interpreter while a thread reads a record file. The GUI thread takes the
interpreter lock for every call into Python (each paint of a widget written in Python, each slot); while
a reading thread runs Python, it gets the lock only when the reader hands it over, every switch interval
(5 ms by default). A paint that makes twenty such calls then waits 100 ms: opening a page of 8,000 games
stalled the window 0.2-0.3 s that way, with no Python of its own running long. While any reading thread
runs, the interval is 1 ms (the reader loses a few per cent)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

READING_SWITCH_S = 0.001
_lock = threading.Lock()
_readers = 0
_saved = 0.0


@contextmanager
def quick_switches() -> Iterator[None]:
    """The switch interval is ``READING_SWITCH_S`` while this (or another reader's) block runs; the
    interval before the first reader came is put back after the last one."""
    global _readers, _saved   # noqa: PLW0603 - one interval for the whole process, as Python has
    with _lock:
        if _readers == 0:
            _saved = sys.getswitchinterval()
            sys.setswitchinterval(READING_SWITCH_S)
        _readers += 1
    try:
        yield
    finally:
        with _lock:
            _readers -= 1
            if _readers == 0:
                sys.setswitchinterval(_saved)
