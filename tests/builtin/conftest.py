"""Fixtures of the built-in engine tests (helpers live in builtin_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from builtin_helpers import UcciProcess


@pytest.fixture
def engine() -> Iterator[UcciProcess]:
    process = UcciProcess()
    try:
        yield process
    finally:
        process.close()
