"""Xiangqi (Chinese chess): rules core, game records, engine protocols and a PySide6 desktop app.

Only ``xiangqi.ui`` and ``xiangqi.engine.process`` import Qt; everything else runs without a display.
"""

__version__ = "0.1.0"
