"""The window's share of the interpreter while a thread reads a record file. The GUI thread takes the
interpreter lock for every call into Python (each paint of a widget written in Python, each slot); while
a reading thread runs Python, it gets the lock only when the reader hands it over, every switch interval
(5 ms by default). A paint that makes twenty such calls then waits 100 ms: opening a page of 8,000 games
stalled the window 0.2-0.3 s that way, with no Python of its own running long. While any reading thread
runs, the interval is 1 ms (the reader loses a few per cent).

The garbage collector is the other way a reader holds the window up: a full collection runs in whichever
thread allocates when it is due and keeps the interpreter until it has walked every object. A reader
building a game of 100,000 moves set off collections of up to 144 ms. So while a reader runs, automatic
collection is off; a reader leaves no cycles behind (a cut game's dropped moves are taken apart, see
``open_job.cut_to_show``), and what it made is walked by the next collection after it, which the app's
start-up ``gc.freeze()`` keeps short (6 ms for a 20,000-move game)."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

READING_SWITCH_S = 0.001
_lock = threading.Lock()
_readers = 0
_saved = 0.0
_collecting = True


@contextmanager
def quick_switches() -> Iterator[None]:
    """The switch interval is ``READING_SWITCH_S`` and automatic garbage collection is off while this (or
    another reader's) block runs; both are put back as they were before the first reader came after the
    last one."""
    global _readers, _saved, _collecting   # noqa: PLW0603 - one interval and collector for the process
    with _lock:
        if _readers == 0:
            _saved, _collecting = sys.getswitchinterval(), gc.isenabled()
            sys.setswitchinterval(READING_SWITCH_S)
            gc.disable()
        _readers += 1
    try:
        yield
    finally:
        with _lock:
            _readers -= 1
            if _readers == 0:
                sys.setswitchinterval(_saved)
                if _collecting:
                    gc.enable()
