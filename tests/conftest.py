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
