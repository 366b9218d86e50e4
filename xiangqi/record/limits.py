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
# Games read from one DhtmlXQ page (or text) by the readers that read every game (``pgn``, book building):
# the rest is reported, not read. Real pages hold one game or a few dozen; 50,000 of the cheapest games
# (4 plies) take ~8 s of CPU in ``pgn`` on a busy 2-core machine, so that no page needs more than 10 s.
MAX_PAGE_GAMES = 50_000
# Moves read from one DhtmlXQ page or CCBridge library, every game's variations counted, by the readers
# that read every game: the game that reaches it is the last one read (whole: a game stops at
# ``MAX_RECORD_MOVES``), the rest is reported, not read. 200,000 moves take ~8 s of CPU on a busy 2-core
# machine (the cost of ``MAX_PAGE_GAMES`` games of the cheapest kind); real pages and libraries hold a few
# thousand (dozens of games of a few hundred plies), but a 64 MiB page could hold 16 million.
MAX_PAGE_MOVES = 200_000
# A file that is read whole (every kind but PGN text, which is read a block at a time): bigger ones are
# refused before reading. 64 MiB holds ~170,000 DhtmlXQ games or a CCBridge library of ~60,000.
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


def too_many_page_moves(limit: int, what: str = "page") -> str:
    """The reason reported on the last game read when a page's (or library's) games reach ``limit``
    (``MAX_PAGE_MOVES``) moves."""
    return f"more than {limit:,} moves in the {what}'s games (the limit for a {what}): the rest from here is not read"


def game_moves(root: GameNode) -> int:
    """The moves of a game's tree (its variations' too), counted without recursion."""
    return sum(1 for _node in root.walk()) - 1
