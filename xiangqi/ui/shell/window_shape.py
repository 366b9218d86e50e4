"""The main window's shape: the board keeps all the width its height can use and the side panels give way
(a narrow window tabs the right-hand docks together and narrows them), so text never moves the board and
an 800×600 window still shows a big board. The user's arrangement — size, position, docks and the split
between the moves and the engine area — is remembered per screen size (a laptop's small screen and a big
monitor each keep their own)."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter

from xiangqi.ui.board.board_geometry import FILES, MARGIN_CELLS, RANKS
from xiangqi.ui.board.board_view import BOARD_INSET
from xiangqi.ui.engines.engine_area import EngineArea

COMPACT_WIDTH = 1100        # px: narrower windows tab their right-hand docks together
COMPACT_DOCK_SHARE = 0.25   # of the window's width, at most, for the docks of a narrow window
UNLIMITED = 16_777_215      # QWIDGETSIZE_MAX
MOVES_SHARE = 0.4           # of the side column's height, at least, for the moves when the engine area is shown
MIN_MOVE_ROWS = 6           # rows of moves the list keeps beside an engine, however small the window,
SMALL_COLUMN_PX = 500       # in a side column this high (an 800×600 screen),
EXTRA_ROW_PX = 45           # and one more row per this many px of a higher column (14 at 1400×1000)
SETTINGS_GROUP = "window"  # + "/<width>x<height>" of the screen's available area
STATE_VERSION = 2           # bump when the docks change so an old layout is not forced on new ones (2: no
                            # analysis or match dock: they are in the engine area)


def moves_rows(column: int) -> int:
    """The rows of moves a side column ``column`` px high keeps beside the engine area."""
    return MIN_MOVE_ROWS + max(0, column - SMALL_COLUMN_PX) // EXTRA_ROW_PX


class WindowShape(QObject):
    """Watches the main window's splitter (board | side column), the side column's splitter (moves | engine
    area) and the window itself."""

    def __init__(self, window: QMainWindow, splitter: QSplitter, side: QSplitter, engine_area: EngineArea,
                 moves_height: Callable[[int], int] | None = None) -> None:
        """``moves_height(rows)``: the height the side column's moves part needs to show ``rows`` moves."""
        super().__init__(window)
        self.window, self.splitter, self.side, self.engine_area = window, splitter, side, engine_area
        self.moves_height = moves_height
        self.chosen: dict[str, int] = {}   # the engine area's height the user dragged it to, per what it shows
        engine_area.sections_changed.connect(lambda: QTimer.singleShot(0, self, self.share_side))
        side.splitterMoved.connect(lambda _pos, _index: self._remember_split())
        self.compact: bool | None = None
        self.settings: QSettings | None = None
        self.restored = False   # an arrangement of this screen size was restored
        self._reshare = QTimer(self, singleShot=True, interval=0)
        self._reshare.timeout.connect(self.share_side)
        splitter.installEventFilter(self)
        window.installEventFilter(self)
        self._moves = side.widget(0)   # kept: asked during the window's deletion, when the splitter is gone
        if self._moves is not None:   # a part appears above or under the moves (the evaluation graph): shared anew
            self._moves.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self.fit)   # after the splitter has laid out its new size
            self._reshare.start()
        elif watched is self._moves and event.type() == QEvent.Type.LayoutRequest:
            self._reshare.start()
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

    def share_side(self) -> None:
        """The engine area appeared or changed: it gets the height it asks for (a compact opponent panel
        little, analysis or a match most), the moves keep at least ``MOVES_SHARE`` of the column."""
        if not self.engine_area.isVisibleTo(self.side):
            return
        total = sum(self.side.sizes())
        moves = self.side.widget(0)
        moves_min = max(int(total * MOVES_SHARE), moves.minimumSizeHint().height() if moves is not None else 0,
                        self.moves_height(moves_rows(total)) if self.moves_height is not None else 0)
        wanted = self.chosen.get(self._area_key(), self.engine_area.sizeHint().height())
        area = max(0, min(wanted, total - moves_min))
        self.side.setSizes([total - area, area])

    def _area_key(self) -> str:
        return "+".join(section.objectName() for section in self.engine_area.sections_shown())

    def _remember_split(self) -> None:
        if self.engine_area.isVisibleTo(self.side):
            self.chosen[self._area_key()] = self.side.sizes()[1]

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
        if compact and self.compact is None and not self.restored:
            # A small screen's first start: the board and one column beside it (moves, engine area) rather
            # than two columns too narrow to read; View › Docked panels shows the docks (remembered from then on).
            for dock in docks:
                dock.hide()
        self.compact = compact

    # --------------------------------------------------------------- remembered between runs
    def settings_group(self) -> str:
        """Where this screen size's arrangement is kept: one per available screen size."""
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().size() if screen is not None else QSize(0, 0)
        return f"{SETTINGS_GROUP}/{room.width()}x{room.height()}"

    def remember_in(self, settings: QSettings) -> None:
        """Restore the arrangement kept in ``settings`` for this screen size (if any); save it at close."""
        self.settings = settings
        settings.beginGroup(self.settings_group())
        geometry, state, side = settings.value("geometry"), settings.value("state"), settings.value("side")
        chosen = settings.value("engine_area")
        settings.endGroup()
        if isinstance(chosen, dict):
            self.chosen = {str(key): int(value) for key, value in chosen.items() if str(value).isdigit()}
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.window.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restored = self.window.restoreState(state, STATE_VERSION)
        if isinstance(side, QByteArray) and not side.isEmpty():
            self.side.restoreState(side)

    def save(self) -> None:
        if self.settings is None:
            return
        self.settings.beginGroup(self.settings_group())
        self.settings.setValue("geometry", self.window.saveGeometry())
        self.settings.setValue("state", self.window.saveState(STATE_VERSION))
        self.settings.setValue("side", self.side.saveState())
        self.settings.setValue("engine_area", dict(self.chosen))
        self.settings.endGroup()
        self.settings.sync()
