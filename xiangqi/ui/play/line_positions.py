"""Positions of a record's nodes, on demand, for views that show only what is on screen (the move list,
the variations panel): one position is walked from node to node (``game.model.walk_position``), so
asking for the rows in view costs the moves between them, not a replay from the start for each, and
nothing is walked for rows never shown. No Qt."""

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
    position) or from a known node (the game's head, whose position the game model keeps), whichever
    is nearer; then walks from the node asked last."""

    def __init__(self, root: GameNode, start: Position,
                 known: Callable[[], list[tuple[GameNode, Position]]] | None = None) -> None:
        self._root, self._start = root, start
        self._known = known
        self._at: tuple[GameNode, Position] | None = None

    def position_at(self, node: GameNode) -> Position:
        """The position after ``node``'s move (the walker's own: read it, do not change it)."""
        here = self._nearest(node)
        try:
            position = walk_position(here[1], here[0], node)
        except ValueError:          # ``node`` was cut off the tree: replayed from the start
            position = self._start.copy()
            for move in node.moves():
                position.push_unchecked(move)
        self._at = (node, position)
        return position

    def _nearest(self, node: GameNode) -> tuple[GameNode, Position]:
        """The walker's node and a position to change, the one with the fewest plies to walk (plies apart is
        the least the walk costs; the root is exactly ``node.ply`` away)."""
        options: list[tuple[int, int, tuple[GameNode, Position] | None]] = [(node.ply, 1, None)]
        if self._at is not None:
            options.append((abs(self._at[0].ply - node.ply), 0, self._at))
        for known in self._known() if self._known is not None else []:
            options.append((abs(known[0].ply - node.ply), 2, known))
        _cost, kind, chosen = min(options, key=lambda option: option[:2])
        if chosen is None:
            return self._root, self._start.copy()
        if kind == 2:      # the game's own position: walked on a copy
            return chosen[0], chosen[1].copy()
        return chosen
