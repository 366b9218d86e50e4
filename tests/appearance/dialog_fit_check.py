"""Whether a dialog fits a small screen (issue 29 §2): its size within the screen's room, and its buttons
drawn whole inside it. Used by the walks of every dialog (test_dialogs_twice.py: 800×600 at 150 % text;
test_every_window_language.py: 1024×768 at 200 %)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QAbstractButton, QDialog, QScrollArea, QWidget

TITLE_BAR = 40   # px of the screen a window manager's title bar and frame take (as main_window.FRAME_ALLOWANCE)


def room_of(width: int, height: int) -> QSize:
    """What a dialog may take of a ``width``×``height`` screen (the title bar and frame: in TITLE_BAR)."""
    return QSize(width, height - TITLE_BAR)


def too_big(dialog: QDialog, width: int, height: int) -> tuple[int, int] | None:
    """The dialog's size when it is larger than the room of a ``width``×``height`` screen."""
    size = dialog.size()
    room = room_of(width, height)
    return (size.width(), size.height()) if size.width() > room.width() or size.height() > room.height() else None


def buttons_cut(dialog: QDialog) -> list[str]:
    """The dialog's buttons not drawn whole inside it (a scrolled page's buttons scroll: not counted)."""
    cut = []
    for button in dialog.findChildren(QAbstractButton):
        if not button.isVisibleTo(dialog) or any(isinstance(p, QScrollArea) for p in ancestors(button, dialog)):
            continue
        where = QRect(button.mapTo(dialog, button.rect().topLeft()), button.size())
        if not dialog.rect().contains(where):
            cut.append(button.text() or button.objectName() or type(button).__name__)
    return cut


def ancestors(widget: QWidget, top: QWidget) -> list[QWidget]:
    found, parent = [], widget.parentWidget()
    while parent is not None and parent is not top:
        found.append(parent)
        parent = parent.parentWidget()
    return found
