"""Analysis mode (分析): an analyser seat that follows the position shown, feeding the analysis panel.

Every ``analyse(position)`` replaces the search (``go infinite``) when the position differs from the one
analysed; ``pause`` stops it and ``resume`` starts it again; ``close`` retires the engine. The engine is
chosen apart from the opponent (``set_engine``): any engine the registry knows, the built-in one
included. The number of lines is the engine option ``MultiPV``, set when the engine offers it (the
search is restarted so that it takes effect).

Two questions change what is searched without changing the board: ``set_threat`` (显示威胁, lichess's "show
threat") searches the position with the other side to move — what it would play if it were its turn — and
``exclude`` leaves moves out of the search (UCCI ``banmoves``, UCI ``searchmoves``: "what else is there?").
Both last until the board shows another position (the threat stays on, as on lichess; exclusions go).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from xiangqi.core import Move, Position
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.seat import EngineFactory, EngineSeat, Purpose, Role, SeatInfo, SeatTrouble, wire_seat
from xiangqi.engine.session_types import EngineInfo, SessionState
from xiangqi.game.threat import threat_position
from xiangqi.ui.study.analysis_panel import AnalysisPanel
from xiangqi.play.engine_list import engine_display_name
from xiangqi.play.problem_text import failure_text

MULTIPV = "MultiPV"


class Analyser(QObject):
    """Runs one analyser seat for the position it is given."""

    position_changed = Signal(object)   # Position now searched (a copy: the threat's when shown), or None
    excluded_changed = Signal(object)   # tuple[Move, ...]: the moves left out of that search
    info = Signal(object)               # SeatInfo of the position analysed
    state_text = Signal(str)            # a short line for the panel: engine and what it does
    lines_supported = Signal(bool)      # the engine offers MultiPV
    trouble = Signal(str)               # an engine failure in the player's words

    def __init__(self, spec: EngineSpec, factory: EngineFactory | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self.lines = 1
        self.paused = False
        self.position: Position | None = None   # the position shown (the board's)
        self.threat = False                       # search the other side's threat instead (显示威胁)
        self.excluded: tuple[Move, ...] = ()      # moves left out of the search of this position
        self.closed = False
        self.failed = False   # the engine failed (fatal) since it was started
        self.seat = self._new_seat(spec)

    def _new_seat(self, spec: EngineSpec) -> EngineSeat:
        seat = EngineSeat(Role.ANALYSER, spec, self._factory, self)
        wire_seat(seat, ready=self._on_ready, info=self._on_info, trouble=self._on_trouble)
        seat.state_changed.connect(self._on_state)
        seat.set_option(MULTIPV, self.lines)
        return seat

    @property
    def spec(self) -> EngineSpec:
        return self.seat.spec

    @property
    def running(self) -> bool:
        """An analysis search is live (not paused, not closed, the engine thinking or about to)."""
        return self.seat.purpose is Purpose.ANALYSE

    def start(self) -> None:
        self.failed = False
        self.seat.start()
        self._say(self.tr("starting…"))

    # ----------------------------------------------------------------- what to analyse
    def analyse(self, position: Position) -> None:
        """Analyse ``position`` from now on (a no-op when it is the one analysed already)."""
        if self.position is not None and position.fen() == self.position.fen() \
                and position.move_stack == self.position.move_stack:
            return
        self.position = position.copy()
        self.excluded = ()
        self._searched_changed()

    @property
    def searched(self) -> Position | None:
        """The position the engine searches: the one shown, or with the threat on the other side to move
        in it (None when that is no question: the side to move is in check)."""
        if self.position is None or not self.threat:
            return self.position
        return threat_position(self.position)

    def set_threat(self, on: bool) -> None:
        """Show what the other side threatens (on) or analyse the position as it is (off)."""
        if on != self.threat:
            self.threat = on
            self.excluded = ()
            self._searched_changed()

    def exclude(self, move: Move) -> None:
        """Leave ``move`` out of the search of the position searched now (until the board moves on)."""
        searched = self.searched
        if searched is not None and move not in self.excluded and searched.is_legal(move):
            self.excluded = (*self.excluded, move)
            self._searched_changed()

    def include_all(self) -> None:
        """Every move is searched again."""
        if self.excluded:
            self.excluded = ()
            self._searched_changed()

    def _searched_changed(self) -> None:
        searched = self.searched
        self.position_changed.emit(searched.copy() if searched is not None else None)
        self.excluded_changed.emit(self.excluded)
        self._search()

    def set_lines(self, lines: int) -> None:
        if lines == self.lines:
            return
        self.lines = lines
        self.seat.set_option(MULTIPV, lines)   # sent when the engine is idle: the search restarts for it
        self._search()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self.seat.discard()
            self._say(self.tr("paused"))
        else:
            self._search()

    def set_engine(self, spec: EngineSpec) -> None:
        """Analyse with another engine from now on (the old one is retired)."""
        self.seat.close()
        self.seat.deleteLater()
        self.seat = self._new_seat(spec)
        self.start()
        self._search()

    def close(self) -> None:
        """Stop analysing and retire the engine; nothing is emitted afterwards."""
        if self.closed:
            return
        self.closed = True
        self.seat.ready.disconnect()
        self.seat.info.disconnect()
        self.seat.trouble.disconnect()
        self.seat.state_changed.disconnect()
        self.seat.close()

    def _search(self) -> None:
        if self.paused or self.closed or self.position is None:
            return
        position = self.searched
        if position is None:
            self.seat.discard()
            self._say(self.tr("no threat to show: the side to move is in check"))
            return
        legal = position.legal_moves()
        # moves that would lose by 长将/长捉 are banned, as in a game: an engine that does not know the chase
        # rules must not recommend one; the moves the user excluded are left out too
        banned = {*forbidden_repetition_moves(position), *self.excluded}
        if not legal or all(move in banned for move in legal):
            self.seat.discard()
            self._say(self.tr("no legal moves") if not legal else self.tr("every move is excluded"))
            return
        self.seat.analyse(position, banned=[move for move in legal if move in banned])

    # ----------------------------------------------------------------- from the seat
    def _on_ready(self, info: EngineInfo) -> None:
        self.lines_supported.emit(self.seat.offers(MULTIPV))
        if not self.running:
            self._search()

    def _on_info(self, seat_info: SeatInfo) -> None:
        if seat_info.purpose is Purpose.ANALYSE:
            self.info.emit(seat_info)

    def _on_trouble(self, trouble: SeatTrouble) -> None:
        self.trouble.emit(failure_text(trouble.failure, self.spec.command))
        if trouble.failure.fatal:
            self.failed = True   # the panel keeps saying so (choosing an engine again restarts it)
            self._say(self.tr("stopped: the engine failed"))

    def _on_state(self, state: SessionState) -> None:
        if state is SessionState.THINKING and not self.paused:
            self._say(self.tr("the threat: the other side to move…") if self.threat else self.tr("analysing…"))
        elif state is SessionState.DEAD and not self.failed:
            self._say(self.tr("not running"))

    def _say(self, what: str) -> None:
        self.state_text.emit(f"{engine_display_name(self.spec)} · {what}")


def connect_panel(analyser: Analyser, panel: AnalysisPanel) -> None:
    """The panel shows what ``analyser`` finds and steers it (lines, pause)."""
    panel.set_position(analyser.position)
    panel.set_paused(analyser.paused)
    panel.set_threat(analyser.threat)
    analyser.position_changed.connect(panel.set_position)
    analyser.excluded_changed.connect(panel.set_excluded)
    analyser.info.connect(lambda seat_info: panel.show_info(seat_info.info))
    analyser.state_text.connect(panel.set_state)
    analyser.lines_supported.connect(panel.set_lines_supported)
    panel.lines_wanted.connect(analyser.set_lines)
    panel.pause_toggled.connect(analyser.set_paused)
    panel.threat_toggled.connect(analyser.set_threat)
    panel.move_excluded.connect(analyser.exclude)
    panel.exclusions_cleared.connect(analyser.include_all)
