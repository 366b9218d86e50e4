"""Issue 16 item 11: closing Manage engines while a hung probe engine is being stopped leaves no traceback
(the engine outlives the dialog until its process is gone)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QWidget

from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring
from xiangqi.ui.engines.engine_manager import EngineProbe

HUNG = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True:\n    time.sleep(1)\n"


def test_closing_the_dialog_of_a_hung_probe_leaves_no_traceback(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "hung.py"
    script.write_text(HUNG)
    dialog = QWidget()
    probe = EngineProbe(EngineSpec("hung", sys.executable, ("-u", str(script)), Protocol.UCCI), dialog)
    probe.start()
    qtbot.wait(300)
    probe.close()                  # quit → terminate (ignored) → kill, on timers
    dialog.deleteLater()           # the dialog (and the probe) go at once
    qtbot.wait(50)
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=30000)   # pytest-qt fails on any slot exception
