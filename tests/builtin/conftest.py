"""Fixtures of the built-in engine tests (helpers live in builtin_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from builtin_helpers import UcciLoop, UcciProcess


@pytest.fixture
def engine() -> Iterator[UcciLoop]:
    """The UCCI loop in a thread of this process: the engine's words, without a process start each test."""
    loop = UcciLoop()
    try:
        yield loop
    finally:
        loop.close()


@pytest.fixture
def engine_process() -> Iterator[UcciProcess]:
    """The real ``python -m xiangqi ucci`` process: for what only a process shows (its exit status)."""
    process = UcciProcess()
    try:
        yield process
    finally:
        process.close()
