"""Issue 16 item 11: an engine that explains a fatal error on stdout (``info string ERROR…``) before it
exits has that line shown as the reason, and its stderr appears once in the details although both
protocols were tried."""

from __future__ import annotations

import sys
from pathlib import Path

from xiangqi.engine.failures import EngineFailure
from xiangqi.engine.process import EngineClient
from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.retire import engines_retiring, retire
from xiangqi.play.problem_text import failure_detail, failure_text

QUITTER = """\
import sys
sys.stdin.readline()
print("info string ERROR: Network file pikafish.nnue was not loaded successfully.", flush=True)
print("the network file is missing", file=sys.stderr, flush=True)
sys.exit(1)
"""


def test_the_engine_s_own_error_line_is_the_reason_and_stderr_shows_once(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "quitter.py"
    script.write_text(QUITTER)
    client = EngineClient(EngineSpec("quitter", sys.executable, ("-u", str(script)), Protocol.AUTO))
    failures: list[EngineFailure] = []
    client.failed.connect(failures.append)
    client.start()
    qtbot.waitUntil(lambda: bool(failures), timeout=20000)
    failure = failures[0]
    assert "ERROR: Network file pikafish.nnue" in failure.engine_said
    text = failure_text(failure)
    assert "exit code 1" in text and "The engine said: ERROR: Network file pikafish.nnue" in text
    assert failure_detail(failure).count("the network file is missing") == 1
    retire(client)                                   # deleted once its process is surely gone
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=20000)
