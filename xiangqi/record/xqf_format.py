"""The XQF binary format (象棋演播室), decoded without any chess knowledge.

Layout (all versions): a 1024-byte header, then the move tree from offset 0x400 as a pre-order list of
records. Each record is 4 bytes (from, to, flags, reserved), optionally followed by a comment length and
the comment text. A record's "next" child comes right after it (with its whole subtree), then its
"variation" sibling. The first record is the root: its squares mean nothing, its comment is the comment
before the first move.

Versions below 0x0B are plain: every record carries a 4-byte comment length, and the flag nibbles say
"has next" (0xF0) and "has variation" (0x0F). From 0x0B on, the header holds keys: the 32 piece squares
are shifted (and, from 0x0C, rotated), every byte from 0x400 on is shifted by a 32-byte key stream, and the
flags are bits 0x80 next, 0x40 variation, 0x20 comment follows. The key derivation is the one published
in xqbase's XQF2PGN converter (ElephantEye) and in XQFRW.pas.

Squares are ``file * 10 + rank`` with file 0..8 = ICCS a..i and rank 0 = red's back rank; anything above
89 means "not on the board".
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from xiangqi.record.encoding import decode_legacy_chinese
from xiangqi.record.errors import XqfError
from xiangqi.record.limits import MAX_RECORD_MOVES, too_many_moves

HEADER_SIZE = 0x400
RECORD_SIZE = 4
OFF_BOARD = 0xFF

# The XQF piece order of the 32 square bytes (red then black), as FEN letters of the red side.
PIECE_ORDER = "RNBAKABNRCCPPPPP"
# Result byte: 0 unknown, 1 red won, 2 black won, 3 draw (4 is seen in the wild and means a draw too).
RESULTS = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
_KEY_STREAM_MASK = b"[(C) Copyright Mr. Dong Shiwei.]"
_MAX_COMMENT = 1 << 20

# Pascal strings of the header: tag name -> (offset, field size).
HEADER_STRINGS: dict[str, tuple[int, int]] = {
    "Title": (0x50, 64),
    "Event": (0xD0, 64),
    "Date": (0x110, 16),
    "Site": (0x120, 16),
    "Red": (0x130, 16),
    "Black": (0x140, 16),
    "TimeControl": (0x150, 64),
    "RedTime": (0x190, 16),
    "BlackTime": (0x1A0, 16),
    "Annotator": (0x1D0, 16),
    "Author": (0x1E0, 16),
}


@dataclass(frozen=True, slots=True)
class XqfKeys:
    """The per-file keys; all zero for the plain versions."""

    pieces: int = 0
    source: int = 0
    target: int = 0
    comment: int = 0
    stream: bytes = bytes(32)

    @property
    def plain(self) -> bool:
        return not any(self.stream)


@dataclass(slots=True)
class XqfRecord:
    """One move record: raw squares (file*10+rank, >89 = invalid), comment, tree links."""

    source: int
    target: int
    comment: str
    offset: int
    children: list[XqfRecord] = field(default_factory=list)


@dataclass(slots=True)
class XqfFile:
    version: int
    tags: dict[str, str]
    result: str
    setup_type: int
    pieces: list[int]              # 32 squares in PIECE_ORDER (red 0-15, black 16-31); >89 = absent
    root: XqfRecord
    problems: list[XqfError]       # trouble met while reading the tree (the tree keeps what came before)


def _square_key(byte: int, previous: int) -> int:
    return ((byte * byte * 54 + 221) * previous) & 0xFF


def derive_keys(header: bytes) -> XqfKeys:
    """Keys from header bytes 3..15 (mask, product id, or-keys A-D, key sum, XY, XYf, XYt)."""
    version = header[2]
    if version < 0x0B:
        return XqfKeys()
    mask = header[3]
    key_sum, key_xy, key_xyf, key_xyt = header[12], header[13], header[14], header[15]
    pieces = _square_key(key_xy, key_xy)
    source = _square_key(key_xyf, pieces)
    target = _square_key(key_xyt, source)
    comment = (key_sum * 256 + key_xy) % 32000 + 767
    words = [header[8 + i] | (header[12 + i] & mask) for i in range(4)]
    stream = bytes(words[i % 4] & _KEY_STREAM_MASK[i] for i in range(32))
    return XqfKeys(pieces, source, target, comment, stream)


def decrypt_body(body: bytes, keys: XqfKeys) -> bytes:
    """Subtract the 32-byte key stream from everything after the header (0x400 is a multiple of 32)."""
    if keys.plain:
        return body
    out = bytearray(body)
    for residue, key in enumerate(keys.stream):
        table = bytes((value - key) & 0xFF for value in range(256))
        out[residue::32] = body[residue::32].translate(table)
    return bytes(out)


def decode_pieces(header: bytes, keys: XqfKeys) -> list[int]:
    raw = header[0x10:0x30]
    if header[2] < 0x0C:
        ordered = list(raw)
    else:
        ordered = [0] * 32
        for i, value in enumerate(raw):
            ordered[(keys.pieces + 1 + i) & 31] = value
    return [(value - keys.pieces) & 0xFF for value in ordered]


def pascal_string(header: bytes, offset: int, size: int) -> str:
    length = min(header[offset], size - 1)
    return decode_legacy_chinese(header[offset + 1 : offset + 1 + length]).strip("\x00").strip()


class _RecordReader:
    """Reads records one after another from the decrypted body; never reads past the end."""

    def __init__(self, body: bytes, version: int, keys: XqfKeys, path: str | None) -> None:
        self.body, self.version, self.keys, self.path = body, version, keys, path
        self.pos = 0

    def _take(self, count: int, what: str) -> bytes:
        if self.pos + count > len(self.body):
            raise XqfError(f"file ends inside {what}", path=self.path, offset=HEADER_SIZE + self.pos)
        chunk = self.body[self.pos : self.pos + count]
        self.pos += count
        return chunk

    def at_end(self) -> bool:
        return self.pos >= len(self.body)

    def read(self) -> tuple[XqfRecord, bool, bool]:
        """One record and its flags (has next, has variation)."""
        offset = HEADER_SIZE + self.pos
        src, dst, flags, _ = self._take(RECORD_SIZE, "a move record")
        if self.version < 0x0B:
            has_next, has_variation = bool(flags & 0xF0), bool(flags & 0x0F)
            length = struct.unpack("<i", self._take(4, "a comment length"))[0]
        else:
            has_next, has_variation = bool(flags & 0x80), bool(flags & 0x40)
            length = 0
            if flags & 0x20:
                length = struct.unpack("<i", self._take(4, "a comment length"))[0] - self.keys.comment
        if length < 0 or length > _MAX_COMMENT:
            raise XqfError(f"impossible comment length {length}", path=self.path, offset=offset)
        comment = decode_legacy_chinese(self._take(length, "a comment")) if length else ""
        source = (src - 24 - self.keys.source) & 0xFF
        target = (dst - 32 - self.keys.target) & 0xFF
        return XqfRecord(source, target, comment.replace("\r\n", "\n"), offset), has_next, has_variation


def read_tree(reader: _RecordReader, problems: list[XqfError]) -> XqfRecord:
    """Rebuild the tree from the pre-order records without recursion.

    A pending stack holds the parents whose variation siblings are still to come: the deepest pending
    sibling is read first, which is exactly the order the writer used. At most ``MAX_RECORD_MOVES`` moves
    are read (the rest is reported in ``problems``).
    """
    root, has_next, _ = reader.read()
    parent_of_next: XqfRecord | None = root if has_next else None
    pending: list[XqfRecord] = []
    moves = 0
    while parent_of_next is not None or pending:
        parent = parent_of_next if parent_of_next is not None else pending.pop()
        moves += 1
        if moves > MAX_RECORD_MOVES:
            offset = HEADER_SIZE + reader.pos
            problems.append(XqfError(too_many_moves(MAX_RECORD_MOVES), path=reader.path, offset=offset))
            break
        try:
            record, has_next, has_variation = reader.read()
        except XqfError as error:
            problems.append(error)
            break
        parent.children.append(record)
        if has_variation:
            pending.append(parent)
        parent_of_next = record if has_next else None
    return root


def parse_xqf(data: bytes, path: str | None = None) -> XqfFile:
    """Decode the header and the move tree. Raises XqfError when the file is not XQF or has no header."""
    if len(data) < 2 or data[:2] != b"XQ":
        raise XqfError("not an XQF file (no 'XQ' signature)", path=path, offset=0)
    if len(data) < HEADER_SIZE:
        raise XqfError(f"header truncated ({len(data)} of {HEADER_SIZE} bytes)", path=path, offset=len(data))
    header = data[:HEADER_SIZE]
    version = header[2]
    if not 0x01 <= version <= 0x12:  # 0x0A..0x12 are in use; older ones are plain like 0x0A
        raise XqfError(f"unknown XQF version 0x{version:02X}", path=path, offset=2)
    keys = derive_keys(header)
    tags = {name: pascal_string(header, off, size) for name, (off, size) in HEADER_STRINGS.items()}
    problems: list[XqfError] = []
    body = decrypt_body(data[HEADER_SIZE:], keys)
    reader = _RecordReader(body, version, keys, path)
    if reader.at_end():
        root = XqfRecord(OFF_BOARD, OFF_BOARD, "", HEADER_SIZE)
    else:
        try:
            root = read_tree(reader, problems)
        except XqfError as error:  # not even the root record is there
            problems.append(error)
            root = XqfRecord(OFF_BOARD, OFF_BOARD, "", HEADER_SIZE)
    result = RESULTS.get(header[0x33], "*")
    return XqfFile(version, tags, result, header[0x40], decode_pieces(header, keys), root, problems)
