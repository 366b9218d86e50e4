"""The game record: headers, start position, a move tree with variations and comments, and the result.

A ``GameNode`` is one move (the root has none). ``children[0]`` continues the line the node is on; the
other children are variations. A node's ``comment`` follows its move; the root's comment comes before
the first move. Positions are not stored in the tree: a ``GameCursor`` keeps the current one and walks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from xiangqi.core import IllegalMoveError, Move, Position
from xiangqi.record.errors import RecordError

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_COMMENT_EDGES = " \t\n\r\x00"
DEFAULT_HEADERS = {"Game": "Chinese Chess", "Event": "", "Date": "", "Red": "", "Black": ""}


def clean_comment(text: str) -> str:
    """A comment as records keep it: "\n" line ends, no blank edges (full-width indents are kept)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip(_COMMENT_EDGES)


class GameNode:
    """One move of the tree (``move`` is None for the root)."""

    __slots__ = ("move", "parent", "children", "comment", "nags")

    def __init__(self, move: Move | None = None, parent: GameNode | None = None, comment: str = "") -> None:
        self.move = move
        self.parent = parent
        self.children: list[GameNode] = []
        self.comment = comment
        self.nags: list[int] = []

    def __repr__(self) -> str:
        return f"GameNode({self.move.iccs() if self.move else 'root'}, children={len(self.children)})"

    def add_child(self, move: Move, comment: str = "") -> GameNode:
        child = GameNode(move, self, comment)
        self.children.append(child)
        return child

    def child_for(self, move: Move) -> GameNode | None:
        for child in self.children:
            if child.move == move:
                return child
        return None

    @property
    def ply(self) -> int:
        """Moves from the start to this node (the root is 0)."""
        count, node = 0, self
        while node.parent is not None:
            count, node = count + 1, node.parent
        return count

    def path(self) -> list[GameNode]:
        """The nodes from the first move to this one (empty for the root)."""
        nodes, node = [], self
        while node.parent is not None:
            nodes.append(node)
            node = node.parent
        nodes.reverse()
        return nodes

    def moves(self) -> list[Move]:
        return [node.move for node in self.path() if node.move is not None]

    def line(self) -> Iterator[GameNode]:
        """This node's continuation: the first child, its first child, and so on."""
        node = self
        while node.children:
            node = node.children[0]
            yield node

    def is_main_line(self) -> bool:
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def walk(self) -> Iterator[GameNode]:
        """This node and every node below it, depth first, children in order (no recursion)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


class Game:
    """A game record. ``headers`` are the PGN tags other than FEN, Format and Result, in file order."""

    def __init__(
        self,
        headers: dict[str, str] | None = None,
        start_fen: str = Position.STARTING_FEN,
        result: str = "*",
    ) -> None:
        self.headers: dict[str, str] = dict(DEFAULT_HEADERS if headers is None else headers)
        # canonical form, so that equal starts compare equal (raises FenError for a bad one)
        self.start_fen = start_fen if start_fen == Position.STARTING_FEN else Position.from_fen(start_fen).fen()
        self.result = result if result in RESULTS else "*"
        self.root = GameNode()
        self.errors: list[RecordError] = []
        self.source: str | None = None  # where it was read from (file name), for messages

    def __repr__(self) -> str:
        red, black = self.headers.get("Red", ""), self.headers.get("Black", "")
        return f"Game({red!r} vs {black!r}, {self.ply_count()} plies, {self.result})"

    @property
    def complete(self) -> bool:
        """False when the reader met a problem (see ``errors``; the tree holds what could be read)."""
        return not self.errors

    @property
    def is_setup(self) -> bool:
        return self.start_fen.split()[:2] != Position.STARTING_FEN.split()[:2]

    def start_position(self) -> Position:
        return Position.from_fen(self.start_fen)

    def mainline(self) -> list[GameNode]:
        return list(self.root.line())

    def mainline_moves(self) -> list[Move]:
        return [node.move for node in self.root.line() if node.move is not None]

    def ply_count(self) -> int:
        return sum(1 for _ in self.root.line())

    def position_at(self, node: GameNode) -> Position:
        position = self.start_position()
        for move in node.moves():
            position.push(move)
        return position

    def end_position(self) -> Position:
        """The position after the last move of the main line."""
        nodes = self.mainline()
        return self.position_at(nodes[-1]) if nodes else self.start_position()

    def walk_positions(self) -> Iterator[tuple[GameNode, Position]]:
        """Every move node with the position *before* its move, depth first.

        One Position object is shared and moved along (push on the way down, pop on the way up), so use
        it before asking for the next item; copy it to keep it.
        """
        position = self.start_position()
        stack: list[tuple[GameNode, bool]] = [(child, False) for child in reversed(self.root.children)]
        while stack:
            node, leaving = stack.pop()
            if leaving:
                position.pop()
                continue
            yield node, position
            assert node.move is not None
            position.push_unchecked(node.move)
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))

    # --- editing -----------------------------------------------------------------------------------
    def add_move(self, node: GameNode, move: Move, position: Position | None = None) -> GameNode:
        """Play ``move`` after ``node``: the existing child if it is the same move, else a new line
        (a variation when the node already has a continuation). Raises IllegalMoveError."""
        existing = node.child_for(move)
        if existing is not None:
            return existing
        before = position if position is not None else self.position_at(node)
        if not before.is_legal(move):
            raise IllegalMoveError(f"{move.iccs()!r} is not a legal move in {before.fen()!r}")
        return node.add_child(move)

    @staticmethod
    def promote_variation(node: GameNode, to_main: bool = True) -> None:
        """Move a variation up one place among its siblings, or to the front (making it the main line)."""
        parent = node.parent
        if parent is None:
            return
        index = parent.children.index(node)
        if index == 0:
            return
        parent.children.pop(index)
        parent.children.insert(0 if to_main else index - 1, node)

    @staticmethod
    def delete_variation(node: GameNode) -> GameNode:
        """Remove ``node`` and everything after it; returns its parent (where a cursor should go)."""
        parent = node.parent
        if parent is None:
            raise ValueError("the root of a game cannot be deleted")
        parent.children.remove(node)
        node.parent = None
        return parent

    # --- comparison --------------------------------------------------------------------------------
    def tree_signature(self) -> list[tuple[int, str, str, tuple[int, ...]]]:
        """The tree as a flat pre-order list (parent's index, ICCS move, comment, NAGs): two games with
        the same signature have the same moves, variations, order and comments."""
        index: dict[int, int] = {}
        signature: list[tuple[int, str, str, tuple[int, ...]]] = []
        for number, node in enumerate(self.root.walk()):
            index[id(node)] = number
            parent = index[id(node.parent)] if node.parent is not None else -1
            move = node.move.iccs() if node.move is not None else ""
            signature.append((parent, move, node.comment, tuple(node.nags)))
        return signature

    def record_signature(self) -> tuple[Any, ...]:
        """Everything a lossless round trip must keep: headers, start, result and the tree."""
        return (dict(self.headers), self.start_fen, self.result, self.tree_signature())


class GameCursor:
    """A place in a game with its position: step forward/back, jump to a ply, switch variation, add moves."""

    def __init__(self, game: Game, node: GameNode | None = None) -> None:
        self.game = game
        self.node = game.root
        self.position = game.start_position()
        if node is not None:
            self.go_to(node)

    @property
    def ply(self) -> int:
        return self.position.ply

    def forward(self, variation: int = 0) -> bool:
        """Play the ``variation``-th continuation (0 = the line's own); False at the end of the line."""
        if not 0 <= variation < len(self.node.children):
            return False
        child = self.node.children[variation]
        assert child.move is not None
        self.position.push(child.move)
        self.node = child
        return True

    def back(self) -> bool:
        if self.node.parent is None:
            return False
        self.position.pop()
        self.node = self.node.parent
        return True

    def to_start(self) -> None:
        while self.back():
            pass

    def to_end(self) -> None:
        while self.forward():
            pass

    def go_to_ply(self, ply: int) -> None:
        """Go back along the path, or forward along the current line, until ``ply`` moves are played."""
        while self.ply > max(ply, 0) and self.back():
            pass
        while self.ply < ply and self.forward():
            pass

    def go_to(self, node: GameNode) -> None:
        self.to_start()
        for step in node.path():
            assert step.move is not None
            self.position.push(step.move)
        self.node = node

    def siblings(self) -> list[GameNode]:
        """The alternatives to the current move (itself included), main one first."""
        return self.node.parent.children if self.node.parent is not None else [self.node]

    def enter_variation(self, index: int) -> bool:
        """Replace the current move by its ``index``-th alternative (same ply)."""
        if self.node.parent is None or not 0 <= index < len(self.node.parent.children):
            return False
        self.back()
        return self.forward(index)

    def add_move(self, move: Move) -> GameNode:
        """Play ``move`` here (reusing an identical continuation, else opening a new line) and step onto it."""
        child = self.game.add_move(self.node, move, self.position)
        self.position.push(move)
        self.node = child
        return child

    def delete_current(self) -> None:
        """Delete the current move and what follows it, and step back to its parent."""
        if self.node.parent is None:
            return
        node = self.node
        self.back()
        Game.delete_variation(node)
