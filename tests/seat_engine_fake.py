"""The signals every stand-in for an engine client declares (the seat's interface, ``xiangqi.engine.seat.
SeatEngine``): the tests' in-process engines inherit them from here instead of declaring the five again."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class SeatEngineSignals(QObject):
    ready = Signal(object)          # EngineInfo
    info = Signal(object)           # Info
    best_move = Signal(object)      # BestMove
    failed = Signal(object)         # EngineFailure
    state_changed = Signal(object)  # SessionState
