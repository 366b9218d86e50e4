"""Specs for the scripted fake engine (tests/engine/fakes/fake_engine.py), shared by the engine tests."""

from __future__ import annotations

import sys
from pathlib import Path

from xiangqi.engine.registry import EngineSpec, Protocol
from xiangqi.engine.session import Timeouts

FAKE = Path(__file__).parent / "fakes" / "fake_engine.py"
# Short deadlines keep the fault tests fast; the fake answers in milliseconds when it answers at all.
FAST = Timeouts(handshake_ms=3000, ready_ms=3000, stop_ms=700, quit_ms=400, terminate_ms=400)
QUICK_GIVE_UP = Timeouts(handshake_ms=300, ready_ms=300, stop_ms=300, quit_ms=300, terminate_ms=300)


def fake_spec(*args: str, protocol: Protocol = Protocol.UCCI, name: str = "fake") -> EngineSpec:
    """The fake engine run by this Python with ``args`` (see fakes/README.md for the switches)."""
    return EngineSpec(name=name, command=sys.executable, args=(str(FAKE), *args), protocol=protocol)
