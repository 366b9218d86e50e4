"""Run by test_glyphs.py in a child process: prints a digest of board text + a piece drawn from the
shipped outlines, a digest of the same text drawn with a system font, and the number of font families."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontDatabase, QGuiApplication, QImage, QPainter

from xiangqi.ui.board.glyphs import glyph_path
from xiangqi.ui.board.themes import ThemeLibrary


def digest(draw: Callable[[QPainter], None]) -> str:
    img = QImage(200, 100, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw(painter)
    painter.end()
    return hashlib.sha1(bytes(img.constBits())).hexdigest()[:12]


def main() -> None:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    _app = QGuiApplication([])  # kept alive while drawing
    lib = ThemeLibrary.load(Path(__file__).resolve().parents[2] / "assets")

    def shipped_text(p: QPainter) -> None:
        p.fillPath(glyph_path("楚河", QPointF(60, 50), 40), QColor("black"))
        p.drawPixmap(120, 20, lib.piece_set("engraved").pixmap(-1, 60))

    def system_text(p: QPainter) -> None:
        p.setFont(QFont("Noto Sans CJK SC", 30))
        p.drawText(QRectF(0, 0, 200, 100), "楚河")

    print(digest(shipped_text), digest(system_text), len(QFontDatabase.families()))


if __name__ == "__main__":
    main()
