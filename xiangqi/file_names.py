"""File names as every message and row shows them, done one way (the layer below ``record/``, ``book/``
and ``commands/``: no import of this package here).

``shown_name(name)`` is the name unchanged when every character of it is printable (spaces and any script
included), else Python's quoted form with escapes (``'a\\nb.pgn'``, ``'\\x1b[31m.pgn'``): a newline in a
name cannot split a row, and an escape sequence never reaches the terminal. Record errors, book errors
and every command's output use it.
"""

from __future__ import annotations

import os


def shown_name(name: str | os.PathLike[str]) -> str:
    """``name`` as printed by the tools: unchanged if all printable, else its escaped, quoted repr."""
    text = os.fspath(name)
    return text if text.isprintable() else repr(text)
