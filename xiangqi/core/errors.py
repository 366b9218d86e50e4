"""The narrow exception hierarchy of the rules core.

Every message quotes the offending text and says why; FEN errors also name the rank or field.
"""

from __future__ import annotations


class XiangqiError(Exception):
    """Base of the errors raised by ``xiangqi.core``."""


class FenError(XiangqiError, ValueError):
    """A FEN string that cannot describe a legal xiangqi position."""


class NotationError(XiangqiError, ValueError):
    """Move or square text that cannot be read (bad syntax, no such piece, ambiguous)."""


class IllegalMoveError(XiangqiError, ValueError):
    """A move that breaks the rules in the position it was played in."""
