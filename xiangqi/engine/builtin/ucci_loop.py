"""``python -m xiangqi ucci``: the built-in engine speaking UCCI on stdin/stdout.

A reader thread puts every stdin line on a queue, so ``stop`` and ``quit`` are read while the search
thread runs.  The main thread takes lines from the queue: commands valid while thinking (stop,
ponderhit, isready, quit) are handled at once; any other command that arrives while the engine thinks
is kept and run after the search has answered, in arrival order — and so is every command after it,
even once the search is over: the search thread clears its busy flag before its end reaches the queue,
so a ``go`` read in between would otherwise run at once on the position before a kept ``position``.
"""

from __future__ import annotations

import io
import queue
import sys
import threading
from collections import deque
from collections.abc import Callable
from typing import TextIO

from xiangqi.engine.builtin.engine import THINKING_COMMANDS, UcciEngine

_SEARCH_DONE = object()  # queued by the engine when a search has printed its bestmove
_EOF = object()


def _read_lines(stream: TextIO, lines: queue.Queue[object]) -> None:
    try:
        for line in stream:
            lines.put(line)
    finally:  # end of input (or an unreadable stream) ends the engine like quit
        lines.put(_EOF)


def _writer(stream: TextIO) -> Callable[[str], None]:
    """A line writer safe to call from the search thread and the main thread at once."""
    lock = threading.Lock()

    def emit(text: str) -> None:
        with lock:
            stream.write(text + "\n")
            stream.flush()

    return emit


def run(stdin: TextIO, stdout: TextIO) -> int:
    lines: queue.Queue[object] = queue.Queue()
    engine = UcciEngine(_writer(stdout), on_search_done=lambda: lines.put(_SEARCH_DONE))
    threading.Thread(target=_read_lines, args=(stdin, lines), name="ucci-reader", daemon=True).start()
    deferred: deque[str] = deque()
    while True:
        kept = bool(deferred) and not engine.thinking
        item = deferred.popleft() if kept else lines.get()
        if item is _SEARCH_DONE:
            continue
        if item is _EOF:  # the GUI is gone: stop thinking (its bestmove is still written) and leave
            engine.handle("quit")
            return 0
        line = str(item).strip()
        words = line.split()
        if not kept and (engine.thinking or deferred) and words and words[0].lower() not in THINKING_COMMANDS:
            deferred.append(line)   # after the search, and after whatever was kept before it
            continue
        if not engine.handle(line):
            return 0


def main(argv: list[str]) -> int:
    if argv:
        print(f"usage: python -m xiangqi ucci   (unexpected arguments: {' '.join(argv)!r})", file=sys.stderr)
        return 2
    # A replaced stream (a test's StringIO) has no reconfigure(): left as it is.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # stray bytes: an unknown command
    return run(sys.stdin, sys.stdout)
