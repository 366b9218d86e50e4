"""Make the application icon: a red general's piece (帅) on a wooden disc with a river-blue ring.

    python assets/icons/make_icon.py

Writes assets/icons/xiangqi.svg (the outline of 帅 is taken from assets/glyphs/serif.svg, Noto Serif CJK,
SIL OFL 1.1) and PNG renderings at the sizes desktop menus ask for (xiangqi-<size>.png), made with
QSvgRenderer so the PNGs match the SVG exactly. The icon itself is made for this project (GPL-3.0+).
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
GLYPHS = HERE.parent / "glyphs" / "serif.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
CHARACTER = "帅"


def glyph_data(char: str) -> str:
    for element in ET.parse(GLYPHS).getroot().iter("{http://www.w3.org/2000/svg}path"):
        if element.get("data-char") == char:
            return element.get("d", "")
    raise SystemExit(f"{GLYPHS}: no outline for {char!r}")


def icon_svg() -> str:
    # 256 units square; the glyph's 1000-unit em is scaled to 132 units and centred on the disc
    scale = 0.132
    offset = 128 - 500 * scale
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- Xiangqi application icon, made for this project (GPL-3.0-or-later). Character outline from
     Noto Serif CJK (SIL Open Font License 1.1, see ../glyphs/OFL.txt). Regenerate: make_icon.py -->
<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <radialGradient id="wood" cx="42%" cy="38%" r="70%">
      <stop offset="0" stop-color="#fbe3b0"/>
      <stop offset="0.75" stop-color="#e2b873"/>
      <stop offset="1" stop-color="#c08a45"/>
    </radialGradient>
  </defs>
  <circle cx="128" cy="134" r="118" fill="#000" fill-opacity="0.25"/>
  <circle cx="128" cy="128" r="118" fill="url(#wood)" stroke="#7a4a1c" stroke-width="6"/>
  <circle cx="128" cy="128" r="96" fill="none" stroke="#b71c1c" stroke-width="7"/>
  <path fill="#b71c1c" transform="translate({offset:.1f} {offset:.1f}) scale({scale})" d="{glyph_data(CHARACTER)}"/>
</svg>
"""


def render_pngs(svg: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(HERE / f"xiangqi-{size}.png"))
    del app


def main() -> int:
    svg = HERE / "xiangqi.svg"
    svg.write_text(icon_svg(), encoding="utf-8")
    render_pngs(svg)
    print(f"wrote {svg} and {len(SIZES)} PNG sizes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
