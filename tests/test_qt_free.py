"""Which modules may import Qt, and the app's import structure, without a hand-kept list of modules.

- ``lint-imports`` checks the contracts in ``pyproject.toml`` ([tool.importlinter]): the Qt-free layers never
  import PySide6 (not even indirectly or inside a function), only the drivers of processes and timers do,
  ``ui/`` is layered by feature and nothing in ``ui/`` or ``play/`` imports in a loop. A contract names
  packages, so a new module is covered the day it is written.
- The Qt-free packages are layered (``qt-free-layers``: commands, then matches and trainers, then review, book
  and the game model, then engines, records and the rules) and none of them imports in a loop.
- Importing every module outside ``xiangqi.ui``, ``xiangqi.play`` and the drivers (found by walking the
  package, not listed) in a fresh interpreter loads no PySide6: what the contracts say holds at run time.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import xiangqi

REPO = Path(__file__).resolve().parents[1]
QT_PACKAGES = ("xiangqi.ui", "xiangqi.play")   # widgets, and the game controller (QtCore timers)
NOT_IMPORTED = ("xiangqi.__main__",)            # the program's entry point, run rather than imported


def contracts() -> list[dict[str, object]]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return found


def contract_modules(contract_id: str, key: str) -> list[str]:
    """The module names under ``key`` of the contract ``contract_id``."""
    names = next(c for c in contracts() if c["id"] == contract_id)[key]
    assert isinstance(names, list)
    return [str(name) for name in names]


def drivers() -> list[str]:
    """The QtCore drivers, as the import contract protecting them names them."""
    return contract_modules("drivers", "protected_modules")


def qt_free_modules() -> list[str]:
    qt = (*QT_PACKAGES, *drivers())
    names = [m.name for m in pkgutil.walk_packages(xiangqi.__path__, "xiangqi.")]
    return [name for name in names
            if name not in NOT_IMPORTED and not any(name == q or name.startswith(q + ".") for q in qt)]


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--no-cache", "--no-logo"], cwd=REPO, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, f"lint-imports (pyproject.toml contracts):\n{result.stdout}{result.stderr}"
    assert f"{len(contracts())} kept, 0 broken" in result.stdout, result.stdout


def test_the_contracts_cover_the_whole_package_and_forbid_qt() -> None:
    """Every top-level part of ``xiangqi`` is in a Qt-free contract, in the app's layers or a driver."""
    qt_free = ("qt-free-core", "qt-free-logic")
    covered = {name for key in qt_free for name in contract_modules(key, "source_modules")} | set(QT_PACKAGES)
    tops = {f"xiangqi.{m.name}" for m in pkgutil.iter_modules(xiangqi.__path__)} - set(NOT_IMPORTED)
    assert tops - covered == set(), "add these to a contract in pyproject.toml"
    for key in qt_free:
        assert "PySide6" in contract_modules(key, "forbidden_modules")


APP_ONLY = ("xiangqi.launch", "xiangqi.desktop_install")   # what the program's entry point uses, beside the app


def layer_of(package: str, layers: list[str]) -> int:
    """The index (0 = top) of the layer naming ``package`` (or the package it is in)."""
    for index, layer in enumerate(layers):
        names = [name.strip() for name in layer.split("|")]
        if any(package == name or package.startswith(name + ".") for name in names):
            return index
    raise AssertionError(f"{package} is in no layer of qt-free-layers")


def upward(importer: str, imported: str, layers: list[str]) -> bool:
    """Whether the layers forbid ``importer`` -> ``imported``: same layer (siblings are independent) or higher."""
    return layer_of(imported, layers) <= layer_of(importer, layers)


def test_the_qt_free_layers_forbid_what_issue_29_could_import() -> None:
    """Six upward imports passed the contracts (issue 29 §5); the layers forbid each, and every Qt-free
    package is in a layer and in the acyclic contract (``lint-imports`` then checks the code)."""
    layers = contract_modules("qt-free-layers", "layers")
    tried = [("xiangqi.core", "xiangqi.record.game"), ("xiangqi.core.fen", "xiangqi.engine.session"),
             ("xiangqi.engine.protocol", "xiangqi.review"), ("xiangqi.review", "xiangqi.match"),
             ("xiangqi.game", "xiangqi.training"), ("xiangqi.record", "xiangqi.engine"),
             ("xiangqi.book", "xiangqi.game"), ("xiangqi.match", "xiangqi.commands")]
    assert [pair for pair in tried if not upward(*pair, layers)] == []
    assert not upward("xiangqi.training", "xiangqi.review", layers)     # what the code does today stays allowed
    tops = {f"xiangqi.{m.name}" for m in pkgutil.iter_modules(xiangqi.__path__)}
    qt_free = tops - set(QT_PACKAGES) - set(NOT_IMPORTED) - set(APP_ONLY)
    assert all(layer_of(name, layers) >= 0 for name in qt_free)
    packages = {f"xiangqi.{m.name}" for m in pkgutil.iter_modules(xiangqi.__path__) if m.ispkg}
    assert packages & qt_free == set(contract_modules("qt-free-no-cycles", "ancestors"))


def test_qt_free_modules_import_without_loading_qt() -> None:
    modules = qt_free_modules()
    assert len(modules) > 80 and "xiangqi.core.position" in modules and "xiangqi.engine.seat" not in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')\n"
        "print('PySide6 loaded:', loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert result.returncode == 0, f"importing the Qt-free modules loaded Qt or failed:\n{result.stdout}{result.stderr}"
    assert "PySide6 loaded: []" in result.stdout
