"""Parsing of the UCCI commands the built-in engine receives (pure functions, no I/O).

Every parser raises ``CommandError`` (a ValueError) whose message quotes the offending text; the loop turns
it into an ``info string error ...`` line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xiangqi.core import Move, Position
from xiangqi.core.errors import XiangqiError


class CommandError(ValueError):
    """A command line the engine cannot use; the message quotes it."""


@dataclass(frozen=True)
class GoCommand:
    ponder: bool = False
    draw: bool = False
    infinite: bool = False
    depth: int | None = None
    nodes: int | None = None
    time: float | None = None  # in the protocol's unit (seconds unless usemillisec)
    increment: float = 0.0
    movestogo: int | None = None
    movetime: float | None = None  # not UCCI, accepted for convenience (same unit as time)
    opptime: float | None = None
    oppincrement: float = 0.0
    oppmovestogo: int | None = None


_GO_NUMBERS: dict[str, type[int] | type[float]] = {
    "depth": int,
    "nodes": int,
    "time": float,
    "increment": float,
    "movestogo": int,
    "movetime": float,
    "opptime": float,
    "oppincrement": float,
    "oppmovestogo": int,
}


def parse_go(tokens: list[str]) -> GoCommand:
    """``tokens`` are the words after ``go``; unknown words are an error (quoted)."""
    values: dict[str, object] = {}
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in ("ponder", "draw", "infinite"):
            values[word] = True
            i += 1
        elif word in _GO_NUMBERS:
            if i + 1 >= len(tokens):
                raise CommandError(f"go: {word!r} needs a value")
            values[word] = _number(word, tokens[i + 1], _GO_NUMBERS[word])
            i += 2
        else:
            raise CommandError(f"go: unknown word {tokens[i]!r}")
    return GoCommand(**values)  # type: ignore[arg-type]


def _number(name: str, text: str, kind: type[int] | type[float]) -> int | float:
    try:
        value: int | float = kind(text)
    except ValueError:
        raise CommandError(f"go: {name} value {text!r} is not a number") from None
    if value < 0:
        raise CommandError(f"go: {name} value {text!r} is negative")
    return value


@dataclass
class PositionCommand:
    """The parsed ``position`` command: the start position plus the moves that could be applied."""

    start: Position
    moves: list[Move] = field(default_factory=list)
    error: str | None = None  # set when a move was illegal/unreadable: later moves are dropped


def parse_position(tokens: list[str]) -> PositionCommand:
    """``tokens`` are the words after ``position``. Raises CommandError if the start is unusable."""
    if not tokens:
        raise CommandError("position: missing 'fen ...' or 'startpos'")
    if "moves" in tokens:
        cut = tokens.index("moves")
        head, move_words = tokens[:cut], tokens[cut + 1 :]
    else:
        head, move_words = tokens, []
    start = _start_position(head)
    command = PositionCommand(start.copy())
    current = start
    for index, word in enumerate(move_words):
        try:
            move = Move.from_iccs(word)
            current.push(move)
        except XiangqiError as exc:
            command.error = f"position: move {index + 1} {word!r} rejected ({exc}); position set before it"
            break
        command.moves.append(move)
    return command


def _start_position(head: list[str]) -> Position:
    kind = head[0].lower()
    if kind == "startpos":
        if len(head) > 1:
            raise CommandError(f"position: unexpected {' '.join(head[1:])!r} after startpos")
        return Position()
    if kind != "fen":
        raise CommandError(f"position: expected 'fen' or 'startpos', got {head[0]!r}")
    fen = " ".join(head[1:])
    try:
        return Position.from_fen(fen)
    except XiangqiError as exc:
        raise CommandError(f"position: bad FEN {fen!r}: {exc}") from None


def parse_banmoves(tokens: list[str]) -> list[Move]:
    moves = []
    for word in tokens:
        try:
            moves.append(Move.from_iccs(word))
        except XiangqiError as exc:
            raise CommandError(f"banmoves: {word!r} is not a move ({exc})") from None
    return moves


@dataclass(frozen=True)
class SetOption:
    name: str
    value: str  # "" for buttons


def parse_setoption(tokens: list[str]) -> SetOption:
    """UCCI form ``setoption NAME [VALUE]``; the UCI form ``setoption name N value V`` is accepted too."""
    if not tokens:
        raise CommandError("setoption: missing option name")
    if tokens[0].lower() == "name" and len(tokens) > 1:
        rest = tokens[1:]
        if "value" in [t.lower() for t in rest]:
            cut = [t.lower() for t in rest].index("value")
            return SetOption(" ".join(rest[:cut]).lower(), " ".join(rest[cut + 1 :]))
        return SetOption(" ".join(rest).lower(), "")
    return SetOption(tokens[0].lower(), " ".join(tokens[1:]))


def parse_bool(option: SetOption) -> bool:
    value = option.value.strip().lower()
    if value in ("true", "on", "1", "yes"):
        return True
    if value in ("false", "off", "0", "no"):
        return False
    raise CommandError(f"setoption {option.name}: {option.value!r} is not true/false")


def parse_int(option: SetOption, low: int, high: int) -> int:
    try:
        value = int(option.value.strip())
    except ValueError:
        raise CommandError(f"setoption {option.name}: {option.value!r} is not an integer") from None
    if not low <= value <= high:
        raise CommandError(f"setoption {option.name}: {value} is outside {low}..{high}")
    return value
