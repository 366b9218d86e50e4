"""Reading a training file without freezing the window: a puzzle set or a history to import is read (and
checked, and written) on a worker thread, with a progress dialog and Cancel; the outcome comes back as a
queued signal on the GUI thread.

The work is a plain function of one argument, ``keep_going(done, total) -> bool``: it reports its
progress through it and stops (raising its own "cancelled" error) once it answers False.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

KeepGoing = Callable[[int, int], bool]
Work = Callable[[KeepGoing], object]
SHOW_AFTER_MS = 300       # a quick read does not flash a dialog
BAR_STEPS = 1000          # the bar's range: any total is scaled into it


class BackgroundTask(QObject):
    """``work`` on a worker thread; ``finished(result)``, ``failed(exception)`` or ``cancelled_by_user``
    on the GUI thread (queued)."""

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(object)
    cancelled_by_user = Signal()

    def __init__(self, work: Work, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.cancelled = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        self.cancelled.set()

    def wait(self, timeout: float | None = None) -> None:
        """For tests and shutdown only (never from a slot)."""
        if self._thread.ident is not None:
            self._thread.join(timeout)

    def _keep_going(self, done: int, total: int) -> bool:
        self.progress.emit(done, total)
        return not self.cancelled.is_set()

    def _run(self) -> None:
        try:
            result = self.work(self._keep_going)
        except Exception as error:  # noqa: BLE001 - every failure is shown to the user, named by the work
            if self.cancelled.is_set():
                self.cancelled_by_user.emit()
            else:
                self.failed.emit(error)
            return
        if self.cancelled.is_set():
            self.cancelled_by_user.emit()
        else:
            self.finished.emit(result)


def progress_dialog(parent: QWidget, label: str, task: BackgroundTask) -> QProgressDialog:
    """A window-modal progress dialog for ``task``: its bar follows the task, Cancel stops it, and it
    closes when the task ends however it ends."""
    cancel = QCoreApplication.translate("BackgroundTask", "Cancel")
    dialog = QProgressDialog(label, cancel, 0, BAR_STEPS, parent)
    dialog.setObjectName("training_progress")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)

    def show_progress(done: int, total: int) -> None:
        if total <= 0:
            dialog.setRange(0, 0)
        else:
            dialog.setRange(0, BAR_STEPS)
            dialog.setValue(min(BAR_STEPS, done * BAR_STEPS // total))

    task.progress.connect(show_progress)
    dialog.canceled.connect(task.cancel)
    for ended in (task.finished, task.failed, task.cancelled_by_user):
        ended.connect(dialog.close)    # a C++ slot: the connection ends with the dialog
    return dialog
