"""Record files of several games that are not PGN text (a CCBridge library, a page of DhtmlXQ games) as a
``PgnFile``-shaped collection: ``entries`` hold each game's tags for the game list, read without replaying
any move; ``game(i)`` reads game ``i`` afresh from the file's bytes (its reading problems included).

A collection is read-only: Save never writes PGN text over a CBL or a web page (Save As instead).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from xiangqi.core.notation import Notation
from xiangqi.record.ccbridge import BODY_OFFSET, CBL_MAGIC, cbl_record_offsets, read_cbr, read_cbf
from xiangqi.record.ccbridge import record_tags as cbr_tags
from xiangqi.record.detect import RecordKind, detect_kind
from xiangqi.record.dhtmlxq import Block, block_tags, block_to_game, find_blocks
from xiangqi.record.encoding import decode_record
from xiangqi.record.game import Game
from xiangqi.record.pgn_file import GameEntry, PgnFile, Progress
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.record.xqf import read_xqf

Loader = Callable[[], Game]


class RecordCollection(PgnFile):
    """The games of a non-PGN file, listed like a PGN collection (see the module text)."""

    writable = False

    def __init__(self, path: str, kind: RecordKind, items: list[tuple[dict[str, str], Loader]]) -> None:
        super().__init__("", path=path)
        self.kind = kind
        self.entries = [GameEntry(index, 0, 0, 1, tags) for index, (tags, _) in enumerate(items)]
        self._loaders = [load for _, load in items]

    def game(self, index: int) -> Game:
        return self._loaders[index]()

    def game_text(self, index: int) -> str:
        """The game as PGN text (for code that looks at a game's text, e.g. its notation)."""
        return game_to_pgn(self.game(index), Notation.ICCS)

    def render(
        self, replaced: object = None, notation: Notation = Notation.CHINESE, fullwidth_digits: bool = True
    ) -> str:
        raise NotImplementedError("a CCBridge/DhtmlXQ collection is not written back as PGN text")


def _cbl_items(data: bytes, path: str) -> list[tuple[dict[str, str], Loader]]:
    items: list[tuple[dict[str, str], Loader]] = []
    for offset, size in cbl_record_offsets(data):
        end = offset + size if size >= BODY_OFFSET else len(data)
        tags = cbr_tags(data[offset:end])
        if tags is None:  # a section title of the library, not a game
            continue

        def load(offset: int = offset, end: int = end) -> Game:
            game = read_cbr(data[offset:end], path, offset)
            assert game is not None
            return game

        items.append((tags, load))
    return items


def _dhtmlxq_items(data: bytes, path: str) -> list[tuple[dict[str, str], Loader]]:
    items: list[tuple[dict[str, str], Loader]] = []
    for block in find_blocks(decode_record(data).text):

        def load(block: Block = block) -> Game:
            return block_to_game(block, path)

        items.append((block_tags(block), load))
    return items


def _single(game: Game) -> list[tuple[dict[str, str], Loader]]:
    tags = dict(game.headers, Result=game.result)
    return [(tags, lambda: game)]


def open_games(path: Path, progress: Progress | None = None) -> PgnFile | RecordCollection:
    """The games of any record file: PGN text indexed a block at a time (``progress`` may stop it), any
    other kind read whole within the whole-file limit. NotARecordError (RefusedFileError included),
    RecordError or OSError when it cannot be read."""
    from xiangqi.record.files import check_whole_size, file_kind

    kind, size = file_kind(path)
    if kind is RecordKind.PGN:
        return PgnFile.open(path, progress)
    check_whole_size(path, size, kind)
    return open_collection(path.read_bytes(), str(path))


def open_collection(data: bytes, path: str) -> RecordCollection:
    """The games of a record file that is not PGN text (XQF, CBL, CBR, CBF, DhtmlXQ). NotARecordError,
    XqfError or CcbridgeError when it cannot be read at all; ValueError for PGN text (read it as PGN)."""
    kind = detect_kind(data, path)
    if kind is RecordKind.CBL and data.startswith(CBL_MAGIC):
        return RecordCollection(path, kind, _cbl_items(data, path))
    if kind is RecordKind.DHTMLXQ:
        return RecordCollection(path, kind, _dhtmlxq_items(data, path))
    if kind is RecordKind.CBR:
        game = read_cbr(data, path)
        return RecordCollection(path, kind, _single(game) if game is not None else [])
    if kind is RecordKind.CBF:
        return RecordCollection(path, kind, _single(read_cbf(data, path)))
    if kind is RecordKind.XQF:
        return RecordCollection(path, kind, _single(read_xqf(data, path)))
    raise ValueError(f"{path}: PGN text is read as a PgnFile, not a record collection")
