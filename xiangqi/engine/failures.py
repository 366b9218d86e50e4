"""Engine faults as values: what went wrong, in plain words, with the exit code or signal and a hint."""

from __future__ import annotations

import signal as signals
from dataclasses import dataclass
from enum import Enum


class FailureKind(Enum):
    MISSING_BINARY = "missing binary"
    NOT_EXECUTABLE = "not executable"
    MISSING_SUPPORT_FILE = "missing support file"
    START_FAILED = "start failed"
    HANDSHAKE_EXIT = "exited during handshake"
    HANDSHAKE_TIMEOUT = "no handshake answer"
    CRASHED = "crashed"
    EXITED = "exited"
    STOP_TIMEOUT = "no bestmove after stop"
    ILLEGAL_BESTMOVE = "illegal bestmove"
    MALFORMED_BESTMOVE = "malformed bestmove"
    BAD_REQUEST = "bad request"
    NOT_RUNNING = "not running"


_NOT_RESTARTABLE = {FailureKind.MISSING_BINARY, FailureKind.NOT_EXECUTABLE, FailureKind.MISSING_SUPPORT_FILE}


@dataclass(frozen=True, slots=True)
class EngineFailure:
    """Something went wrong, in plain words. ``fatal``: the engine process is gone (or being killed)."""

    kind: FailureKind
    message: str
    exit_code: int | None = None
    signal: int | None = None
    stderr_tail: str = ""
    fatal: bool = True
    engine_said: str = ""  # the engine's own explanation, e.g. "info string ERROR: Network file … not found"

    def explained(self) -> str:
        """The message with the engine's own words, for a console: its error line (``info string ERROR…``),
        else the last line of its stderr."""
        said = self.engine_said.strip()
        if said:
            return f"{self.message} The engine said: {said}"
        tail = self.stderr_tail.strip().splitlines()
        return f"{self.message} Its last error output: {tail[-1].strip()[:300]}" if tail else self.message

    @property
    def restartable(self) -> bool:
        """Worth offering "restart the engine" (a restart cannot fix a missing file)."""
        return self.fatal and self.kind not in _NOT_RESTARTABLE


_SIGNAL_HINTS = {
    signals.SIGILL: "the program uses processor instructions this computer lacks: "
                    "try a build for an older CPU (for example without AVX2/BMI2)",
    signals.SIGSEGV: "the engine crashed; a missing or wrong support file (network, opening book) "
                     "can cause this",
    signals.SIGABRT: "the engine stopped itself after an internal error",
    signals.SIGKILL: "it was killed from outside, often by the system when memory runs out "
                     "(try a smaller Hash option)",
    signals.SIGFPE: "the engine crashed with an arithmetic error",
    signals.SIGBUS: "the engine crashed (bus error); the program file may be damaged",
    signals.SIGTERM: "it was terminated from outside",
}
_EXIT_HINTS = {126: "a program it runs is not executable", 127: "a program it runs was not found"}


def exit_message(when: str, exit_code: int | None, signal: int | None) -> str:
    """Plain words for an unexpected exit, with the code or the signal and a hint."""
    if signal is not None:
        try:
            known = signals.Signals(signal)
        except ValueError:
            name, hint = f"signal {signal}", "the engine crashed"
        else:
            name, hint = known.name, _SIGNAL_HINTS.get(known, "the engine crashed")
        return f"The engine was stopped by {name} (signal {signal}) {when}: {hint}."
    exit_hint = _EXIT_HINTS.get(exit_code or 0)
    return f"The engine exited {when} with code {exit_code}" + (f" ({exit_hint})." if exit_hint else ".")
