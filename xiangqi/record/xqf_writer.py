"""XQF export (for 象棋巫师 / 象棋演播室): version 0x0A, the plain (unencrypted) layout every XQF reader takes.

The header holds the 32 piece squares (``file * 10 + rank``, 0xFF for a piece not on the board), the
result, the kind of record (0 a full game, 3 a set-up) and the Pascal strings (GBK/GB18030, cut at the
field size on a character boundary). The move tree follows in pre-order (see ``xqf_format``): a move, its
continuation's subtree, then its variation; every record carries a 4-byte comment length.

What XQF cannot hold is left out: NAGs, tags without an XQF field, and the side to move of a set-up
with no moves (readers take it from the first move's piece).
"""

from __future__ import annotations

import struct

from xiangqi.core import Position
from xiangqi.record.errors import XqfError
from xiangqi.record.game import Game, GameNode
from xiangqi.record.xqf_format import HEADER_SIZE, HEADER_STRINGS, PIECE_ORDER

VERSION = 0x0A
_RESULT_BYTES = {"*": 0, "1-0": 1, "0-1": 2, "1/2-1/2": 3}
_LETTERS = {1: "K", 2: "A", 3: "B", 4: "N", 5: "R", 6: "C", 7: "P"}
_ENCODING = "gb18030"


def _xqf_square(sq: int) -> int:
    return (sq % 9) * 10 + sq // 9


def piece_squares(fen: str) -> list[int]:
    """The 32 XQF piece squares of a position; XqfError when it has more pieces of a kind than XQF has slots."""
    slots = [0xFF] * 32
    for sq, value in enumerate(Position.from_fen(fen).board.tolist()):
        if not value:
            continue
        letter, offset = _LETTERS[abs(value)], 0 if value > 0 else 16
        free = [i for i, name in enumerate(PIECE_ORDER) if name == letter and slots[offset + i] == 0xFF]
        if not free:
            raise XqfError(f"the position has too many pieces of one kind for XQF ({letter})", text=fen)
        slots[offset + free[0]] = _xqf_square(sq)
    return slots


def _pascal(text: str, size: int) -> bytes:
    """A Pascal string of at most ``size - 1`` bytes, cut on a character boundary."""
    data = b""
    for ch in text:
        encoded = ch.encode(_ENCODING)
        if len(data) + len(encoded) > size - 1:
            break
        data += encoded
    return bytes((len(data),)) + data


def _header_tags(game: Game) -> dict[str, str]:
    tags = {name: game.headers.get(name, "") for name in HEADER_STRINGS}
    if not tags["Title"] and not tags["Event"]:
        tags["Title"] = game.headers.get("Round", "")
    return tags


def xqf_header(game: Game) -> bytes:
    header = bytearray(HEADER_SIZE)
    header[0:3] = b"XQ" + bytes((VERSION,))
    header[0x10:0x30] = bytes(piece_squares(game.start_fen))
    header[0x33] = _RESULT_BYTES.get(game.result, 0)
    header[0x40] = 3 if game.is_setup else 0
    for name, value in _header_tags(game).items():
        offset, size = HEADER_STRINGS[name]
        field = _pascal(value, size)
        header[offset : offset + len(field)] = field
    return bytes(header)


def _record(source: int, target: int, comment: str, has_next: bool, has_variation: bool) -> bytes:
    text = comment.replace("\n", "\r\n").encode(_ENCODING)
    flags = (0xF0 if has_next else 0) | (0x0F if has_variation else 0)
    return bytes(((source + 24) & 0xFF, (target + 32) & 0xFF, flags, 0)) + struct.pack("<i", len(text)) + text


def move_records(root: GameNode) -> bytes:
    """The root record, then every move in pre-order (explicit stack: long games have deep trees)."""
    out = [_record(0, 0, root.comment, bool(root.children), False)]
    stack: list[tuple[list[GameNode], int]] = [(root.children, 0)] if root.children else []
    while stack:
        siblings, index = stack.pop()
        node = siblings[index]
        assert node.move is not None
        has_variation = index + 1 < len(siblings)
        src, dst = _xqf_square(node.move.from_sq), _xqf_square(node.move.to_sq)
        out.append(_record(src, dst, node.comment, bool(node.children), has_variation))
        if has_variation:
            stack.append((siblings, index + 1))
        if node.children:
            stack.append((node.children, 0))
    return b"".join(out)


def game_to_xqf(game: Game) -> bytes:
    """The XQF bytes of a game (raises XqfError for a position XQF cannot hold)."""
    return xqf_header(game) + move_records(game.root)
