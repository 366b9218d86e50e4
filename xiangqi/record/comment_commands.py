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
# One item of a shape command's list, lower-cased: a colour letter and one square (circle) or two (arrow).
_SHAPE_ITEM = re.compile(r"\s*([grby])([a-i][0-9])([a-i][0-9])?\s*", re.ASCII)
# The most shapes one move shows: lichess draws a handful; 200 cover any real lesson, and a record that
# carries thousands (hostile or broken) is drawn in bounded time. The rest stay in the comment, unread.
MAX_SHAPES_PER_MOVE = 200
# The most different commands, and different items, looked at one by one in a comment (repeats cost nothing:
# dict drops them in C). Past it the rest is left unread, as past MAX_SHAPES_PER_MOVE.
MAX_SHAPE_ITEMS_READ = 10 * MAX_SHAPES_PER_MOVE
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


@dataclass(frozen=True, slots=True)
class ShapeReading:
    """The shapes of one comment: the first ``MAX_SHAPES_PER_MOVE`` different ones, in order, and whether it
    holds more (``crowded``: the rest are neither drawn nor edited)."""

    shapes: tuple[Shape, ...] = ()
    crowded: bool = False


def _shape_lists(comment: str) -> tuple[str, str, bool]:
    """The items of every ``[%cal]`` and of every ``[%csl]`` of the lower-cased ``comment``, comma-joined,
    and whether every command was read (at most ``MAX_SHAPE_ITEMS_READ`` different ones are)."""
    arrows: list[str] = []
    circles: list[str] = []
    for index, part in enumerate(dict.fromkeys(comment.split("[%")[1:])):
        if index == MAX_SHAPE_ITEMS_READ:
            return ",".join(arrows), ",".join(circles), False
        kind, rest = part[:3], part[3:]
        end = rest.find("]")
        body = rest[:end]
        if kind in ("cal", "csl") and end >= 0 and "[" not in body and not body[:1].strip():
            (arrows if kind == "cal" else circles).append(body)
    return ",".join(arrows), ",".join(circles), True


def _item_shape(item: str, arrows: bool) -> Shape | None:
    parsed = _SHAPE_ITEM.fullmatch(item)
    if parsed is None or (parsed.group(3) is None) == arrows:
        return None
    start = _square(parsed.group(2))
    end = _square(parsed.group(3)) if arrows else start
    return Shape(Brush(parsed.group(1).upper()), start, end) if end != start or not arrows else None


def read_shape_commands(comment: str) -> ShapeReading:
    """The shapes of every ``[%cal]`` / ``[%csl]`` in ``comment`` (arrows first, each kind in order), each
    once, at most ``MAX_SHAPES_PER_MOVE``. Lenient: an item that is not a colour letter and one square
    (circle) or two different squares (arrow) is skipped. Linear in the comment at C speed (split, dict);
    at most ``MAX_SHAPE_ITEMS_READ`` different commands and items are looked at one by one (a 3 MB comment
    of repeated items: a few hundredths of a second)."""
    if "[%" not in comment:
        return ShapeReading()
    arrow_items, circle_items, complete = _shape_lists(comment.lower())
    found: dict[Shape, None] = {}
    for text, arrows in ((arrow_items, True), (circle_items, False)):
        for index, item in enumerate(dict.fromkeys(text.split(","))):
            shape = _item_shape(item, arrows)
            if index == MAX_SHAPE_ITEMS_READ or (len(found) == MAX_SHAPES_PER_MOVE and shape not in found
                                                  and shape is not None):
                return ShapeReading(tuple(found), crowded=True)
            if shape is not None:
                found[shape] = None
    return ShapeReading(tuple(found), crowded=not complete)


def read_shapes(comment: str) -> tuple[Shape, ...]:
    """The shapes of ``comment`` (``read_shape_commands``), the first ``MAX_SHAPES_PER_MOVE`` of them."""
    return read_shape_commands(comment).shapes


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
