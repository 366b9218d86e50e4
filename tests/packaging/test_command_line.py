"""The program's own command line (no window needed): --version, --help, a mistyped command or file
(usage on stderr, exit 2), no display (one clear line, exit 1), and --install-desktop/--uninstall-desktop."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from xiangqi.desktop_install import RECORD_TYPES, desktop_entry, install, installed_files, mime_package, uninstall
from xiangqi.launch import missing_display, unknown_arguments
from xiangqi.resources import assets_dir, version


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", *args], capture_output=True, text=True, timeout=120,
                          env=env, cwd=cwd)


def test_version_names_the_installed_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"xiangqi {version()}"


def test_an_unknown_command_prints_usage_on_stderr_and_exits_2(tmp_path: Path) -> None:
    result = run("foo", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert "no such command or file: 'foo'" in result.stderr and "python -m xiangqi ucci" in result.stderr


def test_no_display_is_one_clear_line_not_a_qt_abort(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = run(env=env, cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xiangqi: no display to open a window on"), result.stderr


def test_existing_files_and_qt_options_are_not_unknown(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    record.write_text("")
    assert unknown_arguments([str(record), "-platform", "offscreen", "--style=Fusion", "-reverse"]) == []
    assert unknown_arguments(["-style", "Fusion", "nonsense.pgn"]) == ["nonsense.pgn"]


@pytest.mark.parametrize("platform", ["offscreen", "minimal", "vnc:size=800x600"])
def test_a_headless_platform_needs_no_display(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", platform)
    assert missing_display([]) is None
    monkeypatch.delenv("QT_QPA_PLATFORM")
    assert missing_display(["-platform", platform]) is None
    assert missing_display([]) is not None


def test_install_desktop_writes_entry_icons_and_mime_types_then_uninstall_removes_them(tmp_path: Path) -> None:
    written = install(tmp_path)
    assert sorted(written) == sorted(installed_files(tmp_path)) and all(p.is_file() for p in written)
    entry = (tmp_path / "applications" / "xiangqi.desktop").read_text(encoding="utf-8")
    assert "MimeType=application/x-chess-pgn;application/x-xqf;application/x-xiangqi-cbl;" in entry
    assert "Icon=xiangqi" in entry and "Exec=" in entry and entry.count("Exec=") == 1
    mime = (tmp_path / "mime" / "packages" / "xiangqi.xml").read_text(encoding="utf-8")
    assert [t.suffix for t in RECORD_TYPES] == ["pgn", "xqf", "cbl"]
    assert all(f'type="{t.mime}"' in mime and f'"*.{t.suffix}"' in mime for t in RECORD_TYPES)
    assert uninstall(tmp_path) == written and not any(p.exists() for p in written)


def test_the_entry_runs_the_given_command_with_the_file() -> None:
    template = (assets_dir() / "xiangqi.desktop").read_text(encoding="utf-8")
    entry = desktop_entry(template, "/opt/x/bin/xiangqi")
    assert "Exec=/opt/x/bin/xiangqi %f" in entry.splitlines()
    assert mime_package().startswith("<?xml")


def test_any_existing_file_named_on_the_command_line_is_opened_as_a_record(tmp_path: Path) -> None:
    from xiangqi.ui.shell.app import record_files

    library = tmp_path / "games.cbl"
    library.write_bytes(b"")
    assert record_files([str(library), str(tmp_path / "missing.txt")]) == [library, tmp_path / "missing.txt"]
    assert record_files([str(tmp_path / "missing.cbl")]) == []
