"""CCBridge (象棋桥) records: ``.CBR`` single games, ``.CBL`` libraries of them, ``.CBF`` XML records.

CBR layout (little-endian, strings UTF-16LE cut at the first NUL, unused bytes are left-over memory):
magic ``CCBridge Record\\0``; header strings at fixed offsets (title 180, opening 308, event 692, date 884,
site 948, red 1076, red team 1140, black 1300, black team 1364, commentator 1652); result byte at 2076
(0 unknown, 1 red won, 2 black won, 3/4 draw); side to move at 2116 (1 red); the 90-byte board at 2120,
row by row from black's back rank, pieces 0x11..0x17 red R N B A K C P and 0x21..0x27 black. From 2214 the
move tree: a 4-byte root record (non-zero: an int comment length and the comment follow), then 4-byte move
records (flags, 0, from, to; squares as on the board) in pre-order: flag 0x01 ends the line, 0x02 says a
variation (sibling) follows the move's subtree, 0x04 says an int byte length and a comment follow.

CBL: magic ``CCBridgeLibrary\\0``, the capacity (int at 0x3C), the library name at 0x40, an index of
276-byte entries at 0x10440 (flags, block number, 1, record size, ...; flags 7 in use, 5 deleted), then
4096-byte blocks holding the records. Entries without a board (section titles) are not games.

Reading is lenient: a bad move is reported with the file and byte offset and its subtree left out.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from xml.etree import ElementTree

from xiangqi.core import FenError, Position
from xiangqi.record.errors import RecordError
from xiangqi.record.game import Game, clean_comment
from xiangqi.record.limits import MAX_RECORD_MOVES, too_many_moves
from xiangqi.record.xqf import letters_to_fen, replay_tree
from xiangqi.record.xqf_format import XqfRecord

CBR_MAGIC = b"CCBridge Record\x00"
CBL_MAGIC = b"CCBridgeLibrary\x00"
BODY_OFFSET = 2214
_RESULT_OFFSET, _SIDE_OFFSET, _BOARD_OFFSET = 2076, 2116, 2120
_HEADER_FIELDS = (
    ("Title", 180, 128),
    ("Opening", 308, 64),
    ("Event", 692, 64),
    ("Date", 884, 64),
    ("Site", 948, 64),
    ("Red", 1076, 64),
    ("RedTeam", 1140, 64),
    ("Black", 1300, 64),
    ("BlackTeam", 1364, 64),
    ("Annotator", 1652, 64),
)
_PIECES = {0x11: "R", 0x12: "N", 0x13: "B", 0x14: "A", 0x15: "K", 0x16: "C", 0x17: "P"}
_PIECES.update({code + 0x10: letter.lower() for code, letter in list(_PIECES.items())})
RESULTS = {0: "*", 1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}
_INDEX_OFFSET, _INDEX_ENTRY, _BLOCK = 0x10440, 276, 4096
_FLAG_END, _FLAG_VARIATION, _FLAG_COMMENT = 0x01, 0x02, 0x04
_MAX_COMMENT = 1 << 20


class CcbridgeError(RecordError):
    """A CCBridge file that is cut short, or holds moves that cannot be played."""


def utf16_string(data: bytes) -> str:
    """A UTF-16LE string cut at its first NUL character; '' when it is not clean text (left-over memory)."""
    end = 0
    while end + 1 < len(data) and (data[end] or data[end + 1]):
        end += 2
    text = data[:end].decode("utf-16-le", errors="replace")
    if "\ufffd" in text or any(ord(ch) < 0x20 and ch not in "\t\r\n" for ch in text):
        return ""
    return text


def _headers(data: bytes) -> dict[str, str]:
    headers = {"Game": "Chinese Chess", "Event": "", "Date": "", "Red": "", "Black": ""}
    for name, offset, size in _HEADER_FIELDS:
        value = utf16_string(data[offset : offset + size]).strip()
        if value or name in headers:
            headers[name] = value
    if not headers["Event"] and headers.get("Title"):
        headers["Event"] = headers.pop("Title")
    return headers


def _board_cells(board: bytes) -> list[str]:
    """FEN letters by core square (rank * 9 + file) from the 90 board bytes (top row first)."""
    cells = [""] * 90
    for index, code in enumerate(board):
        letter = _PIECES.get(code)
        if letter:
            cells[(9 - index // 9) * 9 + index % 9] = letter
    return cells


def _xqf_square(cbr_square: int) -> int:
    """A CBR square (row from the top * 9 + file) as XQF numbering (file * 10 + rank), 0xFF off board."""
    if cbr_square >= 90:
        return 0xFF
    return (cbr_square % 9) * 10 + 9 - cbr_square // 9


_XQF_SQUARES = tuple(_xqf_square(byte) for byte in range(256))   # each byte's, looked up for every move


class _MoveReader:
    """Reads the records of the move tree from the record bytes; never reads past the end."""

    def __init__(self, data: bytes, base: int, path: str | None) -> None:
        self.data, self.base, self.path = data, base, path
        self.pos = BODY_OFFSET

    def take(self, count: int, what: str) -> bytes:
        if self.pos + count > len(self.data):
            raise CcbridgeError(f"record ends inside {what}", path=self.path, offset=self.base + self.pos)
        chunk = self.data[self.pos : self.pos + count]
        self.pos += count
        return chunk

    def comment(self) -> str:
        offset = self.base + self.pos
        (length,) = struct.unpack("<i", self.take(4, "a comment length"))
        if not 0 <= length <= _MAX_COMMENT:
            raise CcbridgeError(f"impossible comment length {length}", path=self.path, offset=offset)
        return clean_comment(utf16_string(self.take(length, "a comment")))

    def root(self) -> tuple[XqfRecord, int]:
        """The root record (the comment before the first move) and its flags."""
        offset = self.base + self.pos
        if self.pos + 4 > len(self.data):
            return XqfRecord(0xFF, 0xFF, "", offset), _FLAG_END
        flags = self.take(4, "the first record")[0]
        return XqfRecord(0xFF, 0xFF, self.comment() if flags & _FLAG_COMMENT else "", offset), flags

    def move(self) -> tuple[XqfRecord, int] | None:
        """The next move record and its flags; None at the end of the tree (four zero bytes)."""
        data, pos = self.data, self.pos
        if pos + 4 > len(data):   # a move is due (the line before it did not end): the record is cut short
            raise CcbridgeError("record cut short inside its moves (the rest is not read)", path=self.path,
                                offset=self.base + pos)
        flags, source, target = data[pos], data[pos + 2], data[pos + 3]
        self.pos = pos + 4
        if not (flags or source or target):
            return None
        comment = self.comment() if flags & _FLAG_COMMENT else ""
        return XqfRecord(_XQF_SQUARES[source], _XQF_SQUARES[target], comment, self.base + pos, []), flags


def read_move_tree(reader: _MoveReader, problems: list[RecordError]) -> XqfRecord:
    """The pre-order records as a tree (a pending stack holds parents whose variations are to come); at
    most ``MAX_RECORD_MOVES`` moves."""
    root, flags = reader.root()
    parent_of_next: XqfRecord | None = None if flags & _FLAG_END else root
    pending: list[XqfRecord] = []
    moves = 0
    while parent_of_next is not None or pending:
        parent = parent_of_next if parent_of_next is not None else pending.pop()
        moves += 1
        if moves > MAX_RECORD_MOVES:
            offset = reader.base + reader.pos
            problems.append(CcbridgeError(too_many_moves(MAX_RECORD_MOVES), path=reader.path, offset=offset))
            break
        try:
            found = reader.move()
        except CcbridgeError as error:
            problems.append(error)
            break
        if found is None:
            break
        record, flags = found
        parent.children.append(record)
        if flags & _FLAG_VARIATION:
            pending.append(parent)
        parent_of_next = None if flags & _FLAG_END else record
    return root


def _start_fen(cells: list[str], black_to_move: bool, root: XqfRecord) -> str:
    first = root.children[0] if root.children else None
    if first is not None and first.source <= 89:
        letter = cells[(first.source % 10) * 9 + first.source // 10]
        black_to_move = letter.islower() if letter else black_to_move
    return letters_to_fen(cells, black_to_move)


def record_tags(data: bytes) -> dict[str, str] | None:
    """A CBR record's tags and Result for a game list, without reading its moves; None for a record
    without a board (a section title in a library)."""
    if not data.startswith(CBR_MAGIC) or len(data) < BODY_OFFSET:
        return None
    if not any(code in _PIECES for code in data[_BOARD_OFFSET : _BOARD_OFFSET + 90]):
        return None
    return dict(_headers(data), Result=RESULTS.get(data[_RESULT_OFFSET], "*"))


def read_cbr(data: bytes, path: str | None = None, base: int = 0) -> Game | None:
    """The game of one CBR record (``base``: its offset in the file, for messages). None for a record
    without a board (a CBL section title). Raises CcbridgeError when it is not a CBR record at all."""
    if not data.startswith(CBR_MAGIC):
        raise CcbridgeError("not a CCBridge record (no 'CCBridge Record' signature)", path=path, offset=base)
    if len(data) < BODY_OFFSET:
        raise CcbridgeError(f"header cut short ({len(data)} of {BODY_OFFSET} bytes)", path=path, offset=base)
    cells = _board_cells(data[_BOARD_OFFSET : _BOARD_OFFSET + 90])
    problems: list[RecordError] = []
    root = read_move_tree(_MoveReader(data, base, path), problems)
    if not any(cells) and not root.children:
        return None
    game = Game(headers=_headers(data), result=RESULTS.get(data[_RESULT_OFFSET], "*"))
    game.source = path
    game.root.comment = root.comment
    game.errors.extend(problems)
    fen = _start_fen(cells, data[_SIDE_OFFSET] != 1, root)
    try:
        game.start_fen = Position.from_fen(fen).fen()
    except FenError as exc:
        reason = f"the set-up position is not legal: {exc}"
        game.errors.append(CcbridgeError(reason, path=path, offset=base + _BOARD_OFFSET))
        return game
    replay_tree(root, game, path, CcbridgeError)
    return game


def _index_blocks(data: bytes) -> list[tuple[int, int]] | None:
    """(block number, record size) of the records in use, in library order; None when there is no index."""
    if len(data) < 0x40:
        return None
    (capacity,) = struct.unpack_from("<i", data, 0x3C)
    if not 0 < capacity <= 1 << 20:
        return None
    found = []
    for slot in range(capacity):
        offset = _INDEX_OFFSET + slot * _INDEX_ENTRY
        if offset + 16 > len(data):
            return None
        flags, block, _, size = struct.unpack_from("<4i", data, offset)
        if flags & 0x2 and block >= 0:
            found.append((block, size))
    return found


def _indexed_spans(data: bytes, indexed: list[tuple[int, int]], blocks_start: int) -> list[tuple[int, int]] | None:
    """(start, end) of the indexed records in library order; None when the index cannot be trusted: an
    entry points where no record starts (past the end of a cut file, into another record) or two entries
    share bytes (each record would be read again for every entry pointing at it). A record whose size is
    not given runs to the next record."""
    starts = [blocks_start + block * _BLOCK for block, _size in indexed]
    if not all(data.startswith(CBR_MAGIC, start) for start in starts):
        return None
    order = sorted(range(len(starts)), key=starts.__getitem__)
    ends = [0] * len(starts)
    for rank, slot in enumerate(order):
        start, size = starts[slot], indexed[slot][1]
        following = starts[order[rank + 1]] if rank + 1 < len(order) else len(data)
        if following <= start or (size >= BODY_OFFSET and start + size > following):
            return None
        ends[slot] = start + size if size >= BODY_OFFSET else following
    return list(zip(starts, ends, strict=True))


def cbl_record_spans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of every record in use, in library order; no two share a byte, so reading every record
    reads the file once. A library whose index cannot be trusted (``_indexed_spans``) or that has none is
    scanned for records at its block starts, each running to the next."""
    capacity = struct.unpack_from("<i", data, 0x3C)[0] if len(data) >= 0x40 else 0
    blocks_start = _INDEX_OFFSET + capacity * _INDEX_ENTRY
    indexed = _index_blocks(data)
    if indexed:
        spans = _indexed_spans(data, indexed, blocks_start)
        if spans is not None:
            return spans
    start = data.find(CBR_MAGIC, min(blocks_start, len(data)) if indexed is not None else 0)
    start = start if start >= 0 else data.find(CBR_MAGIC)
    if start < 0:
        return []
    starts = [pos for pos in range(start, len(data), _BLOCK) if data.startswith(CBR_MAGIC, pos)]
    return list(zip(starts, [*starts[1:], len(data)], strict=True))   # a long record runs on into the next blocks


def check_library(data: bytes, path: str | None) -> None:
    """CcbridgeError when ``data`` is no CCBridge library."""
    if not data.startswith(CBL_MAGIC):
        raise CcbridgeError("not a CCBridge library (no 'CCBridgeLibrary' signature)", path=path, offset=0)


def iter_cbl(data: bytes, path: str | None = None) -> Iterator[Game]:
    """The games of a CBL library, one at a time (section titles without a board are left out): memory
    holds one game, time is linear in the file (each record is read once; a game stops at
    ``MAX_RECORD_MOVES``; the library is bounded by the file size, ``limits.MAX_WHOLE_FILE_BYTES``).
    CcbridgeError, after the games before it, for a record cut short inside its header."""
    check_library(data, path)
    for start, end in cbl_record_spans(data):
        game = read_cbr(data[start:end], path, start)
        if game is not None:
            yield game


# --- CBF: the XML form ------------------------------------------------------------------------------
_CBF_TAGS = (
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("Commentator", "Annotator"),
    ("ECCO", "ECCO"),
)


def _cbf_square(text: str) -> int:
    """'x y' digits (x from red's left, y from the top) as an XQF square."""
    file, row = int(text[0]), int(text[1])
    return file * 10 + 9 - row if 0 <= file <= 8 else 0xFF


def _cbf_headers(head: ElementTree.Element | None) -> tuple[dict[str, str], str, str]:
    headers = {"Game": "Chinese Chess", "Event": "", "Date": "", "Red": "", "Black": ""}
    if head is None:
        return headers, Position.STARTING_FEN, "*"
    for element, tag in _CBF_TAGS:
        value = (head.findtext(element) or "").strip()
        if value or tag in headers:
            headers[tag] = value
    if not headers["Event"] and headers.get("Title"):
        headers["Event"] = headers.pop("Title")
    fen = (head.findtext("FEN") or "").strip() or Position.STARTING_FEN
    result = (head.findtext("RecordResult") or "0").strip()
    return headers, fen, RESULTS.get(int(result) if result.isdigit() else 0, "*")


def read_cbf(data: bytes, path: str | None = None) -> Game:
    """The game of a CBF (XML) record: headers, set-up FEN, the main line and its comments."""
    try:
        root_element = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise CcbridgeError(f"not well-formed XML (column {column})", path=path, line=line) from exc
    except (LookupError, ValueError) as exc:  # an unknown encoding in the XML declaration
        raise CcbridgeError(f"unreadable XML: {str(exc)[:80]}", path=path, line=1) from exc
    headers, fen, result = _cbf_headers(root_element.find("Head"))
    game = Game(headers=headers, result=result)
    game.source = path
    try:
        game.start_fen = Position.from_fen(fen).fen()
    except FenError as exc:
        game.errors.append(CcbridgeError(f"bad FEN, game not read: {exc}", path=path, text=fen))
        return game
    tree = XqfRecord(0xFF, 0xFF, "", 0)
    parent, offset = tree, 0
    for number, move in enumerate(root_element.iterfind("MoveList/Move")):
        found = data.find(b"<Move", offset)  # where the element is in the file, for messages
        offset = found + 1 if found >= 0 else offset
        value, comment = move.get("value", ""), clean_comment(move.text or "")
        if number == 0 and value == "00-00":
            game.root.comment = comment
            continue
        if len(value) != 5 or not (value[:2] + value[3:]).isdigit():
            where = max(offset - 1, 0)
            game.errors.append(CcbridgeError(f"bad move value at move {number}", path=path, offset=where, text=value))
            break
        record = XqfRecord(_cbf_square(value[:2]), _cbf_square(value[3:]), comment, max(offset - 1, 0))
        parent.children.append(record)
        parent = record
    replay_tree(tree, game, path, CcbridgeError)
    return game
