"""PGN comment commands (``[%eval 1.23]``, ``[%clk 0:05:00]``): data for programs inside a comment's
text. The comment editor shows the words the user wrote and keeps the commands as they were, so
editing a reviewed game's comment neither shows nor loses its evaluations."""

from __future__ import annotations

import re

_COMMAND = re.compile(r"\[%[^\]\[]*\]")
# Blank edges trimmed from the user's text: ASCII ones only. str.strip() would also take the full-width
# space (U+3000) that indents a Chinese paragraph.
_EDGES = " \t\n\r\x00"


def split_commands(comment: str) -> tuple[str, str]:
    """(the commands, space-separated; the rest of the comment, stripped)."""
    commands = " ".join(_COMMAND.findall(comment))
    return commands, _COMMAND.sub("", comment).strip(_EDGES) if commands else comment


def join_commands(commands: str, text: str) -> str:
    """A comment from its commands and the user's text (commands first, as ``with_eval`` writes them)."""
    text = text.strip(_EDGES)
    if not commands:
        return text
    return f"{commands} {text}" if text else commands
