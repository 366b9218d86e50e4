"""Session flows that transcripts do not show well: queued work, held ponder results, deadlines, exits."""

from __future__ import annotations

import signal

from xiangqi.core import Move, Position
from xiangqi.engine.messages import BestMove, SearchLimits
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.session import (
    DeadlineKind,
    EngineFailure,
    EngineInfo,
    EngineSession,
    FailureKind,
    NameRule,
    SessionConfig,
    SessionState,
    TransportAction,
    exit_message,
)

DEPTH = SearchLimits(depth=2)


def ready_session(*dialects: Dialect, **config) -> EngineSession:
    session = EngineSession(SessionConfig(dialects=dialects or (Dialect.UCCI,), **config))
    session.boot()
    session.feed(f"{session.wire.dialect.rules.hello_ok}")
    if session.state is SessionState.BOOTING:
        session.feed("readyok")
    assert session.state is SessionState.IDLE
    return session


def events_of(step, kind):
    return [e for e in step.events if isinstance(e, kind)]


def test_a_search_asked_for_while_booting_starts_when_ready() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCCI,)))
    assert session.boot().send == ("ucci",)
    assert session.go(Position(), DEPTH).send == ()
    step = session.feed("ucciok")
    assert step.send[-1] == "go depth 2" and session.state is SessionState.THINKING
    assert events_of(step, EngineInfo)


def test_options_and_new_game_wait_for_the_search_to_end() -> None:
    session = ready_session(Dialect.UCI)
    session.go(Position(), DEPTH)
    assert session.set_option("Hash", 32).send == () and session.new_game().send == ()
    step = session.feed("bestmove h2e2")
    assert step.send == ("setoption name Hash value 32", "ucinewgame")
    assert events_of(step, BestMove)


def test_a_ponder_search_that_ends_early_is_held_until_ponderhit() -> None:
    session = ready_session()
    guess = Position()
    guess.push(Move.from_iccs("h2e2"))
    session.go(guess, DEPTH, ponder=True)
    step = session.feed("bestmove h9g7")
    assert not events_of(step, BestMove) and session.state is SessionState.IDLE
    step = session.ponderhit()
    assert step.send == () and events_of(step, BestMove)[0].move == Move.from_iccs("h9g7")
    session.go(guess, DEPTH, ponder=True)
    session.feed("bestmove h7e7")
    assert events_of(session.stop(), BestMove)  # stop after the engine already answered


def test_exit_after_the_hello_was_answered_is_not_retried_with_the_other_dialect() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCI, Dialect.UCCI)))
    session.boot()
    session.feed("uciok")  # now waiting for readyok
    step = session.process_exited(1, None)
    assert step.action is None
    assert events_of(step, EngineFailure)[0].kind is FailureKind.HANDSHAKE_EXIT


def test_a_crash_while_booting_is_not_retried() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCCI, Dialect.UCI)))
    session.boot()
    step = session.process_exited(None, signal.SIGILL)
    failure = events_of(step, EngineFailure)[0]
    assert step.action is None and failure.signal == signal.SIGILL and "older CPU" in failure.message


def test_isready_never_answered() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCI,)))
    session.boot()
    assert session.feed("uciok").deadline.kind is DeadlineKind.READY
    step = session.deadline_passed(DeadlineKind.READY)
    assert step.action is TransportAction.KILL
    assert events_of(step, EngineFailure)[0].kind is FailureKind.HANDSHAKE_TIMEOUT


def test_quit_escalates_and_stale_deadlines_are_ignored() -> None:
    session = ready_session()
    session.go(Position(), SearchLimits(infinite=True))
    step = session.quit()
    assert step.send == ("stop", "quit") and step.deadline.kind is DeadlineKind.QUIT
    assert session.deadline_passed(DeadlineKind.STOP) == session.deadline_passed(DeadlineKind.HANDSHAKE)
    step = session.deadline_passed(DeadlineKind.QUIT)
    assert step.action is TransportAction.TERMINATE and step.deadline.kind is DeadlineKind.TERMINATE
    assert session.deadline_passed(DeadlineKind.TERMINATE).action is TransportAction.KILL
    step = session.process_exited(None, signal.SIGKILL)
    assert session.state is SessionState.DEAD and not events_of(step, EngineFailure)


def test_quit_before_the_process_started_kills_it_unheard() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCCI,)))
    session.go(Position(), DEPTH)  # waits for the handshake: dropped with the engine
    step = session.quit()
    assert step.send == () and step.action is TransportAction.KILL and step.cancel_deadline
    assert session.state is SessionState.QUITTING
    step = session.boot()  # it started before the kill landed: no hello, killed again
    assert step.send == () and step.action is TransportAction.KILL and session.state is SessionState.QUITTING
    step = session.process_exited(None, signal.SIGKILL)
    assert session.state is SessionState.DEAD and not events_of(step, EngineFailure)


def test_quit_before_a_failed_start_is_not_a_fault() -> None:
    session = EngineSession()
    session.quit()
    step = session.start_failed(FailureKind.MISSING_BINARY, "gone")
    assert session.state is SessionState.DEAD and not events_of(step, EngineFailure)


def test_quit_between_two_dialect_attempts_ends_the_session() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCI, Dialect.UCCI)))
    session.boot()
    assert session.process_exited(0, None).action is TransportAction.RESTART  # "uci" made it exit
    step = session.quit()  # no process to kill: the transport reports the exit at once
    assert step.send == () and step.action is TransportAction.KILL and session.state is SessionState.QUITTING
    session.process_exited(None, None)
    assert session.state is SessionState.DEAD


def test_quit_while_the_hello_is_unanswered_says_quit() -> None:
    session = EngineSession(SessionConfig(dialects=(Dialect.UCCI,)))
    session.boot()
    step = session.quit()
    assert step.send == ("quit",) and step.deadline.kind is DeadlineKind.QUIT
    assert session.feed("ucciok").events == () and session.state is SessionState.QUITTING


def test_name_rule_fixes_a_renamed_fairy_stockfish() -> None:
    rule = NameRule("(?i)fairy-?stockfish", uci_rank_base=1, ucci_time_in_ms=True)
    for dialect, expected in ((Dialect.UCCI, (0, True)), (Dialect.UCI, (1, True))):
        session = EngineSession(SessionConfig(dialects=(dialect,), name_rules=(rule,)))
        session.boot()
        session.feed("id name Fairy-Stockfish 11.1 LB 64")
        session.feed(dialect.rules.hello_ok)
        assert (session.wire.rank_base, session.wire.time_in_ms) == expected


def test_illegal_banned_moves_are_dropped_and_lines_after_death_ignored() -> None:
    session = ready_session()
    step = session.go(Position(), DEPTH, banned=[Move.from_iccs("h2e2"), Move.from_iccs("a0a9")])
    assert step.send[1] == "banmoves h2e2"
    session.process_exited(0, None)
    assert session.feed("bestmove h2e2").events == ()


def test_exit_messages_name_code_signal_and_hint() -> None:
    assert exit_message("while idle", 127, None).endswith("with code 127 (a program it runs was not found).")
    assert "SIGKILL (signal 9)" in exit_message("during a search", None, 9)
    assert "memory" in exit_message("during a search", None, 9)
    assert "signal 77" in exit_message("while idle", None, 77)
