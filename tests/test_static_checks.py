"""The package type-checks under ``mypy --strict`` and the code passes ``ruff check`` (config in pyproject.toml).

Both run as part of the README's test command, so CI enforces them. mypy keeps its cache in the checkout
(``.mypy_cache``, ignored by git): a cold run of ``--strict`` takes 40-120 s of CPU, a second run only checks
what changed (mypy's incremental mode compares each module's hash and options, so the cache cannot hide an
error). ``ruff`` runs without its cache (it takes a second).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MYPY_CACHE = REPO / ".mypy_cache"
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


@pytest.mark.slow
def test_mypy_strict_passes_on_the_package() -> None:
    result = _run(["mypy", "--config-file", "pyproject.toml", "--strict", "--cache-dir", str(MYPY_CACHE), "xiangqi"])
    if result.returncode != 0:
        pytest.fail("mypy --strict xiangqi/ reports errors:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)


def test_ruff_check_passes_on_package_and_tests() -> None:
    result = _run(["ruff", "check", "--no-cache", "--output-format", "concise", "xiangqi", "tests"])
    if result.returncode != 0:
        pytest.fail("ruff check xiangqi tests reports findings:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)
