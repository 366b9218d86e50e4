"""Issue 21 item 5: engines never outlive the program, also when it is killed with SIGKILL (no chance to
quit them). A runner process starts the scripted fake engine through the real EngineClient, is killed
with -9, and the engine must be gone (Linux: PR_SET_PDEATHSIG through setpriv). The fake keeps running when
its input closes, as ElephantEye does, so only the kernel's signal can end it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
RUNNER = f"""
import sys
sys.path.insert(0, {str(REPO)!r})
from PySide6.QtCore import QCoreApplication
from xiangqi.engine.process import EngineClient
from xiangqi.engine.registry import EngineSpec, Protocol

app = QCoreApplication([])
client = EngineClient(EngineSpec("fake", sys.executable, ({str(FAKE)!r}, "--outlive-input"), Protocol.UCCI))
client.ready.connect(lambda _info: print("ready", flush=True))
client.start()
app.exec()
"""


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(word) for word in path.read_text().split()]


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting to be collected by whoever adopted it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_an_engine_dies_with_the_program_killed_by_sigkill(tmp_path: Path) -> None:
    script = tmp_path / "runner.py"
    script.write_text(RUNNER)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    runner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert runner.stdout is not None
        assert runner.stdout.readline().strip() == "ready"  # the engine answered its handshake
        [engine] = _children(runner.pid)
        assert _alive(engine)
        runner.send_signal(signal.SIGKILL)
        runner.wait(timeout=10)
        deadline = time.monotonic() + 10  # a bound for the poll below, not a measured time
        while _alive(engine) and time.monotonic() < deadline:
            time.sleep(0.02)
        alive = _alive(engine)
        if alive:
            os.kill(engine, signal.SIGKILL)  # do not leave it behind for the rest of the suite
        assert not alive, "the engine kept running after the program was killed"
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()
