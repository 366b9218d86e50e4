"""The only Qt in the engine layer: a QProcess carrying an ``EngineSession``'s lines, with typed signals.

Never blocks: the process is started, written and read asynchronously; deadlines are a single-shot QTimer;
``shutdown()`` sends ``quit`` and then terminates and kills on timers. Every fault arrives as ``failed``
with an ``EngineFailure`` (kind + plain words + exit code + the tail of stderr).

``run_search()`` runs one search on an event loop of its own, for command-line tools that have none.
"""

from __future__ import annotations

import logging
import re
import shutil
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import cast

import shiboken6
from PySide6.QtCore import QCoreApplication, QEventLoop, QMetaMethod, QObject, QProcess, QTimer, Signal

from xiangqi.core import Move, Position
from xiangqi.engine.lines import LineBuffer, decode_line
from xiangqi.engine.messages import BestMove, Info, OptionValue, SearchLimits
from xiangqi.engine.registry import (
    DialectMemory,
    EngineFamily,
    EngineSpec,
    Protocol,
    check_before_start,
    dialect_memory,
    load_families,
    session_config_for,
)
from xiangqi.engine.session import (
    DeadlineKind,
    EngineFailure,
    EngineInfo,
    EngineSession,
    FailureKind,
    SessionEvent,
    SessionState,
    Step,
    Timeouts,
    TransportAction,
)

log = logging.getLogger(__name__)
# Engines never outlive the program, also when it is killed (kill -9): on Linux each engine is started
# through util-linux's ``setpriv --pdeathsig KILL``, which asks the kernel to kill it when its parent dies
# (PR_SET_PDEATHSIG; PySide6 has no QProcess.setChildProcessModifier to call prctl in the child) and then
# becomes the engine by exec (the same pid, no extra process). The kernel sends the signal when the *thread*
# that started the process ends: engines are started from the thread running the Qt event loop.
_SETPRIV = shutil.which("setpriv") if sys.platform.startswith("linux") else None
_GUARD_FAILED = re.compile(r"setpriv: failed to execute \S+: ([^\n]+)")


def guarded_command(program: str, args: Iterable[str]) -> tuple[str, list[str]]:
    """The program and arguments to start so that the engine dies with this process (see ``_SETPRIV``)."""
    if _SETPRIV is None:
        return program, list(args)
    return _SETPRIV, ["--pdeathsig", "KILL", "--", program, *args]
STDERR_TAIL_BYTES = 4096
_EXIT_KINDS = frozenset({FailureKind.HANDSHAKE_EXIT, FailureKind.EXITED, FailureKind.CRASHED})
_ENGINE_ERROR = re.compile(r"\s*info\s+string\s+(?:error|fatal)\b", re.IGNORECASE)
# Looked up once: reading a PySide6 enum member through its class costs about a microsecond each time.
_NOT_RUNNING = QProcess.ProcessState.NotRunning
_FAILED_TO_START = QProcess.ProcessError.FailedToStart
_CRASH_EXIT = QProcess.ExitStatus.CrashExit
# Killed processes not reaped yet. They belong to no client: a client deleted at once (a dead engine is
# retired and deleted without waiting) would otherwise destroy its QProcess while the child still runs.
_REAPING: set[QProcess] = set()


def processes_reaping() -> bool:
    """True while a killed engine process has not been collected yet (a tool waits for it before exiting)."""
    return bool(_REAPING)


class EngineClient(QObject):
    """One engine process. Signals carry values from ``xiangqi.engine.messages`` / ``session``."""

    ready = Signal(object)          # EngineInfo
    info = Signal(object)           # Info (moves in ICCS ranks 0-9)
    best_move = Signal(object)      # BestMove, checked legal in the position searched
    failed = Signal(object)         # EngineFailure
    state_changed = Signal(object)  # SessionState, when it differs from the one last reported (see _emit)
    traffic = Signal(str, str)      # (">" sent | "<" received, line) for an engine console; flood-thinned

    def __init__(self, spec: EngineSpec, parent: QObject | None = None, *, timeouts: Timeouts | None = None,
                 families: Iterable[EngineFamily] | None = None, memory: DialectMemory | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self._timeouts = timeouts
        self._families = list(families) if families is not None else load_families()
        self._memory = memory or dialect_memory
        self._session: EngineSession | None = None
        self._process: QProcess | None = None
        self._running = False  # the current process has started and not finished: it can be written to
        self._lines = LineBuffer()
        self._stderr = bytearray()
        self._engine_said = ""      # the engine's last "info string ERROR…" line
        self.recent_log: deque[str] = deque(maxlen=200)
        self._deadline_kind: DeadlineKind | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_deadline)
        self._traffic_listeners = 0
        self._reported_state = SessionState.DEAD  # what state_changed said last (a new session: BOOTING)
        # The signal of each kind of event, its bound emit looked up once (an emit costs more than reading
        # the line did). A SessionState is announced by _emit.
        self._emitters = {Info: self.info.emit, BestMove: self.best_move.emit, EngineFailure: self.failed.emit,
                          EngineInfo: self.ready.emit}
        self._emit_state = self.state_changed.emit

    # Only a console listens to ``traffic``; without one, the per-line signal is not worth its cost.
    def connectNotify(self, signal: QMetaMethod) -> None:  # noqa: N802 (Qt's name)
        if signal.name() == b"traffic":
            self._traffic_listeners += 1

    def disconnectNotify(self, signal: QMetaMethod) -> None:  # noqa: N802 (Qt's name)
        if signal.name() == b"traffic":
            self._traffic_listeners = max(0, self._traffic_listeners - 1)

    # ------------------------------------------------------------------------------------- properties
    @property
    def state(self) -> SessionState:
        return self._session.state if self._session else SessionState.DEAD

    @property
    def engine_info(self) -> EngineInfo | None:
        """Name, dialect and options once ``ready`` was emitted. (``info`` is the signal.)"""
        return self._session.info if self._session else None

    @property
    def stderr_tail(self) -> str:
        return decode_line(bytes(self._stderr))

    # ------------------------------------------------------------------------------------- commands
    def start(self) -> None:
        """Starts (or restarts) the engine; ``ready`` or ``failed`` follows."""
        if self._process is not None:
            self._discard_process(kill=True)
        config = session_config_for(self.spec, self._families, self._timeouts, self._memory)
        self._session = EngineSession(config)
        self._reported_state = self._session.state  # BOOTING goes without saying after start()
        self._stderr.clear()
        self._engine_said = ""
        self._lines = LineBuffer()
        problem = check_before_start(self.spec, self._families)
        if problem is not None:
            step = self._session.start_failed(problem.kind, problem.message)
            QTimer.singleShot(0, self, lambda: self._apply(step))  # after the caller connected its slots
            return
        self._launch()

    def new_game(self) -> None:
        self._run(lambda s: s.new_game())

    def set_option(self, name: str, value: OptionValue | None) -> None:
        self._run(lambda s: s.set_option(name, value))

    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False, draw_offer: bool = False,
           banned: Iterable[Move] = ()) -> None:
        """Search ``position`` (sent as the FEN after the last capture + the moves since). While a search
        runs, it is stopped first and its move dropped (a ponder miss)."""
        session = self._session  # not through _run(): a game or an analysis calls this for every move
        if session is None:
            self._not_started()
        else:
            self._apply(session.go(position, limits, ponder=ponder, draw_offer=draw_offer, banned=banned))

    def stop(self) -> None:
        self._run(lambda s: s.stop())

    def ponderhit(self, draw_offer: bool = False) -> None:
        self._run(lambda s: s.ponderhit(draw_offer))

    def shutdown(self) -> None:
        """quit → terminate → kill, on timers; ``state_changed(DEAD)`` when the process is gone. A process
        not started yet (or between two dialect attempts) is killed at once instead."""
        if self._session is not None:
            self._apply(self._session.quit())

    # ------------------------------------------------------------------------------------- process
    def _run(self, command: Callable[[EngineSession], Step]) -> None:
        if self._session is None:
            self._not_started()
        else:
            self._apply(command(self._session))

    def _not_started(self) -> None:
        self.failed.emit(EngineFailure(FailureKind.NOT_RUNNING, "The engine has not been started."))

    def _launch(self) -> None:
        process = QProcess(self)
        program, arguments = guarded_command(self.spec.resolved_command(), self.spec.args)
        process.setProgram(program)
        process.setArguments(arguments)
        process.setWorkingDirectory(self.spec.working_directory())
        # Each slot gets its process: a restarted engine's old process must not talk to the new session.
        process.readyReadStandardOutput.connect(partial(self._on_stdout, process))
        process.readyReadStandardError.connect(partial(self._on_stderr, process))
        process.started.connect(partial(self._on_started, process))
        process.errorOccurred.connect(partial(self._on_error, process))
        process.finished.connect(partial(self._on_finished, process))
        self._process = process
        self._lines = LineBuffer()
        process.start()

    def _discard_process(self, kill: bool) -> None:
        process, self._process = self._process, None
        self._running = False
        self._timer.stop()
        if process is None:
            return
        if kill and process.state() != _NOT_RUNNING:
            # Reap it without blocking: delete the object only once the child has been collected, and let
            # it outlive this client (which may be deleted before the child is gone).
            process.setParent(None)
            _REAPING.add(process)
            process.finished.connect(partial(_reaped, process))
            process.kill()
        else:
            process.deleteLater()

    def _live(self, process: QProcess) -> bool:
        """``process`` is this client's current one and still exists: Qt destroys a running QProcess with its
        parent (a window closed, a test ended) and sends finished() from the destructor, to a slot that must
        then not touch it."""
        return process is self._process and shiboken6.isValid(process)

    def _on_started(self, process: QProcess) -> None:
        if self._live(process) and self._session is not None:
            self._running = True
            self._apply(self._session.boot())

    def _on_stdout(self, process: QProcess) -> None:
        session = self._session
        if not self._live(process) or session is None:
            return
        # PySide6's stub widens QByteArray.data() to bytes | bytearray | memoryview; it returns bytes.
        lines = self._lines.feed(cast(bytes, process.readAllStandardOutput().data()))
        if lines:
            self._note_engine_error(lines)
            self._apply(session.feed_lines(lines))

    def _note_engine_error(self, lines: Iterable[str]) -> None:
        """Engines explain a fatal problem on stdout before they exit (Pikafish: ``info string ERROR:
        Network file … was not loaded``): the last such line is the reason given if the engine quits."""
        for line in lines:
            if _ENGINE_ERROR.match(line):
                self._engine_said = line[:300]

    def _on_stderr(self, process: QProcess) -> None:
        if self._live(process):
            self._stderr += bytes(process.readAllStandardError().data())
            del self._stderr[:-STDERR_TAIL_BYTES]

    def _on_error(self, process: QProcess, error: QProcess.ProcessError) -> None:
        if not self._live(process) or self._session is None:
            return
        if error != _FAILED_TO_START:
            return  # crashes and exits arrive through finished()
        reason = process.errorString()
        kind = (FailureKind.NOT_EXECUTABLE if "ermission" in reason else
                FailureKind.MISSING_BINARY if "No such file" in reason else FailureKind.START_FAILED)
        message = f"Could not start {self.spec.resolved_command()!r} ({self.spec.name}): {reason}."
        self._discard_process(kill=False)
        self._apply(self._session.start_failed(kind, message))

    def _on_finished(self, process: QProcess, exit_code: int, status: QProcess.ExitStatus) -> None:
        session = self._session
        if not self._live(process) or session is None:
            return
        self._running = False
        self._on_stdout(process)
        self._on_stderr(process)
        tail = self._lines.finish()
        if tail:
            self._note_engine_error(tail)
            self._apply(session.feed_lines(tail))
        if process is not self._process:
            return  # a slot restarted the engine meanwhile
        crashed = status == _CRASH_EXIT
        self._discard_process(kill=False)
        not_run = _GUARD_FAILED.search(self.stderr_tail)
        if not_run and session.state is SessionState.BOOTING:  # the guard could not run the program itself
            message = f"Could not start {self.spec.resolved_command()!r} ({self.spec.name}): {not_run.group(1)}."
            self._apply(session.start_failed(FailureKind.START_FAILED, message))
            return
        step = session.process_exited(None if crashed else exit_code, exit_code if crashed else None,
                                      self.stderr_tail)
        self._apply(step)

    def _on_deadline(self) -> None:
        kind, self._deadline_kind = self._deadline_kind, None
        if kind is not None and self._session is not None:
            self._apply(self._session.deadline_passed(kind))

    # ------------------------------------------------------------------------------------- steps
    def _apply(self, step: Step) -> None:
        """Carries out a session step: timer, writes, process action, then the events (whose slots may
        call back into this client: the session is already consistent by then)."""
        send, events, deadline, cancel_deadline, action, logged, received = step
        if cancel_deadline:
            self._timer.stop()
            self._deadline_kind = None
        if deadline is not None:
            self._deadline_kind = deadline.kind
            self._timer.start(deadline.ms)
        if received and self._traffic_listeners:
            for line in received:
                self.traffic.emit("<", line)
        if send:
            self._write(send)
        for message in logged:
            self.recent_log.append(message)
            log.debug("%s: %s", self.spec.name, message)
        if action is not None:
            self._act(action)
        for event in events:
            self._emit(event)

    def _write(self, lines: tuple[str, ...]) -> None:
        process = self._process
        if not self._running or process is None:
            return
        process.write(("\n".join(lines) + "\n").encode("utf-8"))
        if self._traffic_listeners:
            for line in lines:
                self.traffic.emit(">", line)

    def _act(self, action: TransportAction) -> None:
        self.recent_log.append(f"transport: {action.value}")
        if action is TransportAction.RESTART:
            self._discard_process(kill=True)
            self._stderr.clear()   # the next dialect's attempt: its stderr would repeat this one's
            self._engine_said = ""
            session = self._session  # a start() or a shutdown() in between makes this restart moot
            QTimer.singleShot(0, self, lambda: self._launch() if session is not None and self._session is session
                              and session.state is SessionState.BOOTING else None)
        elif action is TransportAction.KILL and self.state is SessionState.DEAD:
            self._discard_process(kill=True)   # a fatal failure: the engine is done with, reap it on its own
        elif self._process is not None:
            if action is TransportAction.TERMINATE:
                self._process.terminate()
            else:
                self._process.kill()
        elif action is TransportAction.KILL and self._session is not None and self.state is SessionState.QUITTING:
            # Shut down between two dialect attempts: no process to kill, it is gone already.
            quitting = self._session
            QTimer.singleShot(0, self, lambda: self._apply(quitting.process_exited(None, None))
                              if self._session is quitting else None)

    def _emit(self, event: SessionEvent) -> None:
        kind = type(event)
        if kind is SessionState:
            # The state now, if listeners have not heard it: a slot of an earlier event may have moved on
            # already (a best move's slot that starts the next search leaves the engine thinking: no
            # "idle" and "thinking" pair for a state that no one could see).
            state = self.state
            if state is not self._reported_state:
                self._reported_state = state
                self._emit_state(state)
            return
        if isinstance(event, EngineInfo) and self.spec.protocol is Protocol.AUTO:
            self._memory.remember(self.spec, event.dialect)
        if isinstance(event, EngineFailure) and self._engine_said and event.kind in _EXIT_KINDS:
            event = replace(event, engine_said=self._engine_said)
        self._emitters[kind](event)


def _reaped(process: QProcess, *_finished: object) -> None:
    _REAPING.discard(process)
    process.deleteLater()


# ---------------------------------------------------------------------------------------------- one search
def run_search(spec: EngineSpec, position: Position, limits: SearchLimits, *,
               on_ready: Callable[[EngineInfo], None] = lambda _info: None,
               on_info: Callable[[Info], None] = lambda _info: None,
               on_failure: Callable[[EngineFailure], None] = lambda _failure: None,
               timeout_s: float = 120.0) -> BestMove | None:
    """Starts the engine, searches ``position`` once and shuts the engine down, on an event loop of its own
    (made for command-line tools; the same client, handshake, deadlines and faults as the app's).

    ``on_*`` are called as things arrive; the search is stopped after ``timeout_s`` seconds, and on
    Ctrl+C (its move still counts). Returns the engine's move, or None when it failed."""
    QCoreApplication.instance() or QCoreApplication([])
    client = EngineClient(spec)
    client.ready.connect(on_ready)  # before the search's own slots: the caller hears of it first
    client.info.connect(on_info)
    client.failed.connect(on_failure)
    return _SingleSearch(client, position, limits, timeout_s).run()


class _SingleSearch(QObject):
    """start → ready → go → bestmove (or a failure) → shutdown → dead: the loop ends."""

    def __init__(self, client: EngineClient, position: Position, limits: SearchLimits, timeout_s: float) -> None:
        super().__init__()
        self.client, self.position, self.limits = client, position, limits
        self.best: BestMove | None = None
        self.loop = QEventLoop()
        self.deadline = QTimer(self, singleShot=True, interval=int(timeout_s * 1000))
        self.deadline.timeout.connect(client.stop)
        client.ready.connect(self._on_ready)
        client.best_move.connect(self._on_best)
        client.failed.connect(lambda _failure: client.shutdown())  # a no-op once it is dead
        client.state_changed.connect(self._on_state)

    def run(self) -> BestMove | None:
        ticker = QTimer(self, interval=200)  # lets Python run its Ctrl+C handler while Qt waits
        ticker.start()
        interruptible = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, lambda *_: self.client.stop()) if interruptible else None
        try:
            self.client.start()
            self.loop.exec()
        finally:
            ticker.stop()
            if interruptible:
                signal.signal(signal.SIGINT, previous)
        return self.best

    def _on_ready(self, info: EngineInfo) -> None:
        book = info.book_option
        # An analysis: the engine searches instead of reading its book, unless the user set that option.
        if book is not None and book.lower() not in {name.lower() for name in self.client.spec.options}:
            self.client.set_option(book, False)
        self.client.go(self.position, self.limits)
        self.deadline.start()

    def _on_best(self, best: BestMove) -> None:
        self.best = best
        self.client.shutdown()

    def _on_state(self, state: SessionState) -> None:
        if state is not SessionState.DEAD:
            return
        process = self.client._process
        if process is None:
            self.loop.quit()
        else:  # a fault killed it: dead to us, but wait until the child is collected before returning
            process.finished.connect(self.loop.quit)
