"""Where the program's own data is: themes, glyph outlines, sounds, translations, icons (``assets/``), the
shipped ``config.toml`` and the engine families (``engines/``). No Qt here.

The repository keeps these three at its top level (the project's layout). A built wheel, ``pip install .``,
``pipx install .`` and the PyInstaller bundle carry copies inside the package as ``xiangqi/_data/`` (copied
there by ``packaging/build_hooks.py`` at build time), found beside this module. An editable
checkout has no ``_data``: the data is then the checkout's own top level, beside the package.
"""

from __future__ import annotations

import importlib.metadata
from functools import lru_cache
from pathlib import Path

DATA_PACKAGE_DIR = "_data"            # inside the installed package
DATA_ITEMS = ("assets", "engines", "config.toml")
VERSION_FALLBACK = "0.1.0+checkout"   # only when no distribution metadata is installed (a bare checkout)


class DataNotFoundError(RuntimeError):
    """Neither the installed package nor the checkout holds the program's data (a broken install)."""


def _package_dir() -> Path:
    # This module's own folder, not ``files("xiangqi")``: that looks the name up again, and from a folder
    # holding a ``xiangqi/`` sub-folder (a checkout's parent, a folder of games) it answers with that
    # namespace folder, so ``python -m xiangqi`` found no data there.
    return Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder holding ``assets/``, ``engines/`` and ``config.toml``: ``xiangqi/_data`` when installed,
    else the checkout the package was imported from."""
    package = _package_dir()
    for root in (package / DATA_PACKAGE_DIR, package.parent):
        if (root / "assets").is_dir() and (root / "config.toml").is_file():
            return root
    raise DataNotFoundError(f"no program data (assets/, config.toml) in {package / DATA_PACKAGE_DIR} "
                            f"or {package.parent}: reinstall the program")


def installed_data() -> bool:
    """True when the data comes from inside the package (a wheel or bundle), not from a checkout."""
    return data_root() == _package_dir() / DATA_PACKAGE_DIR


def assets_dir() -> Path:
    return data_root() / "assets"


def engines_dir() -> Path:
    return data_root() / "engines"


def shipped_config() -> Path:
    return data_root() / "config.toml"


def version() -> str:
    """The installed distribution's version (pyproject's ``version``)."""
    try:
        return importlib.metadata.version("xiangqi")
    except importlib.metadata.PackageNotFoundError:
        return VERSION_FALLBACK
