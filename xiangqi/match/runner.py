"""Playing a match on the Qt event loop: engine seats, clocks, the referee, the PGN file (Qt, no widgets).

``MatchRunner`` plays the schedule on ``concurrency`` boards at once; each board (``_Board``) owns one
seat per engine (``xiangqi.engine.seat``) and plays its games one after the other. Everything is
asynchronous: a board asks the seat to move and goes on when ``decided`` or ``trouble`` arrives.

Who loses besides the rules (``xiangqi.match.referee``): an engine that crashes or stops answering
(it is restarted for the next game), that plays an illegal move, resigns, or oversteps its clock by more
than the margin. An engine that answers "no move" although it has legal moves claims a draw: it is asked
again from the position alone, and the referee decides (``no_move_ruling``): never a loss for a claim that
holds under the common rules. The time an engine used is measured from the request to
its answer, so it includes the transport's own few hundred microseconds.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation
from xiangqi.core.repetition import forbidden_repetition_moves
from xiangqi.engine.failures import EngineFailure, FailureKind
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec
from xiangqi.engine.session_types import SessionState
from xiangqi.engine.seat import EngineSeat, Purpose, Role, SeatInfo, SeatMove, SeatTrouble, wire_seat
from xiangqi.engine.seat_pool import WorkerPool
from xiangqi.engine.naming import TimeControl
from xiangqi.match.record import append_game, finish_game, new_match_game
from xiangqi.match.referee import (
    Adjudication,
    EndKind,
    GameEnd,
    Referee,
    claim_note,
    loss,
    no_move_ruling,
    rules_end,
)
from xiangqi.match.schedule import Opening, Pairing, schedule
from xiangqi.match.tournament import (
    Crosstable,
    TournamentKind,
    encounter_games,
    encounters,
    match_names,
    unique_names,
)
from xiangqi.record import Game, GameNode
from xiangqi.review.evaluation import Evaluation, with_eval

MATE_AS_CP = 100_000  # a mate score, for score adjudication, beyond any centipawn threshold
ANSWER_GRACE_MS = 5_000  # beyond its time, an engine that has not answered loses the game


@dataclass(frozen=True)
class MatchSettings:
    specs: tuple[EngineSpec, EngineSpec]
    time: TimeControl
    games: int = 2
    openings: tuple[Opening, ...] = ()
    concurrency: int = 1
    adjudication: Adjudication = Adjudication()
    pgn: Path | None = None
    notation: Notation = Notation.CHINESE
    time_margin_ms: int = 100
    event: str = "Engine match"

    @property
    def names(self) -> tuple[str, str]:
        return match_names(self.specs[0].name, self.specs[1].name)


@dataclass(frozen=True)
class FinishedGame:
    pairing: Pairing
    end: GameEnd
    plies: int
    a_score: float  # engine A's points: 1, 0.5, 0
    game: Game = field(compare=False)


class MatchRunner(WorkerPool["_Board"]):
    """Plays the whole match on ``concurrency`` boards (the workers of ``engine.seat_pool.WorkerPool``);
    ``game_finished`` after each game (already in the PGN), ``finished`` at the end. ``problem``: also
    something to tell the user that does not end a game."""

    game_finished = Signal(object)  # FinishedGame
    WORK = "match"
    # For a window watching the match (concurrency 1): the record grows under these nodes.
    game_started = Signal(object, object)  # Game, GameNode: a game begins, its opening played
    moved = Signal(object, object)         # Game, GameNode: an engine moved; the node is the new last one
    engine_info = Signal(int, object)      # engine index (0: A, 1: B), SeatInfo of its move search

    def __init__(self, settings: MatchSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self._pending = schedule(settings.games, list(settings.openings))
        self.results: list[FinishedGame] = []
        self.paused = False

    def set_paused(self, paused: bool) -> None:
        """Paused: the search under way ends and its move is played, but no engine is asked for the next
        move until resumed (the clocks only count an engine's own thinking, so nothing runs meanwhile)."""
        self.paused = paused
        if not paused:
            for board in self.workers:
                board.resume()

    def start(self) -> None:
        self.running = True
        count = max(1, min(self.settings.concurrency, len(self._pending)))
        self.workers = [_Board(self, index) for index in range(count)]
        for board in self.workers:
            board.next_game()

    def holding(self) -> bool:
        """Paused, and no engine thinking any more: every board has played the move under way when the pause
        came and holds the next (nothing arrives until resumed)."""
        return self.paused and all(board.waiting or board.idle for board in self.workers)

    def clocks_ms(self) -> dict[Color, float] | None:
        """The time left on the first board's clocks (ms), None when untimed or between games."""
        game = self.workers[0].game if self.workers else None
        if game is None or game.time_control.base_ms is None:
            return None
        return dict(game.clock.left_ms)

    def cannot_start(self, name: str, failure: EngineFailure) -> None:
        """An engine failed before its game began: no game is played (each would be a loss by default)."""
        self.problem.emit(f"cannot start {name}, match stopped: {failure.explained()}")
        self.abort()

    def stop_scheduling(self) -> None:
        """No new game begins (an SPRT reached a bound): the games being played end and are recorded, then
        ``finished``."""
        self._pending.clear()   # every board asks for its next pairing after a game: it gets none and closes

    def take_pairing(self) -> Pairing | None:
        return self._pending.pop(0) if self._pending and self.running else None

    def record(self, finished: FinishedGame) -> None:
        if self.settings.pgn is not None:
            append_game(self.settings.pgn, finished.game, self.settings.notation)
        self.results.append(finished)
        self.game_finished.emit(finished)



class _Board(QObject):
    """One game at a time between the two engines; colours as the pairing says."""

    def __init__(self, match: MatchRunner, index: int) -> None:
        super().__init__(match)
        self.match = match
        self.settings = match.settings
        # The role only labels the seat's signals: which colour each engine plays changes every game.
        self.seats = [self._seat(self.settings.specs[0], Role.RED), self._seat(self.settings.specs[1], Role.BLACK)]
        self.idle = False      # its last game is over: no pairing was left
        self.waiting = False   # paused before asking for a move
        self.game: _GameInPlay | None = None
        self.watchdog = QTimer(self, singleShot=True)
        self.watchdog.timeout.connect(match.guarded(self._on_watchdog))

    def _seat(self, spec: EngineSpec, role: Role) -> EngineSeat:
        seat = EngineSeat(role, spec, parent=self)
        wire_seat(seat, ready=lambda _info: self._on_ready(seat), info=lambda info: self._on_info(seat, info),
                  decided=lambda move: self._on_decided(seat, move),
                  trouble=lambda trouble: self._on_trouble(seat, trouble), guard=self.match.guarded)
        return seat

    # --------------------------------------------------------------------------------- games
    def next_game(self) -> None:
        pairing = self.match.take_pairing()
        if pairing is None:
            self.close()
            self.match.check_finished()
            return
        a, b = self.settings.names
        red, black = (a, b) if pairing.a_is_red else (b, a)
        game, node = new_match_game(self.settings.event, pairing.number, red, black, pairing.opening,
                                    self.settings.time.pgn())
        by_colour = {Color.RED: self.seats[0 if pairing.a_is_red else 1],
                     Color.BLACK: self.seats[1 if pairing.a_is_red else 0]}
        self.game = _GameInPlay(pairing, game, node, pairing.opening.position(), by_colour,
                                Referee(self.settings.adjudication), self.settings.time)
        self.match.game_started.emit(game, node)
        for seat in self.seats:
            if not seat.is_ready and seat.state is not SessionState.BOOTING:  # a dead one is started again
                seat.restart()
        self._begin_if_ready()

    def _begin_if_ready(self) -> None:
        game = self.game
        if game is None or game.begun or not all(seat.is_ready for seat in self.seats):
            return
        game.begun = True
        for seat in self.seats:
            seat.new_game()
        ended = rules_end(game.position)  # an opening may end the game (a FEN list can hold anything)
        if ended is not None:
            self._end(ended)
        else:
            self._ask()

    def _ask(self, position_alone: bool = False) -> None:
        """Asks the engine to move: sent as the moves since the last capture, or, ``position_alone``, as the
        position without the moves that led there (an engine that claimed a draw by its count or by a
        repetition then searches; the repetition rules still apply through the banned moves)."""
        game = self.game
        assert game is not None
        self.waiting = self.match.paused
        if self.waiting:
            return
        seat = game.seats[game.position.turn]
        game.last_info = None
        limits = game.clock.limits()
        game.asked_at = time.monotonic()
        self.watchdog.start(game.clock.allowed_ms(game.position.turn) + ANSWER_GRACE_MS)
        searched = Position.from_fen(game.position.fen()) if position_alone else game.position
        seat.search(searched, limits, Purpose.MOVE, banned=forbidden_repetition_moves(game.position))

    # --------------------------------------------------------------------------------- from the seats
    def _on_ready(self, seat: EngineSeat) -> None:
        self._begin_if_ready()

    def resume(self) -> None:
        if self.waiting and self.game is not None:
            self._ask()

    def _on_info(self, seat: EngineSeat, info: SeatInfo) -> None:
        game = self.game
        if game is not None and seat is game.seats[game.position.turn] and info.purpose is Purpose.MOVE:
            self.match.engine_info.emit(self.seats.index(seat), info)
        if game is not None and seat is game.seats[game.position.turn] and info.info.score is not None \
                and (info.info.multipv or 1) == 1:
            game.last_info = info

    def _on_decided(self, seat: EngineSeat, move: SeatMove) -> None:
        game = self.game
        if game is None or move.purpose is not Purpose.MOVE or seat is not game.seats[game.position.turn]:
            return
        self.watchdog.stop()
        mover = game.position.turn
        used_ms = (time.monotonic() - game.asked_at) * 1000
        if not game.clock.spend(mover, used_ms, self.settings.time_margin_ms):
            self._end(loss(mover, EndKind.TIME, f"lost on time ({used_ms:.0f} ms used, "
                                                f"{game.clock.left_before_ms:.0f} ms left)"))
            return
        best = move.best
        if best.resign:
            self._end(loss(mover, EndKind.RESIGNATION, "resigns"))
        elif best.move is None:
            self._no_move(game, seat)
        elif not game.position.is_legal(best.move):
            self._end(loss(mover, EndKind.ILLEGAL, f"({seat.spec.name}) played the illegal move {best.move.iccs()}"))
        else:
            self._play(game, best.move, used_ms)

    def _no_move(self, game: _GameInPlay, seat: EngineSeat) -> None:
        """A draw claim (or a broken engine): asked again once from this position, then the referee rules."""
        asked_again = game.claimed_at == game.position.ply
        ended = no_move_ruling(game.position, seat.spec.name, asked_again)
        if ended is not None:
            self._end(ended)
            return
        game.claimed_at = game.position.ply
        game.claim_note = claim_note(game.position, seat.spec.name)
        self._ask(position_alone=True)

    def _play(self, game: _GameInPlay, move_played: Move, used_ms: float) -> None:
        mover = game.position.turn
        evaluation = _evaluation(game.last_info)
        game.node = game.node.add_child(move_played)
        depth = game.last_info.info.depth if game.last_info is not None else None
        note = " ".join(part for part in (f"d{depth}" if depth else "", f"{used_ms / 1000:.2f}s", game.claim_note)
                        if part)
        game.claim_note = ""
        game.node.comment = with_eval(note, evaluation)
        game.position.push(move_played)
        self.match.moved.emit(game.game, game.node)
        ended = game.referee.after_move(game.position, mover, _adjudication_cp(evaluation))
        if ended is not None:
            self._end(ended)
        else:
            self._ask()

    def _on_trouble(self, seat: EngineSeat, trouble: SeatTrouble) -> None:
        failure = trouble.failure
        game = self.game
        name = seat.spec.name
        if not failure.fatal and failure.kind not in (FailureKind.ILLEGAL_BESTMOVE, FailureKind.MALFORMED_BESTMOVE):
            self.match.problem.emit(f"{name}: {failure.message}")
            return
        if failure.fatal and (game is None or not game.begun):
            self.match.cannot_start(name, failure)
            return
        if game is None:
            return
        colour = Color.RED if game.seats[Color.RED] is seat else Color.BLACK
        if failure.fatal:
            why = f"({name}) lost: the engine failed: {failure.explained()}"
            self._end(loss(colour, EndKind.CRASH, why))
        elif seat is game.seats[game.position.turn]:
            self._end(loss(colour, EndKind.ILLEGAL, f"({name}) sent a bad move: {failure.message}"))

    def _on_watchdog(self) -> None:
        game = self.game
        if game is None:
            return
        mover = game.position.turn
        seat = game.seats[mover]
        seat.close()  # it does not answer: retire it; the next game starts it again
        kind = EndKind.TIME if game.clock.time.base_ms is not None else EndKind.CRASH
        self._end(loss(mover, kind, f"({seat.spec.name}) did not answer in time"))

    # --------------------------------------------------------------------------------- the end
    def _end(self, end: GameEnd) -> None:
        game, self.game = self.game, None
        self.watchdog.stop()
        if game is None:
            return
        for seat in self.seats:
            seat.discard()
        finish_game(game.game, game.node, end)
        a_colour = Color.RED if game.pairing.a_is_red else Color.BLACK
        score = 0.5 if end.winner is None else float(end.winner is a_colour)
        plies = game.position.ply
        try:
            self.match.record(FinishedGame(game.pairing, end, plies, score, game.game))
        except OSError as exc:
            self.match.problem.emit(f"cannot write the PGN file: {exc}")
            self.match.abort()
            return
        QTimer.singleShot(0, self, self.match.guarded(self.next_game))  # after the seats' own slots have returned

    def close(self) -> None:
        self.idle = True
        self.game = None
        self.watchdog.stop()
        for seat in self.seats:
            seat.close()


@dataclass
class _Clock:
    time: TimeControl
    left_ms: dict[Color, float] = field(default_factory=dict)
    left_before_ms: float = 0.0

    def __post_init__(self) -> None:
        base = float(self.time.base_ms or 0)
        self.left_ms = {Color.RED: base, Color.BLACK: base}

    def limits(self) -> SearchLimits:
        return self.time.limits(round(self.left_ms[Color.RED]), round(self.left_ms[Color.BLACK]))

    def allowed_ms(self, color: Color) -> int:
        return self.time.movetime_ms if self.time.movetime_ms is not None else round(self.left_ms[color])

    def spend(self, color: Color, used_ms: float, margin_ms: int) -> bool:
        """Takes the time used off ``color``'s clock and adds the increment; False when it ran out."""
        if self.time.base_ms is None:
            return True
        self.left_before_ms = self.left_ms[color]
        self.left_ms[color] -= used_ms
        if self.left_ms[color] < -margin_ms:
            return False
        self.left_ms[color] = max(self.left_ms[color], 0.0) + self.time.increment_ms
        return True


@dataclass
class _GameInPlay:
    pairing: Pairing
    game: Game
    node: GameNode
    position: Position
    seats: dict[Color, EngineSeat]
    referee: Referee
    time_control: TimeControl
    begun: bool = False
    asked_at: float = 0.0
    last_info: SeatInfo | None = None
    claimed_at: int = -1      # the ply at which the engine to move last claimed a draw (gave no move)
    claim_note: str = ""      # said in the comment of the move it then played
    clock: _Clock = field(init=False)

    def __post_init__(self) -> None:
        self.clock = _Clock(self.time_control)


def _evaluation(info: SeatInfo | None) -> Evaluation | None:
    """The mover's last evaluation (red's view); none for a book weight or a repetition ruling."""
    if info is None or info.info.score is None or not info.info.score.is_evaluation:
        return None
    return Evaluation.from_score(info.info.score, info.position.turn)


def _adjudication_cp(evaluation: Evaluation | None) -> int | None:
    if evaluation is None:
        return None
    if evaluation.mate is not None:
        return MATE_AS_CP if evaluation.mate > 0 else -MATE_AS_CP
    return evaluation.cp



@dataclass(frozen=True)
class TournamentSettings:
    """Several engines; every encounter is a match with ``match``'s settings (its specs are replaced)."""

    match: MatchSettings
    specs: tuple[EngineSpec, ...]
    kind: TournamentKind = TournamentKind.ROUND_ROBIN
    rounds: int = 1
    repeat: bool = True   # each opening once with each colour: two games a round

    @property
    def names(self) -> list[str]:
        """The engines' names, made unique (the same engine twice is told apart by its place)."""
        return unique_names([spec.name for spec in self.specs])

    def encounter_settings(self, i: int, j: int) -> MatchSettings:
        names = self.names
        specs = (dataclasses.replace(self.specs[i], name=names[i]), dataclasses.replace(self.specs[j], name=names[j]))
        return dataclasses.replace(self.match, specs=specs, games=encounter_games(self.rounds, self.repeat))


@dataclass(frozen=True)
class TournamentGame:
    first: int    # the engines' indexes in the tournament: ``first`` is engine A of the encounter
    second: int
    finished: FinishedGame


class TournamentRunner(QObject):
    """Plays the encounters one after the other, each a ``MatchRunner`` (``concurrency`` games at once);
    ``game_finished`` (a ``TournamentGame``) after each game, with the crosstable already updated."""

    game_finished = Signal(object)     # TournamentGame
    encounter_started = Signal(object)  # the MatchRunner now playing (a window may watch its games)
    finished = Signal()
    problem = Signal(str)

    def __init__(self, settings: TournamentSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.crosstable = Crosstable(settings.names, settings.kind)
        self._pending = encounters(settings.kind, len(settings.specs))
        self.current: MatchRunner | None = None
        self.running = False
        self.stopped = False   # aborted, or a fault stopped it: not every encounter was played

    def encounters_left(self) -> list[tuple[int, int]]:
        return list(self._pending)

    def start(self) -> None:
        self.running = True
        self._next()

    def _next(self) -> None:
        if self.stopped or not self._pending:
            self.running = False
            self.finished.emit()
            return
        first, second = self._pending.pop(0)
        runner = MatchRunner(self.settings.encounter_settings(first, second), self)
        runner.game_finished.connect(lambda finished: self._on_game(first, second, finished))
        runner.problem.connect(self._on_problem)
        runner.finished.connect(self._on_encounter_done)
        self.current = runner
        self.encounter_started.emit(runner)
        runner.start()

    def _on_game(self, first: int, second: int, finished: FinishedGame) -> None:
        self.crosstable.add(first, second, finished.a_score)
        self.game_finished.emit(TournamentGame(first, second, finished))

    def _on_problem(self, text: str) -> None:
        if text.startswith(("cannot write", "internal error")):
            self.stopped = True
        self.problem.emit(text)

    def _on_encounter_done(self) -> None:
        self.current = None   # the runner stays (a child of this one): a window may still show its games
        QTimer.singleShot(0, self, self._next)

    def set_paused(self, paused: bool) -> None:
        if self.current is not None:
            self.current.set_paused(paused)

    def abort(self) -> None:
        """Stop now: the games in progress are not recorded."""
        self.stopped = True
        if self.current is not None:
            self.current.abort()
        elif self.running:
            self.running = False
            self.finished.emit()
