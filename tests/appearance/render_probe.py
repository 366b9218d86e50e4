"""Run by test_glyphs.py in a child process: prints a digest of board text + a piece drawn from the
shipped outlines, a digest of the same text drawn with a system font, and the number of font families."""
import hashlib, os
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QFontDatabase
app = QGuiApplication([])
from pathlib import Path
from xiangqi.ui.glyphs import glyph_path
from xiangqi.ui.themes import ThemeLibrary
lib = ThemeLibrary.load(Path(__file__).resolve().parents[2] / "assets")
def digest(draw):
    img = QImage(200, 100, QImage.Format.Format_ARGB32); img.fill(QColor("white"))
    p = QPainter(img); p.setRenderHint(QPainter.RenderHint.Antialiasing); draw(p); p.end()
    return hashlib.sha1(bytes(img.constBits())).hexdigest()[:12]
shipped = digest(lambda p: (p.fillPath(glyph_path("楚河", QPointF(60, 50), 40), QColor("black")),
                            p.drawPixmap(120, 20, lib.piece_set("engraved").pixmap(-1, 60))))
system = digest(lambda p: (p.setFont(QFont("Noto Sans CJK SC", 30)), p.drawText(QRectF(0, 0, 200, 100), "楚河")))
print(shipped, system, len(QFontDatabase.families()))
