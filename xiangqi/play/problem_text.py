"""Engine trouble in the player's language.

The engine layer (``xiangqi.engine.failures``) is Qt-free and words its failures in English for logs and
bug reports; the GUI shows the sentence made here from the failure's kind, exit code and signal, and keeps
the English ``failure.message`` as the detail (tool tip / "Show Details…").
"""

from __future__ import annotations

import signal as signals

from PySide6.QtCore import QCoreApplication

from xiangqi.engine.failures import EngineFailure, FailureKind

CONTEXT = "EngineFailure"   # the tables below spell it out: lupdate reads only literals


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate, typed ``str`` (PySide6's stub says ``object``); the same as
    ``xiangqi.ui.common.i18n``'s, which this package, below ``xiangqi.ui``, may not import."""
    return text


_KIND_TEXTS: dict[FailureKind, str] = {
    FailureKind.MISSING_BINARY: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine program {0} was not found. Check its path in the engine settings."),
    FailureKind.NOT_EXECUTABLE: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine program {0} cannot be run: it is not a program, or it may not be "
                         "executed."),
    FailureKind.MISSING_SUPPORT_FILE: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine {0} needs a file that is missing (for example its network or "
                         "opening book)."),
    FailureKind.START_FAILED: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine program {0} could not be started."),
    FailureKind.HANDSHAKE_EXIT: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine quit while starting up (exit code {0})."),
    FailureKind.HANDSHAKE_TIMEOUT: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine did not answer in time while starting up; it may not be a UCCI or "
                         "UCI engine, or it needs other arguments."),
    FailureKind.CRASHED: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine crashed (signal {0})."),
    FailureKind.EXITED: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine quit unexpectedly (exit code {0})."),
    FailureKind.STOP_TIMEOUT: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine did not stop thinking when asked, so it was closed."),
    FailureKind.ILLEGAL_BESTMOVE: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine chose an illegal move; it was not played."),
    FailureKind.MALFORMED_BESTMOVE: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine answered something that is not a move."),
    FailureKind.BAD_REQUEST: QT_TRANSLATE_NOOP(
        "EngineFailure", "A request was not sent to the engine because the engine cannot accept it."),
    FailureKind.NOT_RUNNING: QT_TRANSLATE_NOOP(
        "EngineFailure", "The engine is not running. Restart it to continue."),
}

_SIGNAL_HINTS: dict[int, str] = {
    signals.SIGILL: QT_TRANSLATE_NOOP(
        "EngineFailure", "This computer's processor lacks instructions the engine uses: try a build of "
                         "the engine for older processors."),
    signals.SIGSEGV: QT_TRANSLATE_NOOP(
        "EngineFailure", "A missing or wrong support file (network, opening book) can cause this."),
    signals.SIGKILL: QT_TRANSLATE_NOOP(
        "EngineFailure", "It was killed from outside, often because memory ran out: try a smaller Hash "
                         "setting."),
}


def failure_text(failure: EngineFailure, program: str = "") -> str:
    """One or two plain sentences in the current UI language for an ``EngineFailure``;
    ``program``: the engine's name or command, shown where the sentence names the program. When the
    engine explained itself before quitting (``info string ERROR…``), its words are the reason given."""
    text = _kind_text(failure, program)
    said = _engine_words(failure.engine_said)
    if said:
        return QCoreApplication.translate("EngineFailure", "{0} The engine said: {1}").format(text, said)
    return text


def _engine_words(line: str) -> str:
    """``info string ERROR: x`` → ``ERROR: x`` (the engine's own words, at most about 200 characters)."""
    words = line.split(None, 2)
    said = words[2] if len(words) == 3 and words[0] == "info" and words[1] == "string" else line.strip()
    return said if len(said) <= 200 else said[:200] + "…"


def _kind_text(failure: EngineFailure, program: str) -> str:
    kind, signal, exit_code = failure.kind, failure.signal, failure.exit_code
    if kind is FailureKind.HANDSHAKE_EXIT and signal is not None:
        kind = FailureKind.CRASHED
    source = _KIND_TEXTS.get(kind)
    if source is None:
        return QCoreApplication.translate("EngineFailure", "The engine reported a problem.")
    text = QCoreApplication.translate(CONTEXT, source)
    if kind is FailureKind.CRASHED:
        text = text.format(_signal_name(signal))
        hint = _SIGNAL_HINTS.get(signal) if signal is not None else None
        # the sentences are joined with a space in English, without one in Chinese
        return QCoreApplication.translate("EngineFailure", "{0} {1}").format(
            text, QCoreApplication.translate(CONTEXT, hint)) if hint else text
    if kind in (FailureKind.HANDSHAKE_EXIT, FailureKind.EXITED):
        return text.format("?" if exit_code is None else exit_code)
    if program:
        return text.format(program)
    return text.replace(" {0} ", " ").replace(" {0}", "").replace("{0}", "")   # no name to show


def failure_detail(failure: EngineFailure) -> str:
    """The engine layer's own English words (and the end of the engine's stderr) for the details."""
    message = failure.message or str(failure)
    if failure.engine_said:
        message = f"{message}\n{failure.engine_said.strip()}"
    tail = failure.stderr_tail.strip()
    return f"{message}\n\n{tail}" if tail else message


def _signal_name(signal: int | None) -> str:
    if signal is None:
        return "?"
    try:
        return f"{signals.Signals(signal).name}, {signal}"
    except ValueError:
        return str(signal)
