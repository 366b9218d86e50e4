"""Typed values that travel between the program and an engine (no Qt, no I/O).

Every move in these values is a core ``Move`` with ICCS ranks 0-9, whatever the engine's own numbering.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from xiangqi.core import Move

OptionValue = str | int | bool


class OptionKind(Enum):
    CHECK = "check"
    SPIN = "spin"
    COMBO = "combo"
    STRING = "string"
    BUTTON = "button"
    LABEL = "label"


@dataclass(frozen=True, slots=True)
class EngineOption:
    """One ``option`` line: what the options dialog shows and what ``setoption`` may send."""

    name: str
    kind: OptionKind
    default: OptionValue | None = None
    min: int | None = None
    max: int | None = None
    vars: tuple[str, ...] = ()

    def coerce(self, value: OptionValue | None) -> OptionValue | None:
        """``value`` converted to this option's type; ``ValueError`` naming the option if it cannot be."""
        if self.kind in (OptionKind.BUTTON, OptionKind.LABEL):
            return None
        if self.kind is OptionKind.CHECK:
            return _as_bool(self.name, value)
        if self.kind is OptionKind.SPIN:
            return _as_spin(self, value)
        text = "" if value is None else str(value)
        if self.kind is OptionKind.COMBO and self.vars:
            matches = [v for v in self.vars if v.lower() == text.lower()]
            if not matches:
                raise ValueError(f"option {self.name!r}: {text!r} is not one of {', '.join(self.vars)}")
            return matches[0]
        return text

    def describe(self) -> str:
        """One line for listings: ``Hash spin default 16 min 1 max 33554432``."""
        parts = [self.name, self.kind.value]
        if self.default is not None:
            parts += ["default", format_option_value(self.default)]
        if self.min is not None:
            parts += ["min", str(self.min)]
        if self.max is not None:
            parts += ["max", str(self.max)]
        for var in self.vars:
            parts += ["var", var]
        return " ".join(parts)


def _as_bool(name: str, value: OptionValue | None) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "1", "yes", "on"):
        return True
    if text in ("false", "0", "no", "off"):
        return False
    raise ValueError(f"option {name!r}: {value!r} is not true/false")


def _as_spin(option: EngineOption, value: OptionValue | None) -> int:
    if isinstance(value, bool) or value is None:
        raise ValueError(f"option {option.name!r}: {value!r} is not a whole number")
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"option {option.name!r}: {value!r} is not a whole number") from None
    low = option.min if option.min is not None else number
    high = option.max if option.max is not None else number
    if not low <= number <= high:
        raise ValueError(f"option {option.name!r}: {number} is outside {option.min}..{option.max}")
    return number


def format_option_value(value: OptionValue) -> str:
    """How a value is written on the wire: booleans as ``true``/``false``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ScoreKind(Enum):
    """What an engine's score is. Only CP and MATE are evaluations; the others must not be shown or
    judged as a number of pawns."""

    CP = "cp"          # centipawns on the common scale (Fairy-Stockfish 11.1 UCI centipawns)
    MATE = "mate"      # mate in ``mate`` moves
    RULING = "ruling"  # the engine's own repetition ruling (ElephantEye's ban values): won/lost by its rules
    BOOK = "book"      # an opening-book move's weight (the engine did not search)


@dataclass(frozen=True, slots=True)
class Score:
    """An engine's evaluation from the side to move's point of view, on the common scale.

    The engine layer normalises every engine's own units (``xiangqi.engine.protocol.ScoreScale``, data from
    ``engines/families.toml``): ``cp`` is centipawns of Fairy-Stockfish 11.1 in UCI mode, ``mate`` is moves
    to mate (negative: mated). ``ruling`` (+1 / -1) marks a repetition ruling and ``book`` a book weight:
    neither is an evaluation, and ``cp`` and ``mate`` are then None. ``raw`` is what the engine sent."""

    cp: int | None = None
    mate: int | None = None
    bound: str | None = None  # "lower", "upper" or None
    ruling: int | None = None  # +1: the side to move wins by the engine's repetition ruling; -1: loses
    book: int | None = None    # the book move's weight
    raw: str | None = field(default=None, compare=False)  # the engine's own words: "277", "mate 3", "9897"

    @property
    def kind(self) -> ScoreKind:
        if self.mate is not None:
            return ScoreKind.MATE
        if self.ruling is not None:
            return ScoreKind.RULING
        if self.book is not None:
            return ScoreKind.BOOK
        return ScoreKind.CP

    @property
    def is_evaluation(self) -> bool:
        """A number of pawns or a mate (what a graph, a review or an adjudication may use)."""
        return self.cp is not None or self.mate is not None

    def __str__(self) -> str:
        if self.mate is not None:
            text = f"mate {self.mate}"
        elif self.ruling is not None:
            text = f"ruling {self.ruling:+d}"
        elif self.book is not None:
            text = f"book {self.book}"
        else:
            text = f"cp {self.cp}"
        return text + (f" {self.bound}bound" if self.bound else "")


@dataclass(frozen=True, slots=True)
class Info:
    """One ``info`` line. Fields the engine did not send are None (``pv`` empty)."""

    depth: int | None = None
    seldepth: int | None = None
    multipv: int | None = None
    score: Score | None = None
    wdl: tuple[int, int, int] | None = None
    nodes: int | None = None
    nps: int | None = None
    time_ms: int | None = None
    hashfull: int | None = None
    tbhits: int | None = None
    currmove: Move | None = None
    currmovenumber: int | None = None
    pv: tuple[Move, ...] = ()
    string: str | None = None  # UCI "string" and UCCI "message": text meant for the user
    skipped: tuple[str, ...] = field(default=(), compare=False)  # fields we could not read (logged)


@dataclass(frozen=True, slots=True)
class BestMove:
    """``bestmove``; ``move`` is None for ``bestmove (none)`` / ``nobestmove`` (no move to play)."""

    move: Move | None
    ponder: Move | None = None
    draw: bool = False
    resign: bool = False
    skipped: tuple[str, ...] = field(default=(), compare=False)  # words we could not read (logged)

    def __str__(self) -> str:
        text = f"bestmove {self.move.iccs() if self.move else '(none)'}"
        if self.ponder:
            text += f" ponder {self.ponder.iccs()}"
        return text + (" draw" if self.draw else "") + (" resign" if self.resign else "")


@dataclass(frozen=True, slots=True)
class SearchLimits:
    """What bounds a search. Times in milliseconds; at least one limit (or ``infinite``) must be set."""

    depth: int | None = None
    nodes: int | None = None
    movetime_ms: int | None = None
    red_time_ms: int | None = None
    black_time_ms: int | None = None
    red_increment_ms: int = 0
    black_increment_ms: int = 0
    moves_to_go: int | None = None
    infinite: bool = False

    @property
    def has_clock(self) -> bool:
        return self.red_time_ms is not None or self.black_time_ms is not None

    def problems(self) -> list[str]:
        """Why these limits cannot be sent (Pikafish exits on a bad ``go`` argument)."""
        found = []
        for name in ("depth", "nodes", "movetime_ms", "moves_to_go"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 1):
                found.append(f"{name}={value!r} must be a whole number >= 1")
        for name in ("red_time_ms", "black_time_ms", "red_increment_ms", "black_increment_ms"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 0):
                found.append(f"{name}={value!r} must be a whole number >= 0")
        if self.has_clock and (self.red_time_ms is None or self.black_time_ms is None):
            found.append("a game clock needs both red_time_ms and black_time_ms")
        limited = (self.depth, self.nodes, self.movetime_ms, self.red_time_ms)
        if not self.infinite and all(v is None for v in limited):
            found.append("no limit given (depth, nodes, movetime, clock or infinite)")
        return found


def format_info(info: Info) -> str:
    """An ``info`` line in UCI spelling with ICCS moves (ranks 0-9), for logs, consoles and the CLI."""
    words = ["info"]
    for label, value in (("depth", info.depth), ("seldepth", info.seldepth), ("multipv", info.multipv)):
        if value is not None:
            words += [label, str(value)]
    if info.score is not None:
        words += ["score", str(info.score)]
        raw = info.score.raw
        if raw is not None and raw not in (str(info.score.cp), f"mate {info.score.mate}"):
            words += ["raw", raw]  # the engine's own number, when normalising changed it
    if info.wdl is not None:
        words += ["wdl", *map(str, info.wdl)]
    for label, value in (("nodes", info.nodes), ("nps", info.nps), ("time", info.time_ms),
                         ("hashfull", info.hashfull), ("tbhits", info.tbhits)):
        if value is not None:
            words += [label, str(value)]
    if info.currmove is not None:
        words += ["currmove", info.currmove.iccs()]
    if info.currmovenumber is not None:
        words += ["currmovenumber", str(info.currmovenumber)]
    if info.pv:
        words += ["pv", *(move.iccs() for move in info.pv)]
    if info.string is not None:
        words += ["string", info.string]
    return " ".join(words)
