"""Engines: the UCCI/UCI protocols, the engine conversation, engine discovery, the built-in engine.

    messages   typed values: SearchLimits, Info, Score, BestMove, EngineOption (no Qt)
    protocol   Dialect (UCCI, UCI) and WireFormat as data; command formatting; line parsing (no Qt)
    session    EngineSession: booting -> idle -> thinking -> stopping, lines in, steps out (no Qt)
    registry   EngineSpec, engine families (engines/families.toml), discovery, pre-start checks (no Qt)
    lines      bytes -> text lines for any transport (no Qt)
    naming     engines and time controls named on a command line (builtin:3, a registry name, a command) (no Qt)
    process    EngineClient: the QProcess adapter with typed signals (Qt)
    seat       EngineSeat: one engine per role for the app, matches and reviews (Qt)
    eventloop  the Qt event loop the command-line tools run engines in (Qt, no widgets)
    builtin    the built-in engine, run as ``python -m xiangqi ucci``

Importing this package imports nothing else, so the Qt-free parts stay Qt-free.
"""
