"""Board and piece text drawn from shipped outlines, so it looks the same with no Chinese font installed.

The outlines live in ``assets/glyphs/<style>.svg`` (made once by ``assets/tools/make_glyphs.py`` from the
SIL-OFL Noto CJK fonts). Each ``<path>`` holds one character in font units (1000 per em, y down, em box
0..1000). Qt has no public call that turns SVG path data into a QPainterPath (QSvgRenderer only paints),
so the few commands the generator writes (absolute M L H V Q C Z) are parsed here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QTransform

from xiangqi.resources import assets_dir

GLYPH_DIR = assets_dir() / "glyphs"
UNITS_PER_EM = 1000.0
STYLES = ("serif", "sans")
_TOKEN = re.compile(r"[MLHVQCZ]|-?\d+(?:\.\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "Q": 4, "C": 6, "Z": 0}


class GlyphError(ValueError):
    """A glyph file is broken, or a character has no shipped outline."""


@dataclass(frozen=True)
class Glyph:
    path: QPainterPath  # font units, y down, em box 0..1000
    advance: float


def parse_path_data(data: str) -> QPainterPath:
    """QPainterPath from SVG path data limited to absolute M/L/H/V/Q/C/Z (implicit repeats allowed)."""
    path, command = QPainterPath(), ""
    numbers: list[float] = []
    for token in _TOKEN.findall(data) + ["Z"]:
        if token in _ARGS:
            _flush(path, command, numbers)
            command, numbers = token, []
            if token == "Z":
                path.closeSubpath()
        else:
            numbers.append(float(token))
    return path


def _flush(path: QPainterPath, command: str, numbers: list[float]) -> None:
    count = _ARGS.get(command, 0)
    if count == 0:
        if numbers:
            raise GlyphError(f"path data has numbers {numbers[:4]} without a command")
        return
    if len(numbers) % count:
        raise GlyphError(f"path command {command} has {len(numbers)} numbers (needs a multiple of {count})")
    for i in range(0, len(numbers), count):
        _apply(path, "L" if command == "M" and i else command, numbers[i : i + count])


def _apply(path: QPainterPath, command: str, n: list[float]) -> None:
    here = path.currentPosition()
    if command == "M":
        path.moveTo(n[0], n[1])
    elif command == "L":
        path.lineTo(n[0], n[1])
    elif command == "H":
        path.lineTo(n[0], here.y())
    elif command == "V":
        path.lineTo(here.x(), n[0])
    elif command == "Q":
        path.quadTo(n[0], n[1], n[2], n[3])
    else:
        path.cubicTo(n[0], n[1], n[2], n[3], n[4], n[5])


def load_glyph_file(file: Path) -> dict[str, Glyph]:
    """Every glyph of one generated SVG file, by character; GlyphError names the file and the problem."""
    try:
        root = ET.parse(file).getroot()
    except (OSError, ET.ParseError) as error:
        raise GlyphError(f"{file}: cannot read glyph outlines: {error}") from error
    glyphs: dict[str, Glyph] = {}
    for element in root.iter("{http://www.w3.org/2000/svg}path"):
        char = element.get("data-char", "")
        try:
            glyphs[char] = Glyph(parse_path_data(element.get("d", "")), float(element.get("data-advance", "")))
        except (GlyphError, ValueError) as error:
            raise GlyphError(f"{file}: glyph {char!r}: {error}") from error
    return glyphs


@cache
def glyph_table(style: str = "serif") -> dict[str, Glyph]:
    if style not in STYLES:
        raise GlyphError(f"unknown glyph style {style!r} (choose from {', '.join(STYLES)})")
    return load_glyph_file(GLYPH_DIR / f"{style}.svg")


def has_glyphs(text: str, style: str = "serif") -> bool:
    table = glyph_table(style)
    return all(char in table or char == " " for char in text)


@lru_cache(maxsize=512)
def text_outline(text: str, style: str = "serif") -> QPainterPath:
    """The characters of ``text`` set side by side in font units (spaces advance half an em)."""
    table, outline, x = glyph_table(style), QPainterPath(), 0.0
    for char in text:
        if char == " ":
            x += UNITS_PER_EM / 2
            continue
        glyph = table.get(char)
        if glyph is None:
            raise GlyphError(f"no shipped outline for {char!r} in {text!r} (style {style})")
        outline.addPath(glyph.path.translated(x, 0))
        x += glyph.advance
    return outline


def glyph_path(text: str, center: QPointF, height: float, style: str = "serif") -> QPainterPath:
    """Outline of ``text`` at an em size of ``height`` pixels, its ink box centred on ``center``.

    Centring on the ink (not the em box) keeps a single character optically centred in a piece disc;
    a flat "一" stays on the centre line. Fill the result (e.g. ``painter.fillPath``); it needs no font.
    """
    outline = text_outline(text, style)
    scale = height / UNITS_PER_EM
    box = outline.boundingRect()
    transform = QTransform()
    transform.translate(center.x(), center.y())
    transform.scale(scale, scale)
    transform.translate(-box.center().x(), -box.center().y())
    placed: QPainterPath = transform.map(outline)
    return placed
