"""A record being studied: opening one (a file, a pasted game, a match being watched), walking it, looking
at earlier positions of the game, entering an engine line as a variation, telling the views the record
changed or was saved, and starting a game from the position shown.

The game being played (its engines, clock, draw offers, autosave) stays with the game controller; this part
asks it through ``StudyTable`` when the engines must leave (another record, a side line) or a game begins.
Nothing here paints or blocks; the views hear of it through the typed signals below."""

from __future__ import annotations

import datetime
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Signal

from xiangqi.core import Color, IllegalMoveError, Move
from xiangqi.game.model import GameModel
from xiangqi.game.setup import GameSetup
from xiangqi.play.engine_list import engine_display_name
from xiangqi.record import Game as Record
from xiangqi.record import GameNode

# The status-bar words keep the controller's translation context ("GameController": they were its words
# before the split, and their translations stay).


class StudyTable(Protocol):
    """What the study asks of the game controller."""

    @property
    def game(self) -> GameModel: ...

    def show_record(self, model: GameModel, node: GameNode) -> None:
        """The engines leave and the clock stops: ``model`` is a record studied, shown at ``node``."""

    def start_game(self, setup: GameSetup, model: GameModel) -> None:
        """``model`` (at its head) is a game played from now on with ``setup``'s opponent."""


class RecordStudy(QObject):
    tree_changed = Signal()      # the record's tree changed off the line's end: variations, comments, marks
    record_written = Signal()    # the record shown is saved where it came from (a match's PGN)
    record_opened = Signal()     # another record is shown (a file, a pasted game, a match game)
    view_moved = Signal()        # another position of the same game's line is shown
    message = Signal(str)        # a status-bar line

    def __init__(self, table: StudyTable, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table

    def open_record(self, record: Record, node: GameNode | None = None) -> None:
        """Study ``record`` (a file, a pasted game): two players, no engine, no clock, shown at ``node``."""
        self._table.show_record(GameModel(record, playing=False), node or record.root)
        self.record_opened.emit()

    def show_node(self, node: GameNode) -> None:
        """Show ``node`` of the record: on the game's line by viewing it, else by studying its line (the
        engines leave: a side line is looked at by two players)."""
        game = self._table.game
        if game.view(node):
            self.view_moved.emit()
            return
        self._table.show_record(game, node)

    def view(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves of the game (None: back to the game's position)."""
        game = self._table.game
        if ply is None:
            game.view(game.head)
        elif 0 <= ply <= game.ply:
            game.view(game.node_at_ply(ply))
        else:
            return
        self.view_moved.emit()

    def play_line(self, moves: list[Move]) -> bool:
        """Put ``moves`` (an engine line) into the record as a variation from the position shown and show
        its first move: the analysed position stays in view, one move on, and the rest of the line waits
        in the record (→ follows it). False when a move is not legal there (nothing is added)."""
        game = self._table.game
        try:
            end = game.add_line(game.cursor, moves)
        except IllegalMoveError:
            return False
        first = end
        for _ in range(len(moves) - 1):
            assert first.parent is not None
            first = first.parent
        self.tree_changed.emit()
        self.show_node(first)
        if len(moves) > 1:
            self.message.emit(QCoreApplication.translate(
                "GameController", "Entered the line's first move; its other {0} moves are kept as a variation "
                         "(→ steps through them)").format(len(moves) - 1))
        return True

    def play_from_here(self, setup: GameSetup) -> None:
        """Start a game with ``setup`` (its opponent) from the position shown: a new record holding the
        moves that led here (a record studied stays as it was)."""
        game = self._table.game
        record = Record(fresh_headers(setup), game.start_fen)
        end = record.root
        for move in game.cursor.moves():
            end = end.add_child(move)
        model = GameModel(record, natural_limit_plies=setup.natural_limit_plies)
        model.go_to(end)
        self._table.start_game(setup, model)
        self.message.emit(QCoreApplication.translate("GameController", "New game from this position"))

    def record_changed(self) -> None:
        """The record's comments or marks were changed from outside (a review wrote them)."""
        self.tree_changed.emit()

    def mark_written(self) -> None:
        """The record shown was written to a file by whoever made it (a match): nothing is left unsaved."""
        self.record_written.emit()


def fresh_headers(setup: GameSetup) -> dict[str, str]:
    """Tags for a game played in the app: today's date, the engine's name on its side and the player's
    (setting game.player_name) on theirs."""
    headers = {"Game": "Chinese Chess", "Event": "", "Date": datetime.date.today().strftime("%Y.%m.%d"),
               "Red": "", "Black": ""}
    for color, tag in ((Color.RED, "Red"), (Color.BLACK, "Black")):
        if setup.engine_plays(color):
            headers[tag] = engine_display_name(setup.engine)
        elif color is setup.human:
            headers[tag] = setup.player
    return headers
