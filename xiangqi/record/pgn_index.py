"""The index of a PGN text: where each game starts (a tag line after some movetext, outside a brace comment)
and its tags, found without parsing a move. Below ``pgn_file`` (the collections) and ``pgn_bytes`` (the
same index over bytes read a block at a time)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xiangqi.record.pgn_reader import read_tag_block

Progress = Callable[[int, int], "bool | None"]
_TAG_START = re.compile(r"^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]*[\"\w]", re.MULTILINE)
PROGRESS_EVERY = 200


@dataclass(frozen=True, slots=True)
class GameEntry:
    """Where a game is in the text and its tags (as written, FEN/Result/Format included)."""

    index: int
    start: int
    end: int
    line: int
    tags: Mapping[str, str]

    def tag(self, name: str, default: str = "") -> str:
        return self.tags.get(name, default)

    @property
    def red(self) -> str:
        return self.tag("Red")

    @property
    def black(self) -> str:
        return self.tag("Black")

    @property
    def event(self) -> str:
        return self.tag("Event")

    @property
    def result(self) -> str:
        return self.tag("Result", "*")

    def matches(self, query: str) -> bool:
        """Whether every word of ``query`` is in some tag value (case-insensitive): the game list filter."""
        values = " ".join(self.tags.values()).casefold()
        return all(word in values for word in query.casefold().split())


def next_game_start(text: str, movetext: int, search_from: int = 0) -> int:
    """The offset of the next tag line at or after ``movetext`` that is not inside a {comment}: where the
    game whose movetext starts at ``movetext`` ends (``len(text)`` for the last game). ``search_from``:
    the lines before it were searched already (a reader going on through a file read in pieces)."""
    pos = max(movetext, search_from)
    while True:
        match = _TAG_START.search(text, pos)
        if match is None:
            return len(text)
        start = match.start()
        opened = text.rfind("{", movetext, start)
        if opened < 0 or text.rfind("}", opened, start) >= 0:
            return start
        closing = text.find("}", start)
        if closing < 0:
            return len(text)
        pos = closing + 1


def build_index(text: str, progress: Progress | None = None) -> tuple[list[GameEntry], bool]:
    """Game entries of ``text``; the bool is False when ``progress`` asked to stop."""
    entries: list[GameEntry] = []
    start, line, size = 0, 1, len(text)
    while start < size:
        block = read_tag_block(text, start)
        end = next_game_start(text, block.end)
        if block.tags or text[start:end].strip():
            entries.append(GameEntry(len(entries), start, end, line, dict(block.tags)))
        line += text.count("\n", start, end)
        start = end
        if progress is not None and len(entries) % PROGRESS_EVERY == 0 and progress(start, size) is False:
            return entries, False
    if progress is not None:
        progress(size, size)
    return entries, True
