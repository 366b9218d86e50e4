"""Test helpers for the record package: an XQF writer (the inverse of the reader, for every version and
key) and a tree description shared by the XQF and round-trip tests."""

from __future__ import annotations

import functools
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from xiangqi.core import Move, Position
from xiangqi.record import Game, GameNode
from xiangqi.record.xqf_format import HEADER_STRINGS, derive_keys

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

MOVE_CHOICES = 1 << 16   # far more than a position's legal moves (at most ~120): the modulo is near uniform
GAME_SUFFIXES = {".pgn", ".xqf", ".txt", ".cbl", ".cbr", ".cbf", ".html", ".htm"}
START_PIECES = [
    # red R N B A K A B N R C C P P P P P, then black, as XQF squares (file * 10 + rank)
    0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
    9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
]  # fmt: skip


def game_files(shared_data: Path) -> list[Path]:
    return sorted(p for p in (shared_data / "games").rglob("*") if p.suffix.lower() in GAME_SUFFIXES)


@dataclass
class Rec:
    """A move of a test tree: ICCS text, comment and continuations (children[0] first)."""

    iccs: str
    comment: str = ""
    children: list[Rec] = field(default_factory=list)


def xqf_square(name: str) -> int:
    file, rank = "abcdefghi".index(name[0]), int(name[1])
    return file * 10 + rank


def _record(version: int, keys, src: int, dst: int, comment: str, has_next: bool, has_var: bool) -> bytes:
    text = comment.encode("gb18030")
    src_byte = (src + 24 + keys.source) & 0xFF
    dst_byte = (dst + 32 + keys.target) & 0xFF
    if version < 0x0B:
        flags = (0xF0 if has_next else 0) | (0x0F if has_var else 0)
        return bytes((src_byte, dst_byte, flags, 0)) + struct.pack("<i", len(text)) + text
    flags = (0x80 if has_next else 0) | (0x40 if has_var else 0) | (0x20 if text else 0)
    out = bytes((src_byte, dst_byte, flags, 0))
    if text:
        out += struct.pack("<i", len(text) + keys.comment) + text
    return out


def _preorder(siblings: list[Rec], out: list[tuple[Rec, bool]]) -> list[tuple[Rec, bool]]:
    """Records in file order: a move, its first child's subtree, then its next sibling."""
    for i, rec in enumerate(siblings):
        out.append((rec, i + 1 < len(siblings)))
        _preorder(rec.children, out)
    return out


def _serialise(version: int, keys, root_comment: str, moves: list[Rec]) -> bytes:
    out = [_record(version, keys, 0, 0, root_comment, bool(moves), False)]
    for rec, has_var in _preorder(moves, []):
        src, dst = xqf_square(rec.iccs[:2]), xqf_square(rec.iccs[2:])
        out.append(_record(version, keys, src, dst, rec.comment, bool(rec.children), has_var))
    return b"".join(out)


def build_xqf(
    moves: list[Rec],
    *,
    version: int = 0x12,
    key_bytes: bytes = bytes(range(0x35, 0x35 + 13)),
    pieces: list[int] | None = None,
    tags: dict[str, str] | None = None,
    result: int = 0,
    setup_type: int = 0,
    root_comment: str = "",
) -> bytes:
    """XQF bytes of a game tree, encrypted like the real writers do for ``version`` >= 0x0B."""
    header = bytearray(0x400)
    header[0:3] = b"XQ" + bytes((version,))
    if version >= 0x0B:
        header[3:16] = key_bytes
    keys = derive_keys(bytes(header))
    squares = [(sq + keys.pieces) & 0xFF for sq in (pieces or START_PIECES)]
    if version >= 0x0C:
        squares = [squares[(keys.pieces + 1 + i) & 31] for i in range(32)]
    header[0x10:0x30] = bytes(squares)
    header[0x33], header[0x40] = result, setup_type
    for name, value in (tags or {}).items():
        offset, size = HEADER_STRINGS[name]
        data = value.encode("gb18030")[: size - 1]
        header[offset] = len(data)
        header[offset + 1 : offset + 1 + len(data)] = data
    body = bytearray(_serialise(version, keys, root_comment, moves))
    for i in range(len(body)):
        body[i] = (body[i] + keys.stream[i % 32]) & 0xFF
    return bytes(header) + bytes(body)


def tree_of(node: GameNode) -> list[Rec]:
    return [Rec(c.move.iccs() if c.move else "", c.comment, tree_of(c)) for c in node.children]


def any_character() -> SearchStrategy[str]:
    """Any character but the surrogates: ``st.text()``'s own alphabet, named by category. ``st.text()`` finds
    it by encoding every code point as UTF-8, once per process on a fresh clone (~3 CPU-s; then cached in
    .hypothesis)."""
    from hypothesis import strategies as st

    return st.characters(exclude_categories=["Cs"])


@functools.cache
def _tree_strategies() -> dict[str, object]:
    """The strategies ``random_game`` draws from, built once: a strategy made anew for every draw (a
    ``sampled_from`` of each position's legal moves) costs hypothesis more than the draw itself."""
    from hypothesis import strategies as st

    return {
        "comment": st.text(
            alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="}\x00\r"),
            max_size=30,
        ).map(lambda text: text.strip(" \t\n")),
        "result": st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]),
        "event": st.text(any_character(), max_size=12).filter(lambda t: "\n" not in t and "\r" not in t),
        "choice": st.integers(0, MOVE_CHOICES - 1),   # a legal move: this index modulo their count
        # a ply: its move (// 100, as "choice") and its roll (% 100: comment, NAG and variation) in one draw
        "step": st.integers(0, MOVE_CHOICES * 100 - 1),
    }


def random_game(data, *, max_plies: int = 24, variation_chance: float = 0.3, comment_chance: float = 0.3) -> Game:
    """A legal game tree drawn with hypothesis ``data``: comments (tricky characters included), NAGs and
    variations nested up to three deep."""
    drawn = _tree_strategies()
    game = Game()
    game.result = data.draw(drawn["result"])
    game.headers["Event"] = data.draw(drawn["event"])
    game.root.comment = data.draw(drawn["comment"])

    def grow(node: GameNode, position: Position, budget: int, depth: int) -> None:
        for _ in range(budget):
            legal = position.legal_moves()
            if not legal:
                return
            step = data.draw(drawn["step"])
            move, roll = legal[step // 100 % len(legal)], step % 100
            child = node.child_for(move) or node.add_child(move)
            if roll < comment_chance * 100:
                child.comment = data.draw(drawn["comment"])
            if roll >= 96:
                child.nags.append(roll - 90)
            if depth < 3 and roll % 100 < variation_chance * 100 and roll % 2 == 1:
                alternative = legal[data.draw(drawn["choice"]) % len(legal)]
                if node.child_for(alternative) is None:
                    branch = node.add_child(alternative)
                    grow(branch, play(position.copy(), alternative.iccs()), budget // 3, depth + 1)
            position.push(move)
            node = child

    grow(game.root, game.start_position(), max_plies, 0)
    return game


def play(position: Position, *moves: str) -> Position:
    for text in moves:
        position.push(Move.from_iccs(text))
    return position
