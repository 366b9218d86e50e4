"""The engine conversation as a pure state machine: lines in, events and lines to send out (no Qt, no I/O).

booting → idle → thinking → stopping → idle …; quitting → dead. The transport (``process.py``, or a test)
feeds engine lines, process exits and deadline expiries in, and carries out each returned ``Step``:
write ``send``, deliver ``events``, (re)arm or cancel the single deadline timer, and perform ``action``
(restart the process for the next dialect, terminate, kill).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from xiangqi.core import Color, Move, Position, XiangqiError
from xiangqi.engine.failures import EngineFailure, FailureKind, exit_message
from xiangqi.engine.messages import BestMove, EngineOption, Info, OptionValue, SearchLimits
from xiangqi.engine.protocol import (
    IDENTITY_SCALE,
    MILLISECOND_OPTION,
    NO_MOVE,
    VARIANT_OPTION,
    ByeLine,
    Dialect,
    EngineLine,
    HelloOk,
    IdLine,
    MalformedBestMove,
    NoBestMove,
    OptionLine,
    OtherLine,
    ReadyOk,
    WireFormat,
    parse_line,
    thin_info_lines,
)
from xiangqi.engine.session_types import (
    Deadline,
    DeadlineKind,
    EngineInfo,
    NameRule,
    SessionConfig,
    SessionEvent,
    SessionState,
    Step,
    Timeouts,
    TransportAction,
)

# Names the rest of the program imports from here.
__all__ = [
    "Deadline", "DeadlineKind", "EngineFailure", "EngineInfo", "EngineSession", "FailureKind", "NameRule",
    "SessionConfig", "SessionEvent", "SessionState", "Step", "Timeouts", "TransportAction", "exit_message",
]


# A line like this while booting means "wrong dialect": try the next one at once instead of waiting.
_REJECTION = re.compile(r"unknown command|unrecognized|unrecognised|not supported|invalid command", re.I)
_STDERR_TAIL = 2000
_T = TypeVar("_T")
# go()'s arguments: fen, moves, limits, ponder, draw_offer, banned.
_Request = tuple[str, tuple[Move, ...], SearchLimits, bool, bool, tuple[Move, ...]]
# What a ``go`` line depends on: wire format, limits, side to move, ponder, draw_offer, searchmoves.
_GoKey = tuple[WireFormat, SearchLimits, Color, bool, bool, tuple[Move, ...]]


@dataclass(slots=True)
class _Search:
    position: Position            # private copy, rebuilt from what was sent: bestmove is checked on it
    lines: tuple[str, ...]
    wire: WireFormat              # the format ``lines`` were written in
    request: _Request             # go()'s arguments, to write ``lines`` again if the format changed since
    ponder: bool = False
    discard: bool = False         # superseded by a newer go(): its bestmove is dropped
    held: BestMove | None = None  # a ponder search finished before ponderhit


@dataclass(slots=True)
class _Validated:
    """The last position sent: the next search usually extends it (or repeats it, when analysing)."""

    fen: str
    moves: tuple[Move, ...]
    position: Position
    wire: WireFormat
    line: str                     # ``wire.position(fen, moves)``


class _Out:
    """The step being built by the current call."""

    __slots__ = ("send", "events", "log", "deadline", "cancel", "action", "received")

    def __init__(self) -> None:
        self.send: list[str] = []
        self.events: list[SessionEvent] = []
        self.log: list[str] = []
        self.deadline: Deadline | None = None
        self.cancel = False
        self.action: TransportAction | None = None
        self.received: list[str] = []

    def take(self) -> Step:
        """The step built so far, and a fresh start for the next. (A step is made for every line batch;
        the lists that stayed empty, most of them, are kept.)"""
        send, events, log, received = self.send, self.events, self.log, self.received
        step = _new_step(Step, (tuple(send) if send else (), tuple(events) if events else (), self.deadline,
                                self.cancel, self.action, tuple(log) if log else (),
                                tuple(received) if received else ()))
        if send:
            self.send = []
        if events:
            self.events = []
        if log:
            self.log = []
        if received:
            self.received = []
        self.deadline = self.action = None
        self.cancel = False
        return step


class EngineSession:
    """One engine's conversation. Every public method returns the ``Step`` the transport must carry out."""

    def __init__(self, config: SessionConfig | None = None) -> None:
        self.config = config or SessionConfig()
        if not self.config.dialects:
            raise ValueError("SessionConfig.dialects is empty")
        self.state = SessionState.BOOTING
        self.info: EngineInfo | None = None
        self._attempt = 0
        self._sent_hello: set[Dialect] = set()
        self._wire = WireFormat(self.config.dialects[0])
        self._ids: dict[str, str] = {}
        self._options: list[EngineOption] = []
        self._banner: list[str] = []
        self._syncing = False
        self._search: _Search | None = None
        self._pending: _Search | None = None
        self._queued: list[str] = []
        self._armed: DeadlineKind | None = None
        self._listening = False  # a process has started (boot()) and not exited: it can be told to quit
        self._validated: _Validated | None = None
        self._go_cache: dict[_GoKey, str] = {}
        self._last_go: tuple[_GoKey | None, str] = (None, "")
        self._out = _Out()

    # ------------------------------------------------------------------------------------- transport in
    @property
    def wire(self) -> WireFormat:
        return self._wire

    def boot(self) -> Step:
        """The process has started: say hello in the current dialect (or, once shut down, kill it)."""
        if self.state in (SessionState.QUITTING, SessionState.DEAD):  # shut down before it started
            self._out.action = TransportAction.KILL
            return self._flush()
        self._listening = True
        self._set_state(SessionState.BOOTING)
        self._say_hello(self.config.dialects[self._attempt])
        return self._flush()

    def feed(self, line: str) -> Step:
        self._out.received.append(line)
        self._handle(line)
        return self._flush()

    def feed_lines(self, lines: Sequence[str]) -> Step:
        """A batch read in one go; a flood of ``info`` is thinned to the newest lines first."""
        kept, dropped = thin_info_lines(lines, _KEEP_INFO) if len(lines) > _KEEP_INFO else (lines, 0)
        if dropped:
            self._out.log.append(f"engine flooded {dropped} info lines; kept the newest")
        self._out.received.extend(kept)
        for line in kept:
            self._handle(line)
        return self._flush()

    def process_exited(self, exit_code: int | None, signal: int | None, stderr_tail: str = "") -> Step:
        """The process ended: ``signal`` is set when a signal killed it, else ``exit_code``."""
        self._cancel()
        self._listening = False
        state = self.state
        if state in (SessionState.QUITTING, SessionState.DEAD):
            self._set_state(SessionState.DEAD)
        elif state is SessionState.BOOTING and signal is None and not self._syncing and self._next_attempt():
            self._out.log.append(f"engine exited (code {exit_code}) after {self._wire.hello()!r}; "
                                 f"trying {self.config.dialects[self._attempt].rules.hello!r}")
            self._out.action = TransportAction.RESTART
        else:
            self._fail_exit(exit_code, signal, stderr_tail)
        return self._flush()

    def start_failed(self, kind: FailureKind, message: str) -> Step:
        if self.state is SessionState.QUITTING:  # shut down before it could start: nothing was lost
            self._set_state(SessionState.DEAD)
        else:
            self._fail(EngineFailure(kind, message))
        return self._flush()

    def deadline_passed(self, kind: DeadlineKind) -> Step:
        if kind is not self._armed:
            return self._flush()  # a stale timer
        self._armed = None
        handler = {
            DeadlineKind.HANDSHAKE: self._handshake_timed_out,
            DeadlineKind.READY: self._ready_timed_out,
            DeadlineKind.STOP: self._stop_timed_out,
            DeadlineKind.QUIT: self._quit_timed_out,
            DeadlineKind.TERMINATE: self._terminate_timed_out,
        }[kind]
        handler()
        return self._flush()

    # ------------------------------------------------------------------------------------- app in
    def go(self, position: Position, limits: SearchLimits, *, ponder: bool = False,
           draw_offer: bool = False, banned: Iterable[Move] = ()) -> Step:
        if self._refuse_when_dead("search"):
            return self._flush()
        fen, moves = position.ucci_position()  # the FEN is remembered by the position until a capture
        search = self._prepare_search(fen, tuple(moves), limits, ponder, draw_offer, tuple(banned))
        if search is None:
            return self._flush()
        if self.state is SessionState.IDLE:
            self._start_search(search)
        else:  # booting, or a running search must stop first (a ponder miss)
            self._pending = search
            self._supersede_running_search()
        return self._flush()

    def stop(self) -> Step:
        """Stop the search now; its ``bestmove`` is still delivered. Drops a search not yet started."""
        self._pending = None
        search = self._search
        if self.state is SessionState.THINKING and search is not None:
            self._send_stop()
        elif search is not None and search.held is not None:
            self._finish_search(search.held)  # the engine had already answered: that is the move
        return self._flush()

    def ponderhit(self, draw_offer: bool = False) -> Step:
        search = self._search
        if search is not None and search.ponder and self.state is SessionState.THINKING:
            search.ponder = False
            self._send(self._wire.ponderhit(draw_offer))
        elif search is not None and search.held is not None:
            held, search.held = search.held, None
            self._finish_search(held)  # the engine had finished while pondering: deliver now
        return self._flush()

    def new_game(self) -> Step:
        for line in self._wire.dialect.rules.new_game:
            self._send_when_idle(line)
        return self._flush()

    def set_option(self, name: str, value: OptionValue | None) -> Step:
        offered = self.info.option(name) if self.info else None
        if offered is not None:
            try:
                value = offered.coerce(value)
            except ValueError as exc:
                self._fail(EngineFailure(FailureKind.BAD_REQUEST, str(exc), fatal=False))
                return self._flush()
            name = offered.name
        self._send_when_idle(self._wire.setoption(name, value))
        return self._flush()

    def quit(self) -> Step:
        """quit, then terminate, then kill, each after its timeout. Before the process has started, or
        between two dialect attempts, nothing listens for ``quit``: it is killed at once (the transport
        reports the exit at once when there is no process)."""
        if self.state in (SessionState.QUITTING, SessionState.DEAD):
            return self._flush()
        self._search = self._pending = None
        self._queued.clear()
        if not self._listening:
            self._cancel()
            self._set_state(SessionState.QUITTING)
            self._out.action = TransportAction.KILL
            return self._flush()
        if self.state in (SessionState.THINKING, SessionState.STOPPING):
            self._send("stop")
        self._send("quit")
        self._set_state(SessionState.QUITTING)
        self._arm(DeadlineKind.QUIT, self.config.timeouts.quit_ms)
        return self._flush()

    # ------------------------------------------------------------------------------------- lines
    def _handle(self, line: str) -> None:
        if self.state is SessionState.DEAD:
            return
        parsed = parse_line(line, self._wire)
        handler = _HANDLERS.get(type(parsed))
        if handler is not None:
            handler(self, parsed)

    def _on_id(self, line: IdLine) -> None:
        self._ids.setdefault(line.key, line.value)

    def _on_option(self, line: OptionLine) -> None:
        self._out.log.extend(line.skipped)
        if self.state is SessionState.BOOTING:
            self._options.append(line.option)

    def _on_hello_ok(self, line: HelloOk) -> None:
        if self.state is not SessionState.BOOTING or self._syncing or line.dialect not in self._sent_hello:
            self._out.log.append(f"ignored unexpected {line.dialect.rules.hello_ok!r}")
            return
        self._cancel()
        self._configure(line.dialect)

    def _on_ready_ok(self, _line: ReadyOk) -> None:
        if self.state is SessionState.BOOTING and self._syncing:
            self._cancel()
            self._become_ready()

    def _on_info(self, info: Info) -> None:
        if info.skipped:
            self._out.log.extend(f"info: skipped {s}" for s in info.skipped)
        if self._search is not None and self._search.discard:
            return
        self._out.events.append(info)

    def _on_no_best_move(self, _line: NoBestMove) -> None:
        self._on_best_move(NO_MOVE)

    def _on_best_move(self, best: BestMove) -> None:
        if best.skipped:
            self._out.log.extend(best.skipped)
        if self.state not in (SessionState.THINKING, SessionState.STOPPING) or self._search is None:
            self._out.log.append(f"ignored {best} outside a search")
            return
        search = self._search
        if search.ponder and self.state is SessionState.THINKING:
            search.held = best  # UCI/UCCI say it must not, but if it does: keep it until ponderhit
            self._engine_idle()
            self._after_search()
            return
        self._finish_search(best)

    def _on_malformed_best_move(self, line: MalformedBestMove) -> None:
        if self._search is None:
            self._out.log.append(f"ignored {line.text!r} outside a search")
            return
        discard = self._search.discard
        self._search = None
        self._engine_idle()
        if not discard:
            self._fail(EngineFailure(FailureKind.MALFORMED_BESTMOVE,
                                     f"The engine answered {line.text!r}, which is not a move: {line.reason}.",
                                     fatal=False))
        self._after_search()

    def _on_other(self, line: OtherLine) -> None:
        if line.text:
            self._out.log.append(f"engine said {line.text[:200]!r}")
        if self.state is not SessionState.BOOTING:
            return
        if len(self._banner) < 20 and line.text:
            self._banner.append(line.text[:200])
        if not self._syncing and _REJECTION.search(line.text) and self._next_attempt():
            self._say_hello(self.config.dialects[self._attempt])

    def _on_bye(self, _line: ByeLine) -> None:
        self._out.log.append("engine said bye")

    # ------------------------------------------------------------------------------------- handshake
    def _say_hello(self, dialect: Dialect) -> None:
        self._ids.clear()
        self._options.clear()
        self._wire = WireFormat(dialect)
        self._sent_hello.add(dialect)
        self._send(dialect.rules.hello)
        self._arm(DeadlineKind.HANDSHAKE, self.config.timeouts.handshake_ms)

    def _next_attempt(self) -> bool:
        if self._attempt + 1 >= len(self.config.dialects):
            return False
        self._attempt += 1
        return True

    def _configure(self, dialect: Dialect) -> None:
        offered = {o.name.lower(): o for o in self._options}
        self._wire = self._wire_for(dialect, offered)
        for name, value in self._setup_options(dialect, offered):
            self._send(self._wire.setoption(name, value))
        sync = dialect.rules.sync
        if sync:
            self._syncing = True
            self._send(sync)
            self._arm(DeadlineKind.READY, self.config.timeouts.ready_ms)
        else:
            self._become_ready()

    def _wire_for(self, dialect: Dialect, offered: Mapping[str, EngineOption]) -> WireFormat:
        rule = self._name_rule()
        scales = _first_set(self.config.score_scales, rule.score_scales)
        scores = scales.get(dialect.rules.key, IDENTITY_SCALE) if scales else IDENTITY_SCALE
        if dialect is Dialect.UCI:
            base = _first_set(self.config.uci_rank_base, rule.uci_rank_base)
            if base is None:  # Fairy-Stockfish numbers ranks 1-10 in UCI mode; it is the one offering this
                base = 1 if VARIANT_OPTION[0].lower() in offered else 0
            return WireFormat(dialect, rank_base=base, time_in_ms=True, scores=scores)
        millis = MILLISECOND_OPTION in offered or bool(
            _first_set(self.config.ucci_time_in_ms, rule.ucci_time_in_ms))
        return WireFormat(dialect, rank_base=0, time_in_ms=millis, scores=scores)

    def _name_rule(self) -> NameRule:
        names = [self._ids.get("name", "")] + self._banner[:3]
        for rule in self.config.name_rules:
            if any(re.search(rule.pattern, name) for name in names if name):
                return rule
        return NameRule("")

    def _setup_options(self, dialect: Dialect, offered: Mapping[str, EngineOption]
                       ) -> list[tuple[str, OptionValue | None]]:
        chosen: list[tuple[str, OptionValue | None]] = []
        if dialect is Dialect.UCCI and MILLISECOND_OPTION in offered:
            chosen.append((offered[MILLISECOND_OPTION].name, True))
        variant = offered.get(VARIANT_OPTION[0].lower())
        if variant is not None and variant.default != VARIANT_OPTION[1]:
            chosen.append((variant.name, VARIANT_OPTION[1]))
        for name, value in self.config.options:
            option = offered.get(name.lower())
            if option is None and offered:
                self._out.log.append(f"the engine offers no option {name!r}; not sent")
                continue
            try:
                chosen.append((option.name, option.coerce(value)) if option else (name, value))
            except ValueError as exc:
                self._out.log.append(f"{exc}; not sent")
        return chosen

    def _become_ready(self) -> None:
        self._syncing = False
        book = _first_set(self.config.book_option, self._name_rule().book_option)
        offered_book = next((o.name for o in self._options if book and o.name.lower() == book.lower()), None)
        self.info = EngineInfo(
            name=self._ids.get("name", "") or (self._banner[0] if self._banner else "unnamed engine"),
            author=self._ids.get("author", ""), dialect=self._wire.dialect, options=tuple(self._options),
            rank_base=self._wire.rank_base, time_in_ms=self._wire.time_in_ms, banner=tuple(self._banner),
            scores=self._wire.scores, book_option=offered_book)
        self._set_state(SessionState.IDLE)
        self._out.events.append(self.info)
        self._after_search()

    def _handshake_timed_out(self) -> None:
        if self._next_attempt():
            self._say_hello(self.config.dialects[self._attempt])
            return
        tried = " and ".join(repr(d.rules.hello) for d in self.config.dialects)
        self._kill_with(EngineFailure(
            FailureKind.HANDSHAKE_TIMEOUT,
            f"The engine did not answer {tried} within {self.config.timeouts.handshake_ms / 1000:g} s; "
            "it may not be a UCCI/UCI engine, or it needs a different command line."))

    def _ready_timed_out(self) -> None:
        self._kill_with(EngineFailure(
            FailureKind.HANDSHAKE_TIMEOUT,
            f"The engine did not answer 'isready' within {self.config.timeouts.ready_ms / 1000:g} s."))

    # ------------------------------------------------------------------------------------- searching
    def _prepare_search(self, fen: str, moves: tuple[Move, ...], limits: SearchLimits, ponder: bool,
                        draw_offer: bool, banned: tuple[Move, ...]) -> _Search | None:
        """Validates and formats a search; an EngineFailure (not fatal) and None when it must not be sent."""
        request: _Request = (fen, moves, limits, ponder, draw_offer, banned)
        allowed: tuple[Move, ...] = ()
        ban_line: str | None = None
        try:
            sent = self._replay(fen, moves)
            replay = sent.position
            if banned:
                banned = tuple(m for m in banned if replay.is_legal(m))
                allowed = tuple(m for m in replay.legal_moves() if m not in banned)
                ban_line = self._wire.banmoves(banned)
            go_line = self._go_line(limits, replay.turn, ponder, draw_offer, allowed)
        except (XiangqiError, ValueError) as exc:
            self._fail(EngineFailure(FailureKind.BAD_REQUEST, f"Not sent to the engine: {exc}", fatal=False))
            return None
        lines = (sent.line, ban_line, go_line) if ban_line else (sent.line, go_line)
        return _Search(replay, lines, sent.wire, request, ponder)

    def _go_line(self, limits: SearchLimits, turn: Color, ponder: bool, draw_offer: bool,
                 allowed: tuple[Move, ...]) -> str:
        """``wire.go(...)``, remembered: a game or an analysis repeats the same few limits."""
        key: _GoKey = (self._wire, limits, turn, ponder, draw_offer, allowed)
        last_key, last_line = self._last_go
        if key == last_key:  # usually the very same objects as last time: compared, not hashed
            return last_line
        line = self._go_cache.get(key)
        if line is None:
            line = self._wire.go(limits, turn, ponder=ponder, draw_offer=draw_offer, searchmoves=allowed)
            if len(self._go_cache) > 64:
                self._go_cache.clear()
            self._go_cache[key] = line
        self._last_go = (key, line)
        return line

    def _replay(self, fen: str, moves: tuple[Move, ...]) -> _Validated:
        """The position rebuilt from exactly what will be sent, and its ``position`` line; raises if the FEN
        or a move is bad.

        Successive searches of one game share the FEN and extend the moves, so only the new moves are
        checked and written (reading and checking a FEN again would cost more than the whole round trip)."""
        cached, wire = self._validated, self._wire
        if cached is not None and cached.fen == fen and cached.wire is wire:
            if moves == cached.moves:
                return cached  # shared: searches only push and pop it back
            done = len(cached.moves)
            if moves[:done] == cached.moves:
                replay = cached.position.copy()
                for move in moves[done:]:
                    replay.push(move)
                # wire.position(fen, moves) is "position fen F moves M1 M2 ...": only the new moves are added
                line = f"{cached.line} {wire.moves(moves[done:])}" if done else wire.position(fen, moves)
                self._validated = _Validated(fen, moves, replay, wire, line)
                return self._validated
        replay = Position.from_fen(fen)
        for move in moves:
            replay.push(move)
        self._validated = _Validated(fen, moves, replay, wire, wire.position(fen, moves))
        return self._validated

    def _start_search(self, search: _Search) -> None:
        if search.wire is not self._wire:  # asked for while booting: the engine's ranks or time unit differ
            prepared = self._prepare_search(*search.request)
            if prepared is None:
                return
            search = prepared
        self._out.send.extend(search.lines)
        self._search = search
        self._set_state(SessionState.THINKING)

    def _supersede_running_search(self) -> None:
        current = self._search
        if current is None:
            return
        current.discard = True
        if self.state is SessionState.THINKING:
            self._send_stop()

    def _send_stop(self) -> None:
        self._send("stop")
        self._set_state(SessionState.STOPPING)
        self._arm(DeadlineKind.STOP, self.config.timeouts.stop_ms)

    def _finish_search(self, best: BestMove) -> None:
        search, self._search = self._search, None
        if search is not None and not search.discard:
            self._deliver(search, best)
        self._engine_idle()  # after the move: a slot of the move may start the next search at once
        self._after_search()

    def _deliver(self, search: _Search, best: BestMove) -> None:
        position = search.position
        if best.move is not None and not position.is_legal(best.move):
            self._fail(EngineFailure(
                FailureKind.ILLEGAL_BESTMOVE,
                f"The engine played {best.move.iccs()!r}, which is illegal in {position.fen()!r}.",
                fatal=False))
            return
        if best.move is not None and best.ponder is not None:
            position.push(best.move)
            if not position.is_legal(best.ponder):
                self._out.log.append(f"dropped illegal ponder move {best.ponder.iccs()!r}")
                best = replace(best, ponder=None)
            position.pop()
        self._out.events.append(best)

    def _engine_idle(self) -> None:
        if self._armed is DeadlineKind.STOP:
            self._cancel()
        self._set_state(SessionState.IDLE)

    def _after_search(self) -> None:
        """Back to idle: send what waited (options, new game), then a search that waited."""
        if self.state is not SessionState.IDLE:
            return
        if self._queued:
            self._out.send.extend(self._queued)
            self._queued.clear()
        pending, self._pending = self._pending, None
        if pending is not None:
            self._search = None
            self._start_search(pending)

    def _stop_timed_out(self) -> None:
        self._kill_with(EngineFailure(
            FailureKind.STOP_TIMEOUT,
            f"The engine did not answer 'stop' with a move within {self.config.timeouts.stop_ms / 1000:g} s, "
            "so it was stopped. Restart it to continue."))

    # ------------------------------------------------------------------------------------- ending
    def _quit_timed_out(self) -> None:
        self._out.action = TransportAction.TERMINATE
        self._arm(DeadlineKind.TERMINATE, self.config.timeouts.terminate_ms)

    def _terminate_timed_out(self) -> None:
        self._out.action = TransportAction.KILL

    def _kill_with(self, failure: EngineFailure) -> None:
        self._fail(failure)
        self._out.action = TransportAction.KILL

    def _fail_exit(self, exit_code: int | None, signal: int | None, stderr_tail: str) -> None:
        when = {SessionState.BOOTING: "while starting up", SessionState.IDLE: "while idle"}.get(
            self.state, "during a search")
        kind = FailureKind.HANDSHAKE_EXIT if self.state is SessionState.BOOTING else (
            FailureKind.CRASHED if signal is not None else FailureKind.EXITED)
        self._fail(EngineFailure(kind, exit_message(when, exit_code, signal),
                                 exit_code=exit_code, signal=signal, stderr_tail=stderr_tail[-_STDERR_TAIL:]))

    def _fail(self, failure: EngineFailure) -> None:
        self._out.events.append(failure)
        if failure.fatal:
            self._search = self._pending = None
            self._queued.clear()
            self._cancel()
            self._set_state(SessionState.DEAD)

    def _refuse_when_dead(self, what: str) -> bool:
        if self.state not in (SessionState.QUITTING, SessionState.DEAD):
            return False
        self._out.events.append(EngineFailure(
            FailureKind.NOT_RUNNING, f"Cannot {what}: the engine is not running. Restart it to continue."))
        return True

    # ------------------------------------------------------------------------------------- plumbing
    def _send(self, line: str) -> None:
        self._out.send.append(line)

    def _send_when_idle(self, line: str) -> None:
        if self.state is SessionState.IDLE:
            self._send(line)
        elif self.state not in (SessionState.QUITTING, SessionState.DEAD):
            self._queued.append(line)

    def _arm(self, kind: DeadlineKind, ms: int) -> None:
        self._armed = kind
        self._out.deadline = Deadline(kind, ms)

    def _cancel(self) -> None:
        self._armed = None
        self._out.deadline = None
        self._out.cancel = True

    def _set_state(self, state: SessionState) -> None:
        if state is not self.state:
            self.state = state
            self._out.events.append(state)

    def _flush(self) -> Step:
        return self._out.take()


# Dispatch on the parsed line's type (a dict lookup: info lines are the hot path). Each handler takes the line
# type it is filed under, which a Callable type cannot say per entry, hence Any for the line.
_HANDLERS: dict[type[EngineLine], Callable[[EngineSession, Any], None]] = {
    IdLine: EngineSession._on_id,
    OptionLine: EngineSession._on_option,
    HelloOk: EngineSession._on_hello_ok,
    ReadyOk: EngineSession._on_ready_ok,
    Info: EngineSession._on_info,
    BestMove: EngineSession._on_best_move,
    NoBestMove: EngineSession._on_no_best_move,
    MalformedBestMove: EngineSession._on_malformed_best_move,
    OtherLine: EngineSession._on_other,
    ByeLine: EngineSession._on_bye,
}


_KEEP_INFO = 8  # info lines kept of one batch (see thin_info_lines)
_new_step = tuple.__new__  # Step's own constructor, minus a Python-level call (a step is made per line batch)


def _first_set(*values: _T | None) -> _T | None:
    return next((v for v in values if v is not None), None)
