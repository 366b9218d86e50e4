"""The one game model (no Qt): a record tree (headers, variations, comments, NAGs) with the node the game
is at (``head``), the node shown (``cursor``) and the result.

- ``play(move)`` at the head enters the existing child when it is the same move, else adds one. While a
  game is being played (``playing``), the move played becomes the head's first child: the game actually
  played is always the main line, and moves taken back stay as a variation after it (nothing is lost).
- ``undo()`` steps the head back; ``redo()`` forward along the line just undone (the first child).
- ``view(node)`` shows an earlier position of the game without changing it; ``play_from_view()`` continues
  the game from there (the later moves stay as the continuation, to redo).
- ``go_to(node)`` makes any node of the tree the game's head (studying a record).

A result the board decides follows the head (a move taken back resumes the game); one the board cannot see
(time, resignation, agreement) is set by ``finish`` and ends the game for good.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from xiangqi.core import Color, IllegalMoveError, Move, Position
from xiangqi.game.notation_text import NodeTexts
from xiangqi.game.result import GameResult
from xiangqi.record import Game as Record
from xiangqi.record import GameNode


class GameOverError(IllegalMoveError):
    """A move was played after the game ended."""


def node_path(node: GameNode) -> list[int]:
    """The child indices from the root down to ``node`` (empty for the root)."""
    indices: list[int] = []
    while node.parent is not None:
        indices.append(node.parent.children.index(node))
        node = node.parent
    indices.reverse()
    return indices


def node_at_path(root: GameNode, indices: Sequence[int]) -> GameNode:
    """The node reached by ``indices`` from ``root``; raises ValueError naming the first bad step."""
    node = root
    for depth, index in enumerate(indices):
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(node.children):
            raise ValueError(f"path step {depth + 1}: no child {index!r} (the node has {len(node.children)})")
        node = node.children[index]
    return node


def walk_position(position: Position, start: GameNode, end: GameNode, start_ply: int | None = None,
                  end_ply: int | None = None) -> Position:
    """``position`` (the one at ``start``, changed in place and returned) moved to ``end`` of the same
    tree: moves popped up to the nodes' common ancestor, then pushed down to ``end``. Costs the moves
    between the two nodes, not a replay from the start. The nodes' plies, when the caller knows them,
    spare counting them (``GameNode.ply`` walks to the root). ValueError when they are not in one tree."""
    start_ply = start.ply if start_ply is None else start_ply
    end_ply = end.ply if end_ply is None else end_ply
    down: list[GameNode] = []
    while end_ply > start_ply:
        down.append(end)
        end, end_ply = _parent(end), end_ply - 1
    while start_ply > end_ply:
        position.pop()
        start, start_ply = _parent(start), start_ply - 1
    while start is not end:
        position.pop()
        down.append(end)
        start, end = _parent(start), _parent(end)
    for node in reversed(down):
        assert node.move is not None
        position.push_unchecked(node.move)
    return position


def _parent(node: GameNode) -> GameNode:
    if node.parent is None:
        raise ValueError("the two nodes are not in the same tree")
    return node.parent


# The position at the end of a record's main line, played ahead by the thread that read the record
# (``prepare_main_line_end``) and taken by the first ``go_to`` there: opening a game of 20,000 moves
# then plays none of them on the GUI thread (70 ms on a busy machine).
_PREPARED_ENDS: weakref.WeakKeyDictionary[Record, tuple[GameNode, Position]] = weakref.WeakKeyDictionary()


def prepare_main_line_end(record: Record) -> None:
    """Play ``record``'s main line to its end now (on a reading thread), for the game model that opens it."""
    node, position = record.root, record.start_position()
    while node.children:
        node = node.children[0]
        assert node.move is not None
        position.push_unchecked(node.move)
    _PREPARED_ENDS[record] = (node, position)


class GameModel:
    def __init__(self, record: Record | None = None, *, natural_limit_plies: int = 120,
                 playing: bool = True) -> None:
        self.record = record if record is not None else Record()
        self.natural_limit_plies = natural_limit_plies
        self.playing = playing            # a game played in the app (new moves become the main line)
        self.finished: GameResult | None = None   # time, resignation or agreement: the game is over
        self.head: GameNode = self.record.root
        self.cursor: GameNode = self.record.root
        self._position = self.record.start_position()
        self._board_result: GameResult | None = None
        self._shown: tuple[GameNode, Position] | None = None
        self.move_texts = NodeTexts()     # the tree's moves as text, shared by the views of the record
        self._update_board_result()

    # ----------------------------------------------------------------- reading
    @property
    def start_fen(self) -> str:
        return self.record.start_fen

    @property
    def position(self) -> Position:
        """The position at the head (the game's own; do not change it)."""
        return self._position

    @property
    def ply(self) -> int:
        return self.head.ply

    @property
    def moves(self) -> list[Move]:
        """The moves from the start to the head."""
        return self.head.moves()

    @property
    def redo_moves(self) -> list[Move]:
        """The moves ``redo`` would put back, next first."""
        return [node.move for node in self.head.line() if node.move is not None]

    @property
    def result(self) -> GameResult | None:
        return self.finished if self.finished is not None else self._board_result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def viewing(self) -> bool:
        """An earlier position of the game is shown (moves cannot be played there)."""
        return self.cursor is not self.head

    def shown_position(self) -> Position:
        """The position at the cursor (the head's own object when the cursor is there)."""
        if self.cursor is self.head:
            return self._position
        if self._shown is None or self._shown[0] is not self.cursor:
            # Walked from the position shown before (one move for a step back or forward), not replayed
            # from the start: stepping through a line thousands of moves deep stays cheap.
            node, position = self._shown if self._shown is not None else (self.head, self._position)
            self._shown = (self.cursor, self._position_from(node, position, self.cursor))
        return self._shown[1]

    @property
    def turn(self) -> Color:
        """The side to move at the head."""
        return self._position.turn

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` moves of the game (a copy); raises IndexError outside 0..ply."""
        return self._position_at(self.node_at_ply(ply))

    def node_at_ply(self, ply: int) -> GameNode:
        """The node of the game (root → head) after ``ply`` moves; raises IndexError outside 0..ply."""
        if not 0 <= ply <= self.head.ply:
            raise IndexError(f"ply {ply} outside 0..{self.head.ply}")
        node = self.head
        for _ in range(self.head.ply - ply):
            assert node.parent is not None
            node = node.parent
        return node

    def on_game_line(self, node: GameNode) -> bool:
        """``node`` lies between the root and the head."""
        probe: GameNode | None = self.head
        while probe is not None:
            if probe is node:
                return True
            probe = probe.parent
        return False

    # ----------------------------------------------------------------- playing
    def play(self, move: Move) -> GameNode:
        """Play ``move`` at the head (raises IllegalMoveError / GameOverError); the cursor follows."""
        if self.is_over:
            assert self.result is not None
            raise GameOverError(f"the game is over ({self.result.score}); move {move.iccs()} not played")
        node = self.record.add_move(self.head, move, self._position)
        if self.playing:
            Record.promote_variation(node, to_main=True)
        self._position.push(move)
        self._set_head(node)
        return node

    def can_undo(self) -> bool:
        return self.head.parent is not None and self.finished is None

    def undo(self) -> Move:
        """Take back the head's move; it stays in the tree as the move to redo."""
        if not self.can_undo() or self.head.move is None or self.head.parent is None:
            raise IndexError("no move to take back")
        move = self.head.move
        self._position.pop()
        self._set_head(self.head.parent)
        return move

    def can_redo(self) -> bool:
        return bool(self.head.children) and not self.is_over

    def redo(self) -> Move:
        if not self.can_redo():
            raise IndexError("no move to redo")
        node = self.head.children[0]
        assert node.move is not None
        self._position.push(node.move)
        self._set_head(node)
        return node.move

    def add_line(self, node: GameNode, moves: Sequence[Move]) -> GameNode:
        """Add ``moves`` after ``node`` as a line of the record (reusing what it has; a new line is a
        variation, the main line stays). Returns the last node; raises IllegalMoveError (nothing is
        added then)."""
        position = self._position_at(node)
        for move in moves:
            if not position.is_legal(move):
                raise IllegalMoveError(f"{move.iccs()!r} is not a legal move in {position.fen()!r}")
            position.push(move)
        for move in moves:
            child = node.child_for(move)
            node = child if child is not None else node.add_child(move)
        return node

    def finish(self, result: GameResult) -> None:
        """End the game for a reason the board cannot see (time, resignation, agreement)."""
        self.finished = result

    # ----------------------------------------------------------------- moving around
    def view(self, node: GameNode) -> bool:
        """Show ``node`` of the game line (root → head) without changing the game; False if not on it."""
        if not self.on_game_line(node):
            return False
        self.cursor = node
        return True

    def play_from_view(self) -> None:
        """Continue the game from the node shown (the later moves stay, to redo)."""
        if self.cursor is not self.head:
            self.go_to(self.cursor)

    def go_to(self, node: GameNode) -> None:
        """Make ``node`` (anywhere in the tree) the game's head and show it."""
        if node is self.head:
            self.cursor = node
            return
        prepared = _PREPARED_ENDS.pop(self.record, None)
        if prepared is not None and prepared[0] is node:   # the same node: the same moves led to it
            self._position = prepared[1]
        else:
            self._position = self._position_from(self.head, self._position, node)
        self.finished = None
        self._set_head(node)

    def _set_head(self, node: GameNode) -> None:
        self.head = self.cursor = node
        self._shown = None   # the next position shown is walked from the head's
        self._update_board_result()

    def _position_from(self, known: GameNode, position: Position, node: GameNode) -> Position:
        """The position at ``node`` (a new object) from ``position``, the one at ``known``; replayed from
        the start when that is shorter (a record opened at its start with its head 20,000 moves on) or
        ``known`` was cut off the tree (a deleted variation)."""
        if node.ply < abs(position.ply - node.ply):   # (a position's ply is its stack: no walk to the root)
            return self._position_at(node)
        try:
            return walk_position(position.copy(), known, node)
        except ValueError:
            return self._position_at(node)

    def _position_at(self, node: GameNode) -> Position:
        position = self.record.start_position()
        for move in node.moves():
            position.push_unchecked(move)
        return position

    def _update_board_result(self) -> None:
        outcome = self._position.outcome(self.natural_limit_plies)
        self._board_result = GameResult.from_outcome(outcome) if outcome is not None else None

    def record_to_save(self) -> Record:
        """The record as a file should hold it. A game played here ends where it stands: moves taken back
        and not replayed (the head's continuation, kept in the tree to redo) are left out of the copy, since
        nothing was played after them to differ from (moves taken back and replaced by others stay where they
        differ, as the variations of the moves played instead). The tree is copied then; otherwise (a
        studied record, nothing taken back, or every move taken back: no game would be left) it is the
        record itself. Either way it carries the result to save."""
        record, head = self.record, self.head
        if self.playing and head.children and head.parent is not None:
            record, head = copy_record(self.record, self.head)
            for child in head.children:
                child.parent = None
            head.children = []
        result = "*" if self.result is None or not head.is_main_line() or head.children else self.result.score
        if result != "*":
            record.result = result
        return record

    def result_for_record(self) -> str:
        """The PGN result to save: the game's when its head ends the main line, else unknown ("*")."""
        result = self.result
        if result is None or not self.head.is_main_line() or self.head.children:
            return "*"
        return result.score


def copy_record(record: Record, node: GameNode) -> tuple[Record, GameNode]:
    """A copy of ``record`` (headers, start, result, every node with its comment and NAGs; errors and
    source are not copied) and the copy of ``node``. Iterative: a line thousands of moves deep is fine."""
    copy = Record(dict(record.headers), record.start_fen, record.result)
    copy.root.comment, copy.root.nags = record.root.comment, list(record.root.nags)
    found = copy.root
    stack = [(record.root, copy.root)]
    while stack:
        original, copied = stack.pop()
        if original is node:
            found = copied
        for child in original.children:
            assert child.move is not None
            twin = copied.add_child(child.move, child.comment)
            twin.nags = list(child.nags)
            stack.append((child, twin))
    return copy, found
