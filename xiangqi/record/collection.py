"""Record files of several games that are not PGN text (a CCBridge library, a page of DhtmlXQ games) as a
``PgnFile``-shaped collection, indexed as PGN is: ``entries`` hold where each game is in the file and its
tags for the game list, read without replaying any move; ``game(i)`` reads game ``i`` afresh from its own
bytes (its reading problems included). So every game of a file up to ``limits.MAX_WHOLE_FILE_BYTES`` is
listed, in time linear in the file, and memory holds the file, the index and the games opened.

A collection is read-only: Save never writes PGN text over a CBL or a web page (Save As instead).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from xiangqi.core.notation import Notation
from xiangqi.record.ccbridge import BODY_OFFSET, CcbridgeError, cbl_record_spans, check_library, read_cbr, read_cbf
from xiangqi.record.ccbridge import record_tags as cbr_tags
from xiangqi.record.detect import RecordKind, detect_kind
from xiangqi.record.dhtmlxq import Block, block_tags, block_to_game, iter_block_spans, iter_blocks
from xiangqi.record.encoding import decode_record
from xiangqi.record.errors import RecordError
from xiangqi.record.game import Game
from xiangqi.record.pgn_bytes import GameEntries
from xiangqi.record.pgn_file import GameEntry, PgnFile, Progress
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.record.xqf import read_xqf

PROGRESS_EVERY = 500   # games indexed between two calls of the progress callback
Names = tuple[str, ...]
Values = tuple[str, ...]


class CompactEntries(GameEntries):
    """The index as numbers in an array and one tuple of tag values per game (the tag names shared by
    every game that has the same ones; a game whose tags are those of the game before shares its
    values too), a ``GameEntry`` made when one is asked for. A tags dict per game would cost ~400 bytes:
    a 64 MiB page of tiny games holds a million of them."""

    def __init__(self) -> None:
        super().__init__()
        self._names: list[Names] = []
        self._values: list[Values] = []
        self._shared: dict[Names, Names] = {}

    def append(self, start: int, end: int, line: int, tags: Mapping[str, str]) -> None:
        names, values = tuple(tags), tuple(tags.values())
        names = self._shared.setdefault(names, names)
        if self._values and self._names[-1] is names and self._values[-1] == values:
            values = self._values[-1]
        self._offsets.extend((start, end, line))
        self._names.append(names)
        self._values.append(values)

    def __len__(self) -> int:
        return len(self._values)

    def _tags_of(self, index: int) -> dict[str, str]:
        return dict(zip(self._names[index], self._values[index], strict=True))


GameReader = Callable[[GameEntry], Game]


class RecordCollection(PgnFile):
    """The games of a non-PGN file, listed like a PGN collection (see the module text). ``complete`` is
    False when the progress callback stopped the indexing; ``problems`` are the file's own (a record cut
    short), not any game's."""

    writable = False

    def __init__(self, path: str, kind: RecordKind, entries: Sequence[GameEntry], read: GameReader, *,
                 complete: bool = True, problems: Sequence[RecordError] = ()) -> None:
        super().__init__("", path=path)
        self.kind, self.entries, self.complete = kind, entries, complete
        self.problems.extend(problems)
        self._read = read

    def game(self, index: int) -> Game:
        return self._read(self.entries[index])

    def game_text(self, index: int) -> str:
        """The game as PGN text (for code that looks at a game's text, e.g. its notation)."""
        return game_to_pgn(self.game(index), Notation.ICCS)

    def render(
        self, replaced: object = None, notation: Notation = Notation.CHINESE, fullwidth_digits: bool = True
    ) -> str:
        raise NotImplementedError("a CCBridge/DhtmlXQ collection is not written back as PGN text")


def _stopped(progress: Progress | None, number: int, done: int, total: int) -> bool:
    """Whether ``progress`` (asked every ``PROGRESS_EVERY`` records) says stop."""
    return progress is not None and number % PROGRESS_EVERY == 0 and progress(done, total) is False


def _cbl_collection(data: bytes, path: str, progress: Progress | None) -> RecordCollection:
    """A CBL library indexed: each record's header read for its tags (section titles left out)."""
    check_library(data, path)
    entries, problems, complete = CompactEntries(), list[RecordError](), True
    for number, (start, end) in enumerate(cbl_record_spans(data), start=1):
        if end - start < BODY_OFFSET:
            problems.append(CcbridgeError(f"record cut short inside its header ({end - start} of {BODY_OFFSET} "
                                          "bytes): not read", path=path, offset=start))
            continue
        tags = cbr_tags(data[start : start + BODY_OFFSET])
        if tags is not None:
            entries.append(start, end, 1, tags)
        if _stopped(progress, number, end, len(data)):
            complete = False
            break

    def read(entry: GameEntry) -> Game:
        return read_cbr(data[entry.start : entry.end], path, entry.start) or _unreadable(path, entry)

    return RecordCollection(path, RecordKind.CBL, entries, read, complete=complete, problems=problems)


def _unreadable(path: str, entry: GameEntry) -> Game:
    """A game in place of a record that no longer reads as one (never met: the index read it)."""
    game = Game()
    game.errors.append(RecordError(f"game {entry.index + 1} cannot be read", path=path, line=entry.line))
    return game


def _dhtmlxq_collection(data: bytes, path: str, progress: Progress | None) -> RecordCollection:
    """A page indexed: each block's slice of the text and tags (no move is read)."""
    text = decode_record(data).text
    entries, complete = CompactEntries(), True
    for number, (block, start, end) in enumerate(iter_block_spans(text), start=1):
        entries.append(start, end, block.line, block_tags(block))
        if _stopped(progress, number, end, len(text)):
            complete = False
            break

    def read(entry: GameEntry) -> Game:
        block = next(iter_blocks(text[entry.start : entry.end], entry.line), Block({}, {}, entry.line))
        return block_to_game(block, path)

    return RecordCollection(path, RecordKind.DHTMLXQ, entries, read, complete=complete)


def _single(path: str, kind: RecordKind, game: Game | None) -> RecordCollection:
    entries = CompactEntries()
    if game is not None:
        entries.append(0, 0, 1, dict(game.headers, Result=game.result))
    return RecordCollection(path, kind, entries, lambda _entry: game or Game())


def open_games(path: Path, progress: Progress | None = None) -> PgnFile | RecordCollection:
    """The games of any record file: PGN text indexed a block at a time, any other kind read whole within
    the whole-file limit and indexed (``progress`` may stop either). NotARecordError (RefusedFileError
    included), RecordError or OSError when it cannot be read."""
    from xiangqi.record.files import check_whole_size, file_kind

    kind, size = file_kind(path)
    if kind is RecordKind.PGN:
        return PgnFile.open(path, progress)
    check_whole_size(path, size, kind)
    return open_collection(path.read_bytes(), str(path), progress)


def open_collection(data: bytes, path: str, progress: Progress | None = None) -> RecordCollection:
    """The games of a record file that is not PGN text (XQF, CBL, CBR, CBF, DhtmlXQ). NotARecordError,
    XqfError or CcbridgeError when it cannot be read at all; ValueError for PGN text (read it as PGN)."""
    kind = detect_kind(data, path)
    if kind is RecordKind.CBL:
        return _cbl_collection(data, path, progress)
    if kind is RecordKind.DHTMLXQ:
        return _dhtmlxq_collection(data, path, progress)
    if kind is RecordKind.CBR:
        return _single(path, kind, read_cbr(data, path))
    if kind is RecordKind.CBF:
        return _single(path, kind, read_cbf(data, path))
    if kind is RecordKind.XQF:
        return _single(path, kind, read_xqf(data, path))
    raise ValueError(f"{path}: PGN text is read as a PgnFile, not a record collection")
