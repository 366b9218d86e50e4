"""Puzzles (谜题: 杀法 / 战术 / 残局) and the puzzle-set file (no Qt).

A ``Puzzle`` is a position, the side to move being the solver's, and the verified line: the solver's
moves at even indexes, the other side's replies between them; it ends with a solver's move. Its themes,
mate length, a rating (Glicko-2: rating, deviation, volatility) and where it came from go with it, and the
evidence that the engine found its first move clearly the best (``Verification``).

A puzzle set is a UTF-8 text file: lines starting with ``#`` are comments (the credit of the data it was
made from), every other non-blank line is one puzzle as a JSON object::

    {"id": "ccpd-mid-0012", "fen": "...", "line": ["h2e2", "h9g7", "e2e6"], "themes": ["mate"],
     "motifs": ["ma_hou_pao", "mate_in_n", "middlegame"], "mate_in": 2, "rating": [1650.0, 300.0, 0.06],
     "source": "CCPD 中局.pgn record 12",
     "verified": {"limit": "nodes 60000", "best": "mate 2", "second": "cp 35", "gap": 47.9}}

``read_puzzle_set`` is lenient: a bad line is reported (file and line number, the field, the offending
text) and the rest is read. It follows the record readers' rules: what is no regular file (a FIFO, a
device) is refused before it is opened (``check_openable``), a file over ``MAX_PUZZLE_SET_BYTES`` is
refused, a line over ``MAX_LINE_CHARS`` is skipped unparsed; it reports its progress and stops when told
(the app reads on a worker thread). ``write_puzzle_set`` is strict (every puzzle checked against the
rules first) and atomic.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from xiangqi.core.errors import Cancelled
from xiangqi.atomic import atomic_write
from xiangqi.core import FenError, Move, Position
from xiangqi.core.errors import XiangqiError
from xiangqi.record.files import RefusedFileError, check_openable
from xiangqi.tactics import Motif
from xiangqi.training.ratings import DEVIATION_RANGE, RATING_RANGE, VOLATILITY_RANGE

PUZZLE_SET_SUFFIX = ".puzzles"
DEFAULT_RATING = (1500.0, 350.0, 0.06)   # Glicko-2's start: rating, deviation, volatility
QUOTE_CHARS = 80
MAX_PUZZLE_SET_BYTES = 16 << 20   # ~50,000 puzzles; a bigger file is refused before it is read
MAX_LINE_CHARS = 16 << 10         # one puzzle is well under 1 KB; a longer line is skipped unparsed
MAX_EXTRA_FIELDS = 32             # entries of a puzzle's ``extra`` object
MAX_MATE_IN = 99
MAX_DEPTH = 250                   # a search depth a verification may name
PROGRESS_LINES = 500              # the reader reports its progress (and may stop) every this many lines
SetProgress = Callable[[int, int], bool]   # (characters read, all) -> False to stop


class PuzzleSetCancelled(Cancelled):
    """The reading of a puzzle set was stopped (its progress callback said so)."""


class PuzzleError(XiangqiError, ValueError):
    """A puzzle or a puzzle-set line that cannot be used; the message names the file, line and text."""


class Theme(Enum):
    """What a puzzle's solution achieves (its outcome: mate, advantage, ...); the named patterns (杀法, tactics,
    phase, endgame type) are its ``motifs`` (``xiangqi.tactics.Motif``). The trainer offers both."""

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
    ``Score`` text: ``cp 312`` / ``mate 3``), the Win% gap between them and the depth from which the
    engine's best move stayed the best (``found_depth``, how deep one must look; None: not recorded)."""

    limit: str
    best: str
    second: str | None
    gap: float
    found_depth: int | None = None


@dataclass(frozen=True, slots=True)
class Puzzle:
    puzzle_id: str
    fen: str
    line: tuple[Move, ...]
    themes: frozenset[Theme] = frozenset()
    motifs: frozenset[Motif] = frozenset()
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
    if puzzle.motifs:
        record["motifs"] = sorted(m.value for m in puzzle.motifs)
    if puzzle.mate_in is not None:
        record["mate_in"] = puzzle.mate_in
    record["rating"] = [round(puzzle.rating[0], 1), round(puzzle.rating[1], 1), round(puzzle.rating[2], 6)]
    record["source"] = puzzle.source
    if puzzle.verified is not None:
        v = puzzle.verified
        verified: dict[str, object] = {"limit": v.limit, "best": v.best, "second": v.second, "gap": round(v.gap, 1)}
        if v.found_depth is not None:
            verified["found_depth"] = v.found_depth
        record["verified"] = verified
    if puzzle.extra:
        record["extra"] = dict(puzzle.extra)
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))


def puzzle_from_json(text: str) -> Puzzle:
    """One puzzle from its JSON line; PuzzleError quoting the field that is wrong."""
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise PuzzleError("not a puzzle: its JSON is nested too deeply") from None
    except ValueError as exc:    # NaN / Infinity, an integer of more than 4,300 digits
        raise PuzzleError(f"not JSON this program reads ({str(exc)[:QUOTE_CHARS]})") from None
    if not isinstance(record, dict):
        raise PuzzleError("not a JSON object")
    source = record.get("source", "")
    if not isinstance(source, str):
        raise PuzzleError(f"field 'source': expected text, got {_quote(source)}")
    puzzle = Puzzle(
        puzzle_id=_text(record, "id"), fen=_text(record, "fen"), line=_moves(record.get("line")),
        themes=_themes(record.get("themes", [])), motifs=_motifs(record.get("motifs", [])),
        mate_in=_optional_int(record, "mate_in"),
        rating=_rating(record.get("rating", list(DEFAULT_RATING))), source=source,
        verified=_verification(record.get("verified")), extra=_extra(record.get("extra", {})),
    )
    puzzle.check()
    return puzzle


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a puzzle holds")


def _extra(value: object) -> dict[str, str]:
    """The free ``extra`` fields: an object of at most MAX_EXTRA_FIELDS names to text or numbers."""
    if not isinstance(value, dict) or len(value) > MAX_EXTRA_FIELDS or not all(
            isinstance(v, str | int | float) and not isinstance(v, bool) for v in value.values()):
        raise PuzzleError(f"field 'extra': expected an object of at most {MAX_EXTRA_FIELDS} names to text or "
                          f"numbers, got {_quote(value)}")
    return {str(k): str(v) for k, v in value.items()}


def _text(record: dict[str, object], key: str) -> str:
    value = record.get(key)
    if not isinstance(value, str) or not value:
        raise PuzzleError(f"field {key!r}: expected text, got {_quote(value)}")
    return value


def _optional_int(record: dict[str, object], key: str) -> int | None:
    value = record.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_MATE_IN:
        raise PuzzleError(f"field {key!r}: expected a whole number from 1 to {MAX_MATE_IN}, got {_quote(value)}")
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


def _motifs(value: object) -> frozenset[Motif]:
    if not isinstance(value, list) or len(value) > len(Motif):
        raise PuzzleError(f"field 'motifs': expected a list of at most {len(Motif)} motif ids, got {_quote(value)}")
    known = {m.value: m for m in Motif}
    unknown = [v for v in value if v not in known]
    if unknown:
        raise PuzzleError(f"field 'motifs': unknown motif {_quote(unknown[0])}")
    return frozenset(known[v] for v in value)


def _rating(value: object) -> tuple[float, float, float]:
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise PuzzleError(f"field 'rating': expected [rating, deviation, volatility], got {_quote(value)}")
    try:
        rating, deviation, volatility = (float(v) for v in value)
    except OverflowError:
        raise PuzzleError(f"field 'rating': a number too big, got {_quote(value)}") from None
    for number, (low, high), what in ((rating, RATING_RANGE, "rating"), (deviation, DEVIATION_RANGE, "deviation"),
                                       (volatility, VOLATILITY_RANGE, "volatility")):
        if not low <= number <= high:
            raise PuzzleError(f"field 'rating': the {what} must be from {low:g} to {high:g}, got {_quote(value)}")
    return rating, deviation, volatility


def _verification(value: object) -> Verification | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise PuzzleError(f"field 'verified': expected an object, got {_quote(value)}")
    try:
        second, gap, depth = value.get("second"), value["gap"], value.get("found_depth")
        if isinstance(gap, bool) or not isinstance(gap, int | float) or not math.isfinite(float(gap)):
            raise ValueError(gap)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or not 0 < depth <= MAX_DEPTH):
            raise ValueError(depth)
        return Verification(str(value["limit"]), str(value["best"]), None if second is None else str(second),
                            float(gap), depth)
    except (KeyError, TypeError, ValueError, OverflowError):
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


def parse_puzzle_set(text: str, path: Path, progress: SetProgress | None = None) -> PuzzleSet:
    """The puzzles of a set's text; PuzzleSetCancelled once ``progress`` answers False."""
    puzzles: list[Puzzle] = []
    comments: list[str] = []
    problems: list[str] = []
    seen: set[str] = set()
    done = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        done += len(raw) + 1
        if progress is not None and number % PROGRESS_LINES == 0 and not progress(done, len(text)):
            raise PuzzleSetCancelled(str(path))
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE_CHARS:
            problems.append(f"{path}:{number}: a line of {len(line):,} characters, over the limit of "
                            f"{MAX_LINE_CHARS:,} for one puzzle; line skipped: {_quote(line[:QUOTE_CHARS])}")
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


def read_puzzle_set(path: str | os.PathLike[str], progress: SetProgress | None = None) -> PuzzleSet:
    """The puzzles of a set file. OSError when it cannot be read; PuzzleError naming the file when it is
    no regular file, over MAX_PUZZLE_SET_BYTES or not UTF-8 text; PuzzleSetCancelled once ``progress``
    answers False."""
    target = Path(path)
    try:
        size = check_openable(target)
    except RefusedFileError as exc:
        raise PuzzleError(f"{target}: {exc.reason}") from None
    if size > MAX_PUZZLE_SET_BYTES:
        raise PuzzleError(f"{target}: not read: {size:,} bytes, over the limit of {MAX_PUZZLE_SET_BYTES:,} bytes "
                          f"({MAX_PUZZLE_SET_BYTES >> 20} MiB) for a puzzle set")
    with open(target, "rb") as stream:
        data = stream.read(MAX_PUZZLE_SET_BYTES + 1)    # a file that grew since: still bounded
    if len(data) > MAX_PUZZLE_SET_BYTES:
        raise PuzzleError(f"{target}: not read: grew over the limit of {MAX_PUZZLE_SET_BYTES:,} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"{target}: not a puzzle set (not UTF-8 text at byte {exc.start})") from None
    return parse_puzzle_set(text, target, progress)


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
