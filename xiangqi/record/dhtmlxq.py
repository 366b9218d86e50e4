"""DhtmlXQ (东萍象棋网's web format): ``[DhtmlXQ]…[/DhtmlXQ]`` blocks in web pages or pasted text.

Inside a block every field is ``[DhtmlXQ_name]value[/DhtmlXQ_name]``:

* ``movelist``: the main line, 4 digits a move (from x, from y, to x, to y); x 0–8 from red's left, y 0–9
  from the top (black's back rank);
* ``move_X_Y_Z``: line Z, a variation of line X (the main line is 0) whose first move is ply Y (1-based);
* ``binit``: a set-up position, 64 digits: the x y of the 32 pieces, red 车马相仕帅仕相马车炮炮兵×5 then black
  in the same order, ``99`` for a piece that is not on the board;
* ``comment0`` the comment before the first move, ``commentN`` after main-line ply N, ``commentZ_N``
  after ply N of line Z; ``||`` is a line break;
* ``title`` ``event`` ``date`` ``place`` ``round`` ``red`` ``black`` ``redteam`` ``blackteam`` ``open``
  ``result`` (``红胜``/``黑胜``/``和棋``, ``W``/``B``/``D`` in some English pages) and others.

Reading is lenient (a bad move drops the rest of its line, reported with the file and line); writing is
strict and loses only what the format cannot hold (NAGs and tags it has no field for).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from xiangqi.core import FenError, Move, Position
from xiangqi.core.position import MOVES
from xiangqi.record.board import CheckedBoard
from xiangqi.record.errors import RecordError
from xiangqi.record.game import Game, GameNode, clean_comment
from xiangqi.record.limits import MAX_RECORD_MOVES, cut_tag_value, too_many_moves
from xiangqi.record.xqf import letters_to_fen

# Every DhtmlXQ tag: ``[DhtmlXQ]``, ``[/DhtmlXQ]``, ``[DhtmlXQ_name]``, ``[/DhtmlXQ_name]``. The text is
# scanned once for these; blocks and fields are then found among the tags (linear in the text).
_TAG = re.compile(r"\[(/?)DhtmlXQ(?:_(\w++))?\]", re.IGNORECASE)
# The same tags, where a tag may be followed by a value with no '[' and the next closing field tag: a whole
# ``[DhtmlXQ_name]value[/DhtmlXQ_name]`` is one match (groups: slash, name, value, closing name), so a
# page of well-formed games is read a field, not a tag, at a time. Still linear: the possessive value stops
# at the first '[', and when no closing tag follows it the text after the tag is scanned once more at most.
_TOKEN = re.compile(r"\[(/?)DhtmlXQ(?:_(\w++))?\](?:([^\[]*+)\[/DhtmlXQ_(\w++)\])?", re.IGNORECASE)
_VARIATION = re.compile(r"move_(\d+)_(\d+)_(\d+)")
_COMMENT = re.compile(r"comment(\d+)(?:_(\d+))?")
_PIECE_ORDER = "RNBAKABNRCCPPPPP"
# Each variation starts from a copy of the path it branches from: a bound on all the copies together keeps
# a page of thousands of variations deep in a long line linear too (real games copy a few thousand).
_MAX_COPIED = 20 * MAX_RECORD_MOVES
# DhtmlXQ field -> our header tag, in the order they are written.
TAGS = (
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("ecco", "ECCO"),
    ("author", "Annotator"),
    ("remark", "Remark"),
)
_RESULTS_IN = {"红胜": "1-0", "紅勝": "1-0", "w": "1-0", "1-0": "1-0", "黑胜": "0-1", "黑勝": "0-1", "b": "0-1"}
_RESULTS_IN.update({"0-1": "0-1", "和棋": "1/2-1/2", "和": "1/2-1/2", "d": "1/2-1/2", "1/2-1/2": "1/2-1/2"})
_RESULTS_OUT = {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋", "*": "未知"}


class DhtmlxqError(RecordError):
    """A DhtmlXQ field that cannot be read (a bad move, a bad set-up)."""


@dataclass(frozen=True, slots=True)
class Block:
    fields: dict[str, str]
    lines: dict[str, int]  # the line each field starts on, for messages
    line: int  # line of the block's start in the text


class _LineCounter:
    """Line numbers of offsets met in increasing order: each stretch of text is counted once."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text, self.offset, self.line = text, 0, first_line

    def at(self, offset: int) -> int:
        if offset > self.offset:
            self.line += self.text.count("\n", self.offset, offset)
            self.offset = offset
        return self.line


Tag = tuple[int, int, bool, str]  # start, end, closing, field name in lower case ('' for the block tag)
# What a block holds while it is read: a whole field (one ``_TOKEN`` match) or a lone tag.
Token = Tag | re.Match[str]


def _tags(text: str) -> list[Tag]:
    return [(m.start(), m.end(), bool(m.group(1)), (m.group(2) or "").lower()) for m in _TAG.finditer(text)]


def _closings(tags: list[Tag], first: int, last: int) -> dict[str, list[int]]:
    """For each field name, the indexes (in ``tags[first:last]``, increasing) of its closing tags."""
    closings: dict[str, list[int]] = {}
    for index in range(first, last):
        _start, _end, closing, name = tags[index]
        if closing and name:
            closings.setdefault(name, []).append(index)
    return closings


def _fields(text: str, tags: list[Tag], span: tuple[int, int], lines: _LineCounter, block_start: int) -> Block:
    """The fields whose tags are ``tags[first:last]`` (the block's text starts at ``block_start``): each
    ``[DhtmlXQ_name]`` up to the first ``[/DhtmlXQ_name]`` after it (an opening tag never closed is skipped);
    tags inside a field's value are part of the value. Each closing tag is looked at once, whatever the
    number of unclosed tags."""
    first, last = span
    fields: dict[str, str] = {}
    field_lines: dict[str, int] = {}
    closings = _closings(tags, first, last)
    taken = dict.fromkeys(closings, 0)  # per name: closing tags already behind us
    block_line = lines.at(block_start)
    index = first
    while index < last:
        start, end, closing, name = tags[index]
        index += 1
        ends = closings.get(name)
        if closing or not name or ends is None:
            continue
        while taken[name] < len(ends) and ends[taken[name]] < index:
            taken[name] += 1
        if taken[name] == len(ends):
            continue
        close = ends[taken[name]]
        fields[name], field_lines[name] = text[end : tags[close][0]], lines.at(start)
        index = close + 1
    return Block(fields, field_lines, block_line)


def _split(match: re.Match[str]) -> list[Tag]:
    """The one or two tags of a ``_TOKEN`` match."""
    closing, name, value, second = match.groups()
    if value is None:
        return [(match.start(), match.end(), bool(closing), (name or "").lower())]
    return [(match.start(), match.start(3), bool(closing), (name or "").lower()),
            (match.end(3), match.end(), True, second.lower())]


def _block(text: str, tokens: list[Token], lines: _LineCounter, start: int, whole: bool) -> Block:
    """The block of ``tokens`` (its text starts at ``start``): when they are all ``whole`` fields (the
    usual case) their values as they are, else every tag through ``_fields``, which gives the same
    result for whole fields."""
    if not whole:
        tags = [tag for token in tokens for tag in ([token] if isinstance(token, tuple) else _split(token))]
        return _fields(text, tags, (0, len(tags)), lines, start)
    fields: dict[str, str] = {}
    field_lines: dict[str, int] = {}
    block_line = line = lines.at(start)
    count, offset = text.count, lines.offset
    for match in tokens:  # _LineCounter.at, inline
        assert not isinstance(match, tuple)
        field_start = match.start()
        line += count("\n", offset, field_start)
        offset = field_start
        name = match.group(2).lower()
        fields[name], field_lines[name] = match.group(3), line
    lines.line, lines.offset = line, offset
    return Block(fields, field_lines, block_line)


# A block and where it lies in the text: from its ``[DhtmlXQ]`` tag to the end of its ``[/DhtmlXQ]`` (or to the
# next ``[DhtmlXQ]``, or the end of the text). ``iter_blocks`` of that slice alone gives the same block.
BlockSpan = tuple[Block, int, int]


def iter_blocks(text: str, first_line: int = 1) -> Iterator[Block]:
    """Every DhtmlXQ block of a page or pasted text, one at a time (a bare list of DhtmlXQ_ fields is one
    block). A block runs from ``[DhtmlXQ]`` to ``[/DhtmlXQ]``, to the next ``[DhtmlXQ]`` or to the end
    of the text; named tags outside a block are not part of any. ``first_line``: the line ``text`` starts
    on (a block read again from its slice of a page keeps the page's line numbers)."""
    return (block for block, _start, _end in iter_block_spans(text, first_line))


def iter_block_spans(text: str, first_line: int = 1) -> Iterator[BlockSpan]:
    """``iter_blocks`` with each block's slice of the text (the index of a page: see ``BlockSpan``)."""
    lines = _LineCounter(text, first_line)
    found = False
    tokens: list[Token] | None = None  # those of the block being read
    start, whole = 0, True  # where its text starts (after its ``[DhtmlXQ]``); all its tokens whole fields
    opened = 0  # where its ``[DhtmlXQ]`` tag starts
    for match in _TOKEN.finditer(text):
        closing, name, value, second = match.groups()
        if name is not None and not closing and value is not None and second.lower() == name.lower():
            if tokens is not None:  # a whole field (outside a block: ignored)
                tokens.append(match)
            continue
        for tag in _split(match):
            if tag[3]:  # a lone field tag
                if tokens is not None:
                    tokens.append(tag)
                    whole = False
                continue
            if tokens is not None:
                block = _block(text, tokens, lines, start, whole)
                if block.fields:
                    found = True
                    yield block, opened, tag[1] if tag[2] else tag[0]
            tokens, start, whole = (None, 0, True) if tag[2] else ([], tag[1], True)
            opened = tag[0]
    if tokens is not None:
        block = _block(text, tokens, lines, start, whole)
        if block.fields:
            found = True
            yield block, opened, len(text)
    if not found:
        tags = _tags(text)
        bare = _fields(text, tags, (0, len(tags)), _LineCounter(text, first_line), 0)
        if bare.fields:
            yield bare, 0, len(text)


def find_blocks(text: str) -> list[Block]:
    """Every DhtmlXQ block of a page or pasted text (``iter_blocks``), as a list."""
    return list(iter_blocks(text))


def _square(x: int, y: int) -> int:
    return (9 - y) * 9 + x


def _cells_from_binit(binit: str) -> list[str]:
    cells = [""] * 90
    for index in range(32):
        x, y = int(binit[2 * index]), int(binit[2 * index + 1])
        if x > 8:
            continue
        letter = _PIECE_ORDER[index % 16]
        cells[_square(x, y)] = letter if index < 16 else letter.lower()
    return cells


def _start_fen(binit: str, movelist: str) -> str:
    """The FEN of a ``binit`` set-up; the side to move is the colour of the first move's piece."""
    cells = _cells_from_binit(binit)
    black_first = False
    if len(movelist) >= 2 and movelist[:2].isdigit() and int(movelist[0]) <= 8:
        black_first = cells[_square(int(movelist[0]), int(movelist[1]))].islower()
    return Position.from_fen(letters_to_fen(cells, black_first)).fen()


def _comment(text: str) -> str:
    return clean_comment(text.replace("||", "\n"))


def _digit_codes() -> dict[str, int]:
    """Every move of 4 ASCII digits (from x, from y, to x, to y; x at most 8) -> its movegen code."""
    codes: dict[str, int] = {}
    for digits in range(10_000):
        text = f"{digits:04d}"
        source, target = _square(int(text[0]), int(text[1])), _square(int(text[2]), int(text[3]))
        if text[0] <= "8" and text[2] <= "8" and source != target:
            codes[text] = source << 7 | target
    return codes


_CODES = _digit_codes()  # 8,010 moves: a dictionary look-up per move instead of four int() calls


def _code(text: str) -> int | None:
    """The movegen code (``from << 7 | to``) of 4 digits, or None when they name no move. Digits of other
    scripts (full-width ``７７４７``) count as they always did."""
    code = _CODES.get(text)
    if code is not None or text.isascii() or not text.isdecimal() or int(text[0]) > 8 or int(text[2]) > 8:
        return code
    source, target = _square(int(text[0]), int(text[1])), _square(int(text[2]), int(text[3]))
    return source << 7 | target if source != target else None


class _TreeBuilder:
    """Builds the tree line by line; ``lines[z]`` is the path (root first) of line z."""

    def __init__(self, game: Game, block: Block, path: str | None) -> None:
        self.game, self.fields, self.path, self.block = game, block.fields, path, block
        self.lines: dict[int, list[GameNode]] = {}
        self.starts: dict[int, int] = {}  # the ply of each line's first move
        self.moves = 0  # moves read, all lines (at most MAX_RECORD_MOVES)
        self.copied = 0  # path entries copied for variations (at most MAX_RECORD_MOVES * 20)

    def error(self, field: str, reason: str, text: str) -> None:
        line = self.block.lines.get(field, self.block.line)
        self.game.errors.append(DhtmlxqError(reason, path=self.path, line=line, text=text[:80]))

    def _board_at(self, branch: list[GameNode]) -> CheckedBoard:
        """The position after the path ``branch`` (root first): its moves were checked when they were read."""
        board = CheckedBoard(self.game.start_fen)
        for node in branch[1:]:
            assert node.move is not None
            board.play(node.move.from_sq, node.move.to_sq)
        return board

    def add_line(self, number: int, branch: list[GameNode], digits: str, field: str) -> None:
        """Play ``digits`` after the path ``branch`` (root first) and keep the new line's path."""
        path = list(branch)
        self.starts[number] = len(path)
        board = self._board_at(branch)
        digits = without_spaces(digits)
        node, codes = path[-1], _CODES
        for start in range(0, len(digits) - len(digits) % 4, 4):
            if self.moves >= MAX_RECORD_MOVES:
                where = f"{field} ply {len(path)}"
                self.error(field, too_many_moves(MAX_RECORD_MOVES, where), digits[start : start + 8])
                break
            self.moves += 1
            text = digits[start : start + 4]
            code = codes.get(text)
            if code is None:
                code = _code(text)
            if code is None or not board.play_if_legal(code):
                reason = f"bad move in {field} at ply {len(path)} (the rest of the line is skipped)"
                self.error(field, reason, text)
                break
            move = MOVES[code]
            node = node.child_for(move) or node.add_child(move)
            path.append(node)
        if len(digits) % 4:
            self.error(field, f"{field} has a length that is not a multiple of 4", digits[-8:])
        self.lines[number] = path

    def variations(self) -> None:
        found = []
        for name, value in self.fields.items():
            match = _VARIATION.fullmatch(name) if name.startswith("move_") else None
            if match:
                parent, ply, number = (int(group) for group in match.groups())
                found.append((number, parent, ply, name, value))
        for number, parent, ply, name, value in sorted(found):
            base = self.lines.get(parent)
            if base is None or not 1 <= ply <= len(base) or number in self.lines:
                self.error(name, f"variation {number} branches from a missing line {parent} ply {ply} (skipped)", value)
                continue
            self.copied += ply
            if self.moves >= MAX_RECORD_MOVES:
                self.error(name, too_many_moves(MAX_RECORD_MOVES, f"variation {number}"), value)
                break
            if self.copied > _MAX_COPIED:
                reason = (f"more than {_MAX_COPIED:,} moves in the variations counted from the start of the game "
                          f"(the limit): the rest from variation {number} is not read")
                self.error(name, reason, value)
                break
            self.add_line(number, base[:ply], value, name)

    def comments(self) -> None:
        for name, value in self.fields.items():
            match = _COMMENT.fullmatch(name) if name.startswith("comment") else None
            if not match:
                continue
            first, second = match.groups()
            number, ply = (0, int(first)) if second is None else (int(first), int(second))
            path = self.lines.get(number)
            if path is not None and self.starts[number] <= max(ply, 1) and ply < len(path):
                path[ply].comment = _comment(value)


def without_spaces(text: str) -> str:
    """``text`` without white space, as ``"".join(text.split())`` but never in one long call into C: each
    such call keeps the interpreter lock while it runs, freezing the window while a worker reads a page
    (``re.sub`` over a 20 MB move list kept it 1 s, ``str.isdecimal`` 0.09 s). ASCII text (move lists are)
    goes through bytes.translate (20 MB: 3 calls of at most 15 ms); other text a megabyte at a time."""
    if text.isascii():
        return text.encode("ascii").translate(None, _ASCII_SPACES).decode("ascii")
    return "".join("".join(text[at:at + _SLICE].split()) for at in range(0, len(text), _SLICE))


_ASCII_SPACES = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"   # what str.split() takes for white space in ASCII
_SLICE = 1 << 20


def _headers(fields: dict[str, str], cut: list[str] | None = None) -> dict[str, str]:
    """The header tags of a block's fields; a value over ``MAX_TAG_CHARS`` is cut (its field's name goes
    to ``cut``)."""
    headers = {"Game": "Chinese Chess", "Event": "", "Date": "", "Red": "", "Black": ""}
    for field, tag in TAGS:
        value = fields.get(field)
        if value is None:
            continue
        value, reason = cut_tag_value(tag, value.strip())
        if value:
            headers[tag] = value
        if reason is not None and cut is not None:
            cut.append(field)
    return headers


def _result(fields: dict[str, str]) -> str:
    return _RESULTS_IN.get(fields.get("result", "").strip().lower(), "*")


def block_tags(block: Block) -> dict[str, str]:
    """A block's tags and Result for a game list, without reading its moves."""
    return dict(_headers(block.fields), Result=_result(block.fields))


def block_to_game(block: Block, path: str | None = None) -> Game:
    fields = block.fields
    cut: list[str] = []
    game = Game(headers=_headers(fields, cut), result=_result(fields))
    game.source = path
    for field in cut:
        reason = cut_tag_value(field, fields[field].strip())[1] or ""
        game.errors.append(DhtmlxqError(reason, path=path, line=block.lines.get(field, block.line)))
    movelist = without_spaces(fields.get("movelist", ""))
    binit = without_spaces(fields["binit"]) if "binit" in fields else ""
    if binit:
        try:
            if len(binit) != 64 or not binit.isdecimal():
                raise FenError("binit must be 64 digits")
            game.start_fen = _start_fen(binit, movelist)
        except FenError as exc:
            reason = f"bad set-up (binit), game not read: {exc}"
            line = block.lines.get("binit", block.line)
            game.errors.append(DhtmlxqError(reason, path=path, line=line, text=binit[:80]))
            return game
    builder = _TreeBuilder(game, block, path)
    builder.add_line(0, [game.root], movelist, "movelist")
    builder.variations()
    builder.comments()
    return game


def iter_dhtmlxq(text: str, path: str | None = None) -> Iterator[Game]:
    """The games of every DhtmlXQ block in ``text`` (a web page, a text file, the clipboard), one at a
    time: memory holds one game, time is linear in the text (a game stops at ``MAX_RECORD_MOVES``; the
    page is bounded by the size of the file it came from, ``limits.MAX_WHOLE_FILE_BYTES``)."""
    for block in iter_blocks(text):
        yield block_to_game(block, path)


def read_dhtmlxq(text: str, path: str | None = None) -> list[Game]:
    return list(iter_dhtmlxq(text, path))


# --- writing ----------------------------------------------------------------------------------------
def _digits(move: Move) -> str:
    return f"{move.from_sq % 9}{9 - move.from_sq // 9}{move.to_sq % 9}{9 - move.to_sq // 9}"


def _binit(fen: str) -> str:
    """The 64 binit digits of a position (pieces beyond the usual counts cannot be written)."""
    board = Position.from_fen(fen).board.tolist()
    slots: list[str] = ["99"] * 32
    letters = {"K": 1, "A": 2, "B": 3, "N": 4, "R": 5, "C": 6, "P": 7}
    for sq, value in enumerate(board):
        if not value:
            continue
        letter = next(name for name, code in letters.items() if code == abs(value))
        offset = 0 if value > 0 else 16
        free = [i for i, name in enumerate(_PIECE_ORDER) if name == letter and slots[offset + i] == "99"]
        if not free:
            raise DhtmlxqError(f"the set-up has too many pieces of one kind for binit: {letter}", text=fen)
        slots[offset + free[0]] = f"{sq % 9}{9 - sq // 9}"
    return "".join(slots)


def _escape(text: str) -> str:
    """Field text: line breaks as '||'; a '[' that would start a DhtmlXQ tag becomes full-width."""
    text = re.sub(r"\[(?=/?DhtmlXQ)", "［", text, flags=re.IGNORECASE)
    return text.replace("\r\n", "\n").replace("\n", "||")


def _line_nodes(start: GameNode) -> list[GameNode]:
    nodes = [start]
    nodes.extend(start.line())
    return nodes


def _comment_fields(number: int, nodes: list[GameNode]) -> list[str]:
    out = []
    for node in nodes:
        if node.comment:
            name = f"comment{node.ply}" if number == 0 else f"comment{number}_{node.ply}"
            out.append(f"[DhtmlXQ_{name}]{_escape(node.comment)}[/DhtmlXQ_{name}]")
    return out


def _line_fields(game: Game) -> list[str]:
    """movelist, move_X_Y_Z and comment fields; lines are numbered in the order they are met, so the
    variations of one move keep their order when read back."""
    moves: list[str] = []
    comments: list[str] = []
    if game.root.comment:
        comments.append(f"[DhtmlXQ_comment0]{_escape(game.root.comment)}[/DhtmlXQ_comment0]")
    if not game.root.children:
        return ["[DhtmlXQ_movelist][/DhtmlXQ_movelist]", *comments]
    queue: list[tuple[int, int, GameNode]] = [(0, 0, game.root.children[0])]  # (line, parent line, first node)
    branches = [(0, variation) for variation in game.root.children[1:]]
    next_number = 1
    while queue:
        number, parent, start = queue.pop(0)
        nodes = _line_nodes(start)
        digits = "".join(_digits(node.move) for node in nodes if node.move is not None)
        name = "movelist" if number == 0 else f"move_{parent}_{start.ply}_{number}"
        moves.append(f"[DhtmlXQ_{name}]{digits}[/DhtmlXQ_{name}]")
        comments.extend(_comment_fields(number, nodes))
        branches.extend((number, variation) for node in nodes for variation in node.children[1:])
        for line, variation in branches:
            queue.append((next_number, line, variation))
            next_number += 1
        branches = []
    return moves + comments


def game_to_dhtmlxq(game: Game) -> str:
    """The game as one ``[DhtmlXQ]`` block (for forums and 东萍-style pages)."""
    fields = ["[DhtmlXQ]"]
    for field, tag in TAGS:
        value = game.headers.get(tag, "").strip()
        if value:
            fields.append(f"[DhtmlXQ_{field}]{_escape(value)}[/DhtmlXQ_{field}]")
    fields.append(f"[DhtmlXQ_result]{_RESULTS_OUT[game.result]}[/DhtmlXQ_result]")
    if game.is_setup:
        fields.append(f"[DhtmlXQ_binit]{_binit(game.start_fen)}[/DhtmlXQ_binit]")
    fields.extend(_line_fields(game))
    fields.append("[/DhtmlXQ]")
    return "\n".join(fields) + "\n"
