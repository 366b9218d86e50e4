"""Hostile inputs to the starter database's games file (``database.starter``): cut, damaged, oversized,
lying counts and a decompression bomb are refused with a message naming the file and the bound, before
anything is written; no database is left where the default one belongs."""

from __future__ import annotations

import lzma
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hostile import hostile
from xiangqi.core import Move
from xiangqi.database import starter
from xiangqi.database.starter import starter_moves
from xiangqi.database.starter import (
    MAX_DECODER_MEMORY,
    MAX_STARTER_DATA_BYTES,
    MAX_STARTER_FILE_BYTES,
    MAX_STARTER_GAMES,
    MAX_TAG_BYTES,
    STARTER_MAGIC,
    StarterError,
    StarterFile,
    StarterGame,
    build_starter,
    starter_bytes,
)

LINE = [Move.from_iccs(text) for text in "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7".split()]


def good_file(scale: int) -> bytes:
    games = tuple(StarterGame({"Event": "e", "Red": f"r{index}", "Result": "1-0"}, starter_moves(LINE))
                  for index in range(50 * scale))
    return starter_bytes([StarterFile("games.pgn", games)])


@contextmanager
def shipped_as(data: bytes, folder: Path) -> Iterator[Path]:
    """The starter file replaced by ``data`` while the block runs (the shipped one is never touched)."""
    path = folder / "ccpd_games.xz"
    path.write_bytes(data)
    shipped = starter.starter_path
    starter.starter_path = lambda: path
    try:
        yield path
    finally:
        starter.starter_path = shipped


BOMB_BOUND = 1 << 20   # MAX_STARTER_DATA_BYTES while the bomb of ``oversized`` is unpacked (x scale)


@contextmanager
def data_bound(limit: int) -> Iterator[None]:
    """``starter.MAX_STARTER_DATA_BYTES`` set to ``limit`` while the block runs (restored after)."""
    saved = starter.MAX_STARTER_DATA_BYTES
    starter.MAX_STARTER_DATA_BYTES = limit
    try:
        yield
    finally:
        starter.MAX_STARTER_DATA_BYTES = saved


def refused(data: bytes, folder: Path, words: str) -> None:
    """Building from ``data`` raises StarterError naming the file and ``words``; nothing is left."""
    database = folder / "games.xqdb"
    with shipped_as(data, folder):
        try:
            build_starter(database, lambda done, total: None, lambda: False)
        except StarterError as error:
            assert "ccpd_games.xz" in str(error) and words in str(error), str(error)[:200]
        else:
            raise AssertionError(f"a starter file was built from ({words})")
    assert not list(folder.glob("games.xqdb*")), "a database was left behind"


@hostile("starter.cut_and_damaged", target="database.starter", bound="xz check; every count against the bytes left")
def cut_and_damaged(folder: Path, scale: int) -> None:
    data = good_file(scale)
    refused(data[: len(data) * 2 // 3], folder, "cut short")
    refused(data[:24] + bytes(byte ^ 0xA5 for byte in data[24:64]) + data[64:], folder, "damaged")
    refused(b"PK\x03\x04" + data, folder, "damaged")
    plain = lzma.decompress(data)
    refused(lzma.compress(plain[:-5]), folder, "cut short at byte")
    refused(lzma.compress(plain + b"\0" * scale), folder, "after the last game")


@hostile("starter.counts_that_lie", target="database.starter",
         bound=f"MAX_STARTER_GAMES = {MAX_STARTER_GAMES:,}, MAX_TAG_BYTES = {MAX_TAG_BYTES:,}")
def counts_that_lie(folder: Path, scale: int) -> None:
    head = STARTER_MAGIC + struct.pack("<I", 1) + struct.pack("<H", 1) + b"a"
    refused(lzma.compress(head + struct.pack("<I", MAX_STARTER_GAMES + scale)), folder, "MAX_STARTER_GAMES")
    refused(lzma.compress(head + struct.pack("<I", 1) + struct.pack("<I", MAX_TAG_BYTES + scale)), folder,
            "MAX_TAG_BYTES")
    tags = b'{"Event":"e"}'
    game = struct.pack("<I", len(tags)) + tags + struct.pack("<I", 1) + (90 * 90 + scale).to_bytes(2, "big")
    refused(lzma.compress(head + struct.pack("<I", 1) + game), folder, "is no move")


@hostile("starter.oversized", target="database.starter",
         bound=f"MAX_STARTER_FILE_BYTES = {MAX_STARTER_FILE_BYTES:,}, MAX_STARTER_DATA_BYTES = "
               f"{MAX_STARTER_DATA_BYTES:,} (lowered to 1 MiB x scale here), "
               f"MAX_DECODER_MEMORY = {MAX_DECODER_MEMORY:,}")
def oversized(folder: Path, scale: int) -> None:
    """A file over the bound is refused unread; a small file unpacking past the bound (a bomb) is refused
    after ``MAX_STARTER_DATA_BYTES``; an xz stream asking for a dictionary over the decoder's bound too."""
    refused(b"\0" * (MAX_STARTER_FILE_BYTES + scale), folder, "MAX_STARTER_FILE_BYTES")
    unpacked_bound = BOMB_BOUND * scale   # the real 96 MiB cost ~1.3 s to pack and unpack at scale 1
    bomb = lzma.compress(b"\0" * (unpacked_bound + 1), preset=0)
    with data_bound(unpacked_bound):
        refused(bomb, folder, "MAX_STARTER_DATA_BYTES")
    big_dictionary = lzma.compress(b"x" * scale, filters=[{"id": lzma.FILTER_LZMA2, "dict_size": 1 << 28}])
    refused(big_dictionary, folder, "MAX_DECODER_MEMORY")
