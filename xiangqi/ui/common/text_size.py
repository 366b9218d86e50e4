"""The larger-text setting: every widget's text in percent of the system's font size (menus, move list,
engine lines, dialogs). Widgets that set their own font relative to the application's (the clocks) keep
their ratio from the next start."""

from __future__ import annotations

from PySide6.QtGui import QFont, QGuiApplication

_system: list[QFont] = []   # the application font before the first change (the system's)


def scaled_font(base: QFont, percent: int) -> QFont:
    font = QFont(base)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * percent / 100)
    elif base.pixelSize() > 0:
        font.setPixelSize(round(base.pixelSize() * percent / 100))
    return font


def set_text_size(percent: int) -> None:
    """The application font at ``percent`` of the system's (100: the system's own)."""
    if not _system:
        _system.append(QGuiApplication.font())
    QGuiApplication.setFont(scaled_font(_system[0], percent))
