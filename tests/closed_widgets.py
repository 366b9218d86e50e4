"""The windows a test closed are deleted when it ends, not whenever an event loop next gets round to it.

pytest-qt closes the widgets a test registered and asks Qt to delete them later (``deleteLater``); the
deletion waits for an event loop, and the tests run none between them, so a process running the Qt tests
kept every main window (menus, docks, dialogs: ~290 widgets each) of the tests before. Each application-wide
change after that (the palette, the style sheet, the language, a scan of the top-level widgets) then walked
all of them: measured, 115 windows' worth after the 6 tests of test_live_switches.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from slot_exceptions import SlotExceptions


@pytest.fixture(autouse=True)
def delete_closed_widgets(fail_on_slot_exceptions: SlotExceptions) -> Iterator[None]:
    """After the test and pytest-qt's closing of its widgets (a slot raising meanwhile fails the test)."""
    yield
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is not None:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
