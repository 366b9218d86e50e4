"""Opening names of the ECCO system (A00–E99): which opening a game or a line of moves is, by code and name.

The ECCO codes and their names are facts of the system. The rules that decide a code are this program's own
data: a decision list of keys, each with a code (``assets/ecco/rules.bin``, built by
``assets/tools/make_ecco.py`` from the CCPD master games, credited in the README). Each of a line's first
``MAX_PLIES`` plies gives two keys: its position's (with the left-right mirror folded in: the smaller of the
two Zobrist keys) and its move order's (a hash of the moves so far, mirror-folded alike). A line is classified
by the deepest of its keys found in the table, the move order's key before the position's at each ply: the
ECCO system names an opening by the order its moves came in (顺炮横车对缓开车 D03 and 顺炮横车对直车巡河 D05
meet in one position by two orders), so a move order the master games played decides; an order they never
played falls back to its position (a transposition, classified as the games that reached it). A game from a
set-up position has no code.

The tables are read once, lazily; a damaged or oversized file raises ``EccoTableError`` naming the file and
the bound it broke.

    from xiangqi.record.ecco import classify_game, classify_moves
    opening = classify_game(game)   # EccoOpening | None
    opening.code, opening.name      # "C48", "中炮过河车互进七兵对屏风马平炮兑车 红仕角炮对黑退边炮"
"""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path

from xiangqi.core import Move, Position
from xiangqi.core.zobrist import zobrist_of
from xiangqi.record.game import Game
from xiangqi.resources import assets_dir

MAX_PLIES = 30                      # only the first 30 plies of a line decide its code
RULES_MAGIC = b"XQECCO2\n"          # the rules file starts so (2: keys of positions and move orders)
RULE_BYTES = 10                     # one rule: a 64-bit position key and a 16-bit code number
MAX_RULES = 200_000                 # rules a table may hold (the shipped one holds far fewer)
MAX_RULES_FILE_BYTES = len(RULES_MAGIC) + 4 + MAX_RULES * RULE_BYTES
MAX_NAMES_FILE_BYTES = 256 * 1024   # the names table (500 lines of short text)
NAMES_COLUMNS = 6                   # code, opening, variation, opening (trad.), variation (trad.), English
CODE_COUNT = 500                    # A00 … E99
CODE_PATTERN = re.compile(r"[A-E][0-9]{2}")
ECCO_TAGS = ("ECCO", "Opening", "Variation")
LINE_END_SALT = 0x45_43_43_4F_5F_45_4E_44   # XORed into a position's key: the rule for a line that ends there
KEYS_PER_PLY = 2                    # a line's keys: each ply's position key, then its move order key
ORDER_SEED = 0x4F52_4445_525F_5345  # the move order key of the empty line
_MASK64 = (1 << 64) - 1


class EccoTableError(ValueError):
    """A rules or names file that cannot be used (damaged, oversized, wrong kind): names file and bound."""


@dataclass(frozen=True)
class EccoOpening:
    """One ECCO code with its names: the opening and the variation (possibly empty), in simplified and
    traditional Chinese, and a short English gloss (possibly empty)."""

    code: str
    opening: str
    variation: str = ""
    opening_traditional: str = ""
    variation_traditional: str = ""
    english: str = ""

    @property
    def name(self) -> str:
        """The full simplified name: opening, then the variation after a space."""
        return f"{self.opening} {self.variation}".strip()

    @property
    def name_traditional(self) -> str:
        opening = self.opening_traditional or self.opening
        variation = self.variation_traditional or self.variation
        return f"{opening} {variation}".strip()


def code_number(code: str) -> int:
    """``"A00"`` → 0 … ``"E99"`` → 499 (ValueError for anything else)."""
    if not CODE_PATTERN.fullmatch(code):
        raise ValueError(f"not an ECCO code: {code[:20]!r}")
    return (ord(code[0]) - ord("A")) * 100 + int(code[1:])


def code_of_number(number: int) -> str:
    if not 0 <= number < CODE_COUNT:
        raise ValueError(f"no ECCO code numbered {number}")
    return f"{chr(ord('A') + number // 100)}{number % 100:02d}"


# --- position keys -------------------------------------------------------------------------------------
_MIRROR = tuple(rank * 9 + (8 - file) for rank in range(10) for file in range(9))


def position_key(cells: Sequence[int], side: int) -> int:
    """The position's key with the left-right mirror folded in: the smaller Zobrist key of the two."""
    mirrored = [cells[_MIRROR[sq]] for sq in range(90)]
    return min(zobrist_of(list(cells), side), zobrist_of(mirrored, side))


def _order_step(key: int, move_code: int) -> int:
    """The move order key after one more move (a SplitMix64 finaliser over the key and the move: stable
    across runs and platforms, unlike ``hash``)."""
    key = (key ^ (move_code + 0x9E37_79B9_7F4A_7C15 + (key << 6) + (key >> 2))) & _MASK64
    key = ((key ^ (key >> 30)) * 0xBF58_476D_1CE4_E5B9) & _MASK64
    key = ((key ^ (key >> 27)) * 0x94D0_49BB_1331_11EB) & _MASK64
    return key ^ (key >> 31)


def line_keys(moves: Iterable[Move], start_fen: str = Position.STARTING_FEN,
              max_plies: int = MAX_PLIES) -> list[int]:
    """The keys of the first ``max_plies`` plies, ``KEYS_PER_PLY`` a ply: the position after the move, then
    the order of the moves so far (both mirror-folded; the start not included). The moves are played
    unchecked: they come from a game tree, whose readers check every move."""
    position = Position.from_fen(start_fen)
    keys: list[int] = []
    order = order_mirrored = ORDER_SEED
    for move in moves:
        if len(keys) >= max_plies * KEYS_PER_PLY:
            break
        position.push_unchecked(move)
        order = _order_step(order, move.from_sq * 90 + move.to_sq)
        order_mirrored = _order_step(order_mirrored, _MIRROR[move.from_sq] * 90 + _MIRROR[move.to_sq])
        keys += (position_key(position.cells(), int(position.turn)), min(order, order_mirrored))
    return keys


# --- the tables ----------------------------------------------------------------------------------------
def rules_path() -> Path:
    return assets_dir() / "ecco" / "rules.bin"


def names_path() -> Path:
    return assets_dir() / "ecco" / "names.tsv"


def _read_bounded(path: Path, bound: int, bound_name: str) -> bytes:
    size = os.stat(path).st_size
    if size > bound:
        raise EccoTableError(f"{path}: {size:,} bytes, over {bound_name} = {bound:,}")
    with open(path, "rb") as stream:
        data = stream.read(bound + 1)
    if len(data) > bound:
        raise EccoTableError(f"{path}: over {bound_name} = {bound:,} bytes")
    return data


def parse_rules(data: bytes, source: str = "rules") -> dict[int, int]:
    """The rules of a rules file's bytes: position key → code number. EccoTableError for a damaged one."""
    head = len(RULES_MAGIC) + 4
    if len(data) > MAX_RULES_FILE_BYTES:
        raise EccoTableError(f"{source}: {len(data):,} bytes, over MAX_RULES_FILE_BYTES = {MAX_RULES_FILE_BYTES:,}")
    if not data.startswith(RULES_MAGIC) or len(data) < head:
        raise EccoTableError(f"{source}: not an ECCO rules file (starts {data[:8]!r})")
    (count,) = struct.unpack_from("<I", data, len(RULES_MAGIC))
    if count > MAX_RULES:
        raise EccoTableError(f"{source}: says {count:,} rules, over MAX_RULES = {MAX_RULES:,}")
    if len(data) != head + count * RULE_BYTES:
        raise EccoTableError(f"{source}: {len(data):,} bytes where {count:,} rules take {head + count * RULE_BYTES:,}"
                             " (cut short or padded)")
    keys = struct.unpack_from(f"<{count}Q", data, head)
    codes = struct.unpack_from(f"<{count}H", data, head + count * 8)
    for index, code in enumerate(codes):
        if code >= CODE_COUNT:
            raise EccoTableError(f"{source}: rule {index} has code number {code}, over CODE_COUNT = {CODE_COUNT}")
    rules = dict(zip(keys, codes, strict=True))
    if len(rules) != count:
        raise EccoTableError(f"{source}: {count - len(rules)} position keys given twice")
    return rules


def rules_bytes(rules: dict[int, int]) -> bytes:
    """A rules file's bytes (keys sorted, so that the same rules give the same file)."""
    if len(rules) > MAX_RULES:
        raise EccoTableError(f"{len(rules):,} rules, over MAX_RULES = {MAX_RULES:,}")
    keys = sorted(rules)
    return (RULES_MAGIC + struct.pack("<I", len(keys)) + struct.pack(f"<{len(keys)}Q", *keys)
            + struct.pack(f"<{len(keys)}H", *(rules[key] for key in keys)))


def parse_names(text: str, source: str = "names") -> dict[str, EccoOpening]:
    """The names of a names file: one line a code, tab-separated (``NAMES_COLUMNS``); ``#`` lines skipped."""
    names: dict[str, EccoOpening] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != NAMES_COLUMNS or not CODE_PATTERN.fullmatch(fields[0]):
            raise EccoTableError(f"{source}:{number}: not CODE and {NAMES_COLUMNS - 1} names: {line[:60]!r}")
        if fields[0] in names:
            raise EccoTableError(f"{source}:{number}: {fields[0]} named twice")
        names[fields[0]] = EccoOpening(*fields)
    return names


def read_rules(path: Path) -> dict[int, int]:
    return parse_rules(_read_bounded(path, MAX_RULES_FILE_BYTES, "MAX_RULES_FILE_BYTES"), str(path))


def read_names(path: Path) -> dict[str, EccoOpening]:
    data = _read_bounded(path, MAX_NAMES_FILE_BYTES, "MAX_NAMES_FILE_BYTES")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EccoTableError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    return parse_names(text, str(path))


@lru_cache(maxsize=1)
def shipped_rules() -> dict[int, int]:
    return read_rules(rules_path())


@lru_cache(maxsize=1)
def shipped_names() -> dict[str, EccoOpening]:
    return read_names(names_path())


# --- classification ------------------------------------------------------------------------------------
def code_of_keys(keys: Sequence[int], rules: dict[int, int]) -> str | None:
    """The code of a line by its keys (``line_keys``): when the line ends before ``MAX_PLIES`` at a position
    with a line-end rule (an early position the master games leave for several openings: the line is still
    the general one, e.g. E10 after 兵七进一 炮２平３), that rule's code; else the code of the deepest key that
    has a rule, a ply's move order before its position (the opening the games through it became); None when
    none has."""
    if 0 < len(keys) < MAX_PLIES * KEYS_PER_PLY:
        number = rules.get(keys[-KEYS_PER_PLY] ^ LINE_END_SALT)
        if number is not None:
            return code_of_number(number)
    for key in reversed(keys):
        number = rules.get(key)
        if number is not None:
            return code_of_number(number)
    return None


def opening_of_code(code: str, names: dict[str, EccoOpening] | None = None) -> EccoOpening:
    """The names of a code (an opening with only its code when the names table lacks it)."""
    table = shipped_names() if names is None else names
    return table.get(code) or EccoOpening(code, "")


def classify_moves(moves: Iterable[Move], start_fen: str = Position.STARTING_FEN,
                   rules: dict[int, int] | None = None) -> EccoOpening | None:
    """The ECCO opening of a line of moves from ``start_fen``; None from a set-up position or when no
    position of the first ``MAX_PLIES`` plies is known."""
    if start_fen.split()[:2] != Position.STARTING_FEN.split()[:2]:
        return None
    code = code_of_keys(line_keys(moves, start_fen), shipped_rules() if rules is None else rules)
    return None if code is None else opening_of_code(code)


def classify_game(game: Game, rules: dict[int, int] | None = None) -> EccoOpening | None:
    """The ECCO opening of a game's main line (None for a set-up game or an unknown opening)."""
    if game.is_setup:
        return None
    first = islice(game.root.line(), MAX_PLIES + 1)   # the root, then the first plies: a long game costs no more
    return classify_moves([node.move for node in first if node.move is not None], game.start_fen, rules)


def ecco_tags(game: Game) -> dict[str, str]:
    """The ``ECCO``, ``Opening`` and ``Variation`` tags to add to a game that has none of them (an empty
    dict when it has any, or when its opening is unknown): what a writer adds on save."""
    if any(game.headers.get(tag, "").strip() for tag in ECCO_TAGS):
        return {}
    try:
        opening = classify_game(game)
    except (OSError, EccoTableError):
        return {}  # no tables (a broken install): the game is saved as it is
    if opening is None:
        return {}
    return {"ECCO": opening.code, "Opening": opening.opening, "Variation": opening.variation}



def with_ecco_tags(game: Game) -> Game:
    """The game to write on save: ``game`` itself when it has an ``ECCO``, ``Opening`` or ``Variation``
    tag (never changed) or no known opening, else a copy of its headers with the three tags added, sharing
    its move tree (the game shown is not changed, so that its opening still follows the moves played)."""
    tags = ecco_tags(game)
    if not tags:
        return game
    tagged = Game(dict(game.headers) | tags, game.start_fen, game.result)
    tagged.root, tagged.errors, tagged.source = game.root, game.errors, game.source
    return tagged
