"""WinBoard / XBoard xiangqi PGN (``[Variant "xiangqi"]``): its SAN-like moves, read and written.

Squares are files ``a``–``i`` from red's left and ranks ``0``–``9`` from red's back rank (the ICCS
squares). A move is a piece letter (``R`` rook, ``H``/``N`` horse, ``E``/``B`` elephant, ``A`` advisor,
``K`` king, ``C`` cannon; none for a pawn), an optional file and/or rank of the piece to tell two apart,
``x`` for a capture, the target square and ``+``/``#`` for check/mate: ``Che2``, ``Rb0``, ``Hxg3``,
``Ege7``, ``c4`` (a pawn), ``gf3`` (the pawn on the g file to f3), ``gxg3``. White is red. Evaluation
comments (``{+0,10/7}``) are ordinary comments and are kept.

The PGN reader calls ``winboard_move`` for games with the Variant tag; ``game_to_winboard`` writes one.
"""

from __future__ import annotations

import re

from xiangqi.core import Move, NotationError, Position
from xiangqi.core.squares import FILE_NAMES
from xiangqi.record.errors import PgnError
from xiangqi.record.game import Game, GameNode
from xiangqi.record.pgn_writer import comment_text, escape_tag_value

VARIANT = "xiangqi"
_SAN = re.compile(r"([KAEBHNRCP]?)([a-i]?)([0-9]?)(x?)([a-i])([0-9])(?:=[A-Z])?[+#]*")
_LETTER_TYPES = {"K": 1, "A": 2, "E": 3, "B": 3, "H": 4, "N": 4, "R": 5, "C": 6, "P": 7, "": 7}
_TYPE_LETTERS = {1: "K", 2: "A", 3: "E", 4: "H", 5: "R", 6: "C", 7: ""}
# Tags written first, in this order (WinBoard's seven-tag roster with White for red).
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def is_winboard(tags: dict[str, str]) -> bool:
    return tags.get("Variant", "").strip().lower() == VARIANT


def red_for_white(headers: dict[str, str]) -> dict[str, str]:
    """WinBoard's White tag renamed Red (in place in the tag order) for a game read from WinBoard PGN."""
    if "White" not in headers or "Red" in headers:
        return headers
    return {("Red" if name == "White" else name): value for name, value in headers.items()}


def winboard_move(position: Position, text: str) -> Move:
    """The legal move a WinBoard SAN text names; NotationError (quoting the text) otherwise."""
    match = _SAN.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"{text!r} is not a WinBoard xiangqi move (like Che2, Hxg3, c4)")
    letter, from_file, from_rank, _, to_file, to_rank = match.groups()
    target = int(to_rank) * 9 + FILE_NAMES.index(to_file)
    ptype = _LETTER_TYPES[letter]
    cells = position.board.tolist()
    found = [
        move
        for move in position.legal_moves()
        if move.to_sq == target
        and abs(cells[move.from_sq]) == ptype
        and (not from_file or move.from_sq % 9 == FILE_NAMES.index(from_file))
        and (not from_rank or move.from_sq // 9 == int(from_rank))
    ]
    if len(found) == 1:
        return found[0]
    if not found:
        side = "red" if position.turn.value == 0 else "black"
        raise NotationError(f"{text!r}: no {side} piece can make that move here")
    raise NotationError(f"{text!r} is ambiguous: {', '.join(m.iccs() for m in found)}")


def move_to_winboard(position: Position, move: Move) -> str:
    """The shortest unambiguous WinBoard text of a legal move (file first, then rank, then both)."""
    cells = position.board.tolist()
    ptype = abs(cells[move.from_sq])
    rivals = [
        other
        for other in position.legal_moves()
        if other.to_sq == move.to_sq and other != move and abs(cells[other.from_sq]) == ptype
    ]
    source = FILE_NAMES[move.from_sq % 9], str(move.from_sq // 9)
    if not rivals:
        sideways_or_capture = move.from_sq % 9 != move.to_sq % 9 or cells[move.to_sq] != 0
        hint = source[0] if ptype == 7 and sideways_or_capture else ""  # a pawn names its file then
    elif all(other.from_sq % 9 != move.from_sq % 9 for other in rivals):
        hint = source[0]
    elif all(other.from_sq // 9 != move.from_sq // 9 for other in rivals):
        hint = source[1]
    else:
        hint = source[0] + source[1]
    capture = "x" if cells[move.to_sq] else ""
    target = FILE_NAMES[move.to_sq % 9] + str(move.to_sq // 9)
    check = "+" if position.gives_check(move) else ""
    return f"{_TYPE_LETTERS[ptype]}{hint}{capture}{target}{check}"


def _tags(game: Game) -> list[tuple[str, str]]:
    headers = dict(game.headers)
    for name in ("Variant", "SetUp", "FEN"):
        headers.pop(name, None)
    if headers.get("Game") == "Chinese Chess":
        del headers["Game"]
    values = {"White": headers.pop("Red", "?") or "?", "Result": game.result}
    tags = [(name, values.get(name, headers.pop(name, "?") or "?")) for name in _ROSTER]
    tags.append(("Variant", VARIANT))
    if game.is_setup:
        tags += [("SetUp", "1"), ("FEN", game.start_fen)]
    tags += [(name, value) for name, value in headers.items() if name not in ("White",)]
    return tags


def _movetext(game: Game) -> list[str]:
    """The tokens of the main line and its variations (recursive in shape, explicit stack in code)."""
    out: list[str] = []
    if game.root.comment:
        out.append("{" + comment_text(game.root.comment) + "}")
    position = game.start_position()
    _line(game.root, position, out)
    return out


def _line(start: GameNode, position: Position, out: list[str]) -> None:
    node, pushed, first = start, 0, True
    while node.children:
        main = node.children[0]
        _emit(main, position, out, first)
        first = False
        for variation in node.children[1:]:
            out.append("(")
            _emit(variation, position, out, True)
            assert variation.move is not None
            position.push_unchecked(variation.move)
            _line(variation, position, out)
            position.pop()
            out.append(")")
            first = True
        assert main.move is not None
        position.push_unchecked(main.move)
        pushed += 1
        node = main
    for _ in range(pushed):
        position.pop()


def _emit(node: GameNode, position: Position, out: list[str], numbered: bool) -> None:
    assert node.move is not None
    number = position.fullmove_number
    if position.turn.value == 0:
        out.append(f"{number}.")
    elif numbered:
        out.append(f"{number}...")
    out.append(move_to_winboard(position, node.move))
    out.extend(f"${nag}" for nag in node.nags)
    if node.comment:
        out.append("{" + comment_text(node.comment) + "}")


def game_to_winboard(game: Game, width: int = 79) -> str:
    """A game as WinBoard/XBoard xiangqi PGN text (tags, a blank line, wrapped movetext, result)."""
    lines = [f'[{name} "{escape_tag_value(value)}"]' for name, value in _tags(game)]
    tokens = _movetext(game) + [game.result]
    text, current = [], ""
    for token in tokens:
        if current and len(current) + 1 + len(token) > width:
            text.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    text.append(current)
    return "\n".join(lines) + "\n\n" + "\n".join(text) + "\n"


def games_to_winboard(games: list[Game]) -> str:
    return "\n".join(game_to_winboard(game) for game in games)


__all__ = ["PgnError", "game_to_winboard", "games_to_winboard", "is_winboard", "move_to_winboard", "winboard_move"]
