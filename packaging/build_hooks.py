"""setuptools build step (``[tool.setuptools.cmdclass]`` in pyproject.toml): copy the program's data into
the package being built, as ``xiangqi/_data/{assets,engines,config.toml}``.

Why a build step and not a ``package-dir`` mapping: the repository keeps ``assets/``, ``engines/`` and
``config.toml`` at its top level, and a mapping cannot make a package of one top-level file
(``config.toml``) nor leave out what does not belong in an install (the asset generator scripts, engine
binaries a user dropped into ``engines/``). One copy step mirrors the checkout's layout under ``_data``,
so ``xiangqi/resources.py`` finds the same relative paths in a checkout, a wheel and the PyInstaller bundle.
Editable installs skip it: they read the checkout itself.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = Path("xiangqi") / "_data"
SKIPPED_ASSETS = shutil.ignore_patterns("tools", "__pycache__", "*.py", "*.pyc")


def copy_program_data(target: Path) -> list[Path]:
    """Copy assets/ (less the generator scripts), engines/*.md|*.toml and config.toml into ``target``;
    return the files written."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "assets", target / "assets", ignore=SKIPPED_ASSETS)
    (target / "engines").mkdir(parents=True)
    for source in sorted((ROOT / "engines").iterdir()):
        if source.suffix in (".md", ".toml"):   # not the engine programs a user may have dropped there
            shutil.copy2(source, target / "engines" / source.name)
    shutil.copy2(ROOT / "config.toml", target / "config.toml")
    return sorted(p for p in target.rglob("*") if p.is_file())


class BuildPyWithData(build_py):  # type: ignore[misc]
    """build_py, then the program data beside the modules in the build folder."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            copy_program_data(Path(self.build_lib) / DATA_DIR)
