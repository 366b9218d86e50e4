"""Writing games as PGN in the xqbase layout, and saving files atomically.

Strict: every move is checked while its text is written, the Result tag and the result token always
agree, characters the chosen encoding cannot hold are an error (naming the line) before anything is
written, and a save goes to a temporary file that replaces the target only when complete.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from xiangqi.atomic import atomic_write
from xiangqi.core import Color, NotationError, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record.errors import PgnError
from xiangqi.record.game import Game, GameNode

# xqbase's tag order; other tags follow in the order the game has them.
TAG_ORDER = (
    "Game", "Event", "Round", "Date", "Site", "RedTeam", "Red", "RedElo", "BlackTeam", "Black",
    "BlackElo", "Result", "ECCO", "Opening", "Variation", "Format", "FEN", "TimeControl",
)  # fmt: skip
FORMAT_NAMES = {Notation.ICCS: "ICCS", Notation.WXF: "WXF", Notation.CHINESE: "Chinese"}
ENCODINGS = ("utf-8", "utf-8-sig", "gbk", "gb18030", "big5")


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "move", "comment", "open", "close"
    text: str
    number: int = 0  # move number, for moves
    red: bool = True


def escape_tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def comment_text(comment: str) -> str:
    """A comment as it can stand between braces (a '}' inside would end it: use the full-width one)."""
    return comment.replace("}", "｝")


def header_lines(game: Game, notation: Notation) -> list[str]:
    tags = dict(game.headers)
    tags["Result"] = game.result
    if notation is not Notation.CHINESE:
        tags["Format"] = FORMAT_NAMES[notation]
    if game.start_fen != Position.STARTING_FEN:
        tags["FEN"] = game.start_fen
    ordered = [name for name in TAG_ORDER if name in tags]
    ordered += [name for name in tags if name not in TAG_ORDER]
    return [f'[{name} "{escape_tag_value(tags[name])}"]' for name in ordered]


def _move_texts(game: Game, notation: Notation, fullwidth: bool) -> dict[int, _Token]:
    """Each node's move text, number and side, computed by walking the tree once."""
    texts: dict[int, _Token] = {}
    for node, position in game.walk_positions():
        assert node.move is not None
        try:
            text = move_to_text(position, node.move, notation, fullwidth_digits=fullwidth)
        except NotationError as exc:
            raise PgnError(f"cannot write move {node.move.iccs()} at ply {node.ply}: {exc}") from exc
        red = position.turn is Color.RED
        texts[id(node)] = _Token("move", text, position.fullmove_number, red)
    return texts


def _movetext_tokens(game: Game, texts: dict[int, _Token]) -> list[_Token]:
    """The tree in PGN order: a move, its alternatives in parentheses, then the line goes on."""
    tokens: list[_Token] = []
    if game.root.comment:
        tokens.append(_Token("comment", game.root.comment))
    stack: list[tuple[str, GameNode]] = [("line", game.root)]
    while stack:
        action, node = stack.pop()
        if action == "close":
            tokens.append(_Token("close", ")"))
            continue
        if action == "move":
            tokens.append(_Token("open", "("))
            _append_move(tokens, node, texts)
            continue
        if not node.children:
            continue
        main, *alternatives = node.children
        _append_move(tokens, main, texts)
        stack.append(("line", main))
        for alternative in reversed(alternatives):
            stack.extend((("close", alternative), ("line", alternative), ("move", alternative)))
    return tokens


def _append_move(tokens: list[_Token], node: GameNode, texts: dict[int, _Token]) -> None:
    tokens.append(texts[id(node)])
    for nag in node.nags:
        tokens.append(_Token("nag", f"${nag}"))
    if node.comment:
        tokens.append(_Token("comment", node.comment))


class _Layout:
    """xqbase layout: one move pair per line in the main line, comments on their own lines,
    variations on their own lines with everything inside them on one line. A black move that does not
    follow its red move on the line (after a comment or a variation) gets the standard ``1...``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current = ""
        self.depth = 0
        self.need_number = True

    def flush(self) -> None:
        if self.current:
            self.lines.append(self.current)
        self.current = ""

    def add(self, token: _Token) -> None:
        if token.kind == "move":
            self.add_move(token)
        elif token.kind == "nag":
            self.current += " " + token.text
        elif token.kind == "comment":
            self.add_comment(comment_text(token.text))
        elif token.kind == "open":
            if self.depth == 0:
                self.flush()
            self.current += ("(" if self.depth == 0 else " (")
            self.depth += 1
            self.need_number = True
        else:
            self.current += " )"
            self.depth -= 1
            self.need_number = True
            if self.depth == 0:
                self.flush()

    def add_move(self, token: _Token) -> None:
        number = token.red or self.need_number
        if self.depth == 0:
            if number:
                self.flush()
                self.current = f"{token.number:3d}" + ("." if token.red else "...")
            self.current += " " + token.text
        elif number:
            self.current += f" {token.number}{'.' if token.red else '...'} {token.text}"
        else:
            self.current += " " + token.text
        self.need_number = False

    def add_comment(self, text: str) -> None:
        if self.depth == 0:
            self.flush()
            self.lines.append("{" + text + "}")
        else:
            self.current += " {" + text + "}"
        self.need_number = True


def game_to_pgn(
    game: Game, notation: Notation = Notation.CHINESE, *, fullwidth_digits: bool = True, tags: bool = True
) -> str:
    """The game as PGN text with "\\n" line ends (``tags=False``: the moves only, a text record to paste
    elsewhere). Raises PgnError for a move that is not legal."""
    texts = _move_texts(game, notation, fullwidth_digits)
    layout = _Layout()
    for token in _movetext_tokens(game, texts):
        layout.add(token)
    layout.flush()
    body = "\n".join(layout.lines + [f" {game.result}"]) + "\n"
    return "\n".join(header_lines(game, notation)) + "\n\n" + body if tags else body  # PGN: a blank line


def games_to_pgn(games: Iterable[Game], notation: Notation = Notation.CHINESE, *, fullwidth_digits: bool = True) -> str:
    return "\n".join(game_to_pgn(game, notation, fullwidth_digits=fullwidth_digits) for game in games)


@functools.cache
def _simplified_to_traditional() -> Callable[[str], str]:
    import opencc  # loaded on first use: building the converter takes a tenth of a second

    converter = opencc.OpenCC("s2tw")  # Taiwan forms: what Big5 holds (為, not 爲)
    convert: Callable[[str], str] = converter.convert
    return convert


def to_traditional(text: str) -> str:
    """Big5 holds traditional characters only: simplified text (车马炮 进退, names, comments) is written in
    its traditional form (車馬炮 進退) rather than refused; text already traditional stays as it is."""
    return _simplified_to_traditional()(text) if not text.isascii() else text


def encode_text(text: str, encoding: str = "utf-8", newline: str = "\n", path: str | None = None) -> bytes:
    """Encode strictly: a character the encoding lacks is a PgnError naming its line."""
    if encoding.lower() not in ENCODINGS:
        raise PgnError(f"unsupported encoding {encoding!r} (use one of {', '.join(ENCODINGS)})", path=path)
    if newline != "\n":
        text = text.replace("\n", newline)
    if encoding.lower() == "big5":
        text = to_traditional(text)
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        bad = text[exc.start : exc.end]
        message = f"the character cannot be written in {encoding.upper()}"
        raise PgnError(message, path=path, line=line, text=bad) from exc


def save_pgn(
    path: str | os.PathLike[str],
    games: Iterable[Game],
    *,
    notation: Notation = Notation.CHINESE,
    encoding: str = "utf-8",
    newline: str = "\n",
    fullwidth_digits: bool = True,
) -> None:
    """Write the games to ``path`` atomically (all text is produced and encoded before the file is touched)."""
    text = games_to_pgn(games, notation, fullwidth_digits=fullwidth_digits)
    atomic_write(path, encode_text(text, encoding, newline, str(path)))
