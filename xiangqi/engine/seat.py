"""One engine seat: the engine that fills one role of a game (red player, black player or analyser).

A seat owns one engine client, the purpose of its current search and its info stream. Whoever runs the
game (the app's controller, a command-line match, a game review) fills seats and talks to them only;
nothing outside this module holds an engine client. Human vs engine, engine vs engine and analysis
differ only in which seats are filled.

Use::

    seat = EngineSeat(Role.ANALYSER, spec, parent=owner)     # factory=... for a scripted fake in tests
    seat.ready.connect(on_ready)            # EngineInfo: the engine answered its handshake
    seat.info.connect(on_info)              # SeatInfo: one ``info`` line + the position it is about
    seat.decided.connect(on_decided)        # SeatMove: a search ended with a move (or none)
    seat.trouble.connect(on_trouble)        # SeatTrouble: an EngineFailure (fatal: the engine is gone)
    seat.state_changed.connect(on_state)    # SessionState: BOOTING on start(), then the engine's own
    seat.start()                            # the process starts; ``ready`` or ``trouble`` follows

    seat.set_option("MultiPV", 3)           # remembered: sent when ready (if offered), again after a restart
    seat.analyse(position)                  # go infinite; each call replaces the analysed position
    seat.search(position, SearchLimits(movetime_ms=1000), Purpose.MOVE, banned=moves)
    seat.stop()                             # answer now: the move still comes through ``decided``
    seat.discard()                          # stop and drop: no ``decided``, no more ``info`` for it
    seat.close()                            # retire the engine (quit → terminate → kill, in the background);
                                            # start() again reuses the seat

Rules a caller can rely on:

- A search asked for before the engine is ready waits and starts once it is (after the options).
- A new ``search``/``analyse`` replaces the live one at once: the old one is stopped and dropped (its move
  and info never arrive) and the new one is sent as soon as the engine has answered the stop. ``purpose``
  is the latest search's (None when nothing runs or waits); ``searching``: one whose answer is wanted;
  ``thinking``: the engine itself is on it now.
- ``info`` carries the position searched (a copy) and ``red_sign`` (+1 when red was to move there, else
  -1): ``score.cp * red_sign`` is red's point of view. Scores are on the common scale already (the engine
  layer normalises each family's units, see ``ScoreScale``); ``score.kind`` RULING and BOOK are not pawns.
- The engine's own opening book (the family's ``book_option``) is off for the analyser role and for
  ``analyse``, and as the user set it (else the engine's default) for play. Analysis with MultiPV: set the engine option
  ``MultiPV`` (check ``offers("MultiPV")``); each line comes as its own ``info`` with ``info.multipv``.
- ``decided`` carries the engine's ``BestMove`` (legal in ``position``; ``move`` may be None for "no move",
  ``draw``/``resign`` flags as the engine said), the purpose and whether a draw had been offered.
- ``ponder(position_after_expected_move, limits)`` thinks on the opponent's time; ``ponderhit()`` turns it into
  the seat's move search (purpose MOVE); on a miss call ``search()`` with the real position.
- ``trouble`` with ``failure.fatal``: the engine is gone, the seat is not ready; ``restart()`` (the same engine,
  offered only when ``failure.restartable``) or ``restart(other_spec)``. A non-fatal failure (an option value
  refused, an illegal best move) leaves the engine usable; ``search_lost`` says whether the search that ran
  ended without a move (an illegal best move ends it; a fatal failure always does).

Everything is asynchronous (signals on the Qt event loop); nothing here blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from xiangqi.core import Color, Move, Position
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import BestMove, Info, OptionValue, SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.retire import retire
from xiangqi.engine.session_types import EngineInfo, SessionState

# A non-fatal failure of these kinds ends the search that was running (no move comes).
_SEARCH_ENDING = {FailureKind.ILLEGAL_BESTMOVE, FailureKind.MALFORMED_BESTMOVE}


class Role(Enum):
    RED = "red"
    BLACK = "black"
    ANALYSER = "analyser"

    @classmethod
    def player(cls, color: Color) -> Role:
        return cls.RED if color is Color.RED else cls.BLACK


class Purpose(Enum):
    MOVE = "move"          # the seat's own move in the game
    HINT = "hint"          # a suggestion for a human
    ANALYSE = "analyse"    # infinite analysis: lines until replaced or stopped
    PONDER = "ponder"      # thinking on the opponent's time (becomes MOVE on ponderhit)
    DISCARD = "discard"    # stopped and no longer wanted: its move and info are dropped


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One engine ``info`` with what is needed to show it."""

    info: Info
    position: Position     # the position searched (a copy: do not change it)
    red_sign: int          # +1 when red was to move in ``position``, else -1
    purpose: Purpose
    role: Role


@dataclass(frozen=True, slots=True)
class SeatMove:
    """A search ended: the engine's answer for ``position``."""

    best: BestMove
    position: Position     # the position searched (a copy)
    purpose: Purpose
    draw_offer: bool       # the search was told the opponent offers a draw
    role: Role


@dataclass(frozen=True, slots=True)
class SeatTrouble:
    failure: EngineFailure
    purpose: Purpose | None   # the search that was running or waiting, if any
    role: Role
    search_lost: bool = False  # that search ended without a move (always so when ``failure.fatal``)


class SeatEngine(Protocol):
    """The engine client interface a seat needs (``xiangqi.engine.process.EngineClient`` has it; test
    fakes implement the same)."""

    @property
    def ready(self) -> SignalInstance: ...          # EngineInfo
    @property
    def info(self) -> SignalInstance: ...           # Info
    @property
    def best_move(self) -> SignalInstance: ...      # BestMove
    @property
    def failed(self) -> SignalInstance: ...         # EngineFailure
    @property
    def state_changed(self) -> SignalInstance: ...  # SessionState
    @property
    def destroyed(self) -> SignalInstance: ...
    @property
    def state(self) -> SessionState: ...
    @property
    def engine_info(self) -> EngineInfo | None: ...

    def start(self) -> None: ...
    def new_game(self) -> None: ...
    def set_option(self, name: str, value: OptionValue | None) -> None: ...
    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None: ...
    def stop(self) -> None: ...
    def ponderhit(self, draw_offer: bool = False) -> None: ...
    def shutdown(self) -> None: ...
    def setParent(self, parent: None, /) -> None: ...  # noqa: N802 (Qt's name)
    def deleteLater(self) -> None: ...  # noqa: N802 (Qt's name)


EngineFactory = Callable[[EngineSpec, QObject], SeatEngine]


def client_factory(spec: EngineSpec, owner: QObject) -> SeatEngine:
    """The real engine process (imported here so that tests with fakes never load it)."""
    from xiangqi.engine.process import EngineClient

    return EngineClient(spec, owner)


@dataclass(slots=True)
class _Search:
    purpose: Purpose
    position: Position
    limits: SearchLimits
    draw_offer: bool
    banned: tuple[Move, ...]
    ponder: bool = False
    stop_asked: bool = False   # stop() came before it reached the engine: stop it as soon as it is sent


class EngineSeat(QObject):
    """One role's engine. See the module docstring for how to use it."""

    ready = Signal(object)          # EngineInfo
    info = Signal(object)           # SeatInfo
    decided = Signal(object)        # SeatMove
    trouble = Signal(object)        # SeatTrouble
    state_changed = Signal(object)  # SessionState

    def __init__(self, role: Role, spec: EngineSpec, factory: EngineFactory | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.spec = spec
        self._factory = factory or client_factory
        self._client: SeatEngine | None = None
        self._ready = False
        self._options: dict[str, OptionValue | None] = {}
        # One search at the engine at a time: ``_running`` was sent and its bestmove is awaited;
        # ``_waiting`` waits for the engine to be ready or for the running one to answer its stop.
        self._running: _Search | None = None
        self._waiting: _Search | None = None
        self._book_sent: OptionValue | None = None  # the book option's value last sent to this engine

    # ----------------------------------------------------------------- what it is doing
    @property
    def is_ready(self) -> bool:
        """The engine answered its handshake and has not failed since."""
        return self._ready

    @property
    def state(self) -> SessionState:
        return self._client.state if self._client is not None else SessionState.DEAD

    @property
    def engine_info(self) -> EngineInfo | None:
        return self._client.engine_info if self._client is not None and self._ready else None

    @property
    def purpose(self) -> Purpose | None:
        """What the latest search is for (None: nothing runs or waits; DISCARD: one is being stopped)."""
        search = self._waiting or self._running
        return search.purpose if search is not None else None

    @property
    def searching(self) -> bool:
        """A search is running or waiting whose answer is still wanted."""
        return self.purpose not in (None, Purpose.DISCARD)

    @property
    def thinking(self) -> bool:
        """The engine itself is working on a wanted search now (``stop`` makes it answer at once)."""
        return self._running is not None and self._running.purpose is not Purpose.DISCARD

    def offers(self, option: str) -> bool:
        """The running engine offers ``option`` (case-insensitive). False until it is ready."""
        info = self.engine_info
        return info is not None and info.option(option) is not None

    def takes_draw_offers(self) -> bool:
        """The engine's dialect can tell it of a draw offer (UCCI's ``go draw``)."""
        info = self.engine_info
        return info is not None and info.dialect.rules.draw_offer is not None

    # ----------------------------------------------------------------- life
    def start(self) -> None:
        """Start the engine (again, if it runs: the old process is retired)."""
        self._drop_client()
        client = self._factory(self.spec, self)
        client.ready.connect(self._on_ready)
        client.info.connect(self._on_info)
        client.best_move.connect(self._on_best_move)
        client.failed.connect(self._on_failed)
        client.state_changed.connect(self.state_changed)   # forwarded by Qt, no Python call in between
        self._client = client
        self.state_changed.emit(SessionState.BOOTING)
        client.start()

    def restart(self, spec: EngineSpec | None = None) -> None:
        """Start the same engine again, or ``spec`` instead; the options set are sent again. A search
        that was running is lost (ask again; a search asked for now waits for ``ready``)."""
        if spec is not None:
            self.spec = spec
        self.start()

    def close(self) -> None:
        """Retire the engine (quit → terminate → kill in the background) and announce DEAD; nothing the old
        engine says reaches the seat after this. ``start()`` fills the seat again."""
        self._drop_client()
        self.state_changed.emit(SessionState.DEAD)

    def new_game(self) -> None:
        """Tell the engine a new game starts (clears its hash); the live search is discarded."""
        self.discard()
        if self._client is not None and self._ready:
            self._client.new_game()

    def set_option(self, name: str, value: OptionValue | None) -> None:
        """Set an engine option now (when ready) and again after every restart; an option the engine
        does not offer is remembered but not sent (``offers`` tells)."""
        self._options[name] = value
        if self._client is not None and self._ready and self.offers(name):
            self._client.set_option(name, value)

    # ----------------------------------------------------------------- searching
    def search(self, position: Position, limits: SearchLimits, purpose: Purpose = Purpose.MOVE, *,
               banned: Iterable[Move] = (), draw_offer: bool = False) -> None:
        """Search ``position`` (copied) for ``purpose``; replaces any live search."""
        self._begin(_Search(purpose, position.copy(), limits, draw_offer, tuple(banned)))

    def analyse(self, position: Position, *, banned: Iterable[Move] = ()) -> None:
        """Analyse ``position`` without end (``go infinite``); each call restarts on the new position."""
        self.search(position, SearchLimits(infinite=True), Purpose.ANALYSE, banned=banned)

    def ponder(self, position: Position, limits: SearchLimits) -> None:
        """Think on the opponent's time in ``position`` (the expected reply already played)."""
        self._begin(_Search(Purpose.PONDER, position.copy(), limits, False, (), ponder=True))

    def ponderhit(self) -> None:
        """The expected reply was played: the ponder search becomes this seat's move search."""
        waiting, running = self._waiting, self._running
        if waiting is not None:
            if waiting.purpose is Purpose.PONDER:
                waiting.purpose, waiting.ponder = Purpose.MOVE, False
        elif running is not None and running.purpose is Purpose.PONDER and self._client is not None:
            running.purpose = Purpose.MOVE
            self._client.ponderhit()

    def stop(self) -> None:
        """Make the engine answer now; the move still arrives through ``decided`` (a search that has not
        reached the engine yet is stopped as soon as it does)."""
        if self._waiting is not None:
            self._waiting.stop_asked = True
        elif self.thinking and self._client is not None:
            self._client.stop()

    def discard(self) -> None:
        """Stop the live search and drop what it would still say."""
        self._waiting = None
        running = self._running
        if running is not None and running.purpose is not Purpose.DISCARD:
            running.purpose = Purpose.DISCARD
            if self._client is not None:
                self._client.stop()

    def _begin(self, search: _Search) -> None:
        self.discard()
        if self._client is not None and self._ready and self._running is None:
            self._send(search)
        else:
            self._waiting = search

    def _send(self, search: _Search) -> None:
        client = self._client
        assert client is not None
        self._running = search
        self._switch_book(client, search.purpose)
        client.go(search.position, search.limits, ponder=search.ponder, draw_offer=search.draw_offer,
                  banned=search.banned)
        if search.stop_asked:
            client.stop()

    def _switch_book(self, client: SeatEngine, purpose: Purpose) -> None:
        """Analysis and review search: the engine's own book is off for them (ElephantEye would answer with
        book weights at depth 0). Play keeps the book as configured. The option's name is family data."""
        info = self.engine_info
        if info is None or info.book_option is None:
            return
        analysing = self.role is Role.ANALYSER or purpose is Purpose.ANALYSE
        wanted = False if analysing else self._book_for_play(info, info.book_option)
        if wanted != self._book_sent:
            self._book_sent = wanted
            client.set_option(info.book_option, wanted)

    def _book_for_play(self, info: EngineInfo, name: str) -> OptionValue:
        """The book option as the user set it (seat option, then the engine's settings), else its default."""
        for options in (self._options, self.spec.options):
            for key, value in options.items():
                if key.lower() == name.lower() and value is not None:
                    return value
        offered = info.option(name)
        return offered.default if offered is not None and offered.default is not None else True

    def _send_waiting(self) -> None:
        search, self._waiting = self._waiting, None
        if search is not None:
            self._send(search)

    # ----------------------------------------------------------------- from the engine
    def _on_ready(self, info: EngineInfo) -> None:
        self._ready = True
        self._book_sent = None
        client = self._client
        assert client is not None
        for name, value in self._options.items():
            if info.option(name) is not None:
                client.set_option(name, value)
        self.ready.emit(info)
        if self._running is None and self._ready:
            self._send_waiting()

    def _on_info(self, info: Info) -> None:
        search = self._running
        if search is None or search.purpose is Purpose.DISCARD:
            return
        sign = 1 if search.position.turn is Color.RED else -1
        self.info.emit(SeatInfo(info, search.position, sign, search.purpose, self.role))

    def _on_best_move(self, best: BestMove) -> None:
        search, self._running = self._running, None
        self._send_waiting()
        if search is not None and search.purpose is not Purpose.DISCARD:
            self.decided.emit(SeatMove(best, search.position, search.purpose, search.draw_offer, self.role))

    def _on_failed(self, failure: EngineFailure) -> None:
        search = self._running or self._waiting
        purpose = search.purpose if search is not None else None
        lost = search is not None and (failure.fatal or failure.kind in _SEARCH_ENDING)
        if failure.fatal:
            self._ready = False
            self._running = self._waiting = None
        elif failure.kind in _SEARCH_ENDING and self._running is not None:
            self._running = None
            self._send_waiting()
        self.trouble.emit(SeatTrouble(failure, purpose, self.role, lost))

    def _drop_client(self) -> None:
        client, self._client = self._client, None
        self._ready = False
        self._running = self._waiting = None
        if client is None:
            return
        for signal in (client.ready, client.info, client.best_move, client.failed, client.state_changed):
            signal.disconnect()
        retire(client)


Slot = Callable[..., None]


def wire_seat(seat: EngineSeat, *, ready: Callable[[EngineInfo], None] | None = None,
              info: Callable[[SeatInfo], None] | None = None, decided: Callable[[SeatMove], None] | None = None,
              trouble: Callable[[SeatTrouble], None] | None = None, guard: Callable[[Slot], Slot] | None = None
              ) -> None:
    """An owner's slots on ``seat``'s four signals, in one place for every owner (the controller's seats,
    study analysis, 猜谱, the puzzle engine, hints, the pools' seats, a match's boards). ``guard`` wraps
    each slot (a pool's: a fault of ours stops the work with its traceback). Each owner makes its seat its
    child, so the connections end with the owner."""
    for signal, slot in ((seat.ready, ready), (seat.info, info), (seat.decided, decided), (seat.trouble, trouble)):
        if slot is not None:
            signal.connect(guard(slot) if guard is not None else slot)
