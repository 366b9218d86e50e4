"""The game being played or studied, without Qt: the record tree with the game's head and the node shown
(``model``), how it ended (``result``), its setup, its clock, its autosave and move texts for views.

Arrows run one way: ``xiangqi.ui`` → ``xiangqi.play`` → ``xiangqi.game`` → ``xiangqi.engine`` / ``xiangqi.record``
→ ``xiangqi.core``.
Importing this package imports nothing else.
"""
