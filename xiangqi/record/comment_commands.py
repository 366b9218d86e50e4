"""PGN comment commands (``[%eval 1.23]``, ``[%clk 0:05:00]``): data for programs inside a comment's
text. The comment editor shows the words the user wrote and keeps the commands as they were, so
editing a reviewed game's comment neither shows nor loses its evaluations."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

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


# ----------------------------------------------------------------------------------- drawn shapes
# Arrows and circles drawn on the board, kept as the commands lichess and chess GUIs write:
# ``[%cal Gb0c2,Rh2e2]`` (coloured arrows) and ``[%csl Ge5]`` (coloured circles), squares in ICCS.
_SHAPE_COMMAND = re.compile(r"\[%(cal|csl)(?:\s+([^\]\[]*))?\]", re.IGNORECASE)
_SHAPE_ITEM = re.compile(r"([GRBY])([a-i][0-9])([a-i][0-9])?", re.IGNORECASE | re.ASCII)
_FILES = "abcdefghi"


class Brush(Enum):
    """A shape's colour, by the letter the commands use; the order is lichess's: plain, Shift, Alt, both."""

    GREEN = "G"
    RED = "R"
    BLUE = "B"
    YELLOW = "Y"


def _square(name: str) -> int:
    return int(name[1]) * len(_FILES) + _FILES.index(name[0].lower())


def _name(sq: int) -> str:
    return _FILES[sq % len(_FILES)] + str(sq // len(_FILES))


@dataclass(frozen=True, slots=True)
class Shape:
    """An arrow from ``from_sq`` to ``to_sq``, or a circle on ``from_sq`` when the two are the same square."""

    brush: Brush
    from_sq: int
    to_sq: int

    @classmethod
    def circle(cls, brush: Brush, sq: int) -> Shape:
        return cls(brush, sq, sq)

    @property
    def is_circle(self) -> bool:
        return self.from_sq == self.to_sq

    def text(self) -> str:
        """``Gb0c2`` for an arrow, ``Ge5`` for a circle."""
        ends = _name(self.from_sq) if self.is_circle else _name(self.from_sq) + _name(self.to_sq)
        return self.brush.value + ends


def read_shapes(comment: str) -> tuple[Shape, ...]:
    """The shapes of every ``[%cal]`` / ``[%csl]`` in ``comment``, in order, each once. Lenient: an item
    that is not a colour letter and one square (circle) or two different squares (arrow) is skipped."""
    found: dict[Shape, None] = {}
    for match in _SHAPE_COMMAND.finditer(comment):
        arrows = match.group(1).lower() == "cal"
        for item in (match.group(2) or "").split(","):
            parsed = _SHAPE_ITEM.fullmatch(item.strip())
            if parsed is None or (parsed.group(3) is None) == arrows:
                continue
            brush, start = Brush(parsed.group(1).upper()), _square(parsed.group(2))
            end = _square(parsed.group(3)) if arrows else start
            if arrows and end == start:
                continue
            found[Shape(brush, start, end)] = None
    return tuple(found)


def shape_commands(shapes: Sequence[Shape]) -> str:
    """``[%cal …] [%csl …]`` for ``shapes`` (arrows first), "" for none."""
    arrows = ",".join(shape.text() for shape in shapes if not shape.is_circle)
    circles = ",".join(shape.text() for shape in shapes if shape.is_circle)
    return " ".join(part for part in (arrows and f"[%cal {arrows}]", circles and f"[%csl {circles}]") if part)


def with_shapes(comment: str, shapes: Sequence[Shape]) -> str:
    """``comment`` with its ``[%cal]`` / ``[%csl]`` replaced by ``shapes``'; its words and other commands
    (``[%eval]``, ``[%clk]``) stay as they were."""
    commands, words = split_commands(comment)
    kept = " ".join(command for command in _COMMAND.findall(commands) if not _SHAPE_COMMAND.fullmatch(command))
    return join_commands(" ".join(part for part in (kept, shape_commands(shapes)) if part), words)


def toggled(shapes: Sequence[Shape], shape: Shape) -> tuple[Shape, ...]:
    """Drawing ``shape`` over ``shapes`` as lichess does: the same shape again takes it away, the same
    squares in another colour change its colour, anything else is added."""
    same_place = next((old for old in shapes if (old.from_sq, old.to_sq) == (shape.from_sq, shape.to_sq)), None)
    if same_place is None:
        return (*shapes, shape)
    if same_place == shape:
        return tuple(old for old in shapes if old != shape)
    return tuple(shape if old == same_place else old for old in shapes)


def comment_words(comment: str) -> str:
    """What a reader sees of a comment: its words without the commands (the comment panel, printed
    sheets)."""
    return split_commands(comment)[1]
