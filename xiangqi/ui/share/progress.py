"""The progress dialog of a long export (GIF frames, a sheet's diagrams): shown at once, with Cancel, never
closing or resetting itself (the job ends it), wide enough for its longest label."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressDialog, QWidget

LABEL_CHARS = 48      # "Making the GIF: frame 10000 of 10000…" and its translations fit


def export_progress(parent: QWidget, title: str, label: str, cancel: str, total: int) -> QProgressDialog:
    progress = QProgressDialog(label, cancel, 0, total, parent)
    progress.setWindowTitle(title)
    progress.setMinimumDuration(0)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.setMinimumWidth(progress.fontMetrics().averageCharWidth() * LABEL_CHARS)
    return progress
