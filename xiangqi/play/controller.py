"""The game controller: applies moves to the game model, asks the engine seats whose turn it is, runs the
clock and emits signals; it never holds an engine client or a widget.

The model (``xiangqi.game.model.GameModel``: the record tree, the node the game is at, the node shown) is
the one idea of where the game is. Seats (``xiangqi.engine.seat.EngineSeat``) are the engines: one per
colour an engine plays. Human vs engine and engine vs engine differ only in which seats are filled;
a record being studied has none. Nothing here paints or blocks (engines answer through signals, the clock
ticks on a QTimer).

Two parts live beside it, each with its own typed signals: ``study`` (``record_study.RecordStudy``: a record
opened, walked and viewed back, lines entered, play from here) and ``actions`` (``game_actions.GameActions``:
resigning, draw offers, hints asked for)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from xiangqi.core import Color, Move, Position, Termination
from xiangqi.core.move_reason import illegal_reason
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.failures import EngineFailure
from xiangqi.engine.messages import ScoreKind, SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble
from xiangqi.game.autosave import AutosaveStore, Snapshot, snapshot_of
from xiangqi.game.clock import GameClock
from xiangqi.game.model import GameModel
from xiangqi.game.result import GameResult
from xiangqi.game.setup import GameSetup, is_builtin
from xiangqi.record import Game as Record
from xiangqi.record import GameNode
from xiangqi.play.draw_offers import DrawOffers
from xiangqi.play.game_actions import GameActions
from xiangqi.play.engine_list import engine_display_name
from xiangqi.play.move_limits import move_limits
from xiangqi.play.game_seats import GameSeats
from xiangqi.play.hints import HintSeat
from xiangqi.play.record_study import RecordStudy, fresh_headers
from xiangqi.play.move_refusal import CONTEXT as REFUSAL_CONTEXT
from xiangqi.play.move_refusal import refusal_text
from xiangqi.play.problem_text import failure_detail, failure_text

# An opening book for engine opponents: the book move for a position, the game's ply-th move (0 = the first),
# or None when out of book (set by the Book menu; see xiangqi/book/chooser.py).
BookPlayer = Callable[[Position, int], Move | None]
BOOK_MOVE_DELAY_MS = 0     # played on the next event-loop turn: the player's move is shown first
HINT_MS = 1500
CLOCK_TICK_MS = 100


@dataclass(frozen=True)
class MovePlayed:
    move: Move
    capture: bool
    check: bool
    by_engine: bool
    from_book: bool = False   # an opening-book move (the engine's own book, or ours): it has no evaluation


@dataclass(frozen=True)
class EngineTrouble:
    """An engine problem for the player: the sentence, the engine layer's own words, and whether
    restarting the same engine can help (not for a missing file)."""

    text: str
    detail: str
    restartable: bool


class GameController(QObject):
    changed = Signal()               # position, view, hint, result or engines changed: repaint, menus
    shown_changed = Signal()         # the position shown or the game's line moved (a move, a take-back, a view,
                                     # another game): for views that follow only the position (moves, clocks)
    move_added = Signal(object)      # GameNode: a move new to the record, played at the end of the line shown
    game_replaced = Signal()         # another game (record): new, resumed or opened
    analysis_reset = Signal()        # engine lines shown so far no longer belong to the position
    move_played = Signal(object)     # MovePlayed
    game_over = Signal(object)       # GameResult
    analysis = Signal(object)        # SeatInfo
    engine_state = Signal(str)       # SessionState name
    engine_name = Signal(str)
    engine_trouble = Signal(object)  # EngineTrouble
    draw_offered = Signal()          # the engine offers a draw
    message = Signal(str)            # a status-bar line
    clocks_changed = Signal()
    illegal_move = Signal()

    def __init__(self, autosave: AutosaveStore | None = None, engine_factory: EngineFactory | None = None,
                 now: Callable[[], float] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.autosave = autosave
        self._now = now
        self.setup = GameSetup(engine=None)
        self.game = GameModel()
        self.clock = self._new_clock()
        self.engine_failure_detail = ""       # the last engine failure in the engine layer's own words
        self.hint: Move | None = None
        self.draws = DrawOffers(self)   # the player's and the engine's draw offers
        self.draws.engine_offers.connect(self.draw_offered)
        self._engine_book_line = False   # the engine's last word on its move was a book line, not a search
        self._clock_held = False
        self.ponder = False                   # engines think on the opponent's time (setting game.ponder)
        self.expected_reply: Move | None = None   # the reply an engine ponders on
        self.book_player: BookPlayer | None = None   # engines play these book moves instead of searching
        self._book_move_at: GameNode | None = None   # a book move is due at this node (on the next turn)
        self.engine_seats = GameSeats(engine_factory, self)   # the game's engines, one per colour they play
        self.engine_seats.state_changed.connect(self.engine_state)
        self.engine_seats.name_changed.connect(self.engine_name)
        self.engine_seats.seat_ready.connect(self._on_seat_ready)
        self.engine_seats.info.connect(self._on_seat_info)
        self.engine_seats.decided.connect(self._on_decided)
        self.engine_seats.trouble.connect(self._on_trouble)
        self.hints = HintSeat(engine_factory, self)   # hints from the strongest engine, on a seat of their own
        self.hints.found.connect(self._on_hint_found)
        self.hints.failed.connect(self._on_hint_failed)
        self._tick = QTimer(self)
        self._tick.setInterval(CLOCK_TICK_MS)
        self._tick.timeout.connect(self._on_tick)
        self.study = RecordStudy(self, self)   # a record opened, walked, viewed back; a game from the position shown
        self.study.record_opened.connect(self.game_replaced)
        self.study.view_moved.connect(self._on_view_moved)
        self.study.message.connect(self.message)
        self.actions = GameActions(self, self.draws, self.hints, self)   # resign, draw offers, hints asked for
        self.actions.message.connect(self.message)

    # ----------------------------------------------------------------- game lifecycle
    def new_game(self, setup: GameSetup) -> None:
        record = Record(fresh_headers(setup), setup.start_fen or Position.STARTING_FEN)
        self._begin(setup, GameModel(record, natural_limit_plies=setup.natural_limit_plies))
        self.message.emit(self.tr("New game"))

    def resume(self, snapshot: Snapshot) -> None:
        """Continue an autosaved game; raises ValueError naming what is wrong with the snapshot."""
        model = snapshot.model()
        self._begin(snapshot.setup, model, snapshot.clock)
        self.message.emit(self.tr("Resumed the unfinished game"))

    def show_record(self, model: GameModel, node: GameNode) -> None:
        """The engines leave and the clock stops: ``model`` is a record studied (``study``), shown at
        ``node``."""
        self._discard_searches()
        self.engine_seats.close_all()
        self._tick.stop()
        self.setup = GameSetup(engine=None, start_fen=model.start_fen,
                               natural_limit_plies=model.natural_limit_plies)
        model.playing = False   # moves played now are variations of the record, not a game's main line
        line = list(node.line())
        model.go_to(line[-1] if line else node)
        model.view(node)
        self.game, self.clock, self.hint = model, self._new_clock(), None
        self.draws.reset()
        if self.autosave is not None:
            self.autosave.clear()   # the autosave keeps games being played; a record has its own file
        self.analysis_reset.emit()
        self.shown_changed.emit()
        self.changed.emit()
        self.clocks_changed.emit()

    def start_game(self, setup: GameSetup, model: GameModel) -> None:
        """``model`` (at its head) is played from now on with ``setup``'s opponent (play from here)."""
        self._begin(setup, model)

    def _begin(self, setup: GameSetup, model: GameModel, clock_state: dict[str, object] | None = None) -> None:
        self._discard_searches()
        self.setup, self.game = setup, model
        self.clock = self._new_clock()
        if clock_state:
            self.clock.restore(clock_state)
        self.hint = None
        self.draws.reset()
        self._clock_held = False
        self.engine_seats.fill(self.setup)
        self._autosave()
        self.analysis_reset.emit()
        self.game_replaced.emit()
        self._after_position_change()

    def _new_clock(self) -> GameClock:
        if self._now is None:
            return GameClock(self.setup.time_control)
        return GameClock(self.setup.time_control, now=self._now)

    # ----------------------------------------------------------------- what the views ask
    @property
    def view_ply(self) -> int | None:
        """The ply shown when it is not the game's own position (None: the game's position is shown)."""
        return self.game.cursor.ply if self.game.viewing else None

    def board_position(self) -> Position:
        return self.game.shown_position()

    def displayed_last_move(self) -> Move | None:
        return self.game.cursor.move

    def engine_plays(self, color: Color) -> bool:
        return color in self.seats

    def human_to_move(self) -> bool:
        return not self.game.viewing and not self.game.is_over and not self.engine_plays(self.game.position.turn)

    def can_pick(self, sq: int) -> bool:
        if not self.human_to_move():
            return False
        value = int(self.game.position.piece_at(sq))
        return value != 0 and (value > 0) == (self.game.position.turn is Color.RED)

    def targets(self, sq: int) -> list[int]:
        if not self.can_pick(sq):
            return []
        return [m.to_sq for m in self.game.position.legal_moves() if m.from_sq == sq]

    # What the Game menu may do now (resign, draws, hints: ``actions``). A record being studied (a file, a
    # match being watched) is no game played here: nothing to take back; and none while an earlier position
    # is viewed.
    def can_take_back(self) -> bool:
        return self.game.playing and not self.game.viewing and self.game.can_undo()

    def can_put_back(self) -> bool:
        return self.game.playing and not self.game.viewing and self.game.can_redo()

    def try_move(self, move: Move) -> bool:
        """A move from the board; False (and ``illegal_move``) when it is not allowed now."""
        if not self.can_pick(move.from_sq) or not self.game.position.is_legal(move):
            if self.human_to_move():
                self._say_why_refused(move)
            self.illegal_move.emit()
            return False
        self.draws.player_moved()
        self._play(move, by_engine=False)
        return True

    def _say_why_refused(self, move: Move) -> None:
        """The rule a move of the side to move breaks, in the status bar (蹩马腿, 飞将 …)."""
        reason = illegal_reason(self.game.position, move)
        if reason is not None:
            self.message.emit(QCoreApplication.translate(REFUSAL_CONTEXT, refusal_text(reason)))

    # ----------------------------------------------------------------- playing moves
    def _play(self, move: Move, by_engine: bool, from_book: bool = False) -> None:
        self._discard_searches(Purpose.HINT)   # the player moved before the hint came
        self._answer_ponder(move)
        position = self.game.position
        capture, mover = position.is_capture(move), position.turn
        known = self.game.head.child_for(move) is not None
        viewed = self.game.cursor if self.game.viewing else None
        self.game.play(move)
        if viewed is not None:
            self.game.view(viewed)   # the engine moved while the player looks back: they keep looking
        self.hint = None
        if self.clock.timed:
            self.clock.moved(mover)
        self.move_played.emit(MovePlayed(move, capture, self.game.position.is_check(), by_engine, from_book))
        if not known:
            self.move_added.emit(self.game.head)   # the move list appends it; nothing else is rewritten
        self._autosave()
        self._after_position_change()

    def _after_position_change(self) -> None:
        """Everything that follows a change of the game: result, clocks, the engine's turn."""
        self.shown_changed.emit()
        result = self.game.result
        if result is not None:
            self._end(result)
            return
        self._run_clock()
        self.changed.emit()
        self.clocks_changed.emit()
        self._maybe_engine_move()

    def _end(self, result: GameResult) -> None:
        self.clock.stop()
        self._tick.stop()
        self._discard_searches()
        self.hint = None
        if self.autosave is not None:
            self.autosave.clear()
        self.changed.emit()
        self.clocks_changed.emit()
        self.game_over.emit(result)

    def finish(self, reason: Termination, winner: Color | None) -> None:
        """End the game: ``winner`` wins by ``reason`` (None: a draw)."""
        if self.game.is_over:
            return
        result = GameResult(reason, winner)
        self.game.finish(result)
        self._end(result)

    def _on_tick(self) -> None:
        flagged = self.clock.flagged()
        if flagged is not None and not self.game.is_over:
            self.finish(Termination.TIME_FORFEIT, flagged.other)
        self.clocks_changed.emit()

    # ----------------------------------------------------------------- player commands
    def undo(self) -> bool:
        """Take back moves until it is a human's turn again (the engine's reply and your move)."""
        if not self.can_take_back():
            return False
        return self._step(self.game.can_undo, self.game.undo)

    def redo(self) -> bool:
        """Put back what undo took (your move and the engine's reply)."""
        if self._searching(Purpose.MOVE) or not self.can_put_back():
            return False
        return self._step(self.game.can_redo, self.game.redo)

    def _step(self, can: Callable[[], bool], step: Callable[[], Move]) -> bool:
        """One ply back or forward, and one more when that leaves the engine to move."""
        if not can():
            return False
        self._discard_searches()
        self.hint = None
        step()
        if self.engine_plays(self.game.position.turn) and can():
            step()
        self.analysis_reset.emit()
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
        """Spend the side to move's time, except an engine's that cannot think (booting, trouble), and
        not while a dialog holds the game (``hold_clock``)."""
        if not self.clock.timed or self.game.is_over:
            return
        turn = self.game.position.turn
        seat = self.seats.get(turn)
        if self._clock_held or (seat is not None and not seat.is_ready):
            self.clock.stop()
            self._tick.stop()
            return
        if self.clock.running is not turn:
            self.clock.start(turn)
        self._tick.start()

    def hold_clock(self, held: bool) -> None:
        """Stop the clock while a dialog is open over the game (the new-game dialog), and go on after."""
        self._clock_held = held
        self._restart_clock()
        self.clocks_changed.emit()

    def ask_opponent_for_hint(self) -> bool:
        """The opponent's engine searches a hint briefly (``actions.request_hint`` without a hint engine);
        False when it cannot now."""
        seat = next(iter(self.seats.values()), None)
        if seat is None or not seat.is_ready or seat.searching:
            return False
        self._search(seat, Purpose.HINT, SearchLimits(movetime_ms=HINT_MS))
        return True

    def _on_hint_found(self, move: Move | None, position: Position) -> None:
        if position.fen() == self.game.position.fen() and self.human_to_move():
            self._show_hint(move)

    def _on_hint_failed(self, trouble: SeatTrouble) -> None:
        spec = self.hints.seat.spec if self.hints.seat is not None else None
        self.message.emit(failure_text(trouble.failure, engine_display_name(spec)))

    def stop(self) -> None:
        """Make the engine answer now (its move, or the hint)."""
        for seat in self.seats.values():
            seat.stop()
        self.hints.stop()

    def _on_view_moved(self) -> None:
        self.shown_changed.emit()
        self.changed.emit()
        self._maybe_engine_move()   # back at the game: an engine whose turn it is goes on

    def play_from_view(self) -> None:
        """Continue the game from the viewed position (later moves go to redo)."""
        if not self.game.viewing:
            return
        self._discard_searches()
        self.game.play_from_view()
        self.analysis_reset.emit()
        self._settle()

    # ----------------------------------------------------------------- seats (``GameSeats``)
    @property
    def seats(self) -> dict[Color, EngineSeat]:
        """The game's engine seats by colour (none for a record being studied)."""
        return self.engine_seats.seats

    @property
    def engine_ready(self) -> bool:
        """Every engine of the game answered its handshake (False when no engine plays)."""
        return self.engine_seats.ready

    @property
    def engines_running(self) -> bool:
        """An engine process is still running or shutting down (this game's, the hints' or a retired one)."""
        return self.engine_seats.running or self.hints.open

    def engine_has_option(self, name: str) -> bool:
        """The game's engine offers option ``name`` (names compare case-insensitively)."""
        return self.engine_seats.offers(name)

    def set_engine_option(self, name: str, value: int | bool | str) -> None:
        """Set an option of the game's engines (kept across restarts), e.g. MultiPV from the engine panel."""
        self.engine_seats.set_option(name, value)

    def restart_engine(self, spec: EngineSpec | None = None) -> None:
        """After trouble or to change opponent: start the same engine again, or ``spec`` instead; the game
        stays."""
        if spec is not None:
            self.setup = self.setup.with_engine(spec)
            self._autosave()
        self._discard_searches()
        self.analysis_reset.emit()
        self.engine_seats.close_all(announce=False)
        if self.setup.engine is not None:
            self.engine_seats.fill(self.setup)
            self._restart_clock()
            self.changed.emit()

    def shutdown(self) -> None:
        self._tick.stop()
        self.hints.close()
        self.engine_seats.close_all(announce=False)

    def engine_searching(self) -> bool:
        """An engine is working on a move or a hint that is still wanted."""
        return self.engine_seats.searching()

    def _searching(self, purpose: Purpose) -> bool:
        return self.engine_seats.searching(purpose)

    def _maybe_engine_move(self) -> None:
        seat = self.seats.get(self.game.position.turn)
        if (seat is not None and not self.game.viewing and not self.game.is_over and seat.is_ready
                and not seat.searching and self._book_move_at is not self.game.head):
            if self._book_move_due():
                return
            draw = self.draws.take_player_offer()
            self._search(seat, Purpose.MOVE, self._move_limits(self.game.position.turn), draw_offer=draw)

    def _book_move_due(self) -> bool:
        """When the book has a move here, play it for the engine on the next event-loop turn."""
        chooser = self.book_player
        move = chooser(self.game.position, self.game.ply) if chooser is not None else None
        if move is None or not self.game.position.is_legal(move):
            return False
        node = self._book_move_at = self.game.head
        QTimer.singleShot(BOOK_MOVE_DELAY_MS, self, lambda: self._play_book_move(node, move))
        return True

    def _play_book_move(self, node: GameNode, move: Move) -> None:
        if self._book_move_at is not node:
            return
        self._book_move_at = None
        if self.game.head is node and not self.game.viewing and not self.game.is_over \
                and self.engine_plays(self.game.position.turn):
            self.draws.take_player_offer()   # a book move is no answer to an offer: it lapses
            self._play(move, by_engine=True, from_book=True)
        else:
            self._maybe_engine_move()   # the game moved on meanwhile: the engine's turn is asked again

    def _move_limits(self, engine: Color) -> SearchLimits:
        return move_limits(self.setup, self.clock, engine)

    def _search(self, seat: EngineSeat, purpose: Purpose, limits: SearchLimits, draw_offer: bool = False) -> None:
        # Moves that would lose by 长将/长捉 are banned, so no engine (most do not know the chase rules)
        # plays or suggests one.
        position = self.game.position
        if purpose is Purpose.MOVE:
            self._engine_book_line = False
        seat.search(position, limits, purpose, banned=forbidden_repetition_moves(position), draw_offer=draw_offer)

    def _discard_searches(self, only: Purpose | None = None) -> None:
        if only is None:
            self.expected_reply = None
            self._book_move_at = None
        if only in (None, Purpose.HINT):
            self.hints.discard()
        for seat in self.seats.values():
            if only is None or seat.purpose is only:
                seat.discard()

    # ----------------------------------------------------------------- from the seats
    def _on_seat_ready(self, _seat: EngineSeat) -> None:
        self._restart_clock()
        self._maybe_engine_move()

    def _on_seat_info(self, seat_info: SeatInfo) -> None:
        score = seat_info.info.score
        if seat_info.purpose is Purpose.MOVE and score is not None:
            self._engine_book_line = score.kind is ScoreKind.BOOK
            self.draws.note_score(score)
        self.analysis.emit(seat_info)

    def _on_decided(self, decided: SeatMove) -> None:
        if decided.position.fen() != self.game.position.fen():
            return   # the game moved on meanwhile (a discarded search never gets here; this is a guard)
        if decided.purpose is Purpose.HINT:
            self._show_hint(decided.best.move)
        elif decided.purpose is Purpose.MOVE:
            self._engine_moved(decided)

    def _show_hint(self, move: Move | None) -> None:
        if move is not None and self.game.position.is_legal(move):
            self.hint = move
            self.message.emit(self.tr("Hint shown as an arrow"))
            self.changed.emit()

    def _engine_moved(self, decided: SeatMove) -> None:
        best, engine_color = decided.best, self.game.position.turn
        level = self.setup.strength.level if is_builtin(self.setup.engine) else None   # others: full strength
        if self.draws.answer(decided.draw_offer, self.game.ply, level):
            self.message.emit(self.tr("The engine accepts the draw"))
            self.finish(Termination.AGREED_DRAW, None)
            return
        if best.resign:
            self.message.emit(self.tr("The engine resigns"))
            self.finish(Termination.RESIGNATION, engine_color.other)
            return
        move = best.move
        if move is None or not self.game.position.is_legal(move):
            self._trouble(self.tr("The engine gave no legal move ({0}). You can restart it or choose "
                                  "another engine; the game is kept.").format(move or "none"), True)
            return
        if decided.draw_offer:
            self.message.emit(self.tr("The engine declines the draw"))
        from_book, self._engine_book_line = self._engine_book_line, False
        self._play(move, by_engine=True, from_book=from_book)
        if not self.game.is_over:
            self.draws.engine_played(best, decided.draw_offer)
        self._start_ponder(decided)

    def _start_ponder(self, decided: SeatMove) -> None:
        """Think on the opponent's time about the reply the engine expects (when the setting asks)."""
        seat, expected = self.seats.get(decided.position.turn), decided.best.ponder
        position = self.game.position
        if (not self.ponder or seat is None or expected is None or self.game.is_over or seat.searching
                or self.engine_plays(position.turn) or not position.is_legal(expected) or not can_ponder(seat)):
            return
        after = position.copy()
        after.push(expected)
        self.expected_reply = expected
        seat.ponder(after, self._move_limits(decided.position.turn))

    def _answer_ponder(self, move: Move) -> None:
        """A move was played: the expected reply turns the ponder search into the move search, another
        one drops it (the engine then searches the real position)."""
        expected, self.expected_reply = self.expected_reply, None
        for seat in self.seats.values():
            if seat.purpose is Purpose.PONDER:
                if move == expected:
                    seat.ponderhit()
                else:
                    seat.discard()

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        # The translated sentence is for the player; the engine layer's English words (and its stderr)
        # stay in ``engine_failure_detail`` for the details of the message.
        failure: EngineFailure = trouble.failure
        seat = self.seats.get(Color.RED if trouble.role is Role.RED else Color.BLACK)
        spec = seat.spec if seat is not None else self.setup.engine
        text = failure_text(failure, engine_display_name(spec))
        self.engine_failure_detail = failure_detail(failure)
        if not failure.fatal and not (trouble.search_lost and trouble.purpose is Purpose.MOVE):
            self.message.emit(text)   # e.g. an option value refused, a bad hint: the engine goes on
            return
        self._trouble(self.tr("{0} You can restart the engine or choose another one; the game is "
                              "kept.").format(text), failure.restartable or not failure.fatal)

    def _trouble(self, text: str, restartable: bool) -> None:
        self.clock.stop()
        self._tick.stop()
        self.engine_trouble.emit(EngineTrouble(text, self.engine_failure_detail, restartable))
        self.changed.emit()

    # ----------------------------------------------------------------- autosave
    def snapshot(self) -> dict[str, object]:
        return snapshot_of(self.game, self.setup, self.clock.to_dict())

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        if self.game.is_over or not self.game.record.root.children or not self.game.playing:
            self.autosave.clear()
        elif not self.autosave.save(self.snapshot()):
            self.message.emit(self.tr("Autosave failed: {0}").format(self.autosave.last_error))


def can_ponder(seat: EngineSeat) -> bool:
    """Pondering is part of UCCI; a UCI engine says it can with its ``Ponder`` option."""
    info = seat.engine_info
    return info is not None and (info.dialect.rules.key == "ucci" or seat.offers("Ponder"))

