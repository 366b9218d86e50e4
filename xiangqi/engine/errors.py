"""Engine errors: ``RuntimeError`` subclasses, messages quote what was wrong."""

from __future__ import annotations


class EngineError(RuntimeError):
    """Base class of everything the engine layer raises."""


class BadRequestError(EngineError, ValueError):
    """The program asked for something that must not be sent to an engine (bad FEN, illegal move,
    impossible search limits). Nothing was sent; the engine keeps running."""
