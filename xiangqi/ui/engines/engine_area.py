"""The window's one engine area, under the move list: whatever engine seats are filled, one section each —
the opponent's thinking in a game (compact), the analysis lines while analysing, both engines and the
results table while a match plays. A section shows itself when its seat is filled and hides when it is
emptied; the area is hidden while no section is shown, so no empty engine panel takes room.

On a small screen the area scrolls rather than push the window past the screen (its sections shrink to
their minimum sizes first).

The features own their sections (the shell the opponent's panel, the study tools the analysis panel, the
match its panel) and only add them here; the area never looks into them."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

SECTION_SPACING = 6   # px between two sections shown at once (e.g. the opponent and the analysis)


class EngineArea(QScrollArea):
    """A column of sections; visible exactly when one of them is."""

    sections_changed = Signal()   # a section was shown or hidden (the window shares the column anew)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("engine_area")
        self._sections: list[QWidget] = []
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._body = QWidget(self)
        self._column = QVBoxLayout(self._body)
        self._column.setContentsMargins(0, 0, 0, 0)
        self._column.setSpacing(SECTION_SPACING)
        self.setWidget(self._body)
        # Its content never sets the side column's width (so never the board's): the texts wrap or elide.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        self.hide()

    def add_section(self, section: QWidget, stretch: int = 1) -> None:
        """``section`` joins the area (below those added before); its own visibility says whether it is shown."""
        self._column.addWidget(section, stretch)
        self._sections.append(section)
        section.installEventFilter(self)
        self._follow_sections()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """The height its shown sections would like (a compact opponent panel asks for little)."""
        shown = self.sections_shown()
        height = sum(section.sizeHint().height() for section in shown) + SECTION_SPACING * max(0, len(shown) - 1)
        return QSize(super().sizeHint().width(), height)

    def sections_shown(self) -> list[QWidget]:
        return [section for section in self._sections if section.isVisibleTo(self._body)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent) and watched in self._sections:
            self._follow_sections()
        return False

    def _follow_sections(self) -> None:
        shown = bool(self.sections_shown())
        if shown == self.isHidden():
            self.setVisible(shown)
        self.updateGeometry()
        self.sections_changed.emit()
