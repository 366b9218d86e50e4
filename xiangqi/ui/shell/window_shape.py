"""The main window's shape: the board keeps all the width its height can use and the side panels give way
(a narrow window tabs the right-hand docks together and narrows them), so text never moves the board and
an 800×600 window still shows a big board; the size, position and dock layout are remembered."""

from __future__ import annotations

import math

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter

from xiangqi.ui.board.board_geometry import FILES, MARGIN_CELLS, RANKS
from xiangqi.ui.board.board_view import BOARD_INSET

COMPACT_WIDTH = 1100        # px: narrower windows tab their right-hand docks together
COMPACT_DOCK_SHARE = 0.25   # of the window's width, at most, for the docks of a narrow window
UNLIMITED = 16_777_215      # QWIDGETSIZE_MAX
SETTINGS_GROUP = "window"
STATE_VERSION = 1           # bump when the docks change so an old layout is not forced on new ones


class WindowShape(QObject):
    """Watches the main window's splitter (board | side column) and the window itself."""

    def __init__(self, window: QMainWindow, splitter: QSplitter) -> None:
        super().__init__(window)
        self.window, self.splitter = window, splitter
        self.compact: bool | None = None
        self.settings: QSettings | None = None
        splitter.installEventFilter(self)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self.fit)   # after the splitter has laid out its new size
        elif watched is self.window and event.type() == QEvent.Type.Close:
            self.save()
        return False

    # --------------------------------------------------------------- the board's room
    def board_width_wanted(self) -> int:
        """The board widget's width at which the board fills the splitter's height."""
        cols, rows = FILES - 1 + 2 * MARGIN_CELLS, RANKS - 1 + 2 * MARGIN_CELLS
        height = self.splitter.height() - 2 * BOARD_INSET
        return math.ceil(height * cols / rows) + 2 * BOARD_INSET

    def fit(self) -> None:
        """Narrow windows: docks tabbed and narrowed. Then the board gets the width it can use (no more:
        the side panels get the rest), and the side column keeps at least its minimum."""
        self._set_compact(self.window.width() < COMPACT_WIDTH)
        sizes, side = self.splitter.sizes(), self.splitter.widget(1)
        if len(sizes) != 2 or side is None:
            return
        total = sum(sizes)
        side_min = side.minimumSizeHint().width()
        board = max(0, min(self.board_width_wanted(), total - side_min))
        if sizes[0] != board:
            self.splitter.setSizes([board, total - board])

    def right_docks(self) -> list[QDockWidget]:
        return [dock for dock in self.window.findChildren(QDockWidget)
                if not dock.isFloating() and not dock.isHidden()
                and self.window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea]

    def _set_compact(self, compact: bool) -> None:
        docks = self.right_docks()
        limit = int(self.window.width() * COMPACT_DOCK_SHARE) if compact else UNLIMITED
        for dock in docks:
            dock.setMaximumWidth(limit)
        if compact and not self.compact:
            for other in docks[1:]:
                self.window.tabifyDockWidget(docks[0], other)
            if docks:
                docks[0].raise_()
        self.compact = compact

    # --------------------------------------------------------------- remembered between runs
    def remember_in(self, settings: QSettings) -> None:
        """Restore the size, position and dock layout kept in ``settings`` (if any); save them at close."""
        self.settings = settings
        settings.beginGroup(SETTINGS_GROUP)
        geometry, state = settings.value("geometry"), settings.value("state")
        settings.endGroup()
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.window.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.window.restoreState(state, STATE_VERSION)

    def save(self) -> None:
        if self.settings is None:
            return
        self.settings.beginGroup(SETTINGS_GROUP)
        self.settings.setValue("geometry", self.window.saveGeometry())
        self.settings.setValue("state", self.window.saveState(STATE_VERSION))
        self.settings.endGroup()
        self.settings.sync()
