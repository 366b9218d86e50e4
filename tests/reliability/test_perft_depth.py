"""Issue 16 item 5: ``perft --depth 1000`` is a clear error naming the allowed range, not a RecursionError."""

from __future__ import annotations

import subprocess
import sys

from reliability_paths import REPO


def test_a_huge_perft_depth_names_the_allowed_range():
    run = subprocess.run([sys.executable, "-m", "xiangqi", "perft", "--depth", "1000", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "RecursionError" not in run.stderr
    assert "--depth 1000 is out of range: it must be 0 to 20" in run.stderr
