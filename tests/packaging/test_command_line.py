"""The program's own command line (no window needed): --version, --help, a mistyped command or file
(usage on stderr, exit 2), no display (one clear line, exit 1), and --install-desktop/--uninstall-desktop."""

from __future__ import annotations

import os
import re
import shutil
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


def test_the_app_starts_from_a_folder_holding_a_xiangqi_folder(tmp_path: Path) -> None:
    """A folder with a ``xiangqi/`` sub-folder (a checkout's parent, a folder of games) is no namespace
    package for the app's data: the data is found from the package's own location."""
    (tmp_path / "xiangqi").mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XIANGQI_REPORT_SHOWN": "1",
           "XIANGQI_CONFIG": str(tmp_path / "profile" / "config.toml")}
    result = run(env=env, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("shown"), result.stderr[-2000:]
    assert "no program data" not in result.stderr


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
    entry = desktop_entry(template, ["/opt/x/bin/xiangqi"])
    assert "Exec=/opt/x/bin/xiangqi %f" in entry.splitlines()
    assert mime_package().startswith("<?xml")


def read_exec_line(value: str) -> list[str]:
    """The arguments of an Exec value as the Desktop Entry Specification reads them: the string escapes
    first, then double-quoted arguments with backslash escapes, then ``%%``."""
    text = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(m[1], m[1]), value)
    arguments, word, quoted, escaped, started = [], "", False, False, False
    for char in text:
        if escaped:
            word, escaped = word + char, False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if word or started:
                arguments.append(word)
            word, started = "", False
        else:
            word += char
    if word or started:
        arguments.append(word)
    return [argument.replace("%%", "%") for argument in arguments]


@pytest.mark.parametrize("program", ["/opt/x/bin/xiangqi", "/home/a b/my games/.venv/bin/xiangqi",
                                     "/tmp/it's \"here\"/xiangqi", "/tmp/$HOME/`id`/back\\slash/xiangqi",
                                     "/tmp/100%/%f/xiangqi", "/tmp/象棋 (new)/a;b&c|d*e?#~/xiangqi"])
def test_the_exec_line_quotes_any_program_path_as_the_desktop_entry_spec_says(
        tmp_path: Path, program: str) -> None:
    template = (assets_dir() / "xiangqi.desktop").read_text(encoding="utf-8")
    entry = desktop_entry(template, [program, "-m", "xiangqi"])
    exec_value = next(line for line in entry.splitlines() if line.startswith("Exec="))[len("Exec="):]
    assert read_exec_line(exec_value) == [program, "-m", "xiangqi", "%f"]
    validate = shutil.which("desktop-file-validate")
    if validate:   # .ci/setup.sh test installs it (desktop-file-utils)
        path = tmp_path / "xiangqi.desktop"
        path.write_text(entry, encoding="utf-8")
        result = subprocess.run([validate, str(path)], capture_output=True, text=True, timeout=60)
        assert "error" not in (result.stdout + result.stderr).lower(), result.stdout + result.stderr


@pytest.mark.parametrize("program", ["/tmp/a\nExec=rm -rf ~\n/xiangqi", "/tmp/tab\there/xiangqi",
                                     "/tmp/\udcff/xiangqi"])
def test_a_path_the_exec_line_cannot_hold_is_refused_and_nothing_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], program: str) -> None:
    from xiangqi import desktop_install

    monkeypatch.setattr(desktop_install, "launch_command", lambda: [program])
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desktop_install.main(["--install-desktop"]) == 1
    assert "cannot write" in capsys.readouterr().err and not any(tmp_path.iterdir())


def test_any_existing_file_named_on_the_command_line_is_opened_as_a_record(tmp_path: Path) -> None:
    from xiangqi.ui.shell.app import record_files

    library = tmp_path / "games.cbl"
    library.write_bytes(b"")
    assert record_files([str(library), str(tmp_path / "missing.txt")]) == [library, tmp_path / "missing.txt"]
    assert record_files([str(tmp_path / "missing.cbl")]) == []
    # a device or a folder is passed on, so the reader refuses it with a message (no silent new game)
    assert record_files(["/dev/zero", str(tmp_path)]) == [Path("/dev/zero"), tmp_path]
