"""Work done without freezing the window (issue 33 §1): one type for every job of the GUI that reads,
indexes, builds or imports on a worker thread, with progress, Cancel and one name for each way it ends.

The work is a plain function of one argument, ``keep_going(done, total, detail=None) -> bool``: it reports
its progress through it and should stop once it answers False, by returning or by raising
``xiangqi.core.errors.Cancelled`` (or its own exception: once Cancel was pressed, any way the work ends is "cancelled").
The outcome comes back as one queued signal on the GUI thread: ``finished(result)``, ``failed(exception)``
or ``cancelled()``; ``progress(done, total, detail)`` on the way (at most every ``PROGRESS_EVERY_S``, and the
last one always, so a reader that reports every line does not flood the window's event queue).

The job is not a child of a window: it may outlive the window on its thread, and a deleted sender would
crash that thread. Whoever shows the outcome is the window's child, so its connections end with it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from xiangqi.core.errors import Cancelled

PROGRESS_EVERY_S = 0.05     # progress signals at most 20 a second (the end of the work always reported)
SHOW_AFTER_MS = 300         # a quick job does not flash a progress dialog
BAR_STEPS = 1000            # a progress dialog's range: any total is scaled into it


class KeepGoing(Protocol):
    def __call__(self, done: int, total: int, detail: object = None) -> bool: ...


Work = Callable[[KeepGoing], object]


class BackgroundJob(QObject):
    """``work`` on a worker thread named ``name``; its outcome as a queued signal on the GUI thread."""

    progress = Signal(int, int, object)   # done, total (0: unknown), the work's own detail (or None)
    finished = Signal(object)             # the work's result
    failed = Signal(object)               # the exception it raised (its message names the file or line)
    cancelled = Signal()                  # the user cancelled it (whatever the work did then)

    def __init__(self, work: Work, name: str, parent: QObject | None = None,
                 context: Callable[[], AbstractContextManager[object]] = nullcontext) -> None:
        super().__init__(parent)
        self.work, self.name, self._context = work, name, context
        self._cancel = threading.Event()
        self._last_progress = 0.0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        """Ask the work to stop; ``cancelled`` follows once it has."""
        self._cancel.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def started(self) -> bool:
        return self._thread.ident is not None

    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """For tests and shutdown only (never from a slot); returns at once if the job never started."""
        if self.started():
            self._thread.join(timeout)

    def keep_going(self, done: int, total: int, detail: object = None) -> bool:
        """What the work calls: reports progress (throttled), answers False once cancelled."""
        now = time.monotonic()
        if now - self._last_progress >= PROGRESS_EVERY_S or (total > 0 and done >= total):
            self._last_progress = now
            self.progress.emit(done, total, detail)
        return not self._cancel.is_set()

    def _run(self) -> None:
        try:
            with self._context():
                result = self.work(self.keep_going)
        except Exception as error:  # noqa: BLE001 - every failure is shown to the user, named by the work
            if self._cancel.is_set() or isinstance(error, Cancelled):
                self.cancelled.emit()
            else:
                self.failed.emit(error)
            return
        if self._cancel.is_set():
            self.cancelled.emit()
        else:
            self.finished.emit(result)


class _BarFollower(QObject):
    """Moves the dialog's bar as the job reports. A child of the dialog, so the connection ends with it: a
    progress report still queued when the dialog is deleted (its window closed) is dropped, not shown on
    a deleted dialog (a plain function connected would outlive it and fault in the slot)."""

    def __init__(self, dialog: QProgressDialog) -> None:
        super().__init__(dialog)
        self._dialog = dialog

    def show_progress(self, done: int, total: int, _detail: object) -> None:
        if total <= 0:
            self._dialog.setRange(0, 0)
        else:
            self._dialog.setRange(0, BAR_STEPS)
            self._dialog.setValue(min(BAR_STEPS, done * BAR_STEPS // total))


def progress_dialog(parent: QWidget, label: str, job: BackgroundJob) -> QProgressDialog:
    """A window-modal progress dialog for ``job``: its bar follows the job, Cancel stops it, and it closes
    when the job ends however it ends."""
    cancel = QCoreApplication.translate("BackgroundTask", "Cancel")
    dialog = QProgressDialog(label, cancel, 0, BAR_STEPS, parent)
    dialog.setObjectName("training_progress")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    job.progress.connect(_BarFollower(dialog).show_progress)
    dialog.canceled.connect(job.cancel)
    for ended in (job.finished, job.failed, job.cancelled):
        ended.connect(dialog.close)    # a C++ slot: the connection ends with the dialog
    return dialog


__all__ = ["BAR_STEPS", "BackgroundJob", "KeepGoing", "PROGRESS_EVERY_S", "SHOW_AFTER_MS", "Work",
           "progress_dialog"]
