"""Build the standalone bundle with PyInstaller: a folder ``dist/bundle/xiangqi/`` holding the program
``xiangqi`` with its own Python, Qt and data, and a tarball of it that runs where no Python is installed.

    .venv/bin/pip install -e ".[packaging]"      # PyInstaller
    .venv/bin/python packaging/build_bundle.py   # a few minutes; then packaging/check_bundle.sh

Why PyInstaller and not Briefcase: PyInstaller freezes the venv that runs the tests (same PySide6, numpy,
same data copy step as the wheel) into a plain folder in one step, and the same command builds the Windows
(.exe folder) and macOS (.app with ``--windowed``) versions when run on those systems; Briefcase builds
each platform from a template project of its own and wants its own packaging metadata.
PyInstaller does not cross-compile: run this script on each system to get that system's bundle.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from build_hooks import ROOT, copy_program_data

from xiangqi.resources import version

# Imported by name at run time (importlib / inside functions) or by Qt plugins PyInstaller cannot see.
HIDDEN_IMPORTS = ("PySide6.QtMultimedia", "PySide6.QtSvg")


def pyinstaller_command(data: Path, dist: Path, work: Path) -> list[str]:
    data_sep = ";" if sys.platform == "win32" else ":"
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir", "--name", "xiangqi",
               "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
               "--add-data", f"{data}{data_sep}xiangqi/_data", "--copy-metadata", "xiangqi",
               "--paths", str(ROOT),   # the checkout's package (an editable install's import hook is not seen)
               "--collect-submodules", "xiangqi",
               "--icon", str(ROOT / "assets" / "icons" / "xiangqi-256.png")]
    if sys.platform in ("win32", "darwin"):
        command.append("--windowed")   # no console window; a .app on macOS
    for name in HIDDEN_IMPORTS:
        command += ["--hidden-import", name]
    return [*command, str(ROOT / "packaging" / "bundle_entry.py")]


def make_tarball(folder: Path, dist: Path) -> Path:
    machine = platform.machine().lower() or "unknown"
    tarball = dist / f"xiangqi-{version()}-{sys.platform}-{machine}.tar.gz"
    with tarfile.open(tarball, "w:gz", compresslevel=6) as archive:
        archive.add(folder, arcname=f"xiangqi-{version()}")
    return tarball


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    with tempfile.TemporaryDirectory(prefix="xiangqi-bundle-") as temp:
        data = Path(temp) / "_data"
        copy_program_data(data)
        subprocess.run(pyinstaller_command(data, dist / "bundle", Path(temp) / "work"), check=True)
    folder = dist / "bundle" / "xiangqi"
    print(f"bundle folder: {folder}\nprogram: {folder / 'xiangqi'}\ntarball: {make_tarball(folder, dist)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
