"""Something costly that tests of several xdist workers read (a built wheel in a virtualenv, a big game
collection): made once per test run in the folder every worker's temporary folder lies in. The first worker
to ask makes it; another one asking meanwhile waits on a file lock and then reads the same folder.

A module fixture alone is made once per worker that runs one of the module's tests, and xdist groups that
would keep them in one worker are ignored with pytest 9.2 and xdist 3.8 (pytest-xdist issue #1386)."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

DONE_MARK = ".made"


def made_once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``make`` filled, made at most once in this run. A half-made folder (``make`` raised, so
    the test that asked failed) is made again by the next test that asks for it."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):   # .../pytest-N/popen-gwK: the run's folder is the parent
        root = root.parent
    folder = root / f"made-once-{name}"
    with open(root / f"made-once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes, also if this worker dies
        if not (folder / DONE_MARK).exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            (folder / DONE_MARK).touch()
    return folder
