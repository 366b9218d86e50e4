"""Finding and verifying puzzles with an engine, the way lichess's puzzle generator does (no Qt, no I/O).

Two passes keep the engine time small:

1. **Scan**: every position of a game's main line (or its last ``tail`` plies) gets one cheap search
   (``FinderSettings.scan``: a few thousand nodes, one line). A position is a *candidate* when its side to
   move suddenly has a mate, or its winning chances (lichess's Win%, ``review.accuracy``) are at least
   ``min_win`` and rose by ``min_jump`` points or more since the position before (the opponent erred).
2. **Verify**: each candidate gets a deeper search with two lines (MultiPV 2, ``FinderSettings.verify``).
   It is kept when its best move is *clearly* the best: the best line mates and the second does not mate
   as fast, or
   the best line's Win% is ``min_gap`` points or more above the second's (and, for a record with a
   solution of its own, the engine's best move is that solution). A position with one legal move is no
   puzzle. A winning puzzle that is not a mate is followed further: after the engine's reply, the
   solver's next move is verified the same way, up to ``max_solver_moves``; the line ends at the first
   solver's move that is not clearly the best. A mate keeps the engine's line to the mate.

The passes are written as generators (``scan_game``, ``verify_position``): they yield batches of
``SearchRequest`` and are sent back one ``Lines`` per request, so the same logic runs on a pool of engine
processes (``training.search_pool``) or, in tests, on a scripted function (``run_with``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from xiangqi.core import Color, Move, PieceType, Position, type_of
from xiangqi.engine.messages import Score, SearchLimits
from xiangqi.review.accuracy import lichess_win_percent
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.judging import Line
from xiangqi.tactics import Motif, motifs
from xiangqi.training.puzzles import DEFAULT_RATING, MAX_MATE_IN, Puzzle, Theme, Verification

Lines = tuple[Line, ...]


@dataclass(frozen=True)
class FinderSettings:
    scan: SearchLimits = SearchLimits(nodes=3000)
    verify: SearchLimits = SearchLimits(nodes=60000)
    min_gap: float = 25.0          # Win% points between the best and the second-best move
    min_win: float = 70.0          # a scan candidate's Win% (about +2.3 pawns)
    min_jump: float = 20.0         # ... and its rise since the position before
    max_solver_moves: int = 3
    tail: int | None = None        # scan only the last N plies of each game


@dataclass(frozen=True)
class SearchRequest:
    position: Position
    multipv: int
    limits: SearchLimits


class DropReason(Enum):
    NO_ANSWER = "the engine gave no exact score"
    ONE_LEGAL_MOVE = "only one legal move"
    NOT_ENGINE_BEST = "the record's move is not the engine's best"
    TWO_MATES = "another move mates as fast"
    NO_CLEAR_BEST = "no clearly best move"
    ALREADY_LOST = "the side to move is mated whatever it plays"
    MATE_NOT_FOLLOWED = "the mate could not be followed to the end"


@dataclass(frozen=True)
class Judgement:
    best: Line | None
    second: Line | None
    gap: float
    drop: DropReason | None


def win_percent(score: Score) -> float:
    """The side to move's winning chances (0..100) for an engine score in its own view."""
    return lichess_win_percent(Evaluation.from_score(score, Color.RED))


def mates(score: Score) -> bool:
    return score.mate is not None and score.mate > 0


def judge(lines: Lines, legal_moves: int, min_gap: float, expected: Move | None = None) -> Judgement:
    """Is the best line's move clearly the best? ``lines``: a MultiPV-2 search's lines, best first."""
    if legal_moves <= 1:
        return Judgement(lines[0] if lines else None, None, 0.0, DropReason.ONE_LEGAL_MOVE)
    if not lines:
        return Judgement(None, None, 0.0, DropReason.NO_ANSWER)
    best, second = lines[0], (lines[1] if len(lines) > 1 else None)
    gap = win_percent(best.score) - win_percent(second.score) if second is not None else 100.0
    if mates(best.score):
        # A mate counts as Win% 100 here (the Win% curve stops at +10 pawns, short of it).
        gap = 100.0 - win_percent(second.score) if second is not None else 100.0
        if second is not None and mates(second.score) and (second.score.mate or 0) <= (best.score.mate or 0):
            return Judgement(best, second, gap, DropReason.TWO_MATES)
    if expected is not None and best.move != expected:
        return Judgement(best, second, gap, DropReason.NOT_ENGINE_BEST)
    if best.score.mate is not None and best.score.mate <= 0:
        return Judgement(best, second, gap, DropReason.ALREADY_LOST)
    if mates(best.score):
        return Judgement(best, second, gap, None)
    return Judgement(best, second, gap, None if gap >= min_gap else DropReason.NO_CLEAR_BEST)


# --------------------------------------------------------------------------------------------- tags
# Material in pawns, for the tags only (a crossed pawn counts 2).
_VALUES = {PieceType.ROOK: 9.0, PieceType.HORSE: 4.0, PieceType.CANNON: 4.5, PieceType.ADVISOR: 2.0,
           PieceType.ELEPHANT: 2.0, PieceType.PAWN: 1.0, PieceType.KING: 0.0}
_ATTACKERS = (PieceType.ROOK, PieceType.HORSE, PieceType.CANNON)
ENDGAME_ATTACKERS = 4   # both sides together: this many rooks, horses and cannons or fewer is an endgame


def material(position: Position, color: Color) -> float:
    """``color``'s material minus the other side's, in pawns."""
    total = 0.0
    for sq, cell in enumerate(position.cells()):
        ptype = type_of(cell)
        if ptype is None:
            continue
        value = _VALUES[ptype]
        if ptype is PieceType.PAWN and _crossed(sq, cell > 0):
            value = 2.0
        total += value if (cell > 0) == (color is Color.RED) else -value
    return total


def _crossed(sq: int, red: bool) -> bool:
    rank = sq // 9
    return rank >= 5 if red else rank <= 4


def attackers(position: Position) -> int:
    return sum(1 for cell in position.cells() if type_of(cell) in _ATTACKERS)


def themes_of(position: Position, line: Sequence[Move], best: Score) -> frozenset[Theme]:
    solver = position.turn
    start = material(position, solver)
    board = position.copy()
    first = line[0]
    found: set[Theme] = set()
    if not board.is_capture(first) and not board.gives_check(first):
        found.add(Theme.QUIET)
    for move in line:
        board.push(move)
    gain = material(board, solver) - start
    if mates(best):
        found.add(Theme.MATE)
    else:
        win = win_percent(best)
        found.add(Theme.ADVANTAGE if win >= 70 else Theme.ONLY_MOVE)
        if win >= 90:
            found.add(Theme.CRUSHING)
        if gain >= 2:
            found.add(Theme.MATERIAL)
    # The sacrifice, the phase and the endgame type are motifs (xiangqi.tactics), not themes.
    solver_moves = (len(line) + 1) // 2
    if solver_moves == 1:
        found.add(Theme.ONE_MOVE)
    elif solver_moves >= 3:
        found.add(Theme.LONG)
    return frozenset(found)


RATING_BASE = 1000.0          # a one-move puzzle with one obvious answer
RATING_PER_MOVE = 200.0       # each solver's move after the first
RATING_PER_CLOSE_POINT = 6.0  # each Win% point the gap to the second move is under RATING_CLEAR_GAP
RATING_CLEAR_GAP = 50.0
RATING_PER_DEPTH = 40.0       # each ply of depth over RATING_SEEN_DEPTH the engine needed to settle on the move
RATING_SEEN_DEPTH = 4
RATING_QUIET = 150.0
RATING_SACRIFICE = 100.0
RATING_RANGE_START = (800.0, 2600.0)
UNKNOWN_DEPTH = 8             # a puzzle verified before the depth was recorded


def starting_rating(themes: frozenset[Theme], solver_moves: int, gap: float = RATING_CLEAR_GAP,
                    found_depth: int | None = None, motifs: frozenset[Motif] = frozenset()
                    ) -> tuple[float, float, float]:
    """A first guess of the difficulty, refined by Glicko-2 as people solve it::

        1000 + 200 x (solver moves - 1)                       the line's length
             + 6 x (50 - min(gap, 50))                        how close the second-best move comes (Win%)
             + 40 x max(0, depth the move settled at - 4)     how deep the engine had to look
             + 150 for a quiet first move + 100 for a sacrifice

    kept within 800..2600, deviation 300: a mate in one that the engine sees at once starts at about 1000
    (a beginner's first puzzles), a quiet three-mover with a close second at 2000 or more."""
    depth = UNKNOWN_DEPTH if found_depth is None else found_depth
    rating = (RATING_BASE + RATING_PER_MOVE * (solver_moves - 1)
              + RATING_PER_CLOSE_POINT * (RATING_CLEAR_GAP - min(max(gap, 0.0), RATING_CLEAR_GAP))
              + RATING_PER_DEPTH * max(0, depth - RATING_SEEN_DEPTH))
    if Theme.QUIET in themes:
        rating += RATING_QUIET
    if Motif.SACRIFICE in motifs or Theme.SACRIFICE in themes:
        rating += RATING_SACRIFICE
    low, high = RATING_RANGE_START
    return min(max(rating, low), high), 300.0, DEFAULT_RATING[2]


def limit_text(limits: SearchLimits) -> str:
    if limits.nodes is not None:
        return f"nodes {limits.nodes}"
    if limits.depth is not None:
        return f"depth {limits.depth}"
    return f"movetime {limits.movetime_ms} ms"


def position_key(fen: str) -> str:
    """A position without its move counters (the same puzzle reached at move 20 or move 31 is one)."""
    return " ".join(fen.split()[:2])


def puzzle_id(fen: str, move: Move) -> str:
    return hashlib.sha1(f"{fen} {move.iccs()}".encode()).hexdigest()[:10]


# --------------------------------------------------------------------------------------------- passes
@dataclass
class VerifyResult:
    puzzle: Puzzle | None
    drop: DropReason | None
    judgement: Judgement | None = None


Pass = Generator[list[SearchRequest], list[Lines], VerifyResult]


def verify_position(position: Position, settings: FinderSettings, source: str, expected: Move | None = None,
                    pid: str | None = None) -> Pass:
    """Verify one position (and follow a winning line): yields the searches, returns the puzzle or the drop."""
    legal = len(position.legal_moves())
    [lines] = yield [SearchRequest(position.copy(), 2, settings.verify)]
    first = judge(lines, legal, settings.min_gap, expected)
    if first.drop is not None or first.best is None:
        return VerifyResult(None, first.drop, first)
    best = first.best
    line = list(best.pv[:1])
    if mates(best.score):
        mate_line = yield from _follow_mate(position, best, settings)
        if mate_line is None:
            return VerifyResult(None, DropReason.MATE_NOT_FOLLOWED, first)
        line = mate_line
    elif win_percent(best.score) >= settings.min_win:
        line = yield from _follow(position, best, settings)
    themes = themes_of(position, line, best.score)
    found = motifs(position, line)
    puzzle = Puzzle(
        puzzle_id=pid or puzzle_id(position.fen(), line[0]), fen=position.fen(), line=tuple(line), themes=themes,
        motifs=found, mate_in=(len(line) + 1) // 2 if mates(best.score) else None,
        rating=starting_rating(themes, (len(line) + 1) // 2, first.gap, best.settled, found), source=source,
        verified=Verification(limit_text(settings.verify), str(best.score),
                              None if first.second is None else str(first.second.score), first.gap, best.settled),
    )
    return VerifyResult(puzzle, None, first)


def _follow_mate(position: Position, best: Line, settings: FinderSettings) -> Generator[
        list[SearchRequest], list[Lines], list[Move] | None]:
    """The line to the mate, each later solver's move searched again (MultiPV 2) and found to mate as fast
    as the line promised; the defender's replies are the engine's. None when a step does not mate (the
    line would stop short of the mate). Another move that mates as fast is allowed after the first move:
    the trainer takes any move that mates as fast (``puzzle_solving.equivalent``)."""
    board, step = position.copy(), best
    line: list[Move] = []
    while len(line) < 2 * MAX_MATE_IN:
        board.push(step.move)
        line.append(step.move)
        if not board.legal_moves():
            return line    # mated (or stalemated: a loss in xiangqi)
        if board.outcome() is not None:
            return None    # a draw by the rules ends the line short of the mate
        reply = step.pv[1] if len(step.pv) > 1 and board.is_legal(step.pv[1]) else None
        if reply is None:
            [answer] = yield [SearchRequest(board.copy(), 1, settings.verify)]
            reply = answer[0].move if answer and board.is_legal(answer[0].move) else None
        if reply is None:
            return None
        board.push(reply)
        line.append(reply)
        [lines] = yield [SearchRequest(board.copy(), 2, settings.verify)]
        if not lines or not mates(lines[0].score) or not board.is_legal(lines[0].move):
            return None
        step = lines[0]
    return None


def _follow(position: Position, best: Line, settings: FinderSettings) -> Generator[list[SearchRequest], list[Lines],
                                                                                   list[Move]]:
    """The solver's move, then as long as the engine's reply leaves a clearly best winning move, that too."""
    line = [best.move]
    board = position.copy()
    board.push(best.move)
    reply = best.pv[1] if len(best.pv) > 1 and board.is_legal(best.pv[1]) else None
    while reply is not None and (len(line) + 1) // 2 < settings.max_solver_moves:
        board.push(reply)
        if board.outcome() is not None:
            break
        [lines] = yield [SearchRequest(board.copy(), 2, settings.verify)]
        step = judge(lines, len(board.legal_moves()), settings.min_gap)
        if step.drop is not None or step.best is None or win_percent(step.best.score) < settings.min_win:
            break
        line += [reply, step.best.move]
        board.push(step.best.move)
        pv = step.best.pv
        reply = pv[1] if len(pv) > 1 and board.outcome() is None and board.is_legal(pv[1]) else None
    return line


@dataclass
class GameScan:
    """What one game's scan found: puzzles, and the candidates dropped with their reasons."""

    puzzles: list[Puzzle] = field(default_factory=list)
    drops: list[tuple[int, DropReason]] = field(default_factory=list)   # (ply, why)
    candidates: int = 0
    positions: int = 0


def main_line_positions(start: Position, moves: Sequence[Move]) -> list[Position]:
    board, positions = start.copy(), [start.copy()]
    for move in moves:
        board.push(move)
        positions.append(board.copy())
    return positions


def candidates(scores: Sequence[Score | None], settings: FinderSettings) -> list[int]:
    """Indexes of the scanned positions worth verifying (``scores``: each one's best, side to move's view)."""
    found = []
    for index, score in enumerate(scores):
        if score is None:
            continue
        before = scores[index - 1] if index > 0 else None
        if mates(score):
            if before is None or not (before.mate is not None and before.mate < 0):
                found.append(index)
            continue
        if before is None:
            continue
        win, was = win_percent(score), 100.0 - win_percent(before)
        if win >= settings.min_win and win - was >= settings.min_jump:
            found.append(index)
    return found


def scan_game(positions: Sequence[Position], settings: FinderSettings, source: str) -> Generator[
        list[SearchRequest], list[Lines], GameScan]:
    """Scan a game's positions (all but finished ones; the last ``tail`` only if set), then verify the
    candidates. ``source`` names the game; each puzzle's source adds the ply."""
    first = 0 if settings.tail is None else max(0, len(positions) - settings.tail)
    scanned = [(ply, p) for ply, p in enumerate(positions) if ply >= first and p.outcome() is None]
    result = GameScan(positions=len(scanned))
    answers = yield [SearchRequest(p, 1, settings.scan) for _, p in scanned]
    scores = [lines[0].score if lines else None for lines in answers]
    picked = candidates(scores, settings)
    result.candidates = len(picked)
    for index in picked:
        ply, position = scanned[index]
        verdict = yield from verify_position(position, settings, f"{source}, ply {ply}")
        if verdict.puzzle is not None:
            result.puzzles.append(verdict.puzzle)
        elif verdict.drop is not None:
            result.drops.append((ply, verdict.drop))
    return result


def confirmed(task: Generator[list[SearchRequest], list[Lines], object],
              settings: FinderSettings) -> Generator[list[SearchRequest], list[Lines], GameScan]:
    """Run a pass, then verify again each puzzle it found at ``settings`` (the final, deeper limit) with its
    first move expected, following its line again; what is not clearly best there is dropped. A cheap first
    verification keeps the deep searches for the few candidates worth them."""
    found = yield from task
    scan = found if isinstance(found, GameScan) else GameScan(positions=1, candidates=1)
    if isinstance(found, VerifyResult):
        if found.puzzle is not None:
            scan.puzzles.append(found.puzzle)
        elif found.drop is not None:
            scan.drops.append((0, found.drop))
    kept = []
    for puzzle in scan.puzzles:
        verdict = yield from verify_position(Position.from_fen(puzzle.fen), settings, puzzle.source,
                                             expected=puzzle.line[0], pid=puzzle.puzzle_id)
        if verdict.puzzle is not None:
            kept.append(verdict.puzzle)
        else:
            scan.drops.append((0, verdict.drop or DropReason.NO_ANSWER))
    scan.puzzles = kept
    return scan


Answer = Callable[[SearchRequest], Lines]
T = TypeVar("T")


def run_with(task: Generator[list[SearchRequest], list[Lines], T], answer: Answer) -> T:
    """Run a pass with a function answering each search (a scripted engine in tests)."""
    try:
        batch = next(task)
        while True:
            batch = task.send([answer(request) for request in batch])
    except StopIteration as stop:
        result: T = stop.value
        return result
