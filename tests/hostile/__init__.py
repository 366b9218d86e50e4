"""One registry of hostile inputs for every reader and writer of the program (issue 30 §5).

A reader or writer (a record format, a puzzle set, a progress file, the training history, the settings file,
drawn shapes, images, GIF, PDF, ...) is not done until it has cases here. Each case is a plain function
``run(folder, scale)`` that writes a hostile input of size ``scale`` x its base size into ``folder``, feeds it to
the program and raises ``AssertionError`` when the program misbehaves (no clear error, unbounded work, data
lost). It states the *named bound* it checks (a constant of the program, e.g. ``MAX_SHAPES_PER_MOVE``).

- ``tests/reliability/test_hostile_registry.py`` runs every case at scale 1 in the test suite;
- ``tests/bench/hostile_registry.py`` runs every case at scale 16 in a child process each, with its time and
  peak memory (the growth against scale 1 shows a bound that is not linear).

Cases live in the modules of this package, one per area (``records``, ``record_writers``, ``settings``,
``shapes``, ``exports``, ``training``, ``collections``); ``all_cases()`` imports them all (``sources`` holds
shared inputs and registers nothing). Register with the decorator::

    @hostile("shapes.every_shape", target="record.shapes", bound="MAX_SHAPES_PER_MOVE = 200")
    def every_shape(folder: Path, scale: int) -> None:
        ...

Coverage: ``REQUIRED_TARGETS`` names every reader and writer that must have at least one case, with the module
of this package that registers it. ``test_hostile_registry`` fails for a target without a case and for a
missing module. A new reader or writer adds its target here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CaseRun = Callable[[Path, int], None]

# Every reader and writer that must have a case: target -> the module of this package that registers it.
REQUIRED_TARGETS: dict[str, str] = {
    "record.files": "records",            # kind and size checks before anything is read
    "record.detect": "records",
    "record.pgn": "records",
    "record.winboard": "records",
    "record.encoding": "records",
    "record.xqf": "records",
    "record.dhtmlxq": "records",
    "record.ccbridge": "records",         # CBR, CBL, CBF
    "record.pgn_writer": "record_writers",
    "record.winboard_writer": "record_writers",
    "record.xqf_writer": "record_writers",
    "record.dhtmlxq_writer": "record_writers",
    "settings.config": "settings",
    "settings.writer": "settings",
    "record.shapes": "shapes",            # [%cal]/[%csl] drawn shapes
    "export.gif": "exports",
    "export.pdf": "exports",
    "export.image": "exports",
    "training.puzzle_set": "training",
    "training.puzzle_checkpoint": "puzzle_build",   # puzzles build's checkpoint, read back by a rerun
    "training.progress_import": "training",
    "training.history": "training",       # training.sqlite
    "record.collections": "collections",  # DhtmlXQ pages and CCBridge libraries read whole
    "record.ecco": "ecco",                # the opening classifier's rule and name tables
    "settings.engine_entries": "engines", # [[engines]] tables read and written back
    "engine.families": "engines",         # engines/families.toml
    "desktop.menu_entry": "startup",      # the Exec line --install-desktop writes
    "database.store": "database",         # the game database file: opened, checked, written
    "database.importer": "database",
    "database.search": "database",
    "tactics.line": "tactics",            # a solver's line read by the motif detectors
    "review.explanation": "tactics",      # the review's sentence in a move's comment
    "database.repair": "database",        # a damaged database copied into a new file
    "ui.database_recent": "database_window",   # the 棋谱库 menu's recent databases (QSettings)
    "database.starter": "starter",        # the starter database's shipped games file
    "cluster.slice": "cluster",           # a slice's input and what a worker sends back (--cluster)
    "cluster.puzzle_tasks": "cluster",    # puzzles build --cluster: a slice's games in, its result lines back
    "cluster.import_file": "cluster",     # db import --cluster: a file's bytes read on a worker
    "match.openings": "match",            # FEN/EPD opening lists and the shipped suites (--openings)
    "match.sprt": "match",                # the --sprt settings and the LLR of any counts
    "match.crosstable": "match",          # the tournament's crosstable written beside the PGN
}


@dataclass(frozen=True)
class HostileCase:
    name: str       # unique, "<area>.<what>"
    target: str     # the reader or writer it attacks (a module or a user-facing name, e.g. "export.gif")
    bound: str      # the named bound or rule it checks, e.g. "MAX_GIF_FRAMES = 2000"
    run: CaseRun    # (folder, scale) -> None; raises AssertionError on misbehaviour


_REGISTRY: dict[str, HostileCase] = {}


def hostile(name: str, *, target: str, bound: str) -> Callable[[CaseRun], CaseRun]:
    """Registers ``run`` as the hostile case ``name``."""
    def register(run: CaseRun) -> CaseRun:
        if name in _REGISTRY:
            raise ValueError(f"hostile case {name!r} registered twice")
        _REGISTRY[name] = HostileCase(name, target, bound, run)
        return run
    return register


def all_cases() -> list[HostileCase]:
    """Every registered case, after importing every module of this package, sorted by name."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    return sorted(_REGISTRY.values(), key=lambda case: case.name)


def case(name: str) -> HostileCase:
    all_cases()
    return _REGISTRY[name]


def module_exists(module: str) -> bool:
    """Whether the case module ``module`` of this package is there (its area merged)."""
    return (Path(__file__).parent / f"{module}.py").is_file()
