"""PGN collections read as bytes (for ``pgn_file.BytePgnFile``, and ``stream_games``): games found in the
bytes, each game decoded on its own, and files read in blocks so memory and pauses stay small. No Qt.

Game boundaries are found on a latin-1 view of the bytes (one character per byte, so offsets are byte
offsets): the markers a boundary needs (a line starting with ``[Tag``, braces of comments) are ASCII,
and in every ASCII-compatible encoding we read (UTF-8, GBK/GB18030, Big5) a line feed is never part of
a multi-byte character. UTF-16/32 files are not ASCII-compatible and are read whole (``PgnFile``).

Each game is then decoded by itself (``decode_record``), so a collection whose games were written in
different encodings reads right, and a save replaces only the bytes of the edited game.
"""

from __future__ import annotations

import codecs
import os
import re
from array import array
from collections.abc import Iterator, Sequence
from typing import BinaryIO, overload

from xiangqi.record.encoding import decode_record, encoding_label
from xiangqi.record.errors import PgnError
from xiangqi.record.game import Game
from xiangqi.record.pgn_index import GameEntry, Progress, next_game_start
from xiangqi.record.pgn_reader import MoveMemo, parse_game, read_tag_block

BLOCK = 1 << 20   # bytes read at a time (doubled while one game is bigger than the buffer)
_NOT_SPACE = re.compile(r"\S")
_SAMPLE = 1 << 16
MAX_PROBLEMS = 100  # file-level problems listed; the rest are counted
Span = tuple[int, int, int, int, list[tuple[str, str]]]   # start, end, first line, tag lines' end, tags


def scan_spans(view: str, pos: int, line: int, final: bool, searched: int = 0) -> tuple[list[Span], int, int]:
    """The games of ``view`` from ``pos``; unless ``final``, the last game (whose end may lie in
    bytes not read yet) is left for the next call. Returns the spans, where to go on, and its line.
    ``searched``: the first game's end was looked for up to there already (by the call before)."""
    spans: list[Span] = []
    size = len(view)
    while pos < size:
        block = read_tag_block(view, pos)
        end = next_game_start(view, block.end, searched if not spans else 0)
        if not final and (end >= size or block.end >= size):
            break
        if block.tags or _NOT_SPACE.search(view, pos, end):
            spans.append((pos, end, line, block.end, block.tags))
        line += view.count("\n", pos, end)
        pos = end
    return spans, pos, line


def iter_game_bytes(stream: BinaryIO, block: int = BLOCK) -> Iterator[tuple[bytes, int]]:
    """Each game's bytes and first line, reading ``stream`` a block at a time (memory: one game plus
    a block, whatever the number of games)."""
    view, line, final, first = "", 1, False, True
    bom = b""   # a UTF-8 BOM read as spaces: given back with the first game's bytes
    while not final:
        chunk = stream.read(max(block, len(view)))
        final = not chunk
        searched = view.rfind("\n") + 1  # the pending game's last whole line: searched already
        if first and chunk.startswith(codecs.BOM_UTF8):
            bom = codecs.BOM_UTF8
        view += _latin1(chunk, first)
        first = False
        spans, pos, line = scan_spans(view, 0, line, final, searched)
        for start, end, first_line, _tag_end, _tags in spans:
            data = view[start:end].encode("latin-1")
            if bom:
                data, bom = bom + data[3:], b""
            yield data, first_line
        if pos:
            bom = b""
        view = view[pos:]


def _latin1(chunk: bytes, first: bool) -> str:
    """The bytes as latin-1; a UTF-8 BOM at the start of the file reads as spaces (before a tag line)."""
    view = chunk.decode("latin-1")
    return "   " + view[3:] if first and view.startswith("\xef\xbb\xbf") else view


def file_encoding(data: bytes | bytearray) -> str:
    """The encoding of the file as a whole (for games that are ASCII): judged on a sample cut at a line end."""
    sample = bytes(data[:_SAMPLE])
    if len(data) > _SAMPLE and b"\n" in sample:
        sample = sample[: sample.rindex(b"\n") + 1]
    return decode_record(sample).encoding


class GameEntries(Sequence[GameEntry]):
    """The index as numbers in arrays and one tags dict per game, a GameEntry made when one is asked
    for. A million GameEntry objects would each be tracked by the garbage collector, whose full
    collections (walking all of them, on whichever thread) froze the window for seconds; arrays and
    dicts of strings are not tracked."""

    def __init__(self) -> None:
        self._offsets = array("q")     # start, end, line of each game
        self._tags: list[dict[str, str]] = []

    def append(self, start: int, end: int, line: int, tags: dict[str, str]) -> None:
        self._offsets.extend((start, end, line))
        self._tags.append(tags)

    def __len__(self) -> int:
        return len(self._tags)

    @overload
    def __getitem__(self, index: int) -> GameEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameEntry]: ...

    def __getitem__(self, index: int | slice) -> GameEntry | list[GameEntry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        start, end, line = self._offsets[3 * index : 3 * index + 3]
        return GameEntry(index, start, end, line, self._tags_of(index))

    def _tags_of(self, index: int) -> dict[str, str]:
        return self._tags[index]


class Indexer:
    """Finds the games of bytes fed in blocks; decodes only each game's tag lines for the index."""

    def __init__(self, keep: bool, path: str | None) -> None:
        self.path, self.lossy = path, 0
        self.problems: list[PgnError] = []
        self.data = bytearray()
        self.keep = keep
        self.entries = GameEntries()
        self.view = ""          # the bytes not yet split into games (latin-1)
        self.offset = 0         # where ``view`` starts in the file
        self.line = 1
        self.stopped = False

    def feed(self, chunk: bytes, *, final: bool, progress: Progress | None, total: int) -> None:
        first = not self.data and not self.view and not self.offset
        if self.keep:
            self.data += chunk
        searched = self.view.rfind("\n") + 1
        self.view += _latin1(chunk, first)
        spans, pos, self.line = scan_spans(self.view, 0, self.line, final, searched)
        for start, end, line, tag_end, tags in spans:
            self._add(start, end, line, tag_end, tags)
        self.view = self.view[pos:]
        self.offset += pos
        if progress is not None and progress(self.offset if not final else total, total) is False:
            self.stopped = True

    def _add(self, start: int, end: int, line: int, tag_end: int, ascii_tags: list[tuple[str, str]]) -> None:
        """One game; ASCII games (most of big databases) need no decoding: their latin-1 tags are right."""
        index = len(self.entries)
        raw = self.view[start:end]
        if raw.isascii():
            self.entries.append(self.offset + start, self.offset + end, line, dict(ascii_tags))
            return
        decoded = decode_record(raw.encode("latin-1"))
        tags = dict(read_tag_block(decoded.text).tags) if tag_end > start else {}
        if decoded.lossy:
            self.lossy += 1
            if self.lossy <= MAX_PROBLEMS:
                self.problems.append(PgnError(f"some bytes of game {index + 1} are not valid "
                                              f"{encoding_label(decoded.encoding)} and were replaced",
                                              path=self.path, line=line))
        self.entries.append(self.offset + start, self.offset + end, line, tags)

    def finish(self) -> list[PgnError]:
        if self.lossy > MAX_PROBLEMS:
            self.problems.append(PgnError(f"and {self.lossy - MAX_PROBLEMS} more games with bytes that were "
                                          "replaced", path=self.path))
        return self.problems


def stream_games(path: str | os.PathLike[str], block: int = BLOCK) -> Iterator[Game]:
    """The games of an ASCII-compatible PGN file, parsed one at a time while the file is read a block
    at a time: memory stays flat whatever the number of games. OSError when it cannot be read."""
    name = os.fspath(path)
    memo: MoveMemo = {}
    with open(path, "rb") as stream:
        for index, (data, line) in enumerate(iter_game_bytes(stream, block)):
            decoded = decode_record(data)
            game = parse_game(decoded.text, path=name, index=index, first_line=line, memo=memo)
            if decoded.lossy:
                game.errors.insert(0, PgnError(f"some bytes are not valid {encoding_label(decoded.encoding)} "
                                               "and were replaced", path=name, line=line, game=index))
            yield game
