"""A reference to a dialog that deletes itself when closed (``WA_DeleteOnClose``, as ``open_dialog``
makes every dialog): it forgets the dialog when the dialog finishes or is deleted, so the owner never
calls into a deleted C++ object (``RuntimeError: … already deleted``, and the menu item that opens it
doing nothing the second time)."""

from __future__ import annotations

from typing import Generic, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

_Dialog = TypeVar("_Dialog", bound=QDialog)


class DialogRef(Generic[_Dialog]):
    """The one open dialog of a kind, or None once it was closed."""

    def __init__(self) -> None:
        self._dialog: _Dialog | None = None

    def hold(self, dialog: _Dialog) -> _Dialog:
        self._dialog = dialog
        dialog.finished.connect(lambda _result, held=dialog: self._forget(held))
        dialog.destroyed.connect(lambda _object=None, held=dialog: self._forget(held))
        return dialog

    def get(self) -> _Dialog | None:
        """The dialog while it is open."""
        return self._dialog

    def clear(self) -> None:
        self._dialog = None

    def _forget(self, dialog: QObject) -> None:
        if self._dialog is dialog:
            self._dialog = None


def forget_when_closed(dialogs: list[QDialog], dialog: QDialog) -> None:
    """Keep ``dialog`` in the list ``dialogs`` only while it is open (finished or deleted: taken out)."""
    def forget(_result: object = None) -> None:
        for index, held in enumerate(dialogs):
            if held is dialog:
                del dialogs[index]
                return

    dialogs.append(dialog)
    dialog.finished.connect(forget)
    dialog.destroyed.connect(forget)
