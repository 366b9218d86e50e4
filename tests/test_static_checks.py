"""The package type-checks under ``mypy --strict`` and the code passes ``ruff check`` (config in pyproject.toml).

Both run as part of the README's test command, so CI enforces them. mypy's cache goes to a temporary folder so
a clean clone stays clean and a stale cache can never hide an error (a cold run takes a few seconds).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
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


def test_mypy_strict_passes_on_the_package(tmp_path: Path) -> None:
    result = _run(
        ["mypy", "--config-file", "pyproject.toml", "--strict", "--cache-dir", str(tmp_path / "mypy-cache"), "xiangqi"]
    )
    if result.returncode != 0:
        pytest.fail("mypy --strict xiangqi/ reports errors:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)


def test_ruff_check_passes_on_package_and_tests() -> None:
    result = _run(["ruff", "check", "--no-cache", "--output-format", "concise", "xiangqi", "tests"])
    if result.returncode != 0:
        pytest.fail("ruff check xiangqi tests reports findings:\n" + _first_lines(result.stdout + result.stderr),
                    pytrace=False)
