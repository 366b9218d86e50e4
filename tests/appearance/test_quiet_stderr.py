"""The app writes nothing to stderr through a normal session (issue 29 §1: an exception raised in a slot
only prints there, so a quiet stderr is what a user's run without such exceptions looks like)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from appearance_paths import REPO

SCRIPT = Path(__file__).with_name("session_script.py")
# The offscreen platform (no screen in CI) says this for every window; a real screen does not.
PLATFORM_NOISE = "This plugin does not support propagateSizeHints()"
SESSION_TIMEOUT_S = 120


def test_a_normal_session_writes_nothing_to_stderr(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XIANGQI_CONFIG": str(tmp_path / "user.toml"),
           "HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(tmp_path), "PYTHONPATH": str(REPO)}
    (tmp_path / "user.toml").write_text('[language]\nui = "zh_CN"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT)], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=SESSION_TIMEOUT_S)
    errors = [line for line in done.stderr.splitlines() if line.strip() and line.strip() != PLATFORM_NOISE]
    assert done.returncode == 0 and errors == [], done.stderr[-4000:]
