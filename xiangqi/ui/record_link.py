"""The link between the game record (a ``xiangqi.record.Game`` tree with variations and comments) and
the app's controller, which plays one line at a time.

The controller's line is its moves plus its redo tail. Whenever the controller changes, the line is
walked down the tree: a move the tree has is followed, a new one is added (a new variation when the
position already had a continuation). Showing another line (a variation, an opened file) loads that
line into the controller as a two-player game viewed at the wanted ply.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.record import Game as Record
from xiangqi.record import GameNode, PgnFile
from xiangqi.record.game import clean_comment
from xiangqi.ui.engine_list import engine_display_name
from xiangqi.ui.game import Game
from xiangqi.ui.game_setup import GameSetup


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


def fresh_headers(setup: GameSetup) -> dict[str, str]:
    """Tags for a game played in the app: today's date and the engine's name on its side."""
    headers = {"Game": "Chinese Chess", "Event": "", "Date": datetime.date.today().strftime("%Y.%m.%d"),
               "Red": "", "Black": ""}
    if setup.engine is not None:
        engine_side = "Black" if setup.human is Color.RED else "Red"
        headers[engine_side] = engine_display_name(setup.engine)
    return headers


def is_attached(node: GameNode, record: Record) -> bool:
    while node.parent is not None:
        node = node.parent
    return node is record.root


class RecordLink(QObject):
    tree_changed = Signal()      # moves, variations or their order changed
    node_changed = Signal()      # another move is shown (or the same move after a tree change)
    state_changed = Signal()     # source file or the modified flag changed

    def __init__(self, controller: object, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.record = Record()
        self.source: RecordSource | None = None
        self.modified = False
        self.line: list[GameNode] = []
        self._app_game: object | None = None
        self._shown: GameNode | None = None
        controller.changed.connect(self.sync)
        self.sync()

    # ----------------------------------------------------------------- what is shown
    def shown_ply(self) -> int:
        c = self.controller
        return c.game.ply if c.view_ply is None else c.view_ply

    def current_node(self) -> GameNode:
        ply = self.shown_ply()
        return self.line[ply - 1] if 0 < ply <= len(self.line) else self.record.root

    def title(self) -> str:
        return self.source.path.name if self.source is not None else ""

    # ----------------------------------------------------------------- following the controller
    def sync(self) -> None:
        game = self.controller.game
        if game is not self._app_game:
            self._app_game = game
            self._adopt(game)
        moves = list(game.moves) + list(reversed(game.redo_moves))
        node, line, added = self.record.root, [], False
        for move in moves:
            child = node.child_for(move)
            if child is None:
                child, added = node.add_child(move), True
            line.append(child)
            node = child
        self.line = line
        if added:
            self.set_modified(True)
            self.tree_changed.emit()
        self._announce_node(force=added)

    def _adopt(self, game: Game) -> None:
        """A game the app started itself (new game, resumed game): a fresh record."""
        self.record = Record(fresh_headers(self.controller.setup), game.start_fen)
        self.source, self.line = None, []
        self.set_modified(False)
        self.tree_changed.emit()

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
        self.record, self.source = record, source
        self._show_line(node or record.root, view=(node or record.root).ply)
        self.set_modified(False)
        self.tree_changed.emit()
        self._announce_node(force=True)

    def go_to(self, node: GameNode) -> None:
        """Show the position after ``node``: on the current line by viewing, else by loading its line."""
        ply = node.ply
        on_line = node is self.record.root or (ply <= len(self.line) and self.line[ply - 1] is node)
        if on_line and ply <= self.controller.game.ply:
            self.controller.view(ply)
        else:
            self._show_line(node, view=ply)

    def _show_line(self, node: GameNode, view: int) -> None:
        """Load the line through ``node`` (its path and its continuation) into the controller."""
        moves = node.moves() + [n.move for n in node.line() if n.move is not None]
        game = Game.from_line(self.record.start_fen, moves, self.controller.setup.natural_limit_plies)
        self._app_game = game        # set first: the controller's ``changed`` must not adopt it as new
        self.controller.show_record(game, view)

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
        self._show_line(target, target.ply)   # the shown line's continuation may have changed
        self.tree_changed.emit()
        self._announce_node(force=True)

    def alternatives_along(self, moves: list[Move]) -> dict[int, list[Move]]:
        """For the line of ``moves`` from the start: {ply: the record's other moves at that ply}."""
        node, found = self.record.root, {}
        for ply, move in enumerate(moves, start=1):
            child = node.child_for(move)
            if child is None:
                break          # a move the record does not have yet (it is added right after)
            others = [c.move for c in node.children if c is not child and c.move is not None]
            if others:
                found[ply] = others
            node = child
        return found

    def record_for_saving(self) -> Record:
        """The record with the result the board decided, when the main line ended on the board."""
        game = self.controller.game
        result = getattr(game, "result", None)
        main = self.record.mainline()
        on_main = bool(self.line) and bool(main) and self.line[-1] is main[-1]
        if result is not None and on_main:
            self.record.result = result.score
        return self.record

    def start_position(self) -> Position:
        return self.record.start_position()
