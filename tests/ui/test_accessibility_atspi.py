"""What a screen reader (Orca) receives: the app runs on a real X server (Xvfb) with Qt's AT-SPI bridge,
and a listener on the AT-SPI bus (pyatspi, as Orca uses it) records the announcements and reads the
window's accessibility tree. Skipped where Xvfb, D-Bus, the AT-SPI bus or python3-pyatspi is missing
(Debian: ``apt install xvfb dbus at-spi2-core python3-pyatspi``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "atspi"
REPO = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
EXPECTED = [
    "红方 炮二平五", "黑方 炮8平5", "“xx”不是着法：请写成 炮二平五、C2.5 或 h2e2 这样的形式。",
    "红方：帅 e0，车 a0，车 i0，马 b0，马 h0，炮 b2，炮 e2，仕 d0，仕 f0，相 c0，相 g0，兵 a3，兵 c3，兵 e3，兵 g3，"
    "兵 i3；黑方：将 e9，车 a9，车 i9，马 b9，马 h9，炮 b7，炮 e7，士 d9，士 f9，象 c9，象 g9，卒 a6，卒 c6，卒 e6，"
    "卒 g6，卒 i6；红方走棋"]


def _pyatspi_available() -> bool:
    if not (shutil.which("Xvfb") and shutil.which("dbus-daemon") and Path(BUS_LAUNCHER).exists()
            and Path(SYSTEM_PYTHON).exists()):
        return False
    return subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not _pyatspi_available(), reason="needs Xvfb, D-Bus, at-spi2-core, python3-pyatspi")


@pytest.fixture
def desktop() -> Iterator[dict[str, str]]:
    """An X server and a D-Bus session with the AT-SPI bus: the environment of a desktop with Orca."""
    started: list[subprocess.Popen[str]] = []
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x900x24"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    started.append(xvfb)
    assert xvfb.stdout is not None
    display = xvfb.stdout.readline().strip()
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
    started.append(bus)
    assert bus.stdout is not None
    env = {**os.environ, "DISPLAY": f":{display}", "DBUS_SESSION_BUS_ADDRESS": bus.stdout.readline().strip(),
           "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "PYTHONPATH": str(REPO)}
    started.append(subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env, stderr=subprocess.DEVNULL,
                                    text=True))
    yield env
    for process in reversed(started):
        process.terminate()
        process.wait(timeout=10)


def wait_for(listener: subprocess.Popen[str], app: subprocess.Popen[str], app_errors: Path) -> str:
    """The listener's output once it has heard everything; the app's own error if it stops first."""
    for _ in range(60):
        try:
            return listener.communicate(timeout=2)[0]
        except subprocess.TimeoutExpired:
            if app.poll() is not None:
                pytest.fail(f"the app stopped (exit {app.returncode}): {app_errors.read_text()[-2000:]}")
    pytest.fail("the AT-SPI listener heard nothing for 120 s")


def test_orca_hears_the_moves_and_reads_the_window_parts(desktop: dict[str, str], tmp_path: Path) -> None:
    listener = subprocess.Popen([SYSTEM_PYTHON, str(HERE / "listener.py"), str(len(EXPECTED))], env=desktop,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert listener.stdout is not None and listener.stdout.readline().strip() == "listening"
    app = subprocess.Popen([sys.executable, str(HERE / "driver.py")], env=desktop, cwd=REPO,
                           stdout=subprocess.DEVNULL, stderr=(tmp_path / "app.err").open("w"), text=True)
    try:
        heard = wait_for(listener, app, tmp_path / "app.err")
    finally:
        app.terminate()
        app.wait(timeout=10)
        listener.kill()
    lines = heard.splitlines()
    assert [line.removeprefix("ANNOUNCEMENT ") for line in lines if line.startswith("ANNOUNCEMENT ")] == EXPECTED
    tree = [line.removeprefix("TREE ") for line in lines if line.startswith("TREE ")]
    for part in ("filler: 棋盘 — 红方：帅 e0，车 a0", "table: 着法列表", "text: 着法输入", "filler: 棋钟",
                 "label: 红方 — 红方棋钟", "table cell: 炮二平五", "filler: 引擎", "menu item: 朗读局面(R)"):
        assert any(line.startswith(part) for line in tree), (part, tree)
