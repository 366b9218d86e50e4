"""The game controller: the one object that changes the game. The board view asks it what may be
picked and moved, the engine's answers come back to it, and every view repaints from its signals.
Nothing here paints; nothing here blocks (engine work arrives as signals, clocks tick on a QTimer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from xiangqi.core import Color, Move, Position
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.process import EngineClient
from xiangqi.engine.protocol import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.retire import RETIRING, retire
from xiangqi.ui.autosave import AutosaveStore
from xiangqi.ui.clock import GameClock, TimeControlKind
from xiangqi.ui.game import EndReason, Game, GameResult
from xiangqi.ui.engine_list import engine_display_name
from xiangqi.ui.game_setup import GameSetup, is_builtin
from xiangqi.ui.problem_text import failure_detail, failure_text

EngineFactory = Callable[[EngineSpec, QObject], Any]
DEFAULT_ENGINE_MS = 3000   # per engine move when the game is untimed and no depth is set
HINT_MS = 1500
CLOCK_TICK_MS = 100


def default_engine_factory(spec: EngineSpec, owner: QObject) -> Any:
    return EngineClient(spec, owner)


class Purpose(Enum):
    MOVE = auto()      # the engine's own move
    HINT = auto()      # a suggestion for the human
    DISCARD = auto()   # stopped and no longer wanted: its bestmove is dropped


@dataclass
class Search:
    purpose: Purpose
    position: Position   # the searched position (a copy), for PV text and the score's sign
    draw_offer: bool = False


@dataclass(frozen=True)
class MovePlayed:
    move: Move
    capture: bool
    check: bool
    by_engine: bool


@dataclass(frozen=True)
class Analysis:
    """One engine ``info`` with what is needed to show it: the searched position and the sign that
    turns the side-to-move score into red's point of view."""

    info: Any
    position: Position
    red_sign: int


class GameController(QObject):
    changed = Signal()               # position, view, hint or result changed: repaint
    move_played = Signal(object)     # MovePlayed
    game_over = Signal(object)       # GameResult
    analysis = Signal(object)        # Analysis
    engine_state = Signal(str)       # SessionState name
    engine_name = Signal(str)
    engine_trouble = Signal(str)     # plain words for the player
    draw_offered = Signal()          # the engine offers a draw
    message = Signal(str)            # a status-bar line
    clocks_changed = Signal()
    illegal_move = Signal()

    def __init__(self, autosave: AutosaveStore | None = None,
                 engine_factory: EngineFactory | None = None,
                 now: Callable[[], float] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.autosave = autosave
        self._engine_factory = engine_factory or default_engine_factory
        self._now = now
        self.setup = GameSetup(engine=None)
        self.game = Game()
        self.clock = self._new_clock()
        self.engine: Any | None = None
        self.engine_ready = False
        self.engine_info: Any | None = None   # EngineInfo from the engine's ready signal
        self.engine_failure_detail = ""       # the last engine failure in the engine layer's own words
        self._search: Search | None = None
        self.view_ply: int | None = None
        self.hint: Move | None = None
        self.engine_draw_offer = False
        self._human_draw_offer = False
        self._last_engine_cp: int | None = None
        self._tick = QTimer(self)
        self._tick.setInterval(CLOCK_TICK_MS)
        self._tick.timeout.connect(self._on_tick)

    # ----------------------------------------------------------------- game lifecycle
    def new_game(self, setup: GameSetup) -> None:
        self._begin(setup, Game(setup.start_fen, setup.natural_limit_plies))
        self.message.emit(self.tr("New game"))

    def resume(self, snapshot: dict[str, Any]) -> None:
        """Continue an autosaved game; raises ValueError naming what is wrong with the snapshot."""
        setup = GameSetup.from_dict(snapshot["setup"])
        game = Game.replay(snapshot["start_fen"], snapshot.get("moves", []),
                           snapshot.get("redo", []), setup.natural_limit_plies)
        self._begin(setup, game, snapshot.get("clock"))
        self.message.emit(self.tr("Resumed the unfinished game"))

    def show_record(self, game: Game, view_ply: int | None = None) -> None:
        """Show a game from a record (a file, a variation, a pasted game) as a two-player game viewed
        after ``view_ply`` moves: no engine, no clock, no "new game" message and no result dialog
        (a record that ended is shown with its result on the board)."""
        self._discard_search()
        self._no_engine()
        self._tick.stop()
        self.setup = GameSetup(engine=None, start_fen=game.start_fen,
                               natural_limit_plies=game.natural_limit_plies)
        self.game, self.clock, self.hint = game, self._new_clock(), None
        self.view_ply = None if view_ply in (None, game.ply) else view_ply
        self.engine_draw_offer = self._human_draw_offer = False
        self._last_engine_cp = None
        if self.autosave is not None:
            self.autosave.clear()   # the autosave keeps games being played; a record has its own file
        self.changed.emit()
        self.clocks_changed.emit()

    def _begin(self, setup: GameSetup, game: Game, clock_state: dict | None = None) -> None:
        self._discard_search()
        old_spec = self.setup.engine
        self.setup, self.game = setup, game
        self.clock = self._new_clock()
        if clock_state:
            self.clock.restore(clock_state)
        self.view_ply, self.hint = None, None
        self.engine_draw_offer = self._human_draw_offer = False
        self._last_engine_cp = None
        if setup.engine is None:
            self._no_engine()
        elif self.engine is None or old_spec != setup.engine or not self._engine_alive():
            self._start_engine(setup.engine)
        elif self.engine_ready:
            self.engine.new_game()
            self._apply_strength()
        self._autosave()
        self._after_position_change()

    def _new_clock(self) -> GameClock:
        if self._now is None:
            return GameClock(self.setup.time_control)
        return GameClock(self.setup.time_control, now=self._now)

    # ----------------------------------------------------------------- what the board asks
    def board_position(self) -> Position:
        if self.view_ply is None:
            return self.game.position
        return self.game.position_at(self.view_ply)

    def displayed_last_move(self) -> Move | None:
        ply = self.game.ply if self.view_ply is None else self.view_ply
        return self.game.moves[ply - 1] if ply else None

    def human_to_move(self) -> bool:
        return (self.view_ply is None and not self.game.is_over
                and not self.setup.engine_plays(self.game.turn))

    def can_pick(self, sq: int) -> bool:
        if not self.human_to_move():
            return False
        value = int(self.game.position.piece_at(sq))
        return value != 0 and (value > 0) == (self.game.turn is Color.RED)

    def targets(self, sq: int) -> list[int]:
        if not self.can_pick(sq):
            return []
        return [m.to_sq for m in self.game.position.legal_moves() if m.from_sq == sq]

    def try_move(self, move: Move) -> bool:
        """A move from the board; False (and ``illegal_move``) when it is not allowed now."""
        if not self.can_pick(move.from_sq) or not self.game.position.is_legal(move):
            self.illegal_move.emit()
            return False
        self.engine_draw_offer = False
        self._play(move, by_engine=False)
        return True

    # ----------------------------------------------------------------- playing moves
    def _play(self, move: Move, by_engine: bool) -> None:
        if self._search_purpose() is Purpose.HINT:
            self._discard_search()   # the player moved before the hint came
        position = self.game.position
        capture = position.is_capture(move)
        mover = position.turn
        self.game.play(move)
        self.hint = None
        if self.clock.timed:
            self.clock.moved(mover)
        self.move_played.emit(MovePlayed(move, capture, self.game.position.is_check(), by_engine))
        self._autosave()
        self._after_position_change()

    def _after_position_change(self) -> None:
        """Everything that follows a change of the game: result, clocks, the engine's turn."""
        if self.game.is_over:
            self._end(self.game.result)  # type: ignore[arg-type]
            return
        self._run_clock()
        self.changed.emit()
        self.clocks_changed.emit()
        self._maybe_engine_move()

    def _end(self, result: GameResult) -> None:
        self.clock.stop()
        self._tick.stop()
        self._discard_search()
        self.hint = None
        if self.autosave is not None:
            self.autosave.clear()
        self.changed.emit()
        self.clocks_changed.emit()
        self.game_over.emit(result)

    def _finish(self, reason: EndReason, winner: Color | None) -> None:
        if self.game.is_over:
            return
        self.game.finish(GameResult(reason, winner))
        self._end(self.game.result)  # type: ignore[arg-type]

    def _on_tick(self) -> None:
        flagged = self.clock.flagged()
        if flagged is not None and not self.game.is_over:
            self._finish(EndReason.TIME_FORFEIT, flagged.other)
        self.clocks_changed.emit()

    # ----------------------------------------------------------------- player commands
    def undo(self) -> bool:
        """Take back moves until it is a human's turn again (the engine's reply and your move)."""
        return self._step(self.game.can_undo, self.game.undo)

    def redo(self) -> bool:
        """Put back what undo took (your move and the engine's reply)."""
        if self._search_purpose() is Purpose.MOVE:
            return False
        return self._step(self.game.can_redo, self.game.redo)

    def _step(self, can: Callable[[], bool], step: Callable[[], Move]) -> bool:
        """One ply back or forward, and one more when that leaves the engine to move."""
        if not can():
            return False
        self._discard_search()
        self.view_ply, self.hint = None, None
        step()
        if self.setup.engine_plays(self.game.turn) and can():
            step()
        self._settle()
        return True

    def _settle(self) -> None:
        """After the moves changed other than by playing one: clocks, autosave, the engine's turn."""
        self._restart_clock()
        self._autosave()
        self._after_position_change()

    def _restart_clock(self) -> None:
        if self.clock.timed:
            self.clock.stop()
        self._run_clock()

    def _run_clock(self) -> None:
        """Spend the side to move's time, except an engine's that cannot think (booting, trouble)."""
        if not self.clock.timed or self.game.is_over:
            return
        waiting = self.setup.engine_plays(self.game.turn) and not self.engine_ready
        if waiting:
            self.clock.stop()
        elif self.clock.running is not self.game.turn:
            self.clock.start(self.game.turn)
        self._tick.start()

    def resign(self) -> None:
        if not self.game.is_over:
            loser = self.setup.human if self.setup.engine else self.game.turn
            self._finish(EndReason.RESIGNATION, loser.other)

    def offer_draw(self) -> None:
        """UCCI engines answer ``go draw`` with their next move; others decide by their own score."""
        if self.game.is_over or self.setup.engine is None:
            return
        if self._engine_takes_draw_offers():
            self._human_draw_offer = True
            self.message.emit(self.tr("Draw offered: the engine answers with its next move"))
        elif self._last_engine_cp is not None and self._last_engine_cp <= 0:
            self._finish(EndReason.AGREED_DRAW, None)
        else:
            self.message.emit(self.tr("The engine declines the draw"))

    def accept_draw(self) -> None:
        if self.engine_draw_offer and not self.game.is_over:
            self._finish(EndReason.AGREED_DRAW, None)

    def request_hint(self) -> bool:
        if not self.human_to_move() or not self.engine_ready or self._search is not None:
            return False
        self._go(Purpose.HINT, SearchLimits(movetime_ms=HINT_MS))
        self.message.emit(self.tr("The engine is looking for a hint…"))
        return True

    def stop(self) -> None:
        """Make the engine answer now (its move, or the hint)."""
        if self._search is not None and self._search.purpose is not Purpose.DISCARD:
            self.engine.stop()

    def view(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (None or the last ply: back to the game)."""
        if ply is not None and not 0 <= ply <= self.game.ply:
            return
        self.view_ply = None if ply == self.game.ply else ply
        self.changed.emit()

    def play_from_view(self) -> None:
        """Continue the game from the viewed position (later moves go to redo)."""
        if self.view_ply is None:
            return
        target, self.view_ply = self.view_ply, None
        self._discard_search()
        while self.game.ply > target and self.game.can_undo():
            self.game.undo()
        self._settle()

    # ----------------------------------------------------------------- engine
    def _engine_alive(self) -> bool:
        return self.engine is not None and getattr(self.engine.state, "name", "") != "DEAD"

    def _start_engine(self, spec: EngineSpec) -> None:
        self._drop_engine()
        engine = self._engine_factory(spec, self)
        engine.ready.connect(self._on_engine_ready)
        engine.info.connect(self._on_engine_info)
        engine.best_move.connect(self._on_best_move)
        engine.failed.connect(self._on_engine_failed)
        engine.state_changed.connect(lambda state: self.engine_state.emit(getattr(state, "name", str(state))))
        self.engine = engine
        self.engine_name.emit(engine_display_name(spec))
        engine.start()

    def _drop_engine(self) -> None:
        self._search = None
        self.engine_ready = False
        self.engine_info = None
        if self.engine is not None:
            engine, self.engine = self.engine, None
            for signal in (engine.ready, engine.info, engine.best_move, engine.failed, engine.state_changed):
                signal.disconnect()
            retire(engine)

    def _no_engine(self) -> None:
        """Let the engine go and tell the views that no engine plays now."""
        self._drop_engine()
        self.engine_name.emit("")
        self.engine_state.emit("DEAD")

    @property
    def engines_running(self) -> bool:
        """An engine process is still running or shutting down (this game's or a retired one)."""
        return self.engine is not None or bool(RETIRING)

    def restart_engine(self, spec: EngineSpec | None = None) -> None:
        """After trouble: start the same engine again, or ``spec`` instead; the game stays."""
        if spec is not None:
            self.setup = self.setup.with_engine(spec)
            self._autosave()
        if self.setup.engine is not None:
            self._start_engine(self.setup.engine)

    def shutdown(self) -> None:
        self._tick.stop()
        self._drop_engine()

    def _on_engine_ready(self, info: Any) -> None:
        self.engine_ready = True
        self.engine_info = info
        name = getattr(info, "name", None)
        if name and not is_builtin(self.setup.engine):   # the built-in engine keeps its translated name
            self.engine_name.emit(name)
        self.engine.new_game()
        self._apply_strength()
        self._restart_clock()
        self._maybe_engine_move()

    def _apply_strength(self) -> None:
        elo = self.setup.strength.elo
        if elo and self.engine_has_option("UCI_LimitStrength") and self.engine_has_option("UCI_Elo"):
            self.engine.set_option("UCI_LimitStrength", True)
            self.engine.set_option("UCI_Elo", int(elo))

    def engine_has_option(self, name: str) -> bool:
        """The running engine offers option ``name`` (names compare case-insensitively)."""
        options = getattr(self.engine_info, "options", ()) or ()
        return any(o.name.lower() == name.lower() for o in options)

    def _engine_takes_draw_offers(self) -> bool:
        """The dialect has a draw-offer word (UCCI's ``go draw``)."""
        dialect = getattr(self.engine_info, "dialect", None)
        return getattr(getattr(dialect, "rules", None), "draw_offer", None) is not None

    def engine_searching(self) -> bool:
        """The engine is working on a move or a hint that is still wanted."""
        return self._search is not None and self._search.purpose is not Purpose.DISCARD

    def _search_purpose(self) -> Purpose | None:
        return self._search.purpose if self._search else None

    def _maybe_engine_move(self) -> None:
        if (self.view_ply is None and not self.game.is_over and self.engine_ready
                and self._search is None and self.setup.engine_plays(self.game.turn)):
            draw = self._human_draw_offer
            self._human_draw_offer = False
            self._go(Purpose.MOVE, self._move_limits(), draw_offer=draw)

    def _move_limits(self) -> SearchLimits:
        control, depth = self.setup.time_control, self.setup.strength.depth
        if control.kind is TimeControlKind.CLOCK:
            return self._clock_limits(depth)
        if control.kind is TimeControlKind.MOVE:
            return SearchLimits(depth=depth, movetime_ms=control.move_time_ms)
        return SearchLimits(depth=depth) if depth else SearchLimits(movetime_ms=DEFAULT_ENGINE_MS)

    def _clock_limits(self, depth: int | None) -> SearchLimits:
        control, turn = self.setup.time_control, self.game.turn
        left = {c: max(1, int(self.clock.remaining_ms(c))) for c in (Color.RED, Color.BLACK)}
        moves_to_go = None
        if self.clock.in_byoyomi(turn):
            moves_to_go = 1
        elif control.moves_per_period:
            moves_to_go = control.moves_per_period - self.clock.sides[turn].moves_in_period
        return SearchLimits(depth=depth, red_time_ms=left[Color.RED], black_time_ms=left[Color.BLACK],
                            red_increment_ms=control.increment_ms, black_increment_ms=control.increment_ms,
                            moves_to_go=moves_to_go)

    def _go(self, purpose: Purpose, limits: SearchLimits, draw_offer: bool = False) -> None:
        position = self.game.position.copy()
        self._search = Search(purpose, position, draw_offer)
        # Moves that would lose by 长将/长捉 are banned, so no engine (most do not know the chase rules)
        # plays or suggests one.
        self.engine.go(self.game.position, limits, draw_offer=draw_offer,
                       banned=forbidden_repetition_moves(position))

    def _discard_search(self) -> None:
        if self._search is not None and self._search.purpose is not Purpose.DISCARD:
            self._search.purpose = Purpose.DISCARD
            self.engine.stop()

    def _on_engine_info(self, info: Any) -> None:
        search = self._search
        if search is None or search.purpose is Purpose.DISCARD:
            return
        sign = 1 if search.position.turn is Color.RED else -1
        score = getattr(info, "score", None)
        if search.purpose is Purpose.MOVE and score is not None and getattr(score, "cp", None) is not None:
            self._last_engine_cp = score.cp
        self.analysis.emit(Analysis(info, search.position, sign))

    def _on_best_move(self, best: Any) -> None:
        search, self._search = self._search, None
        if search is None or search.purpose is Purpose.DISCARD:
            self._maybe_engine_move()
            return
        if search.purpose is Purpose.HINT:
            self._show_hint(best)
        else:
            self._engine_moved(best, search)

    def _show_hint(self, best: Any) -> None:
        move = getattr(best, "move", None)
        if move is not None and self.game.position.is_legal(move):
            self.hint = move
            self.message.emit(self.tr("Hint shown as an arrow"))
            self.changed.emit()
        self._maybe_engine_move()

    def _engine_moved(self, best: Any, search: Search) -> None:
        engine_color = self.game.turn
        if getattr(best, "draw", False) and search.draw_offer:
            self.message.emit(self.tr("The engine accepts the draw"))
            self._finish(EndReason.AGREED_DRAW, None)
            return
        if getattr(best, "resign", False):
            self.message.emit(self.tr("The engine resigns"))
            self._finish(EndReason.RESIGNATION, engine_color.other)
            return
        move = getattr(best, "move", None)
        if move is None or not self.game.position.is_legal(move):
            self._trouble(self.tr("The engine gave no legal move ({0}). You can restart it or choose "
                                  "another engine; the game is kept.").format(move or "none"))
            return
        if search.draw_offer:
            self.message.emit(self.tr("The engine declines the draw"))
        self._play(move, by_engine=True)
        if getattr(best, "draw", False) and not self.game.is_over:
            self.engine_draw_offer = True
            self.draw_offered.emit()

    def _on_engine_failed(self, failure: Any) -> None:
        # The translated sentence is for the player; the engine layer's English words (and its stderr)
        # stay in ``engine_failure_detail`` for the details of the message.
        text = failure_text(failure, engine_display_name(self.setup.engine))
        self.engine_failure_detail = failure_detail(failure)
        if not getattr(failure, "fatal", True) and self._search is None:
            self.message.emit(text)   # e.g. an option value refused: the engine goes on
            return
        self._trouble(self.tr("{0} You can restart the engine or choose another one; the game is "
                              "kept.").format(text))

    def _trouble(self, text: str) -> None:
        self._search = None
        self.engine_ready = False
        self.clock.stop()
        self._tick.stop()
        self.engine_trouble.emit(text)
        self.changed.emit()

    # ----------------------------------------------------------------- autosave
    def snapshot(self) -> dict[str, Any]:
        return {
            "setup": self.setup.to_dict(),
            "start_fen": self.game.start_fen,
            "moves": [m.iccs() for m in self.game.moves],
            "redo": [m.iccs() for m in self.game.redo_moves],
            "clock": self.clock.to_dict(),
        }

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        if self.game.is_over or not self.game.moves:
            self.autosave.clear()
        elif not self.autosave.save(self.snapshot()):
            self.message.emit(self.tr("Autosave failed: {0}").format(self.autosave.last_error))
