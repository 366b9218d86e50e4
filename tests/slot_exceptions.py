"""Every UI test fails on a Python exception raised where Qt called Python (a slot, a lambda connected to
a signal, an overridden event handler) or where Python could only report it (``sys.unraisablehook``):
such exceptions only print to stderr in the app, so without this a test passes while the user's window
logs ``RuntimeError: … already deleted`` and stops doing what was clicked.

pytest-qt captures ``sys.excepthook`` for every test unless ``qt_no_exception_capture`` is set; this
fixture keeps that promise even for a test that does not request ``qtbot``, a test marked
``qt_no_exception_capture``, or a hook that pytest-qt does not watch."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterator
from types import TracebackType

import pytest

SHOWN_FAILURES = 5   # tracebacks quoted in the failure message (the rest are counted)


class SlotExceptions:
    """The exceptions seen while installed, each as its formatted traceback."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._hook = sys.excepthook
        self._unraisable = sys.unraisablehook

    def install(self) -> None:
        sys.excepthook, sys.unraisablehook = self._on_exception, self._on_unraisable

    def remove(self) -> None:
        sys.excepthook, sys.unraisablehook = self._hook, self._unraisable

    def _on_exception(self, kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        self.seen.append("".join(traceback.format_exception(kind, value, tb)))
        self._hook(kind, value, tb)   # pytest-qt's capture (or the default print) still sees it

    def _on_unraisable(self, unraisable: sys.UnraisableHookArgs) -> None:
        value = unraisable.exc_value
        text = "".join(traceback.format_exception(value)) if value is not None else repr(unraisable.exc_type)
        self.seen.append(f"{unraisable.err_msg or 'unraisable'}: {text}")

    def report(self) -> str:
        shown = self.seen[:SHOWN_FAILURES]
        more = len(self.seen) - len(shown)
        return "\n".join(shown) + (f"\n… and {more} more" if more else "")


@pytest.fixture(autouse=True)
def fail_on_slot_exceptions() -> Iterator[SlotExceptions]:
    caught = SlotExceptions()
    caught.install()
    yield caught
    caught.remove()
    if caught.seen:
        pytest.fail(f"{len(caught.seen)} exception(s) raised in Qt slots or handlers:\n{caught.report()}",
                    pytrace=False)
