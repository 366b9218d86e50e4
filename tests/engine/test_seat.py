"""Engine seats (xiangqi/engine/seat.py) with real processes: the scripted fake engine and Fairy-Stockfish.

What a caller of a seat relies on: searches wait for the handshake, a new search replaces the old one
(its move never arrives), discard drops what the engine still says, options survive a restart, failures
arrive as values with the purpose they spoiled, and close retires the process in the background."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fake_engines import fake_spec

from xiangqi.core import Color, Move, Position
from xiangqi.engine.failures import FailureKind
from xiangqi.engine.messages import SearchLimits
from xiangqi.config import EngineEntry
from xiangqi.engine.registry import DialectMemory, EngineSpec, Protocol, load_families, spec_of_entry
from xiangqi.engine.retire import RETIRING
from xiangqi.engine.seat import EngineSeat, Purpose, Role, SeatEngine, SeatInfo, SeatMove, SeatTrouble
from xiangqi.engine.session import SessionState, Timeouts

WAIT = 10_000
# Deadlines long enough for a busy machine (the seat's behaviour, not the engine layer's deadlines, is tested).
PATIENT = Timeouts(handshake_ms=8000, ready_ms=8000, stop_ms=5000, quit_ms=1000, terminate_ms=1000)
FAIRY = Path("/usr/games/fairy-stockfish")
AFTER_CANNON = Position.from_fen(Position.STARTING_FEN)
AFTER_CANNON.push(Move.from_iccs("h2e2"))


class Recorder:
    def __init__(self, seat: EngineSeat) -> None:
        self.infos: list[SeatInfo] = []
        self.moves: list[SeatMove] = []
        self.troubles: list[SeatTrouble] = []
        self.states: list[SessionState] = []
        self.ready = 0
        seat.info.connect(self.infos.append)
        seat.decided.connect(self.moves.append)
        seat.trouble.connect(self.troubles.append)
        seat.state_changed.connect(self.states.append)
        seat.ready.connect(lambda _info: setattr(self, "ready", self.ready + 1))


MakeSeat = Callable[..., tuple[EngineSeat, "Recorder"]]


@pytest.fixture
def make_seat(qtbot: QtBot) -> Iterator[MakeSeat]:
    seats: list[EngineSeat] = []

    def make(spec: EngineSpec, role: Role = Role.BLACK, timeouts: Timeouts = PATIENT) -> tuple[EngineSeat, Recorder]:
        from xiangqi.engine.process import EngineClient

        def factory(spec: EngineSpec, owner: object) -> SeatEngine:
            return EngineClient(spec, None, timeouts=timeouts, memory=DialectMemory())

        seat = EngineSeat(role, spec, factory)
        seats.append(seat)
        return seat, Recorder(seat)

    yield make
    for seat in seats:
        seat.close()
    qtbot.waitUntil(lambda: not RETIRING, timeout=WAIT)


def test_a_search_asked_before_the_handshake_waits_and_brings_the_move(make_seat: MakeSeat, qtbot: QtBot) -> None:
    seat, seen = make_seat(fake_spec("--script", str(_script(qtbot, "h9g7"))))
    seat.start()
    assert seen.states == [SessionState.BOOTING]          # the status bar can say "starting" at once
    seat.search(AFTER_CANNON, SearchLimits(movetime_ms=50))
    assert seat.searching and seat.purpose is Purpose.MOVE
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    decided = seen.moves[0]
    assert decided.best.move == Move.from_iccs("h9g7") and decided.purpose is Purpose.MOVE
    assert decided.role is Role.BLACK and decided.position.fen() == AFTER_CANNON.fen()
    assert seen.ready == 1 and seat.is_ready and not seat.searching
    assert seen.infos and seen.infos[-1].red_sign == -1   # black was to move: red's view flips the sign


def test_analysis_restarts_on_each_position_and_only_the_last_one_answers(make_seat: MakeSeat, qtbot: QtBot,
                                                                          tmp_path: Path) -> None:
    log = tmp_path / "commands.log"
    seat, seen = make_seat(fake_spec("--delay-ms", "20", "--log", str(log)), Role.ANALYSER)
    seat.start()
    qtbot.waitUntil(lambda: seat.is_ready, timeout=WAIT)
    seat.analyse(Position())
    seat.analyse(AFTER_CANNON)               # replaces the first: its move and lines never come
    assert seat.purpose is Purpose.ANALYSE
    # The engine has read the second search: both were infinite (it thinks until told), and nothing came.
    qtbot.waitUntil(lambda: _commands(log, "go").count("go infinite") == 2, timeout=WAIT)
    assert seen.moves == []
    seat.stop()
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    assert [m.position.fen() for m in seen.moves] == [AFTER_CANNON.fen()]
    assert seen.moves[0].purpose is Purpose.ANALYSE
    assert all(i.position.fen() == AFTER_CANNON.fen() and i.purpose is Purpose.ANALYSE for i in seen.infos)


def test_a_discarded_search_says_nothing_more(make_seat: MakeSeat, qtbot: QtBot) -> None:
    seat, seen = make_seat(fake_spec("--delay-ms", "20"))
    seat.start()
    qtbot.waitUntil(lambda: seat.is_ready, timeout=WAIT)
    seat.analyse(Position())
    seat.discard()
    assert not seat.searching and seat.purpose is Purpose.DISCARD
    qtbot.waitUntil(lambda: seat.purpose is None, timeout=WAIT)   # the engine answered the stop: dropped
    seat.search(Position(), SearchLimits(movetime_ms=10), Purpose.HINT)   # the seat goes on working
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    # The hint's move comes after anything the discarded search said: all that arrived is the hint's.
    assert [move.purpose for move in seen.moves] == [Purpose.HINT]
    assert all(info.purpose is Purpose.HINT for info in seen.infos)


def test_options_are_sent_when_ready_and_again_after_a_restart(make_seat: MakeSeat, qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    log = tmp_path / "commands.log"
    seat, seen = make_seat(fake_spec("--log", str(log)))
    seat.set_option("hashsize", 64)          # before start: remembered
    seat.start()
    qtbot.waitUntil(lambda: seen.ready == 1, timeout=WAIT)
    assert seat.offers("HashSize") and not seat.offers("MultiPV")
    seat.restart()
    qtbot.waitUntil(lambda: seen.ready == 2, timeout=WAIT)
    seat.search(Position(), SearchLimits(movetime_ms=10))
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    assert log.read_text().count("setoption hashsize 64") == 2


def test_ponderhit_turns_the_ponder_search_into_the_move(make_seat: MakeSeat, qtbot: QtBot, tmp_path: Path) -> None:
    log = tmp_path / "commands.log"
    seat, seen = make_seat(fake_spec("--delay-ms", "20", "--log", str(log)), Role.RED)
    seat.start()
    qtbot.waitUntil(lambda: seat.is_ready, timeout=WAIT)
    seat.ponder(Position(), SearchLimits(movetime_ms=20))
    assert seat.purpose is Purpose.PONDER
    # The engine has read the search as a ponder search (it answers only after ponderhit): no move yet.
    qtbot.waitUntil(lambda: any(go.startswith("go ponder") for go in _commands(log, "go")), timeout=WAIT)
    assert seen.moves == []
    seat.ponderhit()
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    assert [(move.purpose, move.role) for move in seen.moves] == [(Purpose.MOVE, Role.RED)]


def test_a_crash_is_trouble_for_the_search_it_spoiled_and_a_restart_recovers(make_seat: MakeSeat, qtbot: QtBot) -> None:
    seat, seen = make_seat(fake_spec("--fault", "crash-in-search"))
    seat.start()
    qtbot.waitUntil(lambda: seat.is_ready, timeout=WAIT)
    seat.search(Position(), SearchLimits(movetime_ms=10))
    qtbot.waitUntil(lambda: bool(seen.troubles), timeout=WAIT)
    trouble = seen.troubles[0]
    assert trouble.failure.kind is FailureKind.CRASHED and trouble.failure.restartable
    assert trouble.purpose is Purpose.MOVE and trouble.search_lost and not seat.is_ready and not seat.searching
    seat.restart(fake_spec())
    seat.search(Position(), SearchLimits(movetime_ms=10))
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=WAIT)
    assert seen.moves[0].best.move in Position().legal_moves()


def test_an_illegal_best_move_ends_the_search_and_the_engine_goes_on(make_seat: MakeSeat, qtbot: QtBot) -> None:
    seat, seen = make_seat(fake_spec("--fault", "illegal-bestmove"))
    seat.start()
    seat.search(Position(), SearchLimits(movetime_ms=10))
    qtbot.waitUntil(lambda: bool(seen.troubles), timeout=WAIT)
    trouble = seen.troubles[0]
    assert trouble.failure.kind is FailureKind.ILLEGAL_BESTMOVE and not trouble.failure.fatal
    assert trouble.search_lost and trouble.purpose is Purpose.MOVE
    assert seen.moves == [] and seat.purpose is None and seat.is_ready      # not stuck: it can search again


def test_a_missing_engine_is_trouble_a_restart_cannot_fix(make_seat: MakeSeat, qtbot: QtBot) -> None:
    spec = EngineSpec(name="gone", command="/nonexistent/engine", args=(), protocol=Protocol.UCCI)
    seat, seen = make_seat(spec)
    seat.start()
    qtbot.waitUntil(lambda: bool(seen.troubles), timeout=WAIT)
    failure = seen.troubles[0].failure
    assert failure.kind is FailureKind.MISSING_BINARY and not failure.restartable
    assert seen.troubles[0].purpose is None


def test_close_retires_the_process_in_the_background(make_seat: MakeSeat, qtbot: QtBot) -> None:
    # quit is ignored: its deadline only delays the terminate (1 s in PATIENT)
    seat, seen = make_seat(fake_spec("--fault", "ignore-quit"), timeouts=replace(PATIENT, quit_ms=100))
    seat.start()
    qtbot.waitUntil(lambda: seat.is_ready, timeout=WAIT)
    seat.close()
    assert seat.state is SessionState.DEAD and seen.states[-1] is SessionState.DEAD
    assert RETIRING                              # still shutting down: quit is ignored, terminate follows
    qtbot.waitUntil(lambda: not RETIRING, timeout=WAIT)


@pytest.mark.fairy
@pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")
def test_multipv_analysis_with_fairy_stockfish(make_seat: MakeSeat, qtbot: QtBot) -> None:
    spec = spec_of_entry(EngineEntry("Fairy", str(FAIRY), protocol=Protocol.UCI, options={"Threads": 1, "Hash": 16}),
                         load_families())
    seat, seen = make_seat(spec, Role.ANALYSER, Timeouts(handshake_ms=15_000, ready_ms=15_000))
    seat.set_option("MultiPV", 3)
    seat.start()
    seat.analyse(AFTER_CANNON)
    qtbot.waitUntil(lambda: {i.info.multipv for i in seen.infos if i.info.pv} >= {1, 2, 3}, timeout=30_000)
    lines = [i for i in seen.infos if i.info.pv]
    assert all(i.info.pv[0] in AFTER_CANNON.legal_moves() for i in lines)
    assert all(i.red_sign == -1 and i.position.turn is Color.BLACK for i in lines)
    seat.stop()
    qtbot.waitUntil(lambda: bool(seen.moves), timeout=30_000)
    assert seen.moves[0].purpose is Purpose.ANALYSE


def _commands(log: Path, word: str) -> list[str]:
    """The commands starting with ``word`` the fake engine has read so far (its --log)."""
    lines = log.read_text().splitlines() if log.exists() else []
    return [line for line in lines if line.split(" ", 1)[0] == word]


def _script(qtbot: QtBot, *moves: str) -> Path:
    import tempfile

    handle = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    handle.write(" ".join(moves))
    handle.close()
    return Path(handle.name)
