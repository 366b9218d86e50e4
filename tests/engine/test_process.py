"""The QProcess adapter against the scripted fake engine: normal play in both dialects and every fault."""

from __future__ import annotations

import shutil
import signal
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.process import EngineClient, run_search
from xiangqi.engine.protocol import Dialect
from xiangqi.config import EngineEntry
from xiangqi.engine.registry import DialectMemory, EngineSpec, Protocol, load_families, spec_of_entry
from xiangqi.engine.session import FailureKind, SessionState

from fake_engines import FAKE, FAST, QUICK_GIVE_UP, fake_spec
from qt_waits import drain_event_loop

WAIT = 8000
# A deadline for what the fake never does (answer the handshake or stop, quit on 'quit', end on SIGTERM):
# how long it is changes nothing but the test's idle wait.
NEVER_COMES_MS = 100
NO_HANDSHAKE = replace(QUICK_GIVE_UP, handshake_ms=NEVER_COMES_MS)


def start(qtbot, client: EngineClient):
    with qtbot.waitSignal(client.ready, timeout=WAIT) as ready:
        client.start()
    return ready.args[0]


def search(qtbot, client: EngineClient, position: Position, limits: SearchLimits | None = None, **kw):
    with qtbot.waitSignal(client.best_move, timeout=WAIT) as best:
        client.go(position, limits or SearchLimits(depth=1), **kw)
    return best.args[0]


def failure_of(qtbot, client: EngineClient, action) -> object:
    with qtbot.waitSignal(client.failed, timeout=WAIT) as failed:
        action()
    return failed.args[0]


def played(position: Position, *iccs: str) -> Position:
    for text in iccs:
        position.push(Move.from_iccs(text))
    return position


# ----------------------------------------------------------------------------------------------- normal play
def test_ucci_game_of_several_moves(qtbot, make_client) -> None:
    client = make_client(fake_spec())
    sent: list[str] = []
    client.traffic.connect(lambda direction, line: sent.append(line) if direction == ">" else None)
    info = start(qtbot, client)
    assert info.dialect is Dialect.UCCI and info.name == "FakeEngine (ucci)"
    assert info.option("HASHSIZE").max == 1024 and "setoption usemillisec true" in sent
    position = Position()
    for _ in range(4):
        best = search(qtbot, client, position)
        assert position.is_legal(best.move)
        position.push(best.move)
    assert client.state is SessionState.IDLE
    with qtbot.waitSignal(client.state_changed, timeout=WAIT, check_params_cb=lambda s: s is SessionState.DEAD):
        client.shutdown()


def test_uci_with_ranks_1_to_10_is_translated_both_ways(qtbot, make_client, tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    client = make_client(fake_spec("--dialect", "uci", "--rank-base", "1", "--log", str(log),
                                   protocol=Protocol.AUTO))
    info = start(qtbot, client)
    assert (info.dialect, info.rank_base) == (Dialect.UCI, 1)
    position = played(Position(), "h2e2", "h9g7")
    best = search(qtbot, client, position)
    assert position.is_legal(best.move)
    received = log.read_text().splitlines()
    assert "setoption name UCI_Variant value xiangqi" in received
    assert any(line.endswith("moves h3e3 h10g8") for line in received)  # ICCS h2e2 h9g7 on the wire


def test_auto_detection_restarts_an_engine_that_exits_on_the_wrong_hello(qtbot, make_client) -> None:
    memory = DialectMemory()
    spec = fake_spec(protocol=Protocol.AUTO)
    spec = EngineSpec(spec.name, spec.command, spec.args, Protocol.AUTO)
    memory.remember(spec, Dialect.UCI)  # wrong on purpose: the fake (ucci) exits on "uci"
    client = make_client(spec, memory=memory)
    assert start(qtbot, client).dialect is Dialect.UCCI
    assert memory.get(spec) is Dialect.UCCI  # remembered for next time


def test_script_moves_are_played_in_order(qtbot, make_client, tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("h9g7\nb9c7\n")
    client = make_client(fake_spec("--script", str(script), "--delay-ms", "50"))
    start(qtbot, client)
    position = played(Position(), "h2e2")
    assert search(qtbot, client, position).move == Move.from_iccs("h9g7")
    played(position, "h9g7", "h0g2")
    assert search(qtbot, client, position).move == Move.from_iccs("b9c7")


def test_ponder_hit_and_ponder_miss(qtbot, make_client) -> None:
    client = make_client(fake_spec("--delay-ms", "30"))
    start(qtbot, client)
    guess = played(Position(), "h2e2", "h9g7")
    client.go(guess, SearchLimits(movetime_ms=100), ponder=True)
    qtbot.waitUntil(lambda: client.state is SessionState.THINKING)
    with qtbot.waitSignal(client.best_move, timeout=WAIT) as best:
        client.ponderhit()
    assert guess.is_legal(best.args[0].move)
    client.go(guess, SearchLimits(movetime_ms=100), ponder=True)
    actual = played(Position(), "h2e2", "b9c7")
    best = search(qtbot, client, actual, SearchLimits(depth=1))  # the ponder search's move is dropped
    assert actual.is_legal(best.move)


def test_state_changes_follow_the_move_and_skip_what_no_one_could_see(qtbot, make_client) -> None:
    client = make_client(fake_spec())
    start(qtbot, client)
    heard: list[object] = []
    client.state_changed.connect(heard.append)
    client.best_move.connect(lambda best: heard.append("best"))
    search(qtbot, client, Position())
    assert heard == [SessionState.THINKING, "best", SessionState.IDLE]
    heard.clear()
    position = Position()
    replies: list[object] = []

    def next_search(best) -> None:  # asks for the next search from the slot, as an analysis does
        replies.append(best)
        if len(replies) < 3:
            client.go(position, SearchLimits(depth=1))

    client.best_move.connect(next_search)
    client.go(position, SearchLimits(depth=1))
    qtbot.waitUntil(lambda: client.state is SessionState.IDLE and len(replies) == 3, timeout=WAIT)
    # thinking from the first go to the last move: no idle/thinking pair between searches
    assert heard == [SessionState.THINKING, "best", "best", "best", SessionState.IDLE]


# ----------------------------------------------------------------------------------------------- faults
def test_missing_binary(qtbot, make_client) -> None:
    client = make_client(EngineSpec("ghost", "/nonexistent/engines/ghost"))
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.MISSING_BINARY and "/nonexistent/engines/ghost" in failure.message
    assert not failure.restartable and client.state is SessionState.DEAD


def test_not_executable(qtbot, make_client, tmp_path: Path) -> None:
    program = tmp_path / "engine"
    shutil.copy(FAKE, program)
    program.chmod(stat.S_IRUSR | stat.S_IWUSR)
    client = make_client(EngineSpec("plain file", str(program)))
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.NOT_EXECUTABLE and "chmod +x" in failure.message


def test_missing_support_file_is_named_before_start(qtbot, make_client, tmp_path: Path) -> None:
    folder = tmp_path / "pikafish-dir"
    folder.mkdir()
    program = folder / "pikafish"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    spec = spec_of_entry(EngineEntry("Pikafish", str(program)), load_families())
    assert spec.family == "pikafish"
    client = make_client(spec)
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.MISSING_SUPPORT_FILE
    assert "pikafish.nnue" in failure.message and str(folder) in failure.message
    assert client._process is None  # never started


def test_exit_during_handshake(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "exit-in-handshake"))
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.HANDSHAKE_EXIT and failure.exit_code is not None
    assert f"code {failure.exit_code}" in failure.message and failure.restartable


def test_no_handshake_answer_times_out(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "no-handshake"), timeouts=NO_HANDSHAKE)
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.HANDSHAKE_TIMEOUT and "'ucci' and 'uci'" in failure.message
    qtbot.waitUntil(lambda: client._process is None, timeout=WAIT)  # killed


def test_a_client_deleted_after_a_handshake_timeout_leaves_its_killed_process_to_be_reaped(qtbot) -> None:
    """A dead engine is retired and deleted at once (match: 'cannot start … match stopped'): its killed but
    not yet collected process must not be destroyed with it (Qt then reported the slot's faulting on a
    deleted QProcess, a traceback on the command line). The process is reaped on its own."""
    from PySide6.QtCore import QProcess
    from xiangqi.engine.process import processes_reaping

    client = EngineClient(fake_spec("--fault", "no-handshake"), timeouts=NO_HANDSHAKE, memory=DialectMemory())
    failure = failure_of(qtbot, client, client.start)
    assert failure.kind is FailureKind.HANDSHAKE_TIMEOUT and client.state is SessionState.DEAD
    assert client._process is None and not client.findChildren(QProcess)   # no longer the client's child
    with qtbot.waitSignal(client.destroyed, timeout=WAIT):
        client.deleteLater()
    qtbot.waitUntil(lambda: not processes_reaping(), timeout=WAIT)


def test_crash_mid_search_keeps_the_game_and_can_restart(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "crash-in-search"))
    start(qtbot, client)
    position = played(Position(), "h2e2")
    before = (position.fen(), position.move_stack)
    failure = failure_of(qtbot, client, lambda: client.go(position, SearchLimits(depth=3)))
    assert failure.kind is FailureKind.CRASHED and failure.signal == signal.SIGSEGV
    assert "SIGSEGV" in failure.message and "during a search" in failure.message and failure.restartable
    assert client.state is SessionState.DEAD and (position.fen(), position.move_stack) == before
    assert start(qtbot, client).name  # restart offered and working


def test_no_bestmove_after_stop_is_killed(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "no-bestmove-after-stop"), timeouts=replace(FAST, stop_ms=NEVER_COMES_MS))
    start(qtbot, client)
    client.go(Position(), SearchLimits(infinite=True))
    failure = failure_of(qtbot, client, client.stop)
    assert failure.kind is FailureKind.STOP_TIMEOUT and failure.restartable
    qtbot.waitUntil(lambda: client._process is None, timeout=WAIT)
    assert client.state is SessionState.DEAD


def test_flood_is_thinned_and_overlong_line_dropped(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "flood"))
    start(qtbot, client)
    infos: list[object] = []
    client.info.connect(infos.append)
    best = search(qtbot, client, Position())
    assert Position().is_legal(best.move)
    assert 0 < len(infos) < 20_000  # 200,000 info lines were sent
    assert any("flooded" in message for message in client.recent_log)
    assert client._lines.dropped_lines == 1


def test_garbage_lines_are_survived(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "garbage"))
    start(qtbot, client)
    position = played(Position(), "c3c4")
    assert position.is_legal(search(qtbot, client, position).move)
    assert any("engine said" in message for message in client.recent_log)


@pytest.mark.parametrize("fault,kind", [("illegal-bestmove", FailureKind.ILLEGAL_BESTMOVE),
                                        ("malformed-bestmove", FailureKind.MALFORMED_BESTMOVE)])
def test_bad_bestmove_is_reported_and_engine_stays(qtbot, make_client, fault: str, kind: FailureKind) -> None:
    client = make_client(fake_spec("--fault", fault))
    start(qtbot, client)
    failure = failure_of(qtbot, client, lambda: client.go(Position(), SearchLimits(depth=2)))
    assert failure.kind is kind and not failure.fatal
    assert client.state is SessionState.IDLE


@pytest.mark.parametrize("dialect", ["ucci", "uci"])
def test_no_move_answers(qtbot, make_client, dialect: str) -> None:
    protocol = Protocol.UCCI if dialect == "ucci" else Protocol.UCI
    client = make_client(fake_spec("--fault", "no-move", "--dialect", dialect, protocol=protocol))
    start(qtbot, client)
    best = search(qtbot, client, Position())
    assert best.move is None and client.state is SessionState.IDLE


def test_exit_with_nonzero_code_is_reported(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "exit-nonzero"))
    start(qtbot, client)
    failure = failure_of(qtbot, client, lambda: client.go(Position(), SearchLimits(depth=2)))
    assert failure.kind is FailureKind.EXITED and failure.exit_code == 3 and "code 3" in failure.message


@pytest.mark.parametrize("fault,actions", [(None, []), ("ignore-quit", ["terminate"]),
                                            ("ignore-term", ["terminate", "kill"])])
def test_shutdown_escalates_to_terminate_and_kill(qtbot, make_client, fault, actions) -> None:
    """(The quit deadline is short for a fake ignoring quit, the terminate deadline for one ignoring SIGTERM;
    the others stay FAST's, long enough for a loaded machine to see the process end in time.)"""
    ignored = {"quit_ms": NEVER_COMES_MS} if fault else {}
    if fault == "ignore-term":
        ignored["terminate_ms"] = NEVER_COMES_MS
    client = make_client(fake_spec(*(["--fault", fault] if fault else [])), timeouts=replace(FAST, **ignored))
    start(qtbot, client)
    failures: list[object] = []
    client.failed.connect(failures.append)
    client.shutdown()
    qtbot.waitUntil(lambda: client.state is SessionState.DEAD and client._process is None, timeout=WAIT)
    assert not failures  # asked to go: not a fault
    assert [m.split(": ")[1] for m in client.recent_log if m.startswith("transport:")] == actions


def watch(client: EngineClient) -> list[object]:
    """Every ready/failed signal the client sends from now on."""
    seen: list[object] = []
    client.ready.connect(seen.append)
    client.failed.connect(seen.append)
    return seen


def test_shutdown_before_the_process_started_kills_it(qtbot, make_client) -> None:
    client = make_client(fake_spec())
    client.shutdown()  # never started: nothing to end
    assert client.state is SessionState.DEAD
    seen = watch(client)
    client.traffic.connect(lambda way, line: seen.append(line))
    client.start()
    pid = client._process.processId()  # started() not delivered yet: nothing listens for "quit"
    client.shutdown()
    qtbot.waitUntil(lambda: client.state is SessionState.DEAD and client._process is None, timeout=WAIT)
    qtbot.waitUntil(lambda: not Path(f"/proc/{pid}").exists(), timeout=WAIT)  # killed and collected
    assert not seen  # not a word to or from it: no hello, no ready, no failure
    assert {m for m in client.recent_log if m.startswith("transport:")} == {"transport: kill"}


def test_shutdown_during_the_handshake_ends_the_process(qtbot, make_client) -> None:
    client = make_client(fake_spec("--fault", "no-handshake"),  # never answers, ignores quit
                         timeouts=replace(FAST, quit_ms=NEVER_COMES_MS))
    seen = watch(client)
    with qtbot.waitSignal(client.traffic, timeout=WAIT, check_params_cb=lambda way, line: line == "ucci"):
        client.start()
    pid = client._process.processId()
    assert client.state is SessionState.BOOTING
    client.shutdown()
    qtbot.waitUntil(lambda: client.state is SessionState.DEAD and client._process is None, timeout=WAIT)
    qtbot.waitUntil(lambda: not Path(f"/proc/{pid}").exists(), timeout=WAIT)
    assert not seen
    assert [m.split(": ")[1] for m in client.recent_log if m.startswith("transport:")] == ["terminate"]


def test_shutdown_between_two_dialect_attempts_starts_no_other(qtbot, make_client) -> None:
    memory = DialectMemory()
    spec = fake_spec(protocol=Protocol.AUTO)
    memory.remember(spec, Dialect.UCI)  # the fake (ucci) exits on "uci": the client will try "ucci" next
    client = make_client(spec, memory=memory)
    seen = watch(client)
    client.start()
    # Runs right after the client's own slot has handled the exit (and scheduled the next attempt).
    client._process.finished.connect(client.shutdown)
    qtbot.waitUntil(lambda: client.state is SessionState.DEAD, timeout=WAIT)
    drain_event_loop(qtbot)  # the next attempt would have been started by a timer posted before this point
    assert client._process is None and not seen
    # No second process: the one that exited on "uci" is not replaced, and there is nothing to kill.
    assert [m for m in client.recent_log if m.startswith("transport:")] == ["transport: restart", "transport: kill"]


def test_bad_request_is_refused_without_sending(qtbot, make_client) -> None:
    client = make_client(fake_spec())
    start(qtbot, client)
    sent: list[str] = []
    client.traffic.connect(lambda direction, line: sent.append(line) if direction == ">" else None)
    failure = failure_of(qtbot, client, lambda: client.go(Position(), SearchLimits()))
    assert failure.kind is FailureKind.BAD_REQUEST and not failure.fatal and not sent
    failure = failure_of(qtbot, client, lambda: client.set_option("hashsize", 99999))
    assert failure.kind is FailureKind.BAD_REQUEST and "'hashsize'" in failure.message
    assert client.state is SessionState.IDLE


def test_commands_before_start_are_reported(qtbot, make_client) -> None:
    client = make_client(fake_spec())
    failure = failure_of(qtbot, client, lambda: client.go(Position(), SearchLimits(depth=1)))
    assert failure.kind is FailureKind.NOT_RUNNING


def test_run_search_owns_its_loop_and_ends_the_engine(qapp) -> None:
    heard: list[object] = []
    position = played(Position(), "h2e2")
    best = run_search(fake_spec(), position, SearchLimits(depth=2), on_ready=heard.append, on_info=heard.append,
                      on_failure=heard.append)
    assert best is not None and position.is_legal(best.move)
    assert heard[0].name == "FakeEngine (ucci)" and len(heard) > 1  # ready, then the search's info
    failures: list[object] = []
    assert run_search(fake_spec("--fault", "crash-in-search"), position, SearchLimits(depth=2),
                      on_failure=failures.append) is None
    assert [f.kind for f in failures] == [FailureKind.CRASHED]
