"""The main window: the board on the left; clocks, move list and engine panel on the right; menus,
toolbar, shortcuts and status bar. It wires views to the controller and opens every dialog with
``open()`` (announced by ``dialog_opened``), so tests can answer dialogs like a user."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QDialog, QDockWidget, QInputDialog, QLabel, QMessageBox, QSplitter, QToolBar,
                               QVBoxLayout, QWidget)

from xiangqi.config import EngineRoleSettings
from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.engine.registry import EngineSpec
from xiangqi.game.autosave import AutosaveStore, Snapshot
from xiangqi.game.result import GameResult
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.play.clock_view import ClockView
from xiangqi.play.hints import hint_engine
from xiangqi.play.controller import EngineTrouble, GameController, MovePlayed
from xiangqi.play.engine_list import engine_display_name, role_engine_index
from xiangqi.ui.book.book_actions import install_book_ui
from xiangqi.ui.engines.engine_panel import EnginePanel
from xiangqi.ui.engines.engine_area import EngineArea
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP
from xiangqi.game.setup import GameSetup, Strength, is_builtin
from xiangqi.ui.play.move_box import MoveBox
from xiangqi.ui.play.move_list import MoveList
from xiangqi.ui.shell.accessibility import install_keyboard_play
from xiangqi.ui.play.new_game_dialog import NewGameDialog
from xiangqi.ui.play.result_dialog import ResultDialog, reason_text, winner_text
from xiangqi.ui.board.themes import BoardLook, PieceLook
from xiangqi.ui.shell.window_shape import WindowShape
from xiangqi.ui.window_host import WindowHost
from xiangqi.ui.common.plain_text import plain_labels
from xiangqi.ui.common.dialog_ref import forget_when_closed
from xiangqi.ui.common.dialog_fit import fit_to_screen

if TYPE_CHECKING:
    from xiangqi.ui.database.database_actions import DatabaseUi
    from xiangqi.ui.record.record_actions import RecordUi
    from xiangqi.ui.settings.settings_dialog import AppearanceUi
    from xiangqi.ui.play.sounds import SoundPlayer

FRAME_ALLOWANCE = 40   # px of a screen kept for the window manager's frame and title bar
BIG_SCREEN_SHARE = 0.85   # of a big screen's width and height for the first window (later: the size left)
SHOWN_DETAILS = 6   # lines of details a message lists before "Show Details…"
STATE_TEXTS = {  # engine session states in words (marked for lupdate, translated when shown)
    "BOOTING": QT_TRANSLATE_NOOP("MainWindow", "starting…"),
    "IDLE": QT_TRANSLATE_NOOP("MainWindow", "ready"),
    "THINKING": QT_TRANSLATE_NOOP("MainWindow", "thinking…"),
    "STOPPING": QT_TRANSLATE_NOOP("MainWindow", "stopping…"),
    "DEAD": QT_TRANSLATE_NOOP("MainWindow", "not running"),
}
_Dialog = TypeVar("_Dialog", bound=QDialog)


def _run_now(then: Callable[[], object]) -> None:
    then()


class MainWindow(WindowHost):
    """The one ``WindowHost``: the features get it as that (the shell keeps typed references to them)."""

    dialog_opened = Signal(object)     # every dialog or message box, right after open()

    def __init__(self, controller: GameController, theme: BoardLook, pieces: PieceLook,
                 engines: list[EngineSpec], sounds: SoundPlayer | None = None,
                 default_setup: GameSetup | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller, self.engines, self.sounds = controller, engines, sounds
        self.last_setup = default_setup or GameSetup()   # the built-in engine by default
        self.engine_roles = EngineRoleSettings()         # the settings' [engine_roles] (AppearanceUi sets it)
        self.dialogs: list[QDialog] = []   # open dialogs (kept alive; tests look here)
        # Runs its argument now, or after the player agreed to drop an unsaved game (the record UI asks).
        self.confirm_discard: Callable[[Callable[[], object]], None] = _run_now
        self.record_ui: RecordUi | None = None            # set by whoever installs them (the app, tests)
        self.appearance_ui: AppearanceUi | None = None
        self.database_ui: DatabaseUi | None = None        # 棋谱库 (the app installs it)
        self.opponent_thinking = False   # the opponent's score and lines shown in a game (setting; off)
        self._opponent = ""              # the engine playing ("": none)
        self.setWindowTitle(self.tr("Xiangqi"))
        self.board = BoardView(controller, theme, pieces, self)
        self.clock_view = ClockView(controller, self)
        self.move_list = MoveList(controller, self)
        self.move_box = MoveBox(controller, self)   # moves typed in any notation
        self.engine_panel = EnginePanel(self)
        self._build_layout()
        self._build_actions()
        self._build_status_bar()
        self._connect_controller()
        self.announcer = install_keyboard_play(self, self.move_box, self.clock_view)   # keys, screen readers
        self.move_box.edit.tab_target = self.board   # Tab from the move box: the board's keyboard cursor
        self.book_ui = install_book_ui(self)   # Book menu + opening explorer dock
        self._fit_to_screen(1280, 880)

    # ----------------------------------------------------------------- building
    def _fit_to_screen(self, width: int, height: int) -> None:
        """Start at ``width`` × ``height``, larger on a big screen (most of it), smaller on a small one (the
        window frame included)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry()
            width = max(width, int(room.width() * BIG_SCREEN_SHARE))
            height = max(height, int(room.height() * BIG_SCREEN_SHARE))
            width, height = min(width, room.width() - FRAME_ALLOWANCE), min(height, room.height() - FRAME_ALLOWANCE)
        self.resize(max(width, self.minimumSizeHint().width()), max(height, 400))

    def _build_layout(self) -> None:
        """The board on the left; beside it the game (clocks, moves) above the one engine area, which is
        there only while an engine seat is filled (opponent, analysis, match)."""
        game = QWidget(self)
        column = QVBoxLayout(game)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.clock_view)
        column.addWidget(self.move_box)
        column.addWidget(self.move_list, 1)
        self.engine_area = EngineArea(self)
        self.engine_panel.setObjectName("opponent_panel")
        self.engine_area.add_section(self.engine_panel, 1)
        self.engine_panel.hide()   # until an engine plays
        side = QSplitter(Qt.Orientation.Vertical, self)
        side.setObjectName("side_splitter")
        side.setChildrenCollapsible(False)
        side.addWidget(game)
        side.addWidget(self.engine_area)
        side.setStretchFactor(0, 2)
        side.setStretchFactor(1, 3)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setObjectName("board_splitter")
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.board)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([800, 320])
        self.setCentralWidget(splitter)
        # the board keeps its room; the arrangement is remembered
        def moves_height(rows: int) -> int:   # the clocks, move box and graph around the list, and its rows
            around = game.minimumSizeHint().height() - self.move_list.minimumSizeHint().height()
            return around + self.move_list.rows_height(rows)

        self.shape = WindowShape(self, splitter, side, self.engine_area, moves_height)
        self.move_list.play_from_here.connect(self._confirm_play_from_here)
        self.engine_panel.lines_wanted.connect(self._set_multipv)

    def _action(self, text: str, slot: Callable[[], object],
                *keys: QKeySequence | QKeySequence.StandardKey | str) -> QAction:
        action = QAction(text, self)
        if keys:
            sequences: list[QKeySequence] = []
            for key in keys:   # a standard key may already include an extra one (Redo: Ctrl+Y)
                for sequence in QKeySequence.keyBindings(key) if isinstance(key, QKeySequence.StandardKey) \
                        else [QKeySequence(key)]:
                    if sequence not in sequences:
                        sequences.append(sequence)
            action.setShortcuts(sequences)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)   # shortcuts work even when the menu bar is hidden
        return action

    def _build_actions(self) -> None:
        c = self.controller
        self.new_action = self._action(self.tr("&New game…"), self.ask_new_game, QKeySequence.StandardKey.New)
        self.undo_action = self._action(self.tr("&Undo"), c.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(self.tr("&Redo"), c.redo, QKeySequence.StandardKey.Redo, "Ctrl+Y")
        self.hint_action = self._action(self.tr("&Hint"), lambda: c.actions.request_hint(hint_engine(self.engines)),
                                        "H")
        self.stop_action = self._action(self.tr("&Move now"), c.stop, "Space", "S")
        self.resign_action = self._action(self.tr("Re&sign"), self._confirm_resign)
        self.draw_action = self._action(self.tr("Offer a &draw"), c.actions.offer_draw)
        self.accept_draw_action = self._action(self.tr("&Accept the draw"), c.actions.accept_draw)
        self.flip_action = self._action(self.tr("&Flip board"), self.board.flip, "F")
        self.restart_engine_action = self._action(self.tr("&Restart engine"), c.restart_engine)
        self.choose_engine_action = self._action(self.tr("&Change opponent…"), self.open_engine_chooser)
        self.quit_action = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        game = self.menuBar().addMenu(self.tr("&Game"))
        for action in (self.new_action, None, self.undo_action, self.redo_action, None, self.hint_action,
                       self.stop_action, None, self.draw_action, self.accept_draw_action, self.resign_action,
                       None, self.quit_action):
            game.addSeparator() if action is None else game.addAction(action)
        self.game_menu = game
        self.view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.view_menu.addAction(self.flip_action)
        self.panels_menu = self.view_menu.addMenu(self.tr("&Docked panels"))
        self.panels_menu.aboutToShow.connect(self._list_panels)
        engine = self.menuBar().addMenu(self.tr("E&ngine"))
        engine.addActions([self.restart_engine_action, self.choose_engine_action])
        self.engine_menu = engine
        toolbar = QToolBar(self.tr("Game"), self)
        toolbar.setObjectName("game_toolbar")
        toolbar.addActions([self.new_action, self.undo_action, self.redo_action, self.hint_action,
                            self.stop_action, self.flip_action, self.draw_action, self.resign_action])
        self.addToolBar(toolbar)

    def _list_panels(self) -> None:
        """View › Docked panels: every dock the features added, ticked when shown (a hidden one comes back)."""
        self.panels_menu.clear()
        for dock in self.findChildren(QDockWidget):
            self.panels_menu.addAction(dock.toggleViewAction())

    def _build_status_bar(self) -> None:
        self.turn_label = QLabel(self)
        self.clock_label = QLabel(self)
        self.engine_label = QLabel(self)
        self.statusBar().addPermanentWidget(self.clock_label)
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.engine_label)

    def _connect_controller(self) -> None:
        c = self.controller
        c.changed.connect(self._refresh)
        c.clocks_changed.connect(self._refresh_clock_label)
        c.move_played.connect(self._on_move_played)
        c.game_over.connect(self._on_game_over)
        c.analysis.connect(self.engine_panel.show_analysis)
        c.analysis_reset.connect(self.engine_panel.clear)
        c.engine_name.connect(self._on_engine_name)
        c.engine_state.connect(self._on_engine_state)
        c.engine_trouble.connect(self._on_engine_trouble)
        c.draw_offered.connect(self._on_engine_draw_offer)
        c.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        c.illegal_move.connect(lambda: self._play("ILLEGAL"))
        self._refresh()

    # ----------------------------------------------------------------- reacting to the game
    def _refresh(self) -> None:
        c, game = self.controller, self.controller.game
        # Only what means something now: a loaded record or a match has nothing to take back or resign.
        self.undo_action.setEnabled(c.can_take_back())
        self.redo_action.setEnabled(c.can_put_back())
        self.hint_action.setEnabled(c.actions.can_ask_hint())
        self.resign_action.setEnabled(c.actions.can_resign())
        self.draw_action.setEnabled(c.actions.can_offer_draw())
        self.accept_draw_action.setEnabled(c.actions.can_offer_draw() and c.actions.engine_draw_offer)
        self.stop_action.setEnabled(game.playing and not game.is_over and c.engine_searching())
        self.restart_engine_action.setEnabled(bool(c.seats) or (game.playing and c.setup.engine is not None))
        self.choose_engine_action.setEnabled(game.playing and not game.is_over)
        if game.result is not None and not game.viewing:
            self.turn_label.setText(winner_text(game.result))
        else:   # the side to move in the position shown (an earlier one while viewing)
            shown = c.board_position().turn
            turn = self.tr("Red to move") if shown is Color.RED else self.tr("Black to move")
            self.turn_label.setText(turn)
        self.board.set_banner(self._banner_text() if c.view_ply is None else None)

    def _refresh_clock_label(self) -> None:
        timed = self.controller.clock.timed
        self.clock_label.setVisible(timed)
        if timed:
            view = self.clock_view
            self.clock_label.setText(f"{view.side_text(Color.RED)} · {view.side_text(Color.BLACK)}")

    def _banner_text(self) -> str | None:
        result = self.controller.game.result
        if result is None or any(isinstance(d, ResultDialog) for d in self.dialogs):
            return None   # one or the other: the result dialog says it; the banner once it is closed
        return f"{winner_text(result)} · {reason_text(result.reason)}"

    def _on_move_played(self, played: MovePlayed) -> None:
        self._play("CHECK" if played.check else "CAPTURE" if played.capture else "MOVE")
        if not played.by_engine:
            self.engine_panel.clear()
        elif played.from_book:   # the move played, not the book's last candidate the engine listed
            game = self.controller.game
            self.engine_panel.show_book_move(game.position_at(game.ply - 1), played.move)

    def _on_game_over(self, result: GameResult) -> None:
        setup = self.controller.setup
        human = setup.human if setup.engine is not None and not setup.engine_both else None
        if result.winner is None:
            self._play("DRAW")
        else:
            self._play("WIN" if human in (None, result.winner) else "LOSS")
        dialog = ResultDialog(result, human, self)
        dialog.new_game_requested.connect(self.ask_new_game)
        self.open_dialog(dialog)
        dialog.finished.connect(lambda _code: self._refresh())   # after open_dialog forgot it: the banner
        self._refresh()

    def _on_engine_name(self, name: str) -> None:
        """The opponent's panel is in the engine area while an engine plays ("": none does) and the player
        asked to see its thinking."""
        self._opponent = name
        self.engine_panel.set_engine_name(name)
        self.engine_panel.setVisible(bool(name) and self.opponent_thinking)

    def set_opponent_thinking(self, shown: bool) -> None:
        """The opponent engine's panel (score, lines) in a game: shown or not (its state stays in the status
        bar); off by default, as a player of the computer is not told its answer."""
        self.opponent_thinking = shown
        self.engine_panel.setVisible(bool(self._opponent) and shown)

    def _on_engine_state(self, name: str) -> None:
        text = QCoreApplication.translate("MainWindow", STATE_TEXTS.get(name, name))
        self.engine_label.setText(self.tr("Engine: {0}").format(text))
        # The label is about the game's engine: with none in the game (a record, analysis: its panel says
        # what its engine does) it says nothing rather than "not running"; an engine that died says so.
        self.engine_label.setVisible(bool(self.controller.seats))
        self.engine_panel.set_state(text)
        self.stop_action.setEnabled(name == "THINKING" and self.controller.engine_searching())
        if name == "IDLE":
            self.engine_panel.set_multipv_supported(self.controller.engine_has_option("MultiPV"))

    def _on_engine_trouble(self, trouble: EngineTrouble) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Engine trouble"), trouble.text,
                          QMessageBox.StandardButton.NoButton, self)
        box.setDetailedText(trouble.detail)   # the engine layer's own words, for a bug report
        if trouble.restartable:   # a restart cannot bring back a missing file
            restart = box.addButton(self.tr("Restart engine"), QMessageBox.ButtonRole.AcceptRole)
            restart.clicked.connect(lambda _checked=False: self.controller.restart_engine())
        other = box.addButton(self.tr("Choose another engine…"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        other.clicked.connect(self.open_engine_chooser)
        self.open_dialog(box)

    def _on_engine_draw_offer(self) -> None:
        self.ask(self.tr("Draw offer"), self.tr("The engine offers a draw. Do you accept?"),
                 self.controller.actions.accept_draw)
        self._refresh()

    # ----------------------------------------------------------------- dialogs
    def open_dialog(self, dialog: _Dialog) -> _Dialog:
        """Open ``dialog`` window-modal without a nested event loop; it is kept in ``dialogs`` until it
        closes and announced by ``dialog_opened`` (tests answer it like a user)."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        plain_labels(dialog)   # file names, file text and engine words are text, never markup
        fit_to_screen(dialog)   # a small screen, larger text: never taller or wider than the screen
        forget_when_closed(self.dialogs, dialog)   # finished, or deleted unseen (a progress dialog closed)
        dialog.finished.connect(lambda _r: self.focus_board())
        dialog.open()
        self.dialog_opened.emit(dialog)
        return dialog

    def announce(self, text: str, *, assertive: bool = False) -> None:
        self.announcer.announce(text, assertive=assertive)

    def focus_board(self) -> None:
        """The keys (←/→/End, H, F, …) go to the window again once the last dialog is closed: the focus
        comes back to the board, not to a list or text box that keeps the arrow keys for itself."""
        if not any(dialog.isVisible() for dialog in self.dialogs):   # a review may run hidden meanwhile
            self.activateWindow()
            self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_message(self, title: str, text: str, details: list[str] | None = None,
                     icon: QMessageBox.Icon = QMessageBox.Icon.Critical) -> QMessageBox:
        """A message with an OK button; ``details`` (e.g. one line per error, naming file and line) are
        listed below the text, the first few at once and all of them under "Show Details…"."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        if details:
            shown = details[:SHOWN_DETAILS]
            more = len(details) - len(shown)
            box.setInformativeText("\n".join(shown + ([self.tr("… and {0} more").format(more)] if more else [])))
            if more:
                box.setDetailedText("\n".join(details))
        self.open_dialog(box)
        return box

    def ask(self, title: str, text: str, on_yes: Callable[[], object]) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Question, title, text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.button(QMessageBox.StandardButton.Yes).clicked.connect(lambda: on_yes())
        self.open_dialog(box)
        return box

    def offer_resume(self, store: AutosaveStore, otherwise: Callable[[], object]) -> bool:
        """If an unfinished game was autosaved (the app was killed or closed mid-game), ask whether to
        continue it; ``otherwise`` runs when there is none or the player declines."""
        snapshot = store.load()
        if snapshot is None:
            otherwise()
            if store.last_error:   # after ``otherwise``: its "New game" must not hide this at once
                self.statusBar().showMessage(self.tr("Autosave ignored: {0}").format(store.last_error))
            return False
        box = self.ask(self.tr("Resume game"),
                       self.tr("An unfinished game ({0} moves) was saved. Continue it?")
                       .format(snapshot.moves_played),
                       lambda: self._resume(snapshot, otherwise))
        def decline() -> None:
            store.clear()
            otherwise()

        box.button(QMessageBox.StandardButton.No).clicked.connect(decline)
        return True

    def _resume(self, snapshot: Snapshot, otherwise: Callable[[], object]) -> None:
        try:
            self.controller.resume(snapshot)
        except ValueError as exc:
            self.statusBar().showMessage(self.tr("Could not resume the saved game: {0}").format(exc))
            otherwise()
            return
        self.last_setup = self.controller.setup
        self.board.set_flipped(self.last_setup.engine is not None and self.last_setup.human is Color.BLACK)

    def ask_new_game(self) -> None:
        """新对局: ask before an unsaved game is dropped, then the new-game dialog."""
        self.confirm_discard(self.open_new_game_dialog)

    def open_new_game_dialog(self) -> NewGameDialog:
        dialog = NewGameDialog(self.engines, self._setup_with_play_engine(), self)
        dialog.accepted.connect(lambda: self.start_game(dialog.setup()))
        self.controller.hold_clock(True)   # the game's clock does not run while the dialog is open
        dialog.finished.connect(lambda _result: self.controller.hold_clock(False))
        self.open_dialog(dialog)
        return dialog

    def _setup_with_play_engine(self) -> GameSetup:
        """The last setup, with the engine chosen for play (Engine roles) while it is the built-in default."""
        setup = self.last_setup
        if setup.engine is None or not is_builtin(setup.engine) or not self.engines:
            return setup
        index = role_engine_index(self.engines, self.engine_roles.play, -1)
        chosen = self.engines[index] if index >= 0 else None
        if chosen is None or is_builtin(chosen):
            return setup
        return replace(setup, engine=chosen, strength=Strength(level=None))

    def start_game(self, setup: GameSetup) -> None:
        self.last_setup = setup
        self._begin_game(setup, lambda: self.controller.new_game(setup))

    def open_engine_chooser(self) -> QInputDialog:
        dialog = QInputDialog(self)
        dialog.setWindowTitle(self.tr("Change opponent"))
        dialog.setLabelText(self.tr("Engine to play against (the game goes on):"))
        names = [engine_display_name(spec) for spec in self.engines]
        dialog.setComboBoxItems(names)
        dialog.setComboBoxEditable(False)
        dialog.textValueSelected.connect(lambda name: self._choose_engine(names.index(name)))
        return self.open_dialog(dialog)

    def _choose_engine(self, index: int) -> None:
        if 0 <= index < len(self.engines):
            spec = self.engines[index]
            playing = self.controller.setup.engine
            if is_builtin(spec) and playing is not None and is_builtin(playing):
                spec = playing     # keep the level the game was started with
            self.controller.restart_engine(spec)

    def set_engines(self, engines: list[EngineSpec]) -> None:
        """The engines offered from now on (new game, change opponent), e.g. after the engine manager
        changed the list."""
        self.engines = list(engines)

    def _confirm_resign(self) -> None:
        self.ask(self.tr("Resign"), self.tr("Do you really resign this game?"), self.controller.actions.resign)

    def _confirm_play_from_here(self) -> None:
        if self.controller.game.playing or self.last_setup.engine is None:
            self.ask(self.tr("Play from here"),
                     self.tr("Continue the game from this position? The later moves can still be redone."),
                     self.controller.play_from_view)
            return
        # A record (a file, a match game): play the opponent from here, or enter moves for both sides.
        setup = self.last_setup.continued_from(self.controller.game.start_fen, self.controller.board_position().turn)
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Play from here"),
                          self.tr("Play {0} from this position? The record stays as it is.")
                          .format(engine_display_name(setup.engine)), QMessageBox.StandardButton.Cancel, self)
        against = box.addButton(self.tr("Play the engine"), QMessageBox.ButtonRole.AcceptRole)
        against.clicked.connect(lambda _checked=False: self._play_from_here_against(setup))
        both = box.addButton(self.tr("Enter moves for both sides"), QMessageBox.ButtonRole.ActionRole)
        both.clicked.connect(lambda _checked=False: self.controller.play_from_view())
        box.setDefaultButton(against)
        self.open_dialog(box)

    def _play_from_here_against(self, setup: GameSetup) -> None:
        self.confirm_discard(lambda: self._begin_game(setup, lambda: self.controller.study.play_from_here(setup)))

    def _begin_game(self, setup: GameSetup, begin: Callable[[], object]) -> None:
        self.engine_panel.clear()
        self.board.set_flipped(setup.engine is not None and setup.human is Color.BLACK)
        begin()

    def _set_multipv(self, lines: int) -> None:
        self.controller.set_engine_option("MultiPV", lines)

    # ----------------------------------------------------------------- preferences
    def set_notation(self, notation: Notation) -> None:
        self.board.set_digit_files(notation is not Notation.CHINESE)   # the files as the moves number them
        self.move_list.set_notation(notation)
        self.move_box.set_notation(notation)
        self.announcer.set_notation(notation)
        self.engine_panel.set_notation(notation)
        self.book_ui.panel.set_notation(notation)
        self.engine_panel.clear()   # its lines are written in the old notation

    def _play(self, kind: str) -> None:
        """A sound by its SoundKind name (no sound player in tests)."""
        if self.sounds is not None:
            from xiangqi.ui.play.sounds import SoundKind

            self.sounds.play(SoundKind[kind])

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.shutdown()
        super().closeEvent(event)
