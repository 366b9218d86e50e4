"""Shutting engines down in the background: quit → terminate → kill on the engine layer's own timers.

An engine being retired belongs to no seat, controller or dialog any more: one of those closed meanwhile
must not take a live QProcess down with it. ``RETIRING`` keeps each engine alive until its process is
gone; then it is deleted (``deleteLater``) and forgotten.

    retire(client)            # returns at once; the process ends on timers
    engines_retiring()        # True while any retired engine still has a process

Qt-free itself: it only calls the engine's own methods and signals (``EngineClient`` is the Qt part).
"""

from __future__ import annotations

from typing import Protocol

from xiangqi.engine.session_types import SessionState


class _SignalLike(Protocol):
    def connect(self, slot: object, /) -> object: ...


class Retirable(Protocol):
    """What retiring needs of an engine (``EngineClient`` and the test fakes have it)."""

    @property
    def state(self) -> SessionState: ...

    @property
    def state_changed(self) -> _SignalLike: ...

    @property
    def destroyed(self) -> _SignalLike: ...

    def shutdown(self) -> None: ...

    def setParent(self, parent: None, /) -> None: ...  # noqa: N802 (Qt's name)

    def deleteLater(self) -> None: ...  # noqa: N802 (Qt's name)


RETIRING: list[Retirable] = []   # shutting down: kept alive until the process is gone
_DYING: list[Retirable] = []     # deleteLater() asked; the Python reference goes when Qt has deleted it


def retire(engine: Retirable) -> None:
    """Shut ``engine`` down in the background; it is deleted once its process has exited. The caller
    disconnects its own slots first: nothing of the engine reaches it after this."""
    engine.setParent(None)
    RETIRING.append(engine)
    engine.state_changed.connect(lambda state, e=engine: _retired(e, state))
    engine.shutdown()
    _retired(engine, engine.state)


def engines_retiring() -> bool:
    return bool(RETIRING)


def _retired(engine: Retirable, state: object) -> None:
    if engine not in RETIRING or state is not SessionState.DEAD:
        return
    RETIRING.remove(engine)
    _DYING.append(engine)
    engine.destroyed.connect(lambda _obj=None, e=engine: _DYING.remove(e) if e in _DYING else None)
    engine.deleteLater()
