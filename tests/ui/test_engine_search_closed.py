"""The engine search runs on a thread: a window closed before it ends must not leave a traceback
("Signal source has been deleted") on that thread."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QCoreApplication, QEvent, QObject

from xiangqi.play import engine_list
from xiangqi.play.engine_list import EngineSearch


def test_a_search_outliving_its_window_ends_quietly(qapp, monkeypatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(engine_list, "discover_engines", lambda entries, errors: release.wait(5) and [])
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    owner = QObject()
    search = EngineSearch(owner)
    search.start([])
    threads = list(search._threads)
    owner.deleteLater()
    del owner, search
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    release.set()
    for thread in threads:
        thread.join(5)
    assert not failures
