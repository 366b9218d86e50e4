"""Shared test settings: Qt runs offscreen, and the shared data folder is found beside the repo."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("XIANGQI_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``: perft counts, notation tables and real game records (read-only)."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.fail(f"shared test data not found at {data} (set XIANGQI_SHARED)")
    return data


# ElephantEye 3.31 for real-process tests: built by `.ci/setup.sh test` into .engines/eleeye/ (or named
# by $XIANGQI_ELEEYE). Tests that need it skip with the reason when it is absent.
ELEEYE = Path(os.environ.get("XIANGQI_ELEEYE", REPO / ".engines" / "eleeye" / "eleeye"))


@pytest.fixture(scope="session")
def eleeye() -> Path:
    """The ElephantEye program (BOOK.DAT beside it); skips the test when it was not built."""
    if not (ELEEYE.is_file() and os.access(ELEEYE, os.X_OK)):
        pytest.skip(f"ElephantEye not built at {ELEEYE} (run: bash .ci/setup.sh test, or set XIANGQI_ELEEYE)")
    return ELEEYE
