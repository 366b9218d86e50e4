"""The README's setup installs everything the suite needs. Under CI (``CI=true``) a missing piece is a
failure here, so tests elsewhere that skip without an optional tool cannot hide a missing install step."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
FAIRY = Path("/usr/games/fairy-stockfish")


def _require(condition: bool, what: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{what} is missing: .ci/setup.sh should have installed it")
    pytest.skip(f"{what} is not installed here")


def test_fairy_stockfish_is_installed() -> None:
    _require(FAIRY.is_file() and os.access(FAIRY, os.X_OK), str(FAIRY))


def test_xvfb_is_installed() -> None:
    _require(shutil.which("Xvfb") is not None, "Xvfb")


def test_qt_multimedia_imports() -> None:
    # PySide6.QtMultimedia needs Debian's libpulse0 to load at all.
    code = "import PySide6.QtMultimedia"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_cjk_font_is_installed() -> None:
    fc_list = shutil.which("fc-list")
    fonts = subprocess.run([fc_list, ":lang=zh"], capture_output=True, text=True).stdout if fc_list else ""
    _require(bool(fonts.strip()), "a CJK font (fonts-noto-cjk)")
