"""The record as the record windows see it: the controller's game model (``controller.game``: the record
tree with the game's head and the node shown), where the record came from, and whether it changed since
it was opened or saved. Nothing is copied or re-walked: the tree is the model's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.record import Game as Record
from xiangqi.record import GameNode, PgnFile
from xiangqi.record.game import clean_comment
from xiangqi.play.controller import GameController


@dataclass(frozen=True)
class RecordSource:
    """Where the record came from and how Save writes it back. ``pgn`` is the file's index when it
    holds several games (Save then rewrites only game ``index``); XQF files are not writable."""

    path: Path
    writable: bool = True
    pgn: PgnFile | None = None
    index: int = 0
    notation: Notation = Notation.CHINESE
    encoding: str = "utf-8"


def is_attached(node: GameNode, record: Record) -> bool:
    while node.parent is not None:
        node = node.parent
    return node is record.root


class RecordLink(QObject):
    tree_changed = Signal()      # variations, their order or marks changed (in the same record)
    move_added = Signal(object)  # GameNode: a move new to the record played at the end of the game's line
    record_replaced = Signal()   # another record is shown (the move list redraws on the controller's own)
    node_changed = Signal()      # another move is shown (or the same move after a tree change)
    state_changed = Signal()     # source file or the modified flag changed

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.source: RecordSource | None = None
        self.modified = False
        self._shown: GameNode | None = None
        self._loading = False
        controller.shown_changed.connect(self._announce_node)
        controller.study.tree_changed.connect(self._on_tree_changed)
        controller.move_added.connect(self._on_move_added)
        controller.game_replaced.connect(self._on_game_replaced)
        controller.study.record_written.connect(lambda: self.set_modified(False))

    # ----------------------------------------------------------------- what is shown
    @property
    def record(self) -> Record:
        return self.controller.game.record

    @property
    def line(self) -> list[GameNode]:
        """The game's line: the moves to the head and the head's continuation (the moves to redo)."""
        head = self.controller.game.head
        return head.path() + list(head.line())

    def shown_ply(self) -> int:
        return self.controller.game.cursor.ply

    def current_node(self) -> GameNode:
        return self.controller.game.cursor

    def title(self) -> str:
        return self.source.path.name if self.source is not None else ""

    # ----------------------------------------------------------------- following the controller
    def _on_tree_changed(self) -> None:
        if not self._loading:
            self.set_modified(True)
        self.tree_changed.emit()
        self._announce_node(force=True)

    def _on_move_added(self, node: GameNode) -> None:
        """A move played: the record is modified, the move list appends it on the controller's ``changed``."""
        if not self._loading:
            self.set_modified(True)
        self.move_added.emit(node)
        self._announce_node(force=True)

    def _on_game_replaced(self) -> None:
        """A game the app started itself (new game, resumed game) has no file yet."""
        if not self._loading:
            self.source = None
            self.set_modified(False)
        self.record_replaced.emit()
        self._announce_node(force=True)

    def _announce_node(self, force: bool = False) -> None:
        node = self.current_node()
        if force or node is not self._shown:
            self._shown = node
            self.node_changed.emit()

    def set_modified(self, modified: bool) -> None:
        if modified != self.modified:
            self.modified = modified
        self.state_changed.emit()

    # ----------------------------------------------------------------- loading and moving around
    def load(self, record: Record, source: RecordSource | None, node: GameNode | None = None) -> None:
        """Show ``record`` (at ``node``, else at its start) as the current game."""
        self._loading = True
        try:
            self.source = source
            self.controller.study.open_record(record, node)
        finally:
            self._loading = False
        self.set_modified(False)

    def go_to(self, node: GameNode) -> None:
        """Show the position after ``node``: on the game's line by viewing, else by studying its line."""
        self.controller.study.show_node(node)

    # ----------------------------------------------------------------- editing the record
    def set_comment(self, node: GameNode, text: str) -> None:
        comment = clean_comment(text)
        if comment != node.comment:
            node.comment = comment
            self.set_modified(True)

    def promote(self, node: GameNode) -> None:
        Record.promote_variation(node, to_main=True)
        self.set_modified(True)
        self.tree_changed.emit()

    def delete(self, node: GameNode) -> None:
        """Delete ``node`` and its continuation; the shown line moves off it if it was on it."""
        current = self.current_node()
        parent = Record.delete_variation(node)
        self.set_modified(True)
        target = current if is_attached(current, self.record) else parent
        self.controller.study.show_node(target)
        self.tree_changed.emit()
        self._announce_node(force=True)

    @staticmethod
    def alternatives_at(node: GameNode) -> list[Move]:
        """The record's other moves where ``node``'s move was played (its variations' first moves)."""
        siblings = node.parent.children if node.parent is not None else []
        return [c.move for c in siblings if c is not node and c.move is not None]

    def record_for_saving(self) -> Record:
        """The record as the file gets it: a game played here ends where it stands (moves taken back and
        not replaced are left out), with the result the board decided when the main line ended on the board."""
        return self.controller.game.record_to_save()

    def start_position(self) -> Position:
        return self.record.start_position()
