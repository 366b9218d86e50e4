"""A line of progress for the status bar: what runs, a bar and Cancel, no taller than the status bar's
text, so the window's layout (and the board's size) never changes when it appears or goes. Work that
runs in the background while the window stays usable shows one (a review, a file being read)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget

BAR_WIDTH = 120


class StatusProgress(QWidget):
    """``label`` · ``bar`` · Cancel (``cancel_clicked``)."""

    cancel_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.bar.setTextVisible(False)
        self.bar.setMaximumWidth(BAR_WIDTH)
        self.cancel_button = QToolButton(self)   # a flat tool button: no taller than a line of text
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setAutoRaise(True)
        self.cancel_button.clicked.connect(lambda _checked=False: self.cancel_clicked.emit())
        line = self.fontMetrics().height()
        self.bar.setMaximumHeight(line)
        self.cancel_button.setMaximumHeight(line)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)

    def set_progress(self, done: int, total: int) -> None:
        """``done`` of ``total`` (any size: scaled into the bar's int range); busy while ``total`` is 0."""
        if total <= 0:
            self.bar.setRange(0, 0)
            return
        scale = max(1, total // 1000)
        self.bar.setRange(0, total // scale)
        self.bar.setValue(min(done, total) // scale)
