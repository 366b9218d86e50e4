"""Shared test settings: Qt runs offscreen, every test process has a user profile of its own (not the user's,
and not another xdist worker's), the shared data folder is found beside the repo, and the slowest tests start
first (so that the workers finish together)."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Bytecode caches (__pycache__, ignored by git) also when PYTHONDONTWRITEBYTECODE is set: without them each
# xdist worker compiles the ~300 test modules and rewrites their asserts again in every run (~14 s of CPU of
# its ~20 s collection), and each `python -m xiangqi` process the tests start (over a hundred) compiles the
# package again (up to ~0.8 s each). Set here, before any test module is imported and any worker started.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Qt's per-user places (QStandardPaths, QSettings: settings, recent files, the training history, the profile
# lock) in a folder of this process, inherited by the programs the tests start. Two workers sharing them
# would see each other's recent files and lock; the user's own profile is never touched.
# What the suite keeps for its next run on this machine (mypy's cache for a fresh clone, tests/test_static_checks.py)
# lies in the user's real cache folder, named before the per-user places are moved below.
os.environ.setdefault("XIANGQI_TESTS_MACHINE_CACHE",
                      str(Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xiangqi-tests"))
_PROFILE = Path(tempfile.mkdtemp(prefix="xiangqi-tests-"))
atexit.register(shutil.rmtree, _PROFILE, ignore_errors=True)
for _variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_variable] = str(_PROFILE / _variable.lower())

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("XIANGQI_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``: perft counts, notation tables and real game records (read-only)."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.fail(f"shared test data not found at {data} (set XIANGQI_SHARED)")
    return data


# ElephantEye 3.31 for real-process tests: built by `.ci/setup.sh test` into .engines/eleeye/ (or named
# by $XIANGQI_ELEEYE). Tests that need it skip with the reason when it is absent.
ELEEYE = Path(os.environ.get("XIANGQI_ELEEYE", REPO / ".engines" / "eleeye" / "eleeye"))


@pytest.fixture(scope="session")
def eleeye() -> Path:
    """The ElephantEye program (BOOK.DAT beside it); skips the test when it was not built."""
    if not (ELEEYE.is_file() and os.access(ELEEYE, os.X_OK)):
        pytest.skip(f"ElephantEye not built at {ELEEYE} (run: bash .ci/setup.sh test, or set XIANGQI_ELEEYE)")
    return ELEEYE


# Seconds each test took in the last run (pytest's cache, .pytest_cache): the next run starts the longest.
DURATIONS_KEY = "xiangqi/durations"
LONG_S = 0.5      # tests shorter than this keep their place
SLOW_GUESS_S = 10.0   # a test marked slow, before its time is known (a fresh clone)
_durations: dict[str, float] = {}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first (by their time in the last run, or marked ``slow``), the rest in their order:
    the xdist workers take the long ones at the start and the short ones fill the end, so that they finish
    together. Every worker sorts the same way (the cache is written only when the run ends)."""
    cache = getattr(config, "cache", None)
    known: dict[str, float] = cache.get(DURATIONS_KEY, {}) if cache is not None else {}

    sharing_first = first_readers_of_made_once(items)

    def seconds(item: pytest.Item) -> float:
        if item.get_closest_marker("reads_made_once") and item not in sharing_first:
            return 0.0   # it finds the thing made (by then) and runs in its place
        slow = item.get_closest_marker("slow")   # slow(seconds=N): the guess for the longest ones
        guess = float(slow.kwargs.get("seconds", SLOW_GUESS_S)) if slow else 0.0
        taken = known.get(item.nodeid, guess)
        return taken if taken >= LONG_S else 0.0

    items.sort(key=lambda item: -seconds(item))


def first_readers_of_made_once(items: list[pytest.Item]) -> set[pytest.Item]:
    """The first test of each ``reads_made_once(NAME)`` mark (tests/made_once.py): only it starts early (it
    makes the thing), the others keep their place. Started together, the second worker would wait for the
    first one's making instead of running other tests."""
    first: dict[str, pytest.Item] = {}
    for item in items:
        mark = item.get_closest_marker("reads_made_once")
        if mark is not None:
            first.setdefault(str(mark.args[0]), item)
    return set(first.values())


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Setup, call and teardown of each test (under xdist the controller hears the workers' reports)."""
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _durations:   # xdist workers: not theirs
        return
    known: dict[str, float] = cache.get(DURATIONS_KEY, {})
    known.update({nodeid: round(seconds, 2) for nodeid, seconds in _durations.items()})
    cache.set(DURATIONS_KEY, known)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switched the program's language (a window built in 简体 or 繁體) leaves English behind it,
    so that the next test in the same process reads the texts it expects whatever ran before it (xdist
    orders tests differently from run to run). Costs nothing in a test that never loaded Qt's translations."""
    yield
    i18n = sys.modules.get("xiangqi.ui.common.i18n")
    if i18n is None or i18n.current_language() == "en":
        return
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance()
    if app is not None:
        i18n.install_translator(app, "en")
