"""Generate the shipped piece sets (SVG) under assets/themes/pieces/. Made for this project, CC0.

    .venv/bin/python assets/tools/make_pieces.py

Each piece is a self-contained 100×100 SVG: the disc is drawn here, the characters are the outlines of
assets/glyphs/*.svg (SIL OFL, see assets/README.md) embedded as paths, so nothing needs a system font.
The theme.toml files beside the pieces are hand-written; this script only (re)writes the SVG files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from xiangqi.ui.board.glyphs import UNITS_PER_EM, glyph_table, text_outline  # noqa: E402

PIECES_DIR = Path(__file__).resolve().parents[1] / "themes" / "pieces"
KINDS = ("king", "advisor", "elephant", "horse", "rook", "cannon", "pawn")
TRADITIONAL = {"red": "帥仕相傌俥炮兵", "black": "將士象馬車砲卒"}
SIMPLIFIED = {"red": "帅仕相马车炮兵", "black": "将士象马车炮卒"}
LETTERS = "KAEHRCP"


def glyph_element(char: str, style: str, center: tuple[float, float], em: float, fill: str,
                  extra: str = "") -> str:
    """A <path> with the glyph's outline, its ink box centred on ``center`` at an em size of ``em``."""
    box = text_outline(char, style).boundingRect()
    scale = em / UNITS_PER_EM
    dx = center[0] - box.center().x() * scale
    dy = center[1] - box.center().y() * scale
    data = _path_data(char, style)
    return (f'<path transform="matrix({scale:.5f} 0 0 {scale:.5f} {dx:.3f} {dy:.3f})" '
            f'fill="{fill}" {extra}d="{data}"/>')


def _path_data(char: str, style: str) -> str:
    import xml.etree.ElementTree as ET

    glyph_table(style)  # raises a clear error if the file is broken
    root = ET.parse(PIECES_DIR.parents[1] / "glyphs" / f"{style}.svg").getroot()
    for element in root.iter("{http://www.w3.org/2000/svg}path"):
        if element.get("data-char") == char:
            return element.get("d", "")
    raise KeyError(char)


def svg(body: str, defs: str = "") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
            f"<defs>{defs}</defs>\n{body}\n</svg>\n")


# --- engraved: wooden discs, carved characters in a ring (the classic look) -------------------------
def engraved(side: str, index: int) -> str:
    ink = "#b0201a" if side == "red" else "#1d1d1d"
    defs = ('<radialGradient id="wood" cx="42%" cy="36%" r="70%">'
            '<stop offset="0" stop-color="#fbe7bf"/><stop offset="0.7" stop-color="#e9c58b"/>'
            '<stop offset="1" stop-color="#c99a5b"/></radialGradient>')
    char = TRADITIONAL[side][index]
    body = "\n".join([
        '<circle cx="51.2" cy="52.4" r="46" fill="#000" fill-opacity="0.28"/>',
        '<circle cx="50" cy="50" r="46" fill="url(#wood)" stroke="#7a4b22" stroke-width="1.6"/>',
        f'<circle cx="50" cy="50" r="38.5" fill="none" stroke="{ink}" stroke-width="2.4"/>',
        glyph_element(char, "serif", (50.7, 51.0), 54, "#fff4dc", 'fill-opacity="0.85" '),
        glyph_element(char, "serif", (50, 50), 54, ink),
    ])
    return svg(body, defs)


# --- flat: solid colour discs, white sans-serif simplified characters -----------------------------
def flat(side: str, index: int) -> str:
    # black: a slate disc with a light rim, so it stands out on the dark board as well as on wood
    disc, rim = ("#d9382c", "#9e1f16") if side == "red" else ("#3b4b60", "#e8edf2")
    body = "\n".join([   # the rim keeps the disc's edge visible on a board of the same colour
        f'<circle cx="50" cy="50" r="46.5" fill="{disc}" stroke="{rim}" stroke-width="3"/>',
        '<circle cx="50" cy="50" r="39" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="2.5"/>',
        glyph_element(SIMPLIFIED[side][index], "sans", (50, 50), 52, "#ffffff"),
    ])
    return svg(body)


# --- letters: a pictogram and the WXF letter, for players who do not read Chinese -----------------
PICTOGRAMS: dict[str, str] = {
    "king": ('<path d="M30 58 L27 32 L40 44 L50 25 L60 44 L73 32 L70 58 Z"/>'
             '<rect x="30" y="60" width="40" height="6" rx="1.5"/>'
             '<circle cx="27" cy="30" r="3.5"/><circle cx="50" cy="23" r="3.5"/><circle cx="73" cy="30" r="3.5"/>'),
    "advisor": ('<path d="M36 30 L64 58 M64 30 L36 58" fill="none" stroke-width="5" stroke-linecap="round"/>'
                '<circle cx="36" cy="30" r="5"/><circle cx="64" cy="30" r="5"/>'
                '<circle cx="36" cy="58" r="5"/><circle cx="64" cy="58" r="5"/><circle cx="50" cy="44" r="5.5"/>'),
    "elephant": ('<ellipse cx="33" cy="40" rx="10" ry="14"/><ellipse cx="67" cy="40" rx="10" ry="14"/>'
                 '<circle cx="50" cy="39" r="14"/>'
                 '<path d="M50 46 C50 56 52 62 58 65" fill="none" stroke-width="7" stroke-linecap="round"/>'
                 '<path d="M43 50 L38 60 M57 50 L62 60" fill="none" stroke-width="3" stroke-linecap="round"/>'),
    "horse": ('<path d="M36 66 L37 50 C37 36 45 26 56 23 L58 17 L63 24 C70 29 74 38 72 46 '
              'L64 45 C59 45 55 49 57 57 L60 66 Z"/><circle cx="59" cy="32" r="2.4" fill="#fffaf0"/>'),
    "rook": ('<path d="M33 66 L33 60 L38 60 L40 39 L34 39 L34 25 L41 25 L41 30 L47 30 L47 25 L53 25 L53 30 '
             'L59 30 L59 25 L66 25 L66 39 L60 39 L62 60 L67 60 L67 66 Z"/>'),
    "cannon": ('<path d="M38 56 L70 32" fill="none" stroke-width="10" stroke-linecap="round"/>'
               '<circle cx="40" cy="56" r="10" fill="#fffaf0" stroke-width="4"/>'
               '<circle cx="40" cy="56" r="3"/><rect x="26" y="65" width="30" height="4" rx="2"/>'),
    "pawn": ('<circle cx="50" cy="33" r="8.5"/>'
             '<path d="M39 62 C41 53 45 47 45 43 L55 43 C55 47 59 53 61 62 Z"/>'
             '<rect x="35" y="61" width="30" height="6" rx="2"/>'),
}


def letters(side: str, index: int) -> str:
    ink = "#c0261c" if side == "red" else "#1f2430"
    kind = KINDS[index]
    body = "\n".join([
        '<circle cx="51" cy="52" r="46" fill="#000" fill-opacity="0.22"/>',
        f'<circle cx="50" cy="50" r="46" fill="#fffaf0" stroke="{ink}" stroke-width="4"/>',
        f'<g fill="{ink}" stroke="{ink}" stroke-width="0" transform="translate(2.5 -1.5) scale(0.95)">'
        f"{PICTOGRAMS[kind]}</g>",
        glyph_element(LETTERS[index], "sans", (50, 77.5), 25, ink),
    ])
    return svg(body)


SETS: dict[str, Callable[[str, int], str]] = {"engraved": engraved, "flat": flat, "letters": letters}


def main() -> None:
    for set_id, draw in SETS.items():
        folder = PIECES_DIR / set_id
        folder.mkdir(parents=True, exist_ok=True)
        for side in ("red", "black"):
            for index, kind in enumerate(KINDS):
                (folder / f"{side}_{kind}.svg").write_text(draw(side, index), encoding="utf-8")
        print(f"wrote {folder} ({sum(f.stat().st_size for f in folder.glob('*.svg'))} bytes)")


if __name__ == "__main__":
    main()
