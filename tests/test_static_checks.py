"""The package type-checks under ``mypy --strict`` and the code passes ``ruff check`` (config in pyproject.toml).

Both run as part of the README's test command, so CI enforces them. mypy keeps its cache in the checkout
(``.mypy_cache``, ignored by git): a cold run of ``--strict`` takes 27-120 s of CPU, a second run only checks
what changed (mypy's incremental mode compares each module's hash and options, so the cache cannot hide an
error). A fresh clone starts from the cache the last run on this machine left in the user's cache folder
(``~/.cache/xiangqi-tests/mypy``), as a CI cache would: 1 CPU-s instead of 27 when little changed; mypy
checks again every module whose hash differs, so a copied cache cannot hide an error either (a module with a
new error is found with a cache made before it). ``ruff`` runs without its cache (it takes a second).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MYPY_CACHE = REPO / ".mypy_cache"
MACHINE_MYPY_CACHE = Path(os.environ["XIANGQI_TESTS_MACHINE_CACHE"]) / "mypy"   # set by tests/conftest.py
SHOWN_LINES = 40


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, encoding="utf-8", check=False
    )


def _first_lines(text: str) -> str:
    lines = text.splitlines()
    shown = "\n".join(lines[:SHOWN_LINES])
    more = len(lines) - SHOWN_LINES
    return shown + (f"\n… {more} more lines" if more > 0 else "")


def _seed_from_machine_cache() -> None:
    if not MYPY_CACHE.exists() and MACHINE_MYPY_CACHE.is_dir():
        shutil.copytree(MACHINE_MYPY_CACHE, MYPY_CACHE, dirs_exist_ok=True)


def _keep_for_the_next_clone() -> None:
    """The checkout's cache becomes the machine's, swapped in whole (another clone may be reading it)."""
    try:
        MACHINE_MYPY_CACHE.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix="mypy-", dir=MACHINE_MYPY_CACHE.parent))
        shutil.copytree(MYPY_CACHE, fresh, dirs_exist_ok=True)
        old = MACHINE_MYPY_CACHE.with_name(fresh.name + "-old")
        if MACHINE_MYPY_CACHE.exists():
            MACHINE_MYPY_CACHE.rename(old)
        fresh.rename(MACHINE_MYPY_CACHE)
        shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass   # a cache only: a read-only home or a race with another clone costs the next clone time, no more


@pytest.mark.slow
def test_mypy_strict_passes_on_the_package() -> None:
    _seed_from_machine_cache()
    result = _run(["mypy", "--config-file", "pyproject.toml", "--strict", "--cache-dir", str(MYPY_CACHE), "xiangqi"])
    _keep_for_the_next_clone()
    if result.returncode != 0:
        pytest.fail("mypy --strict xiangqi/ reports errors:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)


def test_ruff_check_passes_on_package_and_tests() -> None:
    result = _run(["ruff", "check", "--no-cache", "--output-format", "concise", "xiangqi", "tests"])
    if result.returncode != 0:
        pytest.fail("ruff check xiangqi tests reports findings:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)
