"""Both sides' clocks, big enough to read at a glance; the running one is highlighted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from xiangqi.core import Color
from xiangqi.game.clock import format_ms

if TYPE_CHECKING:
    from xiangqi.play.controller import GameController

RUNNING_STYLE = "QLabel { background: #2e7d32; color: white; border-radius: 4px; padding: 2px 6px; }"
IDLE_STYLE = "QLabel { padding: 2px 6px; }"
LOW_STYLE = "QLabel { background: #c62828; color: white; border-radius: 4px; padding: 2px 6px; }"
LOW_MS = 10_000
SIDE_FONT_SCALE = 1.5   # the side labels' text, of the window's text size


class ClockView(QWidget):
    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.labels = {Color.RED: QLabel(self), Color.BLACK: QLabel(self)}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for label in self.labels.values():
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            # Text never sizes the clocks (and so never the board beside them): the column decides the width.
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            layout.addWidget(label, 1)
        self._fit_fonts()
        controller.clocks_changed.connect(self.refresh)
        controller.shown_changed.connect(self.refresh)   # browsing a record: the side to move follows the cursor
        self.refresh()

    def _fit_fonts(self) -> None:
        """The side labels' font: ``SIDE_FONT_SCALE`` times the window's present text size, bold."""
        font = QFont(self.font())
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * SIDE_FONT_SCALE)
        font.setBold(True)
        for label in self.labels.values():
            label.setFont(font)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Live switches: the text size (150 % → 100 %) sizes the labels anew; other window colours (high
        contrast on or off) style them anew (a style sheet keeps the colours of the moment it was set)."""
        if event.type() == QEvent.Type.FontChange:
            self._fit_fonts()
        elif event.type() == QEvent.Type.PaletteChange:
            for label in self.labels.values():
                label.setStyleSheet("")
            self.refresh()
        super().changeEvent(event)

    def side_text(self, color: Color) -> str:
        name = self.tr("Red") if color is Color.RED else self.tr("Black")
        clock = self.controller.clock
        if not clock.timed:
            return name
        text = format_ms(clock.remaining_ms(color))
        if clock.in_byoyomi(color):
            text = self.tr("{0} byoyomi").format(text)
        return f"{name}  {text}"

    def highlighted(self) -> Color | None:
        """The side shown as "to move": the running clock in a timed game (it runs at the head whatever
        position is shown); without clocks the side to move in the position shown, so browsing a record
        reads right. None at the end of a finished game."""
        game = self.controller.game
        if self.controller.clock.timed:
            return None if game.is_over else game.turn
        if game.is_over and not game.viewing:
            return None
        return game.shown_position().turn

    def refresh(self) -> None:
        clock = self.controller.clock
        highlighted = self.highlighted()
        for color, label in self.labels.items():
            label.setText(self.side_text(color))
            running = color is highlighted
            low = clock.timed and clock.remaining_ms(color) < LOW_MS
            label.setStyleSheet(LOW_STYLE if running and low else RUNNING_STYLE if running else IDLE_STYLE)
