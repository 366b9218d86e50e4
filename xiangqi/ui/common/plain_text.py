"""Text from files and engines is shown as text, never as markup: a player named ``<img src=…>`` or a file
called ``<a href=…>x.pgn`` must not become a picture or a link. Qt's labels guess ("AutoText") and
render anything that looks like HTML; these helpers switch every guessing label to plain text."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget


def plain_labels(widget: QWidget) -> int:
    """Every label in ``widget`` (and the widget itself) that guesses its format shows plain text from
    now on (labels that chose rich text on purpose are left alone). Returns how many were switched."""
    labels = widget.findChildren(QLabel)
    if isinstance(widget, QLabel):
        labels.append(widget)
    switched = 0
    for label in labels:
        if label.textFormat() == Qt.TextFormat.AutoText:
            label.setTextFormat(Qt.TextFormat.PlainText)
            switched += 1
    if isinstance(widget, QMessageBox) and widget.textFormat() == Qt.TextFormat.AutoText:
        widget.setTextFormat(Qt.TextFormat.PlainText)
    return switched
