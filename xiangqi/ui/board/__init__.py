"""The board: the view (clicks, drag, arrows, animation), its painting and geometry, the piece glyphs and the
themes (board looks and piece sets, with a built-in fallback)."""
