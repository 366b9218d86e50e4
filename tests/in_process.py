"""``python -m xiangqi COMMAND ...`` run in the test's own process: ``xiangqi.__main__.main(argv)`` with its
output captured, answered like ``subprocess.run(..., capture_output=True, text=True)`` (returncode, stdout,
stderr).

Each ``python -m xiangqi`` process costs ~0.7 s of CPU before it does anything (Python, numpy, the record
and engine layers); most command tests check what the command does, not that it is a process, so they run it
here, where those imports are paid once per test process. Each command keeps at least one test that starts
the real process (its exit status and output as a shell sees them).

A command that drives engines (``engine``, ``match``, ``review``, ``puzzles build``...) runs a Qt event loop:
the test takes pytest-qt's ``qapp`` fixture first, so that the command finds the test run's QApplication
instead of making a bare QCoreApplication that every later widget test of this process would trip on.
"""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Finished:
    """What a command run ended with, named as ``subprocess.CompletedProcess`` names it."""

    returncode: int
    stdout: str
    stderr: str


def run_xiangqi(*args: str) -> Finished:
    """``python -m xiangqi *args`` in this process; argparse's exit (bad arguments, --help) is a status."""
    from xiangqi.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    _check_no_bare_core_application(args)
    return Finished(status, out.getvalue(), err.getvalue())


def _check_no_bare_core_application(args: tuple[str, ...]) -> None:
    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication

    assert type(QCoreApplication.instance()) is not QCoreApplication, (
        f"`xiangqi {' '.join(args)[:80]}` made a bare QCoreApplication: the test must take the qapp fixture")
