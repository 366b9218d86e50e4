"""The wheel carries the whole program: build it, install it into a fresh virtualenv and start the app
from outside the checkout (offscreen); themes, translations, sounds, glyph outlines, the shipped settings
and the engine families must all come from the installed package, not from this checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from made_once import made_once

REPO = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("installed_probe.py")
SOURCE_ITEMS = ("pyproject.toml", "README.md", "config.toml", "xiangqi", "assets", "engines", "packaging")
RUN_TIMEOUT = 300

# Built and installed once for the whole run (tests/made_once.py: the first xdist worker that needs it builds it,
# another one waits for it); each test has its own user folders and working folder beside it.
pytestmark = [pytest.mark.slow, pytest.mark.reads_made_once("wheel")]


def build_wheel(tmp: Path) -> Path:
    """Build from a copy of the sources (the shared checkout gets no build/ folder), offline: the dev
    venv's setuptools and wheel (the `test` extra) instead of an isolated build environment. The PEP 517
    backend is called directly, as ``python -m build --no-isolation`` does: ``pip wheel`` calls the same
    hook after a second process for the metadata (~1.8 of its ~3.5 CPU-s)."""
    source = tmp / "source"
    source.mkdir()
    for item in SOURCE_ITEMS:
        if (REPO / item).is_dir():
            shutil.copytree(REPO / item, source / item, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / item, source / item)
    (tmp / "dist").mkdir()
    hook = f"from setuptools import build_meta; print(build_meta.build_wheel({str(tmp / 'dist')!r}))"
    subprocess.run([sys.executable, "-c", hook], cwd=source, check=True, capture_output=True, text=True,
                   timeout=RUN_TIMEOUT)
    return next((tmp / "dist").glob("xiangqi-*.whl"))


def fresh_venv(tmp: Path, wheel: Path) -> Path:
    """A new venv holding only the wheel; PySide6, numpy and tomlkit are borrowed from the dev venv
    through a .pth line (appended after the venv's own site-packages, so the installed xiangqi wins)."""
    target = tmp / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    # --no-compile: the installed program's first run compiles the modules it imports (tests/conftest.py lets
    # Python write bytecode), instead of pip compiling all of them (~1.2 CPU-s more for the modules no test runs)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", "--no-compile", str(wheel)], check=True, timeout=RUN_TIMEOUT)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "zz_dev_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return target


def run_in(workdir: Path, command: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "XIANGQI_CONFIG")}
    env.update(QT_QPA_PLATFORM="offscreen", XIANGQI_CONFIG=str(tmp / "user" / "config.toml"),
               LANG="zh_CN.UTF-8", LC_ALL="zh_CN.UTF-8", XDG_DATA_HOME=str(tmp / "xdg"))
    return subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)


@pytest.fixture(scope="session")
def installed_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def build_and_install(folder: Path) -> None:
        fresh_venv(folder, build_wheel(folder))

    return made_once(tmp_path_factory, "wheel", build_and_install) / "venv"


@pytest.fixture
def installed(installed_venv: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    return tmp_path, installed_venv, outside


def test_the_installed_app_finds_all_its_data_inside_the_package(installed: tuple[Path, Path, Path]) -> None:
    tmp, target, outside = installed
    result = run_in(outside, [str(target / "bin" / "python"), str(PROBE)], tmp)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    site = Path(report["package"]).parent
    assert str(site).startswith(str(target)), report["package"]
    assert report["installed_data"] and report["data_root"] == str(site / "_data")
    for key in ("theme_dirs", "translation_file", "sound_dir", "glyph_dir", "settings_file", "engines_dir"):
        for path in report[key] if isinstance(report[key], list) else [report[key]]:
            assert path.startswith(str(site / "_data")) and not path.startswith(str(REPO)), (key, path)
    assert {"wood", "paper", "dark"} <= set(report["boards"]) and {"engraved", "flat"} <= set(report["pieces"])
    assert report["language"] == "zh_CN" and report["translated_settings"] == "设置"
    assert {"move.wav", "capture.wav", "check.wav"} <= set(report["sounds"])
    assert report["glyphs"] > 20
    assert report["problems"] == [] and report["board_theme"] == "wood"
    assert {"fairy-stockfish", "pikafish"} <= set(report["families"]) and report["family_errors"] == []
    assert not report["icon_null"] and report["icons"] == 8 and report["cwd"] == str(outside)
    assert report["help_pages"] == [True, True]


def test_the_installed_program_starts_shows_its_window_and_knows_its_version(
        installed: tuple[Path, Path, Path]) -> None:
    tmp, target, outside = installed
    program = str(target / "bin" / "xiangqi")
    assert run_in(outside, [program, "--version"], tmp).stdout.strip() == "xiangqi 0.1.0"
    shown = run_in(outside, ["env", "XIANGQI_REPORT_SHOWN=1", program], tmp)   # quits once the window shows
    assert shown.returncode == 0 and shown.stdout.startswith("shown "), shown.stdout + shown.stderr


def test_the_installed_program_writes_the_desktop_entry_with_its_own_path(
        installed: tuple[Path, Path, Path]) -> None:
    tmp, target, outside = installed
    program = str(target / "bin" / "xiangqi")
    assert run_in(outside, [program, "--install-desktop"], tmp).returncode == 0
    entry = (tmp / "xdg" / "applications" / "xiangqi.desktop").read_text(encoding="utf-8")
    assert f"Exec={program} %f" in entry and "application/x-xiangqi-cbl;" in entry
    mime = (tmp / "xdg" / "mime" / "packages" / "xiangqi.xml").read_text(encoding="utf-8")
    assert all(f'<glob pattern="*.{s}"/>' in mime for s in ("pgn", "xqf", "cbl"))
    assert (tmp / "xdg" / "icons" / "hicolor" / "48x48" / "apps" / "xiangqi.png").is_file()
    assert run_in(outside, [program, "--uninstall-desktop"], tmp).returncode == 0
    assert not (tmp / "xdg" / "applications" / "xiangqi.desktop").exists()
