"""The board and pieces used when no theme folder under assets/themes loads (a broken install): plain
colours and discs with the piece's character from the shipped glyph outlines. The real themes come
from ``xiangqi.ui.board.themes.ThemeLibrary``; this only keeps the game playable and says nothing else."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from xiangqi.ui.board.glyphs import glyph_path

PIECE_CHARS = {1: "帅", 2: "仕", 3: "相", 4: "马", 5: "车", 6: "炮", 7: "兵",
               -1: "将", -2: "士", -3: "象", -4: "马", -5: "车", -6: "炮", -7: "卒"}


class FallbackBoardTheme:
    id = "fallback"
    names = {"zh_CN": "简单", "zh_TW": "簡單", "en": "Plain"}
    texture = None

    def __init__(self) -> None:
        self.background = QColor("#e8c888")
        self.line = QColor("#5a3a1a")
        self.river_text = QColor("#6b4a2a")
        self.coordinate_text = QColor("#5a3a1a")
        self.highlight = QColor("#1e88e5")
        self.hint = QColor("#2e7d32")
        self.check = QColor("#d32f2f")

    def paint_background(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, self.background)


class FallbackPieceSet:
    id = "fallback"
    names = {"zh_CN": "简单", "zh_TW": "簡單", "en": "Plain"}

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, float], QPixmap] = {}

    def pixmap(self, piece: int, diameter_px: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        key = (piece, diameter_px, device_pixel_ratio)
        if key not in self._cache:
            self._cache[key] = self._draw(piece, diameter_px, device_pixel_ratio)
        return self._cache[key]

    @staticmethod
    def _draw(piece: int, diameter: int, dpr: float) -> QPixmap:
        size = max(1, round(diameter * dpr))
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = QColor("#b71c1c") if piece > 0 else QColor("#212121")
        painter.setPen(QPen(ink, size * 0.04))
        painter.setBrush(QColor("#f5deb3"))
        painter.drawEllipse(QRectF(size * 0.03, size * 0.03, size * 0.94, size * 0.94))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawPath(glyph_path(PIECE_CHARS[piece], QPointF(size / 2, size / 2), size * 0.58))
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        return pixmap
