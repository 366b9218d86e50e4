"""Board and piece text comes from the shipped outlines, not from a system font."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from xiangqi.ui.board.glyphs import GlyphError, glyph_path, glyph_table, load_glyph_file, parse_path_data

REQUIRED = "楚河漢界汉一二三四五六七八九123456789abcdefghi0帥將仕士相象傌馬俥車炮砲兵卒帅将马车"


@pytest.mark.parametrize("style", ["serif", "sans"])
def test_every_needed_character_has_an_outline(style):
    table = glyph_table(style)
    missing = [c for c in REQUIRED if c not in table]
    assert missing == []
    for char in REQUIRED:
        assert table[char].advance > 0 and table[char].path.elementCount() > 4, char


def test_glyph_path_is_centred_and_sized():
    for text in ("帥", "楚河", "一", "5", "a"):
        path = glyph_path(text, QPointF(100, 50), 40)
        box = path.boundingRect()
        assert abs(box.center().x() - 100) < 0.01 and abs(box.center().y() - 50) < 0.01, text
        assert box.height() <= 40
    assert glyph_path("帥", QPointF(0, 0), 40).boundingRect().height() > 30   # a CJK glyph fills its em
    assert glyph_path("一", QPointF(0, 0), 40).boundingRect().height() < 8    # "one" is one flat stroke
    wide = glyph_path("楚河", QPointF(0, 0), 40).boundingRect().width()
    assert 70 < wide <= 80


def test_unknown_character_is_a_clear_error():
    with pytest.raises(GlyphError, match="'Ω'"):
        glyph_path("楚Ω", QPointF(0, 0), 20)


def test_path_data_parser_handles_implicit_repeats_and_hv():
    path = parse_path_data("M0 0 10 0V10H0ZM20 20Q30 20 30 30C30 40 20 40 20 30Z")
    box = path.boundingRect()
    assert (box.left(), box.top(), box.right(), box.bottom()) == (0, 0, 30, 37.5)
    with pytest.raises(GlyphError):
        parse_path_data("M0 0 L1")


def test_broken_glyph_file_names_the_file(tmp_path):
    bad = tmp_path / "serif.svg"
    bad.write_text("<svg xmlns='http://www.w3.org/2000/svg'><path data-char='x' d='M0 0 L1'/></svg>")
    with pytest.raises(GlyphError, match=str(bad)):
        load_glyph_file(bad)


def test_board_text_and_pieces_look_the_same_without_any_font(tmp_path):
    """The same drawing in a child process whose fontconfig knows no font at all: the shipped outlines
    give identical pixels, while text drawn with a system font changes (so the fonts really were gone)."""
    import os
    import subprocess
    import sys

    from appearance_paths import REPO

    empty = tmp_path / "fonts.conf"
    empty.write_text('<?xml version="1.0"?>\n<fontconfig></fontconfig>\n')
    probe = [sys.executable, str(REPO / "tests" / "appearance" / "render_probe.py")]
    def run(**env):
        out = subprocess.run(probe, cwd=REPO, env={**os.environ, **env}, capture_output=True, text=True,
                             check=True, timeout=60)
        return out.stdout.split()
    with_fonts, without_fonts = run(), run(FONTCONFIG_FILE=str(empty))
    assert int(without_fonts[2]) < int(with_fonts[2])
    assert without_fonts[0] == with_fonts[0]
    assert without_fonts[1] != with_fonts[1]
