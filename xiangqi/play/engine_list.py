"""The engines as the player sees them: their names (the built-in engine's is translated; the
registry's English one is for files and logs) and the list offered in the app, found on a worker
thread because searching PATH reads thousands of directory entries (about 0.4 s here)."""

from __future__ import annotations

import threading
from collections.abc import Iterable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Signal

from xiangqi.config import AUTOMATIC_ENGINE, BUILTIN_ENGINE, EngineEntry, SettingsError, SettingsStore
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec, advised_entries, discover_engines, load_families

CONTEXT = "Engine"
BUILTIN_NAME = QT_TRANSLATE_NOOP("Engine", "Built-in engine")


def engine_display_name(spec: EngineSpec | None) -> str:
    """The name shown in menus, dialogs, the engine panel and new records ("" for no engine)."""
    if spec is None:
        return ""
    if spec.family == BUILTIN_FAMILY:
        return QCoreApplication.translate(CONTEXT, str(BUILTIN_NAME))
    return spec.name


def quick_engine_list(entries: Iterable[EngineEntry], errors: list[str] | None = None) -> list[EngineSpec]:
    """The configured engines, the programs in engines/ and the built-in engine, without searching
    PATH: what the window offers until ``EngineSearch`` has found the rest."""
    return discover_engines(entries, errors=errors, search_path=False)


def role_engine_index(engines: list[EngineSpec], wanted: str, automatic: int) -> int:
    """The index in ``engines`` of the engine a role names (``EngineRoleSettings``): ``automatic`` for "" or a
    name not found, the built-in engine for "builtin"."""
    if wanted == AUTOMATIC_ENGINE:
        return automatic
    for index, spec in enumerate(engines):
        if (spec.family == BUILTIN_FAMILY) if wanted == BUILTIN_ENGINE else spec.name == wanted:
            return index
    return automatic


DIALECT_MOVED = QT_TRANSLATE_NOOP(
    "Engine", "{0}: protocol {1} replaced by {2}, the one this engine is measured to be sound in (in {1} its "
              "scores lean to one colour). To keep {1}, choose it under Protocol in Engine › Manage engines…")
DIALECT_NOT_SAVED = QT_TRANSLATE_NOOP("Engine", "{0} (used for this run; not saved: {1})")


def advise_engine_dialects(store: SettingsStore) -> list[str]:
    """Moves configured engines off a dialect their family advises against (a profile of an earlier version
    remembered Fairy-Stockfish in UCCI): saved at once, so it happens once; a dialect chosen by hand stays.
    Returns one sentence per engine moved, for the user."""
    entries, changes = advised_entries(store.settings.engines, load_families())
    if not changes:
        return []
    notes = [QCoreApplication.translate(CONTEXT, str(DIALECT_MOVED)).format(
        change.name, change.old.value.upper(), change.new.value.upper()) for change in changes]
    try:
        store.set_engines(entries)
    except (SettingsError, OSError) as error:
        return [QCoreApplication.translate(CONTEXT, str(DIALECT_NOT_SAVED)).format(note, error) for note in notes]
    return notes


class EngineSearch(QObject):
    """Finds every engine (configured, on PATH, in engines/, built-in) on a worker thread and reports
    the newest search's result in the GUI thread (an older search still running is ignored)."""

    found = Signal(object, object)      # list[EngineSpec], list[str] problems
    _done = Signal(int, object, object)  # from the worker: generation, engines, problems

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self._threads: list[threading.Thread] = []
        self._done.connect(self._deliver)     # queued: this object lives in the GUI thread

    def start(self, entries: Iterable[EngineEntry]) -> None:
        self._generation += 1
        work = (self._generation, tuple(entries))
        thread = threading.Thread(target=self._run, args=work, name="engine search", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """For tests and shutdown only (never from a slot): until the searches have ended."""
        for thread in list(self._threads):
            thread.join(timeout)

    def _run(self, generation: int, entries: tuple[EngineEntry, ...]) -> None:
        errors: list[str] = []
        engines = discover_engines(entries, errors=errors)
        try:
            self._done.emit(generation, engines, errors)
        except RuntimeError:
            pass   # the window (and this object) closed while the search ran: nobody wants the result

    def _deliver(self, generation: int, engines: list[EngineSpec], errors: list[str]) -> None:
        if generation == self._generation:
            self.found.emit(engines, errors)
