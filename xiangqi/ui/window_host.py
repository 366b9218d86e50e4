"""The main window as the features see it: the typed contract between the shell and the features.

The features (``record``, ``study``, ``match``, ``book``, ``settings``) are installed into the window by the
app (``shell.app``) and receive a ``WindowHost``: the window's menus, status bar and dialog helpers, the
game controller and the views every feature shares. They use nothing else of the window, hang nothing on
it, and never import the shell (``shell.main_window.MainWindow`` is the one implementation, so the shell
may import the features, never the other way round). A feature that needs another one is handed a typed
reference to it when installed (e.g. the match gets a ``BookSource``), never looks for it on the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QMessageBox

from xiangqi.book import OpeningBook
from xiangqi.config import EngineRoleSettings
from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.setup import GameSetup
from xiangqi.play.controller import GameController
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.engines.engine_area import EngineArea
from xiangqi.ui.engines.engine_panel import EnginePanel
from xiangqi.ui.play.move_list import MoveList
from xiangqi.ui.play.sounds import SoundPlayer

Dialog = TypeVar("Dialog", bound=QDialog)
Then = Callable[[], object]


class WindowHost(QMainWindow):
    """What a feature may use of the main window (besides the ``QMainWindow`` it is: menu bar, status bar,
    docks, tool bars, actions, title, event filters, the parent of its dialogs).

    The attributes are set by ``MainWindow.__init__``; the methods are implemented there."""

    controller: GameController          # the game on the board, its seats (engines) and clocks
    board: BoardView
    move_list: MoveList
    engine_panel: EnginePanel           # the opponent's engine lines
    engine_area: EngineArea             # where a feature's engine panel goes (analysis, match): one area
    engines: list[EngineSpec]           # the engines offered (new game, analysis, match)
    sounds: SoundPlayer | None          # None: no sound (tests)
    last_setup: GameSetup               # what the next new game starts with
    engine_roles: EngineRoleSettings    # which engine play, analysis, review and 残局挑战 start with
    game_menu: QMenu
    view_menu: QMenu
    engine_menu: QMenu
    quit_action: QAction
    # Runs its argument now, or after the player agreed to drop an unsaved game (the record feature sets it).
    confirm_discard: Callable[[Then], None]

    def open_dialog(self, dialog: Dialog) -> Dialog:
        """Open ``dialog`` window-modal without a nested event loop (announced by ``dialog_opened``)."""
        raise NotImplementedError

    def announce(self, text: str, *, assertive: bool = False) -> None:
        """Say ``text`` to screen readers (e.g. a wrong puzzle move; ``assertive``: interrupting)."""
        raise NotImplementedError

    def show_message(self, title: str, text: str, details: list[str] | None = None,
                     icon: QMessageBox.Icon = QMessageBox.Icon.Critical) -> QMessageBox:
        """A message with an OK button and optional details (one line each)."""
        raise NotImplementedError

    def ask(self, title: str, text: str, on_yes: Then) -> QMessageBox:
        """A Yes/No question; ``on_yes`` runs on Yes."""
        raise NotImplementedError

    def set_notation(self, notation: Notation) -> None:
        """The notation every move text in the window is written in from now on."""
        raise NotImplementedError

    def set_engines(self, engines: list[EngineSpec]) -> None:
        """The engines offered from now on."""
        raise NotImplementedError

    def set_opponent_thinking(self, shown: bool) -> None:
        """Whether the opponent engine's score and lines show during a game."""
        raise NotImplementedError

    def start_game(self, setup: GameSetup) -> None:
        """A new game with ``setup`` (remembered for the next one), the board turned to the player's side."""
        raise NotImplementedError


class BookSource(Protocol):
    """The opening book open in the Book feature, for the features that play from it (the match)."""

    @property
    def book(self) -> OpeningBook | None: ...


@dataclass(frozen=True, slots=True)
class TreeRow:
    """A move played from a position, from the book or a game database, and how its games ended."""

    move: Move
    games: int
    red_wins: int
    draws: int
    black_wins: int
    unknown: int = 0                  # games without a result
    first_year: int | None = None     # None: not known (a book keeps no dates)
    last_year: int | None = None


class DatabaseTree(Protocol):
    """The open game database as a source of the explorer: ``request`` asks for the moves from ``position``;
    the database feature answers later with ``MoveExplorer.show_tree`` (read on its worker thread)."""

    @property
    def name(self) -> str: ...

    def request(self, position: Position) -> None: ...


class MoveExplorer(Protocol):
    """The Book feature's explorer panel as the game database feature uses it (its tree, one panel)."""

    def set_database(self, database: DatabaseTree | None) -> None:
        """``database`` as a second source, shown now (None: the book only)."""

    def show_tree(self, position: Position, rows: list[TreeRow]) -> None:
        """The database's moves from ``position`` (dropped when another position is shown by then)."""

    def on_games_wanted(self, slot: Callable[[Position], None]) -> None:
        """``slot`` is called with the position after a move whose games the user asked to list."""


__all__ = ["BookSource", "DatabaseTree", "Dialog", "MoveExplorer", "Then", "TreeRow", "WindowHost"]
