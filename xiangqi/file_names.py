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


# Characters no file name may hold on Windows, macOS or Linux (and the path separators), and its bound.
_NOT_IN_NAMES = str.maketrans({c: "_" for c in '<>:"/\\|?*'})
MAX_SUGGESTED_NAME = 120   # characters of a suggested record name, before ".pgn"


def record_file_name(red: str, black: str, date: str) -> str:
    """The name Save As suggests for a game: ``Red-Black-2026-11-28.pgn`` from its players and its PGN
    date (``2026.11.28``; unknown parts such as ``??`` are left out), e.g. ``张三-ElephantEye-2026-11-28.pgn``.
    Characters a file system refuses become ``_``; "game.pgn" when nothing is known."""
    day = "-".join(part for part in date.strip().split(".") if part.isdigit())
    parts = [" ".join(text.split()) for text in (red, black) if text.strip() and text.strip() != "?"]
    if day:
        parts.append(day)
    stem = "-".join(parts).translate(_NOT_IN_NAMES)
    stem = "".join(c for c in stem if c.isprintable())[:MAX_SUGGESTED_NAME].strip(" .")
    return f"{stem or 'game'}.pgn"
