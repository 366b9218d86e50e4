"""UCCI and UCI as data: formatting commands and parsing engine lines into typed values (no Qt, no I/O).

A ``Dialect`` holds everything that differs between the two protocols (keywords, templates, how clocks
are spelt); a ``WireFormat`` adds what differs between engines speaking the same dialect (rank numbering,
time unit). The rest of the program only sees ICCS moves with ranks 0-9 and milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from xiangqi.core import Color, Move
from xiangqi.core.errors import NotationError
from xiangqi.core.squares import file_of, rank_of, square
from xiangqi.engine.messages import (
    BestMove,
    EngineOption,
    Info,
    OptionKind,
    OptionValue,
    Score,
    SearchLimits,
    format_option_value,
)

__all__ = [
    "BestMove", "ByeLine", "Dialect", "DialectRules", "EngineLine", "EngineOption", "HelloOk", "IdLine",
    "Info", "MalformedBestMove", "NO_MOVE", "NoBestMove", "OptionKind", "OptionLine", "OtherLine",
    "ReadyOk", "Score", "ScoreScale", "SearchLimits", "WireFormat", "parse_bestmove", "parse_line", "parse_info",
    "parse_option", "thin_info_lines",
]


# ---------------------------------------------------------------------------------------------- clocks
# The two dialects spell game clocks differently: UCCI from the side to move's point of view
# ("time ... opptime ..."), UCI by colour ("wtime ... btime ..."). Each speller returns the words.

def _ucci_clock_words(limits: SearchLimits, turn: Color, scale: Callable[[int], int]) -> list[str]:
    own, opp = _by_side(limits, turn)
    words = ["time", str(scale(own[0]))]
    # UCCI allows movestogo OR increment, not both; a moves-per-period clock wins.
    if limits.moves_to_go:
        words += ["movestogo", str(limits.moves_to_go), "opptime", str(scale(opp[0])),
                  "oppmovestogo", str(limits.moves_to_go)]
    else:
        words += ["increment", str(scale(own[1])), "opptime", str(scale(opp[0])),
                  "oppincrement", str(scale(opp[1]))]
    return words


def _uci_clock_words(limits: SearchLimits, turn: Color, scale: Callable[[int], int]) -> list[str]:
    words = ["wtime", str(scale(limits.red_time_ms or 0)), "btime", str(scale(limits.black_time_ms or 0)),
             "winc", str(scale(limits.red_increment_ms)), "binc", str(scale(limits.black_increment_ms))]
    if limits.moves_to_go:
        words += ["movestogo", str(limits.moves_to_go)]
    return words


def _search_words(limits: SearchLimits, timed: bool) -> list[str]:
    """Depth and nodes, after the time words if any. ElephantEye reads only the first mode of a ``go``
    (so the time, or the depth, rules there); the built-in engine, Fairy-Stockfish and UCI engines
    honour every limit. ``infinite`` only when nothing else bounds the search."""
    words = []
    for token, value in (("depth", limits.depth), ("nodes", limits.nodes)):
        if value is not None:
            words += [token, str(value)]
    return words or ([] if timed else ["infinite"])


def _by_side(limits: SearchLimits, turn: Color) -> tuple[tuple[int, int], tuple[int, int]]:
    red = (limits.red_time_ms or 0, limits.red_increment_ms)
    black = (limits.black_time_ms or 0, limits.black_increment_ms)
    return (red, black) if turn == Color.RED else (black, red)


@dataclass(frozen=True, slots=True)
class DialectRules:
    """Everything that differs between UCCI and UCI, as values."""

    key: str                       # "ucci" / "uci"
    hello: str                     # first command
    hello_ok: str                  # its answer
    setoption: str                 # template with {name} and {value}
    setoption_button: str          # template with {name}
    sync: str | None               # "isready" after setup, or None (UCCI: ucciok is enough)
    new_game: tuple[str, ...]      # what starts a new game
    movetime: str                  # template with {ms}: fixed time per move
    clock_words: Callable[[SearchLimits, Color, Callable[[int], int]], list[str]]
    draw_offer: str | None         # "go draw" / "ponderhit draw" word, None if the dialect has none
    ban_with: str                  # "banmoves" (a command) or "searchmoves" (the allowed moves on go)
    default_time_ms: bool          # times in ms unless told otherwise (UCCI: seconds until usemillisec)
    may_quit_with_bye: bool

    def __repr__(self) -> str:
        return f"DialectRules({self.key})"


class Dialect(Enum):
    UCCI = DialectRules(
        key="ucci", hello="ucci", hello_ok="ucciok",
        setoption="setoption {name} {value}", setoption_button="setoption {name}",
        sync=None, new_game=("setoption newgame",),
        # ElephantEye has no movetime: a one-move period spends (nearly) the whole time on this move.
        movetime="time {ms} movestogo 1",
        clock_words=_ucci_clock_words, draw_offer="draw", ban_with="banmoves",
        default_time_ms=False, may_quit_with_bye=True,
    )
    UCI = DialectRules(
        key="uci", hello="uci", hello_ok="uciok",
        setoption="setoption name {name} value {value}", setoption_button="setoption name {name}",
        sync="isready", new_game=("ucinewgame",),
        movetime="movetime {ms}",
        clock_words=_uci_clock_words, draw_offer=None, ban_with="searchmoves",
        default_time_ms=True, may_quit_with_bye=False,
    )

    @property
    def rules(self) -> DialectRules:
        return self.value

    @property
    def other(self) -> Dialect:
        return Dialect.UCI if self is Dialect.UCCI else Dialect.UCCI

    @classmethod
    def from_key(cls, key: str) -> Dialect:
        for dialect in cls:
            if dialect.rules.key == key.strip().lower():
                return dialect
        raise ValueError(f"unknown engine protocol {key!r} (expected ucci or uci)")


# Fairy-Stockfish offers this option in both modes; set it when it is not already xiangqi.
VARIANT_OPTION = ("UCI_Variant", "xiangqi")
# UCCI's millisecond switch: "send setoption usemillisec true when offered, else time in seconds".
MILLISECOND_OPTION = "usemillisec"


# ---------------------------------------------------------------------------------------------- scores
@dataclass(frozen=True, slots=True)
class ScoreScale:
    """How one engine family writes scores, as data (``engines/families.toml``): its unit and the ranges of
    its special values. ``normalise`` turns a raw number into a ``Score`` on the common scale.

    ``units_per_pawn``: engine units per pawn of the common scale (Fairy-Stockfish 11.1 UCI centipawns;
    measured by ``tests/bench/score_scale.py``). ``mate``: |raw| in this closed range is a mate, the plies
    to mate being ``mate[1] - |raw|`` (ElephantEye: 10000 - distance). ``ruling``: |raw| in this range is
    the engine's repetition ruling (ElephantEye's BAN_VALUE 9900 - distance), not a number of pawns.
    ``book_at_depth0``: an ``info depth 0`` score is a book weight (ElephantEye's book lines)."""

    units_per_pawn: float = 100.0
    mate: tuple[int, int] | None = None
    ruling: tuple[int, int] | None = None
    book_at_depth0: bool = False

    def __post_init__(self) -> None:
        if not self.units_per_pawn > 0:
            raise ValueError(f"a score unit must be positive, not {self.units_per_pawn!r}")
        for name, span in (("mate", self.mate), ("ruling", self.ruling)):
            if span is not None and not 0 < span[0] <= span[1]:
                raise ValueError(f"{name} range {list(span)!r} must be two numbers 0 < low <= high")

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY_SCALE

    def normalise(self, number: int, bound: str | None = None) -> Score:
        """A bare score (UCCI ``score N``, UCI ``score cp N``) on the common scale."""
        size = abs(number)
        sign = 1 if number > 0 else -1
        raw = str(number)
        if self.mate is not None and self.mate[0] <= size <= self.mate[1]:
            plies = self.mate[1] - size
            return Score(mate=sign * ((plies + 1) // 2 if number > 0 else plies // 2), bound=bound, raw=raw)
        if self.ruling is not None and self.ruling[0] <= size <= self.ruling[1]:
            return Score(ruling=sign, bound=bound, raw=raw)
        if self.units_per_pawn == 100.0:
            return Score(cp=number, bound=bound, raw=raw)
        return Score(cp=round(number * 100 / self.units_per_pawn), bound=bound, raw=raw)


IDENTITY_SCALE = ScoreScale()


# ---------------------------------------------------------------------------------------------- wire
_WIRE_MOVE = re.compile(r"([a-iA-I])(\d{1,2})-?([a-iA-I])(\d{1,2})")
_PARSED_MOVES: dict[tuple[str, int], Move] = {}  # every pv repeats the same few moves: parse each once


@dataclass(frozen=True, slots=True)
class WireFormat:
    """How one running engine writes moves, times and scores: its dialect, its rank numbering (0-9, or 1-10
    for Fairy-Stockfish in UCI mode), whether ``go`` times are milliseconds, and its score scale."""

    dialect: Dialect
    rank_base: int = 0
    time_in_ms: bool = True
    scores: ScoreScale = IDENTITY_SCALE

    # --- moves
    def move(self, move: Move) -> str:
        base = self.rank_base
        frm, to = move.from_sq, move.to_sq
        return (f"{'abcdefghi'[file_of(frm)]}{rank_of(frm) + base}"
                f"{'abcdefghi'[file_of(to)]}{rank_of(to) + base}")

    def parse_move(self, text: str) -> Move:
        """An engine's move in ICCS ranks 0-9; ``NotationError`` quoting ``text`` if it is not one."""
        known = _PARSED_MOVES.get((text, self.rank_base))
        if known is not None:
            return known
        move = self._parse_move(text)
        _PARSED_MOVES[(text, self.rank_base)] = move  # at most 2 x 8,100 well-formed texts
        return move

    def _parse_move(self, text: str) -> Move:
        match = _WIRE_MOVE.fullmatch(text.strip())
        if not match:
            raise NotationError(f"engine move {text!r} is not a coordinate move like h2e2")
        ff, fr, tf, tr = match.groups()
        ranks = (int(fr) - self.rank_base, int(tr) - self.rank_base)
        if not all(0 <= r <= 9 for r in ranks):
            top = 9 + self.rank_base
            raise NotationError(f"engine move {text!r} has a rank outside {self.rank_base}..{top}")
        return Move(square("abcdefghi".index(ff.lower()), ranks[0]),
                    square("abcdefghi".index(tf.lower()), ranks[1]))

    def moves(self, moves: Iterable[Move]) -> str:
        return " ".join(self.move(m) for m in moves)

    # --- commands
    def hello(self) -> str:
        return self.dialect.rules.hello

    def setoption(self, name: str, value: OptionValue | None) -> str:
        rules = self.dialect.rules
        if value is None:
            return rules.setoption_button.format(name=name)
        return rules.setoption.format(name=name, value=format_option_value(value)).rstrip()

    def position(self, fen: str, moves: Sequence[Move] = ()) -> str:
        line = f"position fen {fen}"
        return f"{line} moves {self.moves(moves)}" if moves else line

    def banmoves(self, banned: Sequence[Move]) -> str | None:
        """The separate ``banmoves`` command (UCCI), or None when the dialect bans on ``go`` instead."""
        if not banned or self.dialect.rules.ban_with != "banmoves":
            return None
        return f"banmoves {self.moves(banned)}"

    def go(self, limits: SearchLimits, turn: Color, *, ponder: bool = False, draw_offer: bool = False,
           searchmoves: Sequence[Move] = ()) -> str:
        """The ``go`` line. Never a bare ``go`` (ElephantEye ignores it): limits must name something."""
        problems = limits.problems()
        if problems:
            from xiangqi.engine.errors import BadRequestError

            raise BadRequestError(f"cannot search with {limits}: {'; '.join(problems)}")
        rules = self.dialect.rules
        words = ["go"]
        if ponder:
            words.append("ponder")
        elif draw_offer and rules.draw_offer:
            words.append(rules.draw_offer)
        words += self._limit_words(limits, turn)
        if searchmoves and rules.ban_with == "searchmoves":
            words += ["searchmoves", self.moves(searchmoves)]
        return " ".join(words)

    def _limit_words(self, limits: SearchLimits, turn: Color) -> list[str]:
        rules = self.dialect.rules
        words: list[str] = []
        if limits.has_clock:
            words = rules.clock_words(limits, turn, self.scale_time)
        elif limits.movetime_ms is not None:
            words = rules.movetime.format(ms=self.scale_time(limits.movetime_ms)).split()
        return words + _search_words(limits, timed=bool(words))

    def scale_time(self, ms: int) -> int:
        """Milliseconds in the engine's unit; whole seconds round up so an engine never gets 0."""
        if self.time_in_ms:
            return max(0, ms)
        return max(1, -(-ms // 1000)) if ms > 0 else 0

    def ponderhit(self, draw_offer: bool = False) -> str:
        word = self.dialect.rules.draw_offer
        return f"ponderhit {word}" if draw_offer and word else "ponderhit"


# ---------------------------------------------------------------------------------------------- lines
NO_MOVE = BestMove(None)  # "bestmove (none)", "nobestmove": no move to play
_NO_MOVE_WORDS = ("(none)", "none", "0000", "(null)")


@dataclass(frozen=True, slots=True)
class IdLine:
    key: str  # name, author, copyright, user
    value: str


@dataclass(frozen=True, slots=True)
class OptionLine:
    option: EngineOption
    skipped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HelloOk:
    dialect: Dialect


@dataclass(frozen=True, slots=True)
class ReadyOk:
    pass


@dataclass(frozen=True, slots=True)
class NoBestMove:
    pass


@dataclass(frozen=True, slots=True)
class MalformedBestMove:
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class ByeLine:
    pass


@dataclass(frozen=True, slots=True)
class OtherLine:
    """Anything else: start-up banners, "Unknown command" echoes, garbage. Logged, never fatal."""

    text: str


# ``info`` and ``bestmove`` lines are parsed straight into the values they carry (Info, BestMove): they are
# the lines an engine sends most, and a wrapper around each would only cost time.
EngineLine = (
    IdLine | OptionLine | HelloOk | ReadyOk | Info | BestMove | NoBestMove | MalformedBestMove | ByeLine | OtherLine
)

_HELLO_OK = {d.rules.hello_ok: d for d in Dialect}
_SIMPLE_LINES: dict[str, EngineLine] = {"readyok": ReadyOk(), "nobestmove": NoBestMove(), "bye": ByeLine()}


def parse_line(line: str, wire: WireFormat) -> EngineLine:
    """One engine line as a typed value. Never raises: what cannot be read becomes ``OtherLine``
    (or ``MalformedBestMove``, which the session treats as a fault of the search)."""
    text = line.strip()
    head, _, rest = text.partition(" ")
    if head == "bestmove":  # the line each search waits for
        return parse_bestmove(rest, wire)
    if head == "info":
        return parse_info(rest, wire)
    if head in _HELLO_OK and not rest:
        return HelloOk(_HELLO_OK[head])
    if head in _SIMPLE_LINES and not rest.strip():
        return _SIMPLE_LINES[head]
    if head == "option":
        return parse_option(rest) or OtherLine(text)
    if head == "id" and rest:
        key, _, value = rest.partition(" ")
        return IdLine(key, value.strip())
    return OtherLine(text)


def parse_bestmove(rest: str, wire: WireFormat) -> BestMove | MalformedBestMove:
    """What follows ``bestmove``: a move, maybe ``ponder`` and a move, maybe ``draw``/``resign``."""
    words = rest.split()
    if not words:
        return MalformedBestMove("bestmove", "no move after 'bestmove'")
    if words[0].lower() in _NO_MOVE_WORDS:
        return NO_MOVE
    try:
        move = wire.parse_move(words[0])
    except NotationError as exc:
        return MalformedBestMove(f"bestmove {rest}", str(exc))
    if len(words) == 1:
        return BestMove(move)
    ponder, skipped, flags = _bestmove_tail(words[1:], wire)
    return BestMove(move, ponder, "draw" in flags, "resign" in flags, tuple(skipped))


def _bestmove_tail(words: list[str], wire: WireFormat) -> tuple[Move | None, list[str], set[str]]:
    ponder, skipped, flags = None, [], set()
    index = 0
    while index < len(words):
        word = words[index]
        if word == "ponder" and index + 1 < len(words):
            try:
                ponder = wire.parse_move(words[index + 1])
            except NotationError as exc:
                skipped.append(str(exc))
            index += 2
            continue
        if word in ("draw", "resign"):
            flags.add(word)
        else:
            skipped.append(f"unknown word {word!r} after bestmove")
        index += 1
    return ponder, skipped, flags


# ---------------------------------------------------------------------------------------------- info
_INT_FIELDS = {"depth": "depth", "seldepth": "seldepth", "multipv": "multipv", "nodes": "nodes",
               "nps": "nps", "time": "time_ms", "hashfull": "hashfull", "tbhits": "tbhits",
               "currmovenumber": "currmovenumber"}
_TEXT_FIELDS = ("string", "message")        # the rest of the line is text for the user
_IGNORED_FIELDS = {"cpuload": 1, "sbhits": 1}  # known, uninteresting, one value
_MOVE_LIST_FIELDS = ("refutation", "currline")  # known, not shown: consume their moves
_INFO_KEYWORDS = set(_INT_FIELDS) | set(_TEXT_FIELDS) | set(_IGNORED_FIELDS) | set(_MOVE_LIST_FIELDS) | {
    "score", "wdl", "pv", "currmove"}


# Info's keyword arguments as the field readers collect them; each reader stores the type its field has.
InfoFields = dict[str, Any]


def parse_info(rest: str, wire: WireFormat) -> Info:
    """Every field of an ``info`` line; unknown or malformed fields end up in ``Info.skipped``."""
    words = rest.split()
    values: InfoFields = {}
    skipped: list[str] = []
    index = 0
    while index < len(words):
        key = words[index]
        index = _read_info_field(key, words, index + 1, values, skipped, wire)
    score = values.get("score")
    if score is not None and wire.scores.book_at_depth0 and values.get("depth") == 0 and score.cp is not None:
        values["score"] = Score(book=int(score.raw or 0), raw=score.raw)
    return Info(**values, skipped=tuple(skipped))


def _read_info_field(key: str, words: list[str], index: int, values: InfoFields,
                     skipped: list[str], wire: WireFormat) -> int:
    """Reads the field named ``key`` whose value starts at ``words[index]``; returns the next index."""
    if key in _INT_FIELDS:
        number = _int_at(words, index)
        if number is None:
            skipped.append(f"{key} {' '.join(words[index:index + 1])!s}".strip())
            return _next_keyword(words, index)
        values[_INT_FIELDS[key]] = number
        return index + 1
    if key in _TEXT_FIELDS:
        values["string"] = " ".join(words[index:])
        return len(words)
    if key == "score":
        return _read_score(words, index, values, skipped, wire.scores)
    if key == "wdl":
        triple = [_int_at(words, index + k) for k in range(3)]
        if None in triple:
            skipped.append("wdl " + " ".join(words[index:index + 3]))
            return _next_keyword(words, index)
        values["wdl"] = tuple(triple)
        return index + 3
    if key in ("pv", "currmove") or key in _MOVE_LIST_FIELDS:
        return _read_moves(key, words, index, values, skipped, wire)
    if key in _IGNORED_FIELDS:
        return index + _IGNORED_FIELDS[key]
    skipped.append(f"unknown field {key!r}")
    return _next_keyword(words, index)


def _read_score(words: list[str], index: int, values: InfoFields, skipped: list[str], scale: ScoreScale) -> int:
    kind = words[index] if index < len(words) else ""
    if kind in ("cp", "mate"):
        number = _int_at(words, index + 1)
        index += 2
    else:  # UCCI (ElephantEye): "score 4", a bare number in the engine's units
        number = _int_at(words, index)
        kind, index = "cp", index + 1
    if number is None:
        skipped.append("score " + " ".join(words[index - 2:index]))
        return _next_keyword(words, index - 1)
    bound = None
    if index < len(words) and words[index] in ("lowerbound", "upperbound"):
        bound = words[index][:5]
        index += 1
    if kind == "mate":
        values["score"] = Score(mate=number, bound=bound, raw=f"mate {number}")
    elif scale is IDENTITY_SCALE:
        values["score"] = Score(cp=number, bound=bound, raw=str(number))
    else:
        values["score"] = scale.normalise(number, bound)
    return index


def _read_moves(key: str, words: list[str], index: int, values: InfoFields, skipped: list[str],
                wire: WireFormat) -> int:
    """Moves up to the next keyword; a bad move ends the list there (the moves before it are kept)."""
    moves: list[Move] = []
    limit = 1 if key == "currmove" else len(words)
    while index < len(words) and len(moves) < limit and words[index] not in _INFO_KEYWORDS:
        try:
            moves.append(wire.parse_move(words[index]))
        except NotationError:
            skipped.append(f"{key}: bad move {words[index]!r}")
            index = _next_keyword(words, index + 1)
            break
        index += 1
    if key == "pv":
        values["pv"] = tuple(moves)
    elif key == "currmove" and moves:
        values["currmove"] = moves[0]
    return index


def _int_at(words: list[str], index: int) -> int | None:
    if index >= len(words):
        return None
    try:
        return int(words[index])
    except ValueError:
        return None


def _next_keyword(words: list[str], index: int) -> int:
    while index < len(words) and words[index] not in _INFO_KEYWORDS:
        index += 1
    return index


# ---------------------------------------------------------------------------------------------- options
_OPTION_KEYWORDS = ("type", "default", "min", "max", "var")


def parse_option(rest: str) -> OptionLine | None:
    """``option`` in either dialect: UCI ``name <words> type ...`` or UCCI ``<word> type ...``.
    Returns None when there is no name or no known type."""
    words = rest.split(" ")
    if words and words[0] == "name":
        words = words[1:]
    if "type" not in words:
        return None
    at_type = words.index("type")
    name = " ".join(w for w in words[:at_type] if w)
    fields = _option_fields(words[at_type:])
    try:
        kind = OptionKind(fields.get("type", [""])[0].lower())
    except ValueError:
        return None
    if not name:
        return None
    return _typed_option(name, kind, fields)


def _option_fields(words: list[str]) -> dict[str, list[str]]:
    """Keyword -> values; values may contain spaces (``var Both``, string defaults)."""
    fields: dict[str, list[str]] = {}
    key: str | None = None
    current: list[str] = []
    for word in words + ["type"]:  # a sentinel keyword flushes the last field
        if word in _OPTION_KEYWORDS:
            if key is not None:
                fields.setdefault(key, []).append(" ".join(current).strip())
            key, current = word, []
        else:
            current.append(word)
    return fields


def _typed_option(name: str, kind: OptionKind, fields: dict[str, list[str]]) -> OptionLine:
    skipped: list[str] = []
    raw = fields.get("default", [None])[-1]
    if raw == "<empty>":
        raw = ""
    bounds = {}
    for key in ("min", "max"):
        if key in fields:
            try:
                bounds[key] = int(fields[key][-1])
            except ValueError:
                skipped.append(f"option {name!r}: {key} {fields[key][-1]!r} is not a number")
    option = EngineOption(name, kind, None, bounds.get("min"), bounds.get("max"),
                          tuple(v for v in fields.get("var", []) if v))
    default: OptionValue | None = raw
    if raw is not None and kind in (OptionKind.CHECK, OptionKind.SPIN):
        try:
            default = option.coerce(raw) if kind is OptionKind.CHECK else int(raw)
        except ValueError as exc:
            skipped.append(str(exc))
            default = None
    return OptionLine(EngineOption(name, kind, default, option.min, option.max, option.vars), tuple(skipped))


# ---------------------------------------------------------------------------------------------- flood
def thin_info_lines(lines: Sequence[str], keep: int = 8) -> tuple[list[str], int]:
    """Drops all but the last ``keep`` ``info`` lines of a batch (keeping every other line and the order).

    An engine that floods thousands of ``info`` lines at once would otherwise make the GUI parse and
    repaint each one; only the newest matter. Returns the kept lines and how many were dropped."""
    if len(lines) <= keep:
        return list(lines), 0
    info_count = sum(1 for line in lines if line.startswith("info"))
    if info_count <= keep:
        return list(lines), 0
    to_drop = info_count - keep
    kept: list[str] = []
    for line in lines:
        if to_drop and line.startswith("info"):
            to_drop -= 1
            continue
        kept.append(line)
    return kept, info_count - keep
