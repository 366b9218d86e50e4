"""Xiangqi (Chinese chess): rules core, game records, engine protocols and a PySide6 desktop app.

Widgets live in ``xiangqi.ui``. Outside it only the drivers of processes and timers import Qt (QtCore):
``xiangqi.play`` (the game controller), ``xiangqi.engine.process``, ``.seat`` and ``.eventloop``, and the runners
``xiangqi.review.runner`` and ``xiangqi.match.runner``; everything else runs without Qt and without a display
(the import-linter contracts in ``pyproject.toml`` check it).
"""

__version__ = "0.1.0"
