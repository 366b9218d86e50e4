"""Positions of a record's nodes, on demand, for views that show only what is on screen (the move list,
the variations panel): one position is walked from node to node, so asking for the rows in view costs
the moves between them, not a replay from the start for each, and nothing is walked for rows never
shown. The callers give each node's ply (``GameNode.ply`` counts its way up to the root; a position's
``ply`` is its move stack's length, as each of these positions is played from the record's start). No Qt."""

from __future__ import annotations

from collections.abc import Callable

from xiangqi.core import Position
from xiangqi.game.model import GameModel, walk_position
from xiangqi.record import GameNode


def known_positions(game: GameModel) -> list[tuple[GameNode, Position]]:
    """The nodes whose positions the game model keeps: its head and the node shown (the views' rows are
    mostly near the one shown)."""
    return [(game.head, game.position), (game.cursor, game.shown_position())]


class PositionWalker:
    """The position at any node of one record tree. Starts from the root (``start``: the record's start
    position) or from a node whose position is known (the game's head and the node shown, which the game
    model keeps), whichever is nearest; then walks from the node asked last. ``known`` is asked each time
    (the head and the shown node move, and their positions with them); its positions are copied, never
    changed."""

    def __init__(self, root: GameNode, start: Position,
                 known: Callable[[], list[tuple[GameNode, Position]]] | None = None) -> None:
        self._root, self._start = root, start
        self._known = known
        self._at: tuple[GameNode, Position] | None = None

    def position_at(self, node: GameNode, ply: int) -> Position:
        """The position after ``node``'s move, ``ply`` moves from the start (the walker's own: read it, do
        not change it)."""
        here, position = self._nearest(ply)
        try:
            walk(position, here, node, ply)
        except ValueError:          # ``node`` was cut off the tree: replayed from the start
            position = self._start.copy()
            for move in node.moves():
                position.push_unchecked(move)
        self._at = (node, position)
        return position

    def _nearest(self, ply: int) -> tuple[GameNode, Position]:
        """A node and a position at it to change, the one with the fewest plies to walk (plies apart is the
        least the walk costs; the root is exactly ``ply`` away)."""
        options: list[tuple[int, int, tuple[GameNode, Position] | None]] = [(ply, 1, None)]
        if self._at is not None:
            options.append((abs(self._at[1].ply - ply), 0, self._at))
        for known in self._known() if self._known is not None else []:
            options.append((abs(known[1].ply - ply), 2, known))
        _cost, kind, chosen = min(options, key=lambda option: option[:2])
        if chosen is None:
            return self._root, self._start.copy()
        if kind == 2:      # the game's own position: walked on a copy
            return chosen[0], chosen[1].copy()
        return chosen


def walk(position: Position, start: GameNode, end: GameNode, end_ply: int) -> None:
    """``position`` (at ``start``, its ply the stack's length) moved to ``end`` (at ``end_ply``).
    ValueError when they are not in one tree."""
    walk_position(position, start, end, position.ply, end_ply)
