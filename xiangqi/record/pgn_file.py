"""A PGN file of many games: decoded once, indexed at once, each game parsed when asked for.

The index finds where games start (a tag line after some movetext, outside a brace comment) and reads
their tags, so a game list of a file with thousands of games can be shown before any move is parsed.
A progress callback ``progress(done, total)`` is called while indexing and while parsing every game;
when it returns False the work stops (``complete`` is then False).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core.notation import Notation
from xiangqi.record.encoding import DecodedText, decode_record, wide_encoding
from xiangqi.record.errors import PgnError, RecordError
from xiangqi.record.game import Game
from xiangqi.record.pgn_reader import MoveMemo, parse_game, read_tag_block
from xiangqi.record.pgn_writer import ENCODINGS, encode_text, game_to_pgn

Progress = Callable[[int, int], "bool | None"]
_TAG_START = re.compile(r"^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]*[\"\w]", re.MULTILINE)
_PROGRESS_EVERY = 200


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
        if progress is not None and len(entries) % _PROGRESS_EVERY == 0 and progress(start, size) is False:
            return entries, False
    if progress is not None:
        progress(size, size)
    return entries, True


class PgnFile:
    """The games of one PGN text. ``entries`` is the index; ``game(i)`` parses game ``i``."""

    def __init__(
        self,
        text: str,
        *,
        path: str | None = None,
        encoding: str = "utf-8",
        lossy: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self.text, self.path, self.encoding = text, path, encoding
        self.problems: list[RecordError] = []   # the file's own, not a game's
        if lossy:
            self.problems.append(PgnError(f"some bytes are not valid {encoding} and were replaced", path=path))
        self.entries: Sequence[GameEntry]  # a list here; compact arrays in BytePgnFile
        self.entries, self.complete = build_index(text, progress)
        self._memo: MoveMemo = {}

    @classmethod
    def from_bytes(cls, data: bytes, path: str | None = None, progress: Progress | None = None) -> PgnFile:
        """Games found in the bytes and decoded one by one (``BytePgnFile``: a file mixing encodings
        reads right and saves byte for byte); UTF-16/32 text is decoded whole."""
        if wide_encoding(data) is None:
            from xiangqi.record.pgn_bytes import BytePgnFile  # it subclasses this class

            return BytePgnFile.from_data(data, path, progress)
        decoded: DecodedText = decode_record(data)
        return cls(decoded.text, path=path, encoding=decoded.encoding, lossy=decoded.lossy, progress=progress)

    @classmethod
    def open(cls, path: str | os.PathLike[str], progress: Progress | None = None) -> PgnFile:
        """Read and index a file, a block at a time (OSError when it cannot be read)."""
        with open(path, "rb") as stream:
            head = stream.read(4096)
        if wide_encoding(head) is None:
            from xiangqi.record.pgn_bytes import BytePgnFile

            return BytePgnFile.read(path, progress)
        return cls.from_bytes(Path(path).read_bytes(), str(path), progress)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self.entries)

    def game_text(self, index: int) -> str:
        entry = self.entries[index]
        return self.text[entry.start : entry.end]

    def game(self, index: int) -> Game:
        entry = self.entries[index]
        text = self.game_text(index)
        return parse_game(text, path=self.path, index=index, first_line=entry.line, memo=self._memo)

    def games(self, progress: Progress | None = None) -> Iterator[Game]:
        total = len(self.entries)
        for index in range(total):
            if progress is not None and index % _PROGRESS_EVERY == 0 and progress(index, total) is False:
                return
            yield self.game(index)

    def render(
        self,
        replaced: Mapping[int, Game] | None = None,
        notation: Notation = Notation.CHINESE,
        fullwidth_digits: bool = True,
    ) -> str:
        """The file's text with some games rewritten; the others keep their original text untouched."""
        replaced = replaced or {}
        parts = []
        for entry in self.entries:
            game = replaced.get(entry.index)
            if game is None:
                parts.append(self.text[entry.start : entry.end].rstrip("\n") + "\n")
            else:
                parts.append(game_to_pgn(game, notation, fullwidth_digits=fullwidth_digits))
        return "\n".join(parts)

    def saved_bytes(self, replaced: Mapping[int, Game] | None = None, notation: Notation = Notation.CHINESE,
                    fullwidth_digits: bool = True) -> bytes:
        """The file's bytes with some games rewritten, in the file's encoding; PgnError when it cannot
        be written back as it was (bytes that were not valid text, a character the encoding lacks)."""
        if any(problem.reason.startswith("some bytes are not valid") for problem in self.problems):
            raise PgnError(f"the file holds bytes that are not valid {self.encoding}; saving it would replace "
                           "them (use Save As for a new file)", path=self.path)
        text = self.render(replaced, notation, fullwidth_digits)
        if self.encoding in ENCODINGS:
            return encode_text(text, self.encoding, "\n", self.path)
        return text.encode(self.encoding)  # UTF-16/32 (a BOM if it had one) write every character

    def save(
        self,
        path: str | os.PathLike[str],
        replaced: Mapping[int, Game] | None = None,
        *,
        notation: Notation = Notation.CHINESE,
        encoding: str = "utf-8",
        newline: str = "\n",
    ) -> None:
        """Save every game (edited ones rewritten, others as they were) atomically."""
        text = self.render(replaced, notation)
        atomic_write(path, encode_text(text, encoding, newline, str(path)))


def read_pgn(source: str | bytes, path: str | None = None) -> list[Game]:
    """Every game of a PGN text or file content (bytes of any supported encoding)."""
    pgn = PgnFile.from_bytes(source, path) if isinstance(source, bytes) else PgnFile(source, path=path)
    return list(pgn.games())
