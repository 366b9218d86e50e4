"""The engines of a game being played: one seat per colour an engine plays, opened, kept across new games
with the same engine, set to the game's strength, and closed. Part of the game controller's split (issue
29 §5): the controller decides *when* an engine searches and what its answer means; this object owns the
seats and says what they do through its own typed signals.

A record being studied has no seats; human against engine has one; engine against engine two.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Color
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.retire import engines_retiring
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, wire_seat
from xiangqi.engine.session_types import EngineInfo, SessionState
from xiangqi.game.setup import GameSetup, is_builtin
from xiangqi.play.engine_list import engine_display_name


class GameSeats(QObject):
    """The seats of the game's engines by colour (``seats``), with the signals the window follows."""

    state_changed = Signal(str)     # SessionState name of a seat's engine (DEAD: no engine plays)
    name_changed = Signal(str)      # the engine's name to show ("": no engine plays)
    seat_ready = Signal(object)     # EngineSeat: its engine answered its handshake
    info = Signal(object)           # SeatInfo of a seat's search
    decided = Signal(object)        # SeatMove: a seat's search ended
    trouble = Signal(object)        # SeatTrouble of a seat

    def __init__(self, factory: EngineFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self.seats: dict[Color, EngineSeat] = {}

    def __iter__(self) -> Iterator[EngineSeat]:
        return iter(list(self.seats.values()))

    # ----------------------------------------------------------------- what they are doing
    @property
    def ready(self) -> bool:
        """Every engine of the game answered its handshake (False when no engine plays)."""
        return bool(self.seats) and all(seat.is_ready for seat in self.seats.values())

    @property
    def running(self) -> bool:
        """An engine process is still running or shutting down (the game's or a retired one)."""
        return bool(self.seats) or engines_retiring()

    def searching(self, purpose: Purpose | None = None) -> bool:
        """A search still wanted runs (``purpose``: one for that purpose)."""
        if purpose is None:
            return any(seat.searching for seat in self.seats.values())
        return any(seat.purpose is purpose for seat in self.seats.values())

    def offers(self, name: str) -> bool:
        """The game's (first) engine offers option ``name``."""
        seat = next(iter(self.seats.values()), None)
        return seat is not None and seat.offers(name)

    # ----------------------------------------------------------------- filling and emptying
    def fill(self, setup: GameSetup) -> None:
        """One seat per colour ``setup``'s engine plays; a seat with the same living engine is kept (a new
        game: it is told so and set to the new strength)."""
        wanted = {color: setup.engine for color in (Color.RED, Color.BLACK)
                  if setup.engine is not None and setup.engine_plays(color)}
        for color in list(self.seats):
            if wanted.get(color) != self.seats[color].spec or self.seats[color].state is SessionState.DEAD:
                self._close(color)
        for color, spec in wanted.items():
            assert spec is not None
            if color in self.seats:
                self._apply_strength(self.seats[color], setup)
                self.seats[color].new_game()
            else:
                self._open(color, spec, setup)
        if not self.seats:
            self._announce_none()

    def close_all(self, announce: bool = True) -> None:
        for color in list(self.seats):
            self._close(color)
        if announce:
            self._announce_none()

    def set_option(self, name: str, value: int | bool | str) -> None:
        """Set an option of the game's engines (kept across restarts)."""
        for seat in self.seats.values():
            seat.set_option(name, value)

    def _open(self, color: Color, spec: EngineSpec, setup: GameSetup) -> None:
        seat = EngineSeat(Role.player(color), spec, self._factory, self)
        wire_seat(seat, ready=lambda info: self._on_ready(seat, info), info=self.info.emit, decided=self.decided.emit,
                  trouble=self.trouble.emit)
        seat.state_changed.connect(lambda state: self.state_changed.emit(state.name))
        self.seats[color] = seat
        self._apply_strength(seat, setup)
        self.name_changed.emit(engine_display_name(spec))
        seat.start()

    def _close(self, color: Color) -> None:
        seat = self.seats.pop(color)
        for signal in (seat.ready, seat.info, seat.decided, seat.trouble, seat.state_changed):
            signal.disconnect()
        seat.close()
        seat.deleteLater()

    def _announce_none(self) -> None:
        self.name_changed.emit("")
        self.state_changed.emit(SessionState.DEAD.name)

    def _on_ready(self, seat: EngineSeat, info: EngineInfo) -> None:
        if info.name and not is_builtin(seat.spec):   # the built-in engine keeps its translated name
            self.name_changed.emit(info.name)
        self.seat_ready.emit(seat)

    @staticmethod
    def _apply_strength(seat: EngineSeat, setup: GameSetup) -> None:
        elo = setup.strength.elo
        seat.set_option("UCI_LimitStrength", bool(elo))   # sent only to engines that offer it
        if elo:
            seat.set_option("UCI_Elo", int(elo))
