"""The evaluation graph's data (no Qt): one value per ply of the main line, in pawns from red's point of
view, clamped, mates at the edge; None where nothing is known.

Two sources: a reviewed record (the ``[%eval]`` comments of its main line, ``record_evaluations``) and
the game being played (the engine's own scores, gathered by the app as ply → Evaluation). Index 0 is the
start position (the root comment's ``[%eval]``); index ``n`` the position after the n-th move.
"""

from __future__ import annotations

from collections.abc import Mapping

from xiangqi.record import Game, GameNode
from xiangqi.review.evaluation import EvalCommentError, Evaluation, parse_eval_comment
from xiangqi.review.marks import MARK_NAGS, Mark

GRAPH_CLAMP = 10.0   # pawns: an advantage beyond this is decisive; mates are drawn here


def record_evaluations(game: Game) -> dict[int, Evaluation]:
    """The ``[%eval]`` values of the main line by ply (0 = before the first move). A value that cannot
    be read is left out (the comment stays as the user wrote it)."""
    found: dict[int, Evaluation] = {}
    for ply, node in enumerate([game.root, *game.mainline()]):
        try:
            evaluation = parse_eval_comment(node.comment)
        except EvalCommentError:
            continue
        if evaluation is not None:
            found[ply] = evaluation
    return found


def graph_values(evaluations: Mapping[int, Evaluation], plies: int,
                 clamp: float = GRAPH_CLAMP) -> list[float | None]:
    """Values for plies 0..``plies`` (pawns, red's view, clamped; None where no evaluation is known)."""
    values: list[float | None] = []
    for ply in range(plies + 1):
        evaluation = evaluations.get(ply)
        values.append(evaluation.pawns(clamp) if evaluation is not None else None)
    return values


def record_graph_values(game: Game, clamp: float = GRAPH_CLAMP) -> list[float | None]:
    """The graph of a record's main line; empty when no move has an ``[%eval]`` (nothing to draw)."""
    evaluations = record_evaluations(game)
    return graph_values(evaluations, game.ply_count(), clamp) if evaluations else []


def record_marks(game: Game) -> dict[int, Mark]:
    """The review marks (NAGs ?!, ?, ??) of the main line by ply, for the graph's dots."""
    marks: dict[int, Mark] = {}
    for ply, node in enumerate(game.mainline(), start=1):
        mark = next((Mark(nag) for nag in node.nags if nag in MARK_NAGS), None)
        if mark is not None:
            marks[ply] = mark
    return marks


def review_mark(node: GameNode) -> Mark | None:
    """The review mark (?!, ?, ??) of ``node``'s move, None for none."""
    return next((Mark(nag) for nag in node.nags if nag in MARK_NAGS), None)


def better_move(node: GameNode) -> GameNode | None:
    """The better move a review wrote beside ``node``'s marked move: the first other move at that point
    that carries an ``[%eval]`` (the review's variation); None when the move has no mark or none was written."""
    parent = node.parent
    if parent is None or review_mark(node) is None:
        return None
    return next((child for child in parent.children if child is not node and "[%eval" in child.comment), None)
