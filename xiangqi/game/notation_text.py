"""Moves as text in the chosen notation, with a cache so the move list and the variations panel do not
re-notate a whole game on every move."""

from __future__ import annotations

from xiangqi.core import Move, NotationError, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import GameNode


def line_text(position: Position, moves: tuple[Move, ...] | list[Move], notation: Notation, *,
              traditional: bool = False) -> list[str]:
    """Texts of ``moves`` played from ``position`` (stops at the first move that is not legal); Chinese
    notation in traditional characters when ``traditional``."""
    board = position.copy()
    texts: list[str] = []
    for move in moves:
        if not board.is_legal(move):
            break
        texts.append(move_to_text(board, move, notation, traditional=traditional))
        board.push_unchecked(move)
    return texts


class NodeTexts:
    """Each move of a record's tree as text, computed once per node and notation: the move list and the
    variations panel share it (the game model keeps one per record), so showing another line of a tree
    thousands of moves deep notates nothing again. A node's text depends only on the moves before it,
    which never change while the node is in the tree."""

    def __init__(self) -> None:
        self._tables: dict[tuple[Notation, bool], dict[GameNode, str]] = {}

    def text(self, node: GameNode, before: Position, notation: Notation, *, traditional: bool = False) -> str:
        """The text of ``node``'s move, played from ``before`` (the position at its parent); its ICCS
        when the notation cannot write it."""
        table = self._tables.setdefault((notation, traditional), {})
        text = table.get(node)
        if text is None:
            assert node.move is not None, "the root has no move"
            try:
                text = move_to_text(before, node.move, notation, traditional=traditional)
            except NotationError:
                text = node.move.iccs()
            table[node] = text
        return text
