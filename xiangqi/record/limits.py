"""The bounds every record reader keeps, so that no file, however large or hostile, makes a reader work
or hold memory without end. A record beyond a bound is read up to it and the rest is reported as an
error that names the bound (the game stays usable); a file beyond ``MAX_WHOLE_FILE_BYTES`` is refused
before it is read. Real records stay far below all of them (the longest games have a few hundred plies;
the biggest annotated opening trees a few tens of thousands of moves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xiangqi.record.game import GameNode

# Moves of one game, every variation counted (XQF, CCBridge and DhtmlXQ trees): ~4 s of reading.
MAX_RECORD_MOVES = 100_000
# Characters kept of one tag value (Event, Red, a DhtmlXQ title...); longer ones are cut.
MAX_TAG_CHARS = 10_000
# A file that is read whole (every kind but PGN text, which is read a block at a time): bigger ones are
# refused before reading. It is the bound of a DhtmlXQ page or a CCBridge library: every game in it is listed
# (an index of offsets and tags; a game is read when it is opened) and read by the readers that read every
# game, each record once. 64 MiB holds ~55,000 real DhtmlXQ games (1,200 bytes each) or a CCBridge
# library of ~15,000 (a 4 KB block each).
MAX_WHOLE_FILE_BYTES = 64 << 20


def cut_tag_value(name: str, value: str) -> tuple[str, str | None]:
    """The value as kept, and the reason to report when it had to be cut (else None)."""
    if len(value) <= MAX_TAG_CHARS:
        return value, None
    reason = (f"tag {name} is {len(value):,} characters long: only its first {MAX_TAG_CHARS:,} are kept "
              f"(the limit for a tag)")
    return value[:MAX_TAG_CHARS], reason


def too_many_moves(limit: int, where: str = "") -> str:
    """The reason reported when a game's tree reaches ``limit`` (``MAX_RECORD_MOVES``) moves."""
    rest = f"the rest from {where}" if where else "the rest"
    return f"more than {limit:,} moves in the game (the limit): {rest} is not read"


def game_moves(root: GameNode) -> int:
    """The moves of a game's tree (its variations' too), counted without recursion."""
    return sum(1 for _node in root.walk()) - 1
