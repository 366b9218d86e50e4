"""Issue 16 item 11: closing Manage engines while a hung probe engine is being stopped leaves no traceback
(the engine outlives the dialog until its process is gone)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from xiangqi.engine import registry
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.session import Timeouts
from xiangqi.ui.engines.engine_manager import EngineProbe

HUNG = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True:\n    time.sleep(1)\n"
# The probe's engine gets the default deadlines; shorter ones here (1.5 s each by default): the test is about
# the quit → terminate → kill timers firing after the dialog is gone, not about how long they wait.
ESCALATION_MS = 200


def test_closing_the_dialog_of_a_hung_probe_leaves_no_traceback(qtbot, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "Timeouts", partial(Timeouts, quit_ms=ESCALATION_MS, terminate_ms=ESCALATION_MS))
    script = tmp_path / "hung.py"
    script.write_text(HUNG)
    dialog = QWidget()
    probe = EngineProbe(EngineSpec("hung", sys.executable, ("-u", str(script)), Protocol.UCCI), dialog)
    with qtbot.waitSignal(probe.client.traffic, timeout=10000, check_params_cb=lambda way, line: line == "ucci"):
        probe.start()              # running and asked its name: stopping it goes through the timers
    probe.close()                  # quit → terminate (ignored) → kill, on timers
    dialog.deleteLater()           # the dialog (and the probe) go at once
    qtbot.wait(50)
    assert engines_retiring()      # the timers run after the dialog went
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=30000)   # pytest-qt fails on any slot exception
