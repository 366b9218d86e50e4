"""Fixtures for real-process engine tests: the scripted fake engine and clients that always shut down."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fake_engines import FAST

from xiangqi.engine.registry import DialectMemory, EngineSpec
from xiangqi.engine.session import Timeouts


@pytest.fixture
def make_client(qtbot) -> Iterator[Callable[..., object]]:
    """Builds EngineClients (fresh dialect memory, short timeouts) and makes sure their processes end."""
    from xiangqi.engine.process import EngineClient
    from xiangqi.engine.session import SessionState

    clients: list[EngineClient] = []

    def make(spec: EngineSpec, timeouts: Timeouts = FAST, memory: DialectMemory | None = None) -> EngineClient:
        client = EngineClient(spec, timeouts=timeouts, memory=memory or DialectMemory())
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.shutdown()
    for client in clients:
        qtbot.waitUntil(lambda c=client: c.state is SessionState.DEAD and c._process is None, timeout=5000)
