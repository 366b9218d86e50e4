"""Reading one game of PGN text (xqbase convention) into a Game, leniently.

Tags, then movetext: move numbers (``12.``, ``12...``, ``12. ...``), moves in ICCS / WXF / Chinese,
``{comments}``, ``; comments``, ``$n`` and ``!?`` annotations, nested ``( variations )`` and a result
token (``1-0``, ``0-1``, ``1/2-1/2``, ``*``); anything after the result (xqbase adverts) is ignored.
A headerless text may start with a FEN line (a pasted move list).

Problems are recorded in ``game.errors`` as PgnError with the line and the text: a bad tag is skipped; a
bad move inside a variation drops the rest of that variation; a bad move in the main line ends the game
there (the moves before it are kept and the error says where reading stopped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xiangqi.core import FenError, Move, NotationError, Position
from xiangqi.core.notation import Notation, detect_notation, text_to_move
from xiangqi.record.errors import PgnError
from xiangqi.record.game import RESULTS, Game, GameNode, clean_comment
from xiangqi.record.limits import MAX_TAG_CHARS, cut_tag_value
from xiangqi.record.winboard import is_winboard, red_for_white, winboard_move

# Possessive runs: one step per run of plain characters, not one backtracking frame per character
# (a 30 MB tag value took 35 s and 5 GB).
_STRICT_TAG = r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]++|\\.)*+)"\s*\]'
_TAG_LINE = re.compile(rf"(?:[ \t]*{_STRICT_TAG})+[ \t]*")
_STRICT_TAG_RE = re.compile(_STRICT_TAG)
# A value with stray quotes inside (seen in the wild): everything between the first and last quote.
_LOOSE_TAG = re.compile(r'[ \t]*\[\s*([A-Za-z0-9_]+)\s*"(.*)"\s*\][ \t]*')
_BARE_TAG = re.compile(r"[ \t]*\[\s*([A-Za-z0-9_]+)\s+([^\]\"]*)\][ \t]*")
_MAX_DETAIL = 200   # characters of a reader's own error quoted in a message (a FEN tag may be megabytes)
# A tag line longer than this is read without running the expressions above over it (``_long_tag_line``).
LONG_TAG_LINE = 4 * MAX_TAG_CHARS
_TAG_HEAD = re.compile(r'[ \t]*+\[\s*+([A-Za-z0-9_]++)\s*+"')
_TAG_TAIL = re.compile(r'"\s*+\][ \t]*+')
_FEN_LINE = re.compile(
    r"\s*(?P<fen>[1-9A-Za-z]+(?:/[1-9A-Za-z]+){9}(?:[ \t]+[wrbWRB](?:[ \t]+[^\n,]*)?)?)[ \t]*[,\n]?"
)
# White space (and commas, of pasted move lists) is not a token: finditer steps over it.
_TOKEN = re.compile(
    r"""
    (?P<comment>\{[^}]*\}?)
  | (?P<semi>;[^\n]*(?:\n[ \t]*;[^\n]*)*+)
  | (?P<open>[(（])
  | (?P<close>[)）])
  | (?P<nag>\$\d+)
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*|[红紅黑][方先]?[胜勝负負和]|和棋|和局)(?![^\s(){};,（）]))
  | (?P<number>\d+\s*(?:\.|…|．)+(?!\d))
  | (?P<escape>(?<=\n)%[^\n]*)
  | (?P<word>[^\s(){};,（）]+)
    """,
    re.VERBOSE,
)
_SUFFIX = re.compile(r"[!?]+$")
_FEN_TAG = re.compile(r"^[ \t]*\[[ \t]*FEN\b", re.IGNORECASE | re.MULTILINE)
_SEMI_EDGES = re.compile(r"^[ \t]*;[ \t\r\x00]*|[ \t\r\x00]+$", re.MULTILINE)  # of each ; line
_BLANK_LINES = re.compile(r"\n{2,}")
MAX_GAME_ERRORS = 100  # a game lists this many problems, then counts the rest ("and N more")
MAX_MOVE_CHARS = 64  # longer words are not moves: reported without trying every notation on them
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
FORMATS = {"iccs": Notation.ICCS, "wxf": Notation.WXF, "chinese": Notation.CHINESE, "中文": Notation.CHINESE}
# Result words of Chinese move lists ("红胜" red wins, "黑先负" black moved first and lost, ...).
_WORD_RESULTS = {"胜": ("1-0", "0-1"), "勝": ("1-0", "0-1"), "负": ("0-1", "1-0"), "負": ("0-1", "1-0")}


def result_of_token(token: str) -> str:
    """'1-0', '0-1', '1/2-1/2' or '*' for a result token, PGN or Chinese."""
    if token in RESULTS:
        return token
    if token.endswith("和") or token.startswith("和"):
        return "1/2-1/2"
    red_first, black_first = _WORD_RESULTS[token[-1]]
    return red_first if token[0] in "红紅" else black_first


# Databases repeat their openings: a move text read on a board (the same cells, the same side to move)
# names the same legal move there whatever game it is in, so a file's games share their readings.
MoveMemo = dict[tuple[bytes, object, "Notation | None", str], Move]
_MEMO_SIZE = 50_000


def split_annotation(word: str) -> tuple[str, int]:
    """A move and the NAG of its "!", "?", "!?"... suffix (0 when there is none)."""
    if word[-1] not in "!?":
        return word, 0
    suffix = _SUFFIX.search(word)
    if suffix is None or suffix.start() == 0:
        return word, 0
    return word[: suffix.start()], SUFFIX_NAGS.get(suffix.group(), 0)


@dataclass(frozen=True, slots=True)
class TagBlock:
    tags: list[tuple[str, str]]
    end: int  # offset where the movetext starts
    problems: list[tuple[int, str, str]]  # (offset, reason, text) of lines that looked like bad tags


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\") if "\\" in value else value


def _line_tags(line: str) -> list[tuple[str, str]] | None:
    if len(line) > LONG_TAG_LINE:
        return _long_tag_line(line)
    if _TAG_LINE.fullmatch(line):
        return [(name, _unescape(value)) for name, value in _STRICT_TAG_RE.findall(line)]
    loose = _LOOSE_TAG.fullmatch(line) or _BARE_TAG.fullmatch(line)
    if loose:
        return [(loose.group(1), _unescape(loose.group(2).strip()))]
    return None


def _long_tag_line(line: str) -> list[tuple[str, str]] | None:
    """The one tag of a line megabytes long (``[Name "value"]``, the value from the first quote to the
    last, as ``_LOOSE_TAG`` reads it). Its ends are found by expressions over a few characters and
    ``str.rfind``: a regular expression holds the interpreter lock for its whole run (0.1 s for each pass
    over a 10 MB tag), and a worker reading such a file then froze the window that waited for the lock."""
    head = _TAG_HEAD.match(line, 0, 200)
    close = line.rfind('"')
    if head is None or close < head.end() or _TAG_TAIL.fullmatch(line, close) is None:
        return None
    return [(head.group(1), _unescape(line[head.end() : close]))]


def _cut_tags(found: list[tuple[str, str]], pos: int, problems: list[tuple[int, str, str]]) -> list[tuple[str, str]]:
    """The tags of one line, each value cut at ``MAX_TAG_CHARS`` (reported in ``problems``)."""
    kept = []
    for name, value in found:
        value, reason = cut_tag_value(name, value)
        if reason is not None:
            problems.append((pos, reason, value))
        kept.append((name, value))
    return kept


def read_tag_block(text: str, start: int = 0) -> TagBlock:
    """The tag lines at ``start`` (blank lines and ``%`` lines between them allowed)."""
    tags: list[tuple[str, str]] = []
    problems: list[tuple[int, str, str]] = []
    pos, size = start, len(text)
    while pos < size:
        end = text.find("\n", pos)
        end = size if end < 0 else end
        line = text[pos:end]
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            if not stripped.startswith("["):
                break
            found = _line_tags(line)
            if found is None:
                problems.append((pos, "unreadable tag line (skipped)", stripped))
            else:
                tags.extend(_cut_tags(found, pos, problems))
        pos = end + 1
    return TagBlock(tags, min(pos, size), problems)


def _find_tag(tags: list[tuple[str, str]], name: str) -> str | None:
    wanted = name.lower()
    found = None
    for key, value in tags:
        if key.lower() == wanted:
            found = value
    return found


@dataclass
class _Frame:
    """An open variation: the node it branched from and the moves pushed inside it so far."""

    resume: GameNode
    pushed: int = 0
    dummy: bool = False  # a "(" met while skipping: nothing to undo


class _GameParser:
    def __init__(self, text: str, path: str | None, index: int | None, first_line: int, memo: MoveMemo | None) -> None:
        self.text, self.path, self.index, self.first_line = text, path, index, first_line
        self.memo = memo
        self.game = Game(headers={})
        self.game.source = path
        self.notation: Notation | None = None  # from the [Format] tag
        self.last_notation: Notation | None = None
        self.position = Position()
        self.node = self.game.root
        self.frames: list[_Frame] = []
        self.skip_depth = -1  # >= 0 while skipping the rest of a broken variation at that depth
        self.stopped = False
        self.winboard = False  # [Variant "xiangqi"]: WinBoard SAN moves (Che2, Hxg3, c4)

    # --- errors --------------------------------------------------------------------------------
    _line_mark: tuple[int, int] = (0, 0)  # (offset, newlines before it): errors come in text order
    suppressed = 0  # errors past MAX_GAME_ERRORS, only counted

    def line_of(self, offset: int) -> int:
        """Counted on from the last offset asked for, so many errors cost one pass over the text."""
        mark, count = self._line_mark if offset >= self._line_mark[0] else (0, 0)
        count += self.text.count("\n", mark, offset)
        self._line_mark = (offset, count)
        return self.first_line + count

    def error(self, offset: int, reason: str, text: str | None) -> None:
        if len(self.game.errors) >= MAX_GAME_ERRORS:
            self.suppressed += 1
            return
        self.game.errors.append(
            PgnError(reason, path=self.path, line=self.line_of(offset), game=self.index, text=text)
        )

    # --- header ----------------------------------------------------------------------------------
    def read_header(self) -> int:
        block = read_tag_block(self.text)
        for offset, reason, text in block.problems:
            self.error(offset, reason, text)
        for name, value in block.tags:
            if name.lower() not in ("fen", "result", "format"):
                self.game.headers[name] = value
        if is_winboard(self.game.headers):
            self.winboard = True
            self.game.headers = red_for_white(self.game.headers)
        result = _find_tag(block.tags, "Result")
        if result is not None:
            self.game.result = result.strip() if result.strip() in RESULTS else "*"
        fmt = _find_tag(block.tags, "Format")
        self.notation = FORMATS.get(fmt.strip().lower()) if fmt else None
        fen = _find_tag(block.tags, "FEN")
        if fen is None and not block.tags:
            match = _FEN_LINE.match(self.text)
            if match:
                return self.set_start(match.group("fen"), 0, match.end())
        if fen is None:     # no search through the tags (one may be megabytes long: see _long_tag_line)
            return block.end
        fen_tag = _FEN_TAG.search(self.text, 0, block.end)
        return self.set_start(fen, fen_tag.start() if fen_tag else 0, block.end)

    def set_start(self, fen: str | None, offset: int, movetext: int) -> int:
        if fen is None or not fen.strip():
            return movetext
        try:
            self.position = Position.from_fen(fen.strip())
        except FenError as exc:
            detail = str(exc) if len(str(exc)) <= _MAX_DETAIL else str(exc)[:_MAX_DETAIL] + "…"   # it quotes the FEN
            self.error(offset, f"bad FEN, game not read: {detail}", fen)
            self.stopped = True
            return movetext
        self.game.start_fen = self.position.fen()
        return movetext

    # --- movetext --------------------------------------------------------------------------------
    def read_movetext(self, start: int) -> None:
        on_word = self.on_word  # most tokens are moves: called straight, not through _HANDLERS
        for match in _TOKEN.finditer(self.text, start):
            kind = match.lastgroup  # never None: every alternative of _TOKEN is a named group
            if kind == "word":
                on_word(match.group(), match.start())
            elif kind is None or kind == "number" or kind == "escape":
                continue
            elif kind == "result":
                if self.frames:
                    continue  # a result inside a variation does not end the game
                self.finish(result_of_token(match.group()))
                return
            else:
                _HANDLERS[kind](self, match.group(), match.start())
            if self.stopped:
                return
        self.close_open_variations(len(self.text))

    def on_word(self, word: str, offset: int) -> None:
        if self.skip_depth >= 0:
            return
        if word[0] in ".…．" and word.strip(".…．") == "":
            return  # "..." after a move number
        if len(word) > MAX_MOVE_CHARS:
            self.bad_move(offset, word, ValueError(f"{len(word)} characters are too long for a move"))
            return
        if word in SUFFIX_NAGS:  # a stand-alone "!" / "?!" after a move (with a space between)
            if self.node.parent is not None:
                self.node.nags.append(SUFFIX_NAGS[word])
            return
        word, nag = split_annotation(word) if word[-1] in "!?" else (word, 0)
        try:
            move = self.read_move(word)
        except NotationError as exc:
            self.bad_move(offset, word, exc)
            return
        self.position.push_unchecked(move)  # text_to_move only returns legal moves
        self.node = self.node.add_child(move)
        if self.frames:
            self.frames[-1].pushed += 1
        if nag:
            self.node.nags.append(nag)

    def read_move(self, word: str) -> Move:
        """The move ``word`` names here, remembered for the next game that reaches the same board."""
        if self.winboard:
            try:
                return winboard_move(self.position, word)
            except NotationError as exc:
                try:  # the game was saved again in our notations, keeping its Variant tag
                    return self.notation_move(word)
                except NotationError:
                    raise exc from None  # the WinBoard reading's words say more
        memo = self.memo
        if memo is None:
            return self.notation_move(word)
        position = self.position
        key = (position.board.tobytes(), position.turn, self.notation, word)
        move = memo.get(key)
        if move is None:
            move = self.notation_move(word)
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            memo[key] = move
        return move

    def notation_move(self, word: str) -> Move:
        """The [Format] notation first, else the one the previous move was in; detection otherwise."""
        expected = self.notation or self.last_notation
        if expected is not None:
            try:
                return text_to_move(self.position, word, expected)
            except NotationError:
                pass  # a wrong [Format] tag, or a file that mixes notations: detect below
        detected = detect_notation(word)
        move = text_to_move(self.position, word, detected)
        self.last_notation = detected
        return move

    def bad_move(self, offset: int, word: str, exc: Exception) -> None:
        ply = self.position.ply
        if self.frames:
            self.error(offset, f"bad move in a variation (rest of the variation skipped): {exc}", word)
            self.skip_depth = len(self.frames)
            return
        self.error(offset, f"bad move; game read up to ply {ply}, the rest is skipped: {exc}", word)
        self.stopped = True

    def on_comment(self, token: str, offset: int) -> None:
        if self.skip_depth >= 0:
            return
        if not token.endswith("}"):
            self.error(offset, "comment not closed (read to the end of the game)", token[:40])
            body = token[1:]
        else:
            body = token[1:-1]
        self.add_comment(body)

    def on_semi(self, token: str, offset: int) -> None:
        """A run of ``;`` lines (one token: two million of them were a Python call each)."""
        if self.skip_depth < 0:
            body = _SEMI_EDGES.sub("", token)
            self.add_comment(_BLANK_LINES.sub("\n", body) if "\n\n" in body else body)

    _comment_parts: dict[int, tuple[GameNode, list[str]]] | None = None

    def add_comment(self, body: str) -> None:
        """Collected per node and joined once at the end: joining at every ``;`` line is quadratic."""
        body = clean_comment(body)
        if body:
            if self._comment_parts is None:
                self._comment_parts = {}
            node = self.node
            self._comment_parts.setdefault(id(node), (node, [node.comment] if node.comment else []))[1].append(body)

    def finish_comments_and_errors(self) -> None:
        for node, parts in (self._comment_parts or {}).values():
            node.comment = "\n".join(parts)
        if self.suppressed:
            self.game.errors.append(PgnError(f"and {self.suppressed} more problems in this game (not listed)",
                                             path=self.path, line=self.line_of(len(self.text)), game=self.index))

    def on_nag(self, token: str, offset: int) -> None:
        if self.skip_depth < 0 and self.node.parent is not None:
            self.node.nags.append(int(token[1:]))

    def on_open(self, token: str, offset: int) -> None:
        if self.skip_depth >= 0:
            self.frames.append(_Frame(self.node, dummy=True))  # only counts the nesting
            return
        if self.node.parent is None:
            self.error(offset, "variation before any move (skipped)", token)
            self.frames.append(_Frame(self.node, dummy=True))
            self.skip_depth = len(self.frames)
            return
        self.frames.append(_Frame(self.node))
        self.position.pop()
        self.node = self.node.parent

    def on_close(self, token: str, offset: int) -> None:
        if not self.frames:
            self.error(offset, "')' without a variation to close (ignored)", token)
            return
        self.rewind(self.frames.pop())

    def rewind(self, frame: _Frame) -> None:
        """Back out of a variation to the move it branched from."""
        if not frame.dummy:
            for _ in range(frame.pushed):
                self.position.pop()
            assert frame.resume.move is not None
            self.position.push_unchecked(frame.resume.move)
            self.node = frame.resume
        if len(self.frames) < self.skip_depth:
            self.skip_depth = -1

    def close_open_variations(self, offset: int) -> None:
        if self.frames:
            self.error(offset, f"{len(self.frames)} variation(s) not closed", None)
        while self.frames:
            self.rewind(self.frames.pop())

    def finish(self, result: str) -> None:
        """The result token: it wins over the Result tag unless it is the non-committal '*'."""
        if result != "*":
            self.game.result = result

    def parse(self) -> Game:
        movetext = self.read_header()
        if not self.stopped:
            self.read_movetext(movetext)
        self.finish_comments_and_errors()
        return self.game


_HANDLERS = {
    "word": _GameParser.on_word,
    "comment": _GameParser.on_comment,
    "semi": _GameParser.on_semi,
    "nag": _GameParser.on_nag,
    "open": _GameParser.on_open,
    "close": _GameParser.on_close,
}


def parse_game(
    text: str,
    *,
    path: str | None = None,
    index: int | None = None,
    first_line: int = 1,
    memo: MoveMemo | None = None,
) -> Game:
    """One game from its PGN text. Never raises for bad input: problems go to ``game.errors``.

    ``memo`` (a dict kept by the caller across the games of one file) remembers the moves read.
    """
    return _GameParser(text, path, index, first_line, memo).parse()
