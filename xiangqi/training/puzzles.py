"""Puzzles (谜题: 杀法 / 战术 / 残局) and the puzzle-set file (no Qt).

A ``Puzzle`` is a position, the side to move being the solver's, and the verified line: the solver's
moves at even indexes, the other side's replies between them; it ends with a solver's move. Its themes,
mate length, a rating (Glicko-2: rating, deviation, volatility) and where it came from go with it, and the
evidence that the engine found its first move clearly the best (``Verification``).

A puzzle set is a UTF-8 text file: lines starting with ``#`` are comments (the credit of the data it was
made from), every other non-blank line is one puzzle as a JSON object::

    {"id": "ccpd-mid-0012", "fen": "...", "line": ["h2e2", "h9g7", "e2e6"], "themes": ["mate"],
     "mate_in": 2, "rating": [1650.0, 300.0, 0.06], "source": "CCPD 中局.pgn record 12",
     "verified": {"limit": "nodes 60000", "best": "mate 2", "second": "cp 35", "gap": 47.9}}

``read_puzzle_set`` is lenient: a bad line is reported (file and line number, the offending text) and the
rest is read. ``write_puzzle_set`` is strict (every puzzle checked against the rules first) and atomic.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.core import FenError, Move, Position
from xiangqi.core.errors import XiangqiError

PUZZLE_SET_SUFFIX = ".puzzles"
DEFAULT_RATING = (1500.0, 350.0, 0.06)   # Glicko-2's start: rating, deviation, volatility
QUOTE_CHARS = 80


class PuzzleError(XiangqiError, ValueError):
    """A puzzle or a puzzle-set line that cannot be used; the message names the file, line and text."""


class Theme(Enum):
    """What a puzzle is about (the trainer lets the user choose among these)."""

    MATE = "mate"                  # 杀法: the line ends in mate
    ADVANTAGE = "advantage"        # wins decisively (Win% 70 or more after the solution)
    CRUSHING = "crushing"          # Win% 90 or more
    ONLY_MOVE = "only_move"        # the one move that holds (not winning, but every other move loses)
    MATERIAL = "material"          # the line wins material
    SACRIFICE = "sacrifice"        # the solver gives material first
    QUIET = "quiet"                # the first move neither captures nor checks
    ENDGAME = "endgame"            # 残局: few attacking pieces left
    MIDDLEGAME = "middlegame"
    ONE_MOVE = "one_move"          # a single solver move
    LONG = "long"                  # three solver moves or more


@dataclass(frozen=True, slots=True)
class Verification:
    """How the engine judged the first move: its limit, the best and second-best scores (solver's view,
    ``Score`` text: ``cp 312`` / ``mate 3``) and the Win% gap between them."""

    limit: str
    best: str
    second: str | None
    gap: float


@dataclass(frozen=True, slots=True)
class Puzzle:
    puzzle_id: str
    fen: str
    line: tuple[Move, ...]
    themes: frozenset[Theme] = frozenset()
    mate_in: int | None = None
    rating: tuple[float, float, float] = DEFAULT_RATING
    source: str = ""
    verified: Verification | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def position(self) -> Position:
        return Position.from_fen(self.fen)

    @property
    def solver_moves(self) -> int:
        return (len(self.line) + 1) // 2

    def check(self) -> None:
        """PuzzleError unless the FEN reads, the line is legal and ends with a solver's move."""
        try:
            position = Position.from_fen(self.fen)
        except FenError as exc:
            raise PuzzleError(f"puzzle {self.puzzle_id!r}: {exc}") from None
        if not self.line or len(self.line) % 2 == 0:
            raise PuzzleError(f"puzzle {self.puzzle_id!r}: the line must hold an odd number of moves "
                              f"(solver first and last), not {len(self.line)}")
        for index, move in enumerate(self.line):
            if not position.is_legal(move):
                raise PuzzleError(f"puzzle {self.puzzle_id!r}: move {index + 1} {move.iccs()!r} is illegal")
            position.push(move)


def puzzle_to_json(puzzle: Puzzle) -> str:
    record: dict[str, object] = {
        "id": puzzle.puzzle_id, "fen": puzzle.fen, "line": [m.iccs() for m in puzzle.line],
        "themes": sorted(t.value for t in puzzle.themes),
    }
    if puzzle.mate_in is not None:
        record["mate_in"] = puzzle.mate_in
    record["rating"] = [round(puzzle.rating[0], 1), round(puzzle.rating[1], 1), round(puzzle.rating[2], 6)]
    record["source"] = puzzle.source
    if puzzle.verified is not None:
        v = puzzle.verified
        record["verified"] = {"limit": v.limit, "best": v.best, "second": v.second, "gap": round(v.gap, 1)}
    if puzzle.extra:
        record["extra"] = dict(puzzle.extra)
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))


def puzzle_from_json(text: str) -> Puzzle:
    """One puzzle from its JSON line; PuzzleError quoting the field that is wrong."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(record, dict):
        raise PuzzleError("not a JSON object")
    puzzle = Puzzle(
        puzzle_id=_text(record, "id"), fen=_text(record, "fen"), line=_moves(record.get("line")),
        themes=_themes(record.get("themes", [])), mate_in=_optional_int(record, "mate_in"),
        rating=_rating(record.get("rating", list(DEFAULT_RATING))), source=str(record.get("source", "")),
        verified=_verification(record.get("verified")),
        extra={str(k): str(v) for k, v in dict(record.get("extra", {})).items()},
    )
    puzzle.check()
    return puzzle


def _text(record: dict[str, object], key: str) -> str:
    value = record.get(key)
    if not isinstance(value, str) or not value:
        raise PuzzleError(f"field {key!r}: expected text, got {_quote(value)}")
    return value


def _optional_int(record: dict[str, object], key: str) -> int | None:
    value = record.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise PuzzleError(f"field {key!r}: expected a whole number, got {_quote(value)}")
    return value


def _moves(value: object) -> tuple[Move, ...]:
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        raise PuzzleError(f"field 'line': expected a list of ICCS moves, got {_quote(value)}")
    try:
        return tuple(Move.from_iccs(m) for m in value)
    except (ValueError, XiangqiError) as exc:
        raise PuzzleError(f"field 'line': {exc}") from None


def _themes(value: object) -> frozenset[Theme]:
    if not isinstance(value, list):
        raise PuzzleError(f"field 'themes': expected a list, got {_quote(value)}")
    known = {t.value: t for t in Theme}
    unknown = [v for v in value if v not in known]
    if unknown:
        raise PuzzleError(f"field 'themes': unknown theme {_quote(unknown[0])} (known: {', '.join(known)})")
    return frozenset(known[v] for v in value)


def _rating(value: object) -> tuple[float, float, float]:
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise PuzzleError(f"field 'rating': expected [rating, deviation, volatility], got {_quote(value)}")
    rating, deviation, volatility = (float(v) for v in value)
    if deviation <= 0 or volatility <= 0:
        raise PuzzleError(f"field 'rating': deviation and volatility must be positive, got {_quote(value)}")
    return rating, deviation, volatility


def _verification(value: object) -> Verification | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise PuzzleError(f"field 'verified': expected an object, got {_quote(value)}")
    try:
        second = value.get("second")
        return Verification(str(value["limit"]), str(value["best"]), None if second is None else str(second),
                            float(value["gap"]))
    except (KeyError, TypeError, ValueError):
        raise PuzzleError(f"field 'verified': expected limit, best, second and gap, got {_quote(value)}") from None


def _quote(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return repr(text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…")


# ----------------------------------------------------------------------------------------------- the file
@dataclass(frozen=True)
class PuzzleSet:
    """What a set file held: the puzzles read, its comment lines and the problems of the lines skipped."""

    path: Path
    puzzles: tuple[Puzzle, ...]
    comments: tuple[str, ...]
    problems: tuple[str, ...]


def parse_puzzle_set(text: str, path: Path) -> PuzzleSet:
    puzzles: list[Puzzle] = []
    comments: list[str] = []
    problems: list[str] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comments.append(line[1:].strip())
            continue
        try:
            puzzle = puzzle_from_json(line)
        except PuzzleError as exc:
            problems.append(f"{path}:{number}: {exc}; line skipped: {_quote(line)}")
            continue
        if puzzle.puzzle_id in seen:
            problems.append(f"{path}:{number}: id {puzzle.puzzle_id!r} appears twice; line skipped")
            continue
        seen.add(puzzle.puzzle_id)
        puzzles.append(puzzle)
    return PuzzleSet(path, tuple(puzzles), tuple(comments), tuple(problems))


def read_puzzle_set(path: str | os.PathLike[str]) -> PuzzleSet:
    """The puzzles of a set file. OSError when it cannot be read; PuzzleError when it is not UTF-8 text."""
    target = Path(path)
    data = target.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"{target}: not a puzzle set (not UTF-8 text at byte {exc.start})") from None
    return parse_puzzle_set(text, target)


def puzzle_set_text(puzzles: Sequence[Puzzle], comments: Iterable[str] = ()) -> str:
    for puzzle in puzzles:
        puzzle.check()
    ids = [p.puzzle_id for p in puzzles]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise PuzzleError(f"puzzle id {twice!r} appears twice")
    head = [f"# {c}".rstrip() for c in comments]
    return "\n".join([*head, *(puzzle_to_json(p) for p in puzzles)]) + "\n"


def write_puzzle_set(path: str | os.PathLike[str], puzzles: Sequence[Puzzle], comments: Iterable[str] = ()) -> None:
    """Strict and atomic: PuzzleError (before anything is written) when a puzzle breaks the rules."""
    atomic_write(path, puzzle_set_text(puzzles, comments).encode("utf-8"))
