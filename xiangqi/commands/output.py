"""What every command-line tool prints, done one way: file names shown safely, and a quiet exit when the
reader of the output goes away (``... | head -1``).

File names: ``shown_name(name)`` is the name unchanged when every character of it is printable (spaces
and any script included), else Python's quoted form with escapes (``'a\\nb.pgn'``, ``'\\x1b[31m.pgn'``):
a newline in a name cannot split a row, and an escape sequence never reaches the terminal. Every message
and row that names a file uses it (record errors included). It lives in ``xiangqi.file_names``, below the
record and book layers that use it too, and is re-exported here for the commands.

Closed output: ``run_quietly(main)`` runs a command; when stdout (or stderr) is closed under it, it stops
writing, prints nothing more and exits with ``CLOSED_OUTPUT_STATUS`` = 141 (128 + SIGPIPE: the status a
shell shows for ``cat``, ``grep``... stopped the same way), never a traceback and never blaming the input.
No Qt here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from xiangqi.file_names import shown_name

__all__ = ["CLOSED_OUTPUT_STATUS", "run_quietly", "shown_name"]

CLOSED_OUTPUT_STATUS = 141


def _silence() -> None:
    """Point stdout and stderr at /dev/null: the interpreter's own flush at exit then meets no closed pipe
    (which would print "Exception ignored ... BrokenPipeError")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError, AttributeError):  # replaced or already closed streams
            continue
    os.close(devnull)


def run_quietly(command: Callable[[], int]) -> int:
    """``command()``'s exit status; ``CLOSED_OUTPUT_STATUS`` with no message when its output was closed."""
    try:
        status = command()
        sys.stdout.flush()   # the last rows may meet the closed pipe only here
        sys.stderr.flush()
        return status
    except BrokenPipeError:
        _silence()
        return CLOSED_OUTPUT_STATUS
