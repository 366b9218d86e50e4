"""Dialogs that fit the screen: a small one (800×600) with larger text (150 %, 200 % on 1024×768) must
still show every dialog whole, its buttons on screen. ``fit_to_screen`` shrinks a dialog that asked for
more than the screen has (down to what its layout needs); ``scrolling`` wraps a tall page so that what
its layout needs is small: the page scrolls instead of pushing the OK button off the screen."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

FRAME_ALLOWANCE = 40   # px of the screen's height kept for the window manager's title bar and frame
SMALLEST_ROOM = QSize(640, 440)   # a screen we cannot measure (no screen): room for the dialog at least


def screen_room(widget: QWidget) -> QSize:
    """The room a window has on ``widget``'s screen (its frame and title bar taken off)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return SMALLEST_ROOM
    room = screen.availableGeometry().size()
    return QSize(room.width(), room.height() - FRAME_ALLOWANCE)


def fit_to_screen(dialog: QWidget) -> None:
    """At most the screen's room, at least what the dialog's layout needs (a tall page: see ``scrolling``)."""
    wanted = dialog.size() if dialog.testAttribute(Qt.WidgetAttribute.WA_Resized) else dialog.sizeHint()
    dialog.resize(wanted.boundedTo(screen_room(dialog)).expandedTo(dialog.minimumSizeHint()))


def scrolling(page: QWidget, parent: QWidget | None = None) -> QScrollArea:
    """``page`` in a frameless scroll area: as wide as its content wants, as tall as the dialog allows."""
    area = QScrollArea(parent)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(page)
    hint = page.sizeHint()
    area.setMinimumWidth(min(hint.width(), SMALLEST_ROOM.width()) + area.verticalScrollBar().sizeHint().width())
    return area


def show_whole(dialog: QWidget, area: QScrollArea) -> None:
    """Size ``dialog`` so that ``area``'s page shows whole without scrolling (a scroll area asks for a few
    lines only); ``fit_to_screen`` then keeps it within a small screen, where the page scrolls."""
    page = area.widget()
    if page is None:
        return
    for widget in (page, *page.findChildren(QWidget)):
        layout = widget.layout()
        if layout is not None:
            layout.activate()   # a row hidden before the first show counts until its layout runs again
    missing = page.sizeHint() - area.sizeHint()
    hint = dialog.sizeHint()
    dialog.resize(hint.width() + max(0, missing.width()), hint.height() + max(0, missing.height()))
