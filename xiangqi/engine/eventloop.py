"""An event loop for command-line tools that drive engines (Qt, no widgets), like ``run_search`` has.

``run_until(start, stop_requested, done_signal)`` runs a ``QCoreApplication`` loop: ``start()`` is called
once the loop runs, Ctrl+C calls ``on_interrupt()`` (the tool stops its work and emits its done signal),
and the loop ends once the work is done *and* every retired engine process has exited, so no engine is
left running behind the tool.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer, SignalInstance

from xiangqi.engine.process import processes_reaping
from xiangqi.engine.retire import engines_retiring

_POLL_MS = 50  # how often the end waits for retiring engines; also lets Python run its Ctrl+C handler


def ensure_application() -> QCoreApplication:
    app = QCoreApplication.instance()
    return app if isinstance(app, QCoreApplication) else QCoreApplication([])


def run_until(start: Callable[[], None], done: SignalInstance, on_interrupt: Callable[[], None],
              exit_wait_s: float = 10.0) -> bool:
    """Runs the loop until ``done`` was emitted and the engines are gone. Returns False when interrupted."""
    ensure_application()
    loop = QEventLoop()
    state = {"done": False, "interrupted": False, "waited": 0}

    def finished(*_args: object) -> None:
        state["done"] = True

    def tick() -> None:
        if state["done"]:
            state["waited"] += _POLL_MS
            if not (engines_retiring() or processes_reaping()) or state["waited"] > exit_wait_s * 1000:
                loop.quit()

    def interrupt(*_args: object) -> None:
        if not state["interrupted"]:
            state["interrupted"] = True
            on_interrupt()

    done.connect(finished)
    ticker = QTimer(interval=_POLL_MS)
    ticker.timeout.connect(tick)
    ticker.start()
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, interrupt) if main else None
    try:
        QTimer.singleShot(0, start)
        loop.exec()
    finally:
        ticker.stop()
        done.disconnect(finished)
        if main:
            signal.signal(signal.SIGINT, previous)
    return not state["interrupted"]
