"""Writing a review into a record (no Qt): ``[%eval]`` comments, ?!/?/?? marks, better moves as variations.

The engine's work is given as one ``PositionValue`` per position of the main line (the start and the
position after every move): its best line's value and, for a position a move was played in, the played
move's value from the same search. ``annotate_game`` turns them into marks (``xiangqi.review.marks``) and
writes them into the game tree. The game stays a normal record: saved as PGN and read back, the marks are NAGs
and the evaluations ``[%eval]`` comments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from xiangqi.core import Color, Move, Position
from xiangqi.core.outcome import Outcome
from xiangqi.engine.messages import SearchLimits
from xiangqi.record import Game, GameNode
from xiangqi.review.accuracy import accuracy_from_evaluations, lichess_win_percent
from xiangqi.review.evaluation import Evaluation, with_eval
from xiangqi.review.marks import MARK_NAGS, Mark, MoveJudgement, SideSummary, judge_move, summarise
from xiangqi.tactics.explain import MoveFacts, Wording, explain_move

VARIATION_PLIES = 8  # how much of the engine's line a better-move variation shows
EXPLAINED_MARKS = (Mark.MISTAKE, Mark.BLUNDER)   # the marks whose comment says why, in one sentence
# A review's sentence is the comment's line that starts with the mark and a space ("?? 丢车（…）"): a
# re-review replaces it (a user's own line starting so would go too; no other comment line is touched).
_EXPLANATION_LINE = re.compile(r"^\?\??[ \t][^\n]*(?:\n|$)", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class PositionValue:
    """What is known of one position: the engine's evaluation (red's view), best move and line, or the
    game's end there (``terminal``: no search; the evaluation is then only used for the winning chances).
    ``played``: the value of the move played here, from the same search (red's view); None when the
    search gave none (the move is then judged by the next position's evaluation). ``judged_best``: the
    engine's move's value in the search that scored the played move beside it (the pair search), when
    that was not the position's own search; the loss is measured from it. ``depth``: the depth of the
    best line, ``played_depth`` of the played move's score, both in plies below this position (a search of
    the position after a move counts that move)."""

    evaluation: Evaluation
    best: Move | None = None
    pv: tuple[Move, ...] = ()
    depth: int | None = None
    terminal: bool = False
    played: Evaluation | None = None
    judged_best: Evaluation | None = None
    played_depth: int | None = None


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    judgements: tuple[MoveJudgement, ...]
    red: SideSummary
    black: SideSummary


def main_line_positions(game: Game) -> list[Position]:
    """The start position and the position after each main-line move, each with its history (for the
    engine's ``position`` command and the repetition rules). ValueError naming the ply for an illegal move."""
    position = game.start_position()
    positions = [position.copy()]
    for ply, move in enumerate(game.mainline_moves(), start=1):
        if not position.is_legal(move):
            raise ValueError(f"main-line move {ply} ({move.iccs()}) is not legal in {position.fen()!r}")
        position.push(move)
        positions.append(position.copy())
    return positions


def terminal_value(outcome: Outcome) -> PositionValue:
    """A finished position's value: a draw is level; a win is a sure thing (a mate for the winner)."""
    if outcome.winner is None:
        return PositionValue(Evaluation(cp=0), terminal=True)
    return PositionValue(Evaluation(mate=1 if outcome.winner is Color.RED else -1), terminal=True)


def annotator_text(engine_name: str, limits: SearchLimits) -> str:
    """The Annotator tag: the engine and what it was given, e.g. ``Fairy-Stockfish 11.1, 300 ms/move``."""
    if limits.depth is not None:
        given = f"depth {limits.depth}"
    elif limits.movetime_ms is not None:
        given = f"{limits.movetime_ms} ms/move"
    elif limits.nodes is not None:
        given = f"{limits.nodes} nodes/move"
    else:
        return engine_name
    return f"{engine_name}, {given}"


def annotate_game(game: Game, positions: Sequence[Position], values: Sequence[PositionValue],
                  annotator: str = "", wording: Wording | None = None) -> ReviewSummary:
    """Writes the review into ``game``'s main line and returns the summary. ``positions`` and ``values``
    are index-aligned with the main line: the start, then after each move. ``wording``: the language and
    notation of the sentence each ?/?? gets in its comment (``xiangqi.tactics.explain``); None: none."""
    nodes = game.mainline()
    if not len(positions) == len(values) == len(nodes) + 1:
        raise ValueError(f"{len(values)} values and {len(positions)} positions for {len(nodes)} moves")
    game.root.comment = with_eval(game.root.comment, values[0].evaluation)
    judgements = []
    for ply, node in enumerate(nodes, start=1):
        before, after = values[ply - 1], values[ply]
        assert node.move is not None
        judgement = move_judgement(positions[ply - 1].turn, before, after, node.move)
        judgements.append(judgement)
        node.comment = with_eval(with_explanation(node.comment, None, ""),
                                 None if after.terminal else after.evaluation)
        why = explanation_text(positions[ply - 1], node.move, before, after, judgement, wording)
        node.comment = with_explanation(node.comment, judgement.mark, why)
        _set_mark(node, judgement.mark)
        if judgement.mark is not None and before.best is not None:
            _add_better_line(node, positions[ply - 1], before, best_value(before))
    if annotator:
        game.headers["Annotator"] = annotator
    red_wins = [lichess_win_percent(value.evaluation) for value in values]
    shown = shown_evaluations(values)
    accuracy = accuracy_from_evaluations(shown, positions[0].turn)
    summary = ReviewSummary(tuple(judgements), *(
        _with_accuracy(summarise(judgements, color, red_wins), accuracy[color]) for color in (Color.RED, Color.BLACK)))
    game.headers["RedAccuracy"] = f"{summary.red.accuracy:.1f}"
    game.headers["BlackAccuracy"] = f"{summary.black.accuracy:.1f}"
    return summary


def explanation_text(position: Position, move: Move, before: PositionValue, after: PositionValue,
                     judgement: MoveJudgement, wording: Wording | None) -> str:
    """The sentence saying why a ?/?? move is one ("" for other moves, or without a ``wording``): from the
    engine's best line before the move and its line after it."""
    if wording is None or judgement.mark not in EXPLAINED_MARKS:
        return ""
    best_line = before.pv if before.pv[:1] == (before.best,) else (before.best,) if before.best else ()
    played = before.played if before.played is not None else after.evaluation
    facts = MoveFacts(position, move, best_line, after.pv, best_value(before).for_side(judgement.mover).mate,
                      played.for_side(judgement.mover).mate, judgement.loss)
    return explain_move(facts, wording)


def with_explanation(comment: str, mark: Mark | None, text: str) -> str:
    """``comment`` without an earlier review's sentence, and with ``text`` on a line of its own after the mark
    (when there is a text and a mark)."""
    rest = _EXPLANATION_LINE.sub("", comment).rstrip()
    if mark is None or not text:
        return rest
    line = f"{mark.symbol} {text}"
    return f"{rest}\n{line}" if rest else line


def explanation_of(comment: str) -> str:
    """The review's sentence in a move's comment, without its mark ("" when there is none)."""
    match = _EXPLANATION_LINE.search(comment)
    return match.group(0).strip().split(maxsplit=1)[-1] if match else ""


def best_value(before: PositionValue) -> Evaluation:
    """The engine's move's value as judged: from the search that scored the played move beside it, when
    there was one, else the position's own search."""
    if before.played is not None and before.judged_best is not None:
        return before.judged_best
    return before.evaluation


def move_judgement(mover: Color, before: PositionValue, after: PositionValue, move: Move) -> MoveJudgement:
    """The move ``move`` played in the position ``before`` leading to ``after``. Its loss is the one inside
    the search that judged it (``judging``), but never more than the numbers shown say: the engine's move's
    value (written on its variation) against the ``[%eval]`` written after the move played. So a mark's
    shown numbers never contradict it (a ``??`` whose better move evaluated worse than the move played,
    issue 28), and a mark must hold in two searches: the judging one and the position after the move's own."""
    if before.best == move:
        return judge_move(mover, before.evaluation, before.evaluation, best=True)
    reference = best_value(before)
    played = before.played if before.played is not None else after.evaluation
    judged = judge_move(mover, reference, played)
    shown = judge_move(mover, reference, after.evaluation)
    return shown if shown.loss < judged.loss else judged


def shown_evaluations(values: Sequence[PositionValue]) -> list[Evaluation]:
    """The evaluation of each position in order, as the review shows it (the ``[%eval]`` comments; a position
    where the game ended by the rules has none written and counts as its result: a mate for the winner, 0
    for a draw). Lichess's game accuracy reads exactly this sequence, so the tags are comparable to its figure."""
    return [value.evaluation for value in values]


def _with_accuracy(side: SideSummary, accuracy: float | None) -> SideSummary:
    return replace(side, accuracy=accuracy if accuracy is not None else 100.0)


def _set_mark(node: GameNode, mark: Mark | None) -> None:
    """Replaces an earlier review's mark (a re-review must not pile them up); other NAGs stay."""
    node.nags[:] = [nag for nag in node.nags if nag not in MARK_NAGS]
    if mark is not None:
        node.nags.insert(0, mark.value)


def _add_better_line(node: GameNode, before: Position, value: PositionValue, shown: Evaluation) -> None:
    """The engine's move (and the start of its line) as a variation beside the move played."""
    parent = node.parent
    assert parent is not None and value.best is not None
    if parent.child_for(value.best) is not None or not before.is_legal(value.best):
        return
    line = [value.best] + list(value.pv[1:] if value.pv[:1] == (value.best,) else ())
    board = before.copy()
    current = parent
    for move in line[:VARIATION_PLIES]:
        if not board.is_legal(move):
            break
        current = current.add_child(move)
        board.push(move)
    first = parent.children[-1]
    first.comment = with_eval(first.comment, shown)
