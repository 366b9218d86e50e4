"""Engines: the UCCI/UCI protocols, the engine conversation, engine discovery, the built-in engine.

    messages   typed values: SearchLimits, Info, Score, BestMove, EngineOption (no Qt)
    protocol   Dialect (UCCI, UCI) and WireFormat as data; command formatting; line parsing (no Qt)
    session    EngineSession: booting -> idle -> thinking -> stopping, lines in, steps out (no Qt)
    registry   EngineSpec, engine families (engines/families.toml), discovery, pre-start checks (no Qt)
    lines      bytes -> text lines for any transport (no Qt)
    process    EngineClient: the QProcess adapter with typed signals (the only Qt module here)
    builtin    the built-in engine, run as ``python -m xiangqi ucci``

Importing this package imports nothing else, so the Qt-free parts stay Qt-free.
"""
