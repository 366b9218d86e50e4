"""The built-in engine: a pure-Python UCCI engine (search, evaluation, protocol loop).

Started as ``python -m xiangqi ucci``; see engines/builtin.md for its levels. Importing this package
imports none of its modules: the app reads ``calibration`` (the levels' measured strength) at start-up,
and the search board's tables take ~0.4 s to build (``lines``), which only the engine process needs.
"""
