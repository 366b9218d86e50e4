"""``xiangqi --install-desktop`` / ``--uninstall-desktop``: the XDG menu entry, the icons and the MIME types
for game records (.pgn, .xqf, .cbl), so the app appears in the applications menu and a double-clicked
record opens in it. Per user (``$XDG_DATA_HOME``, default ``~/.local/share``); no Qt here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from xiangqi.resources import assets_dir

APP_ID = "xiangqi"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


@dataclass(frozen=True)
class RecordType:
    mime: str
    suffix: str
    comment: str


RECORD_TYPES = (
    RecordType("application/x-chess-pgn", "pgn", "Xiangqi game record (PGN)"),
    RecordType("application/x-xqf", "xqf", "Xiangqi game record (XQF, 象棋演播室)"),
    RecordType("application/x-xiangqi-cbl", "cbl", "Xiangqi game library (CBL, 象棋桥)"),
)


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


# The Desktop Entry Specification's "Exec key": an argument holding one of these is written in double quotes.
EXEC_RESERVED = frozenset(' \t\n"\'\\><~|&;$*?#()`')
EXEC_ESCAPED_IN_QUOTES = frozenset('"`$\\')


class DesktopEntryError(ValueError):
    """A program path the Exec line of a menu entry cannot express (a control character, not UTF-8)."""


def launch_command() -> list[str]:
    """The command the menu entry runs, as arguments: the bundle's own program, else the ``xiangqi`` script
    installed beside this Python (a venv, pipx), else this Python with ``-m xiangqi``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name(APP_ID)
    if script.is_file():
        return [str(script)]
    found = shutil.which(APP_ID)
    return [found] if found else [sys.executable, "-m", "xiangqi"]


def exec_argument(argument: str) -> str:
    """``argument`` as the Desktop Entry Specification writes it in an Exec line: ``%`` doubled, quoted in
    double quotes with ``"`$\\`` escaped when it holds a reserved character, then every backslash doubled
    (the string-value escape, which readers undo first). DesktopEntryError for what the line cannot hold."""
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in argument):
        raise DesktopEntryError(f"cannot write {argument[:200]!r} in a menu entry: it holds a control character "
                                "(a menu entry's command is one line); move the program to a plainer path")
    try:
        argument.encode("utf-8")
    except UnicodeEncodeError:
        raise DesktopEntryError(f"cannot write {argument[:200]!r} in a menu entry: it is not UTF-8 text") from None
    argument = argument.replace("%", "%%")
    if not argument or any(char in EXEC_RESERVED for char in argument):
        argument = '"' + "".join("\\" + c if c in EXEC_ESCAPED_IN_QUOTES else c for c in argument) + '"'
    return argument.replace("\\", "\\\\")


def desktop_entry(template: str, command: list[str]) -> str:
    """The shipped ``xiangqi.desktop`` with an absolute Exec line and every record MIME type."""
    mime_line = "MimeType=" + "".join(f"{t.mime};" for t in RECORD_TYPES)
    exec_line = "Exec=" + " ".join(exec_argument(argument) for argument in command) + " %f"
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = exec_line
        elif line.startswith("MimeType="):
            line = mime_line
        lines.append(line)
    return "\n".join(lines) + "\n"


def mime_package() -> str:
    """shared-mime-info package naming the record types by file name pattern."""
    types = "".join(
        f'  <mime-type type="{t.mime}">\n    <comment>{t.comment}</comment>\n'
        f'    <glob pattern="*.{t.suffix}"/>\n  </mime-type>\n' for t in RECORD_TYPES)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
            f"{types}</mime-info>\n")


def installed_files(home: Path) -> list[Path]:
    """Every file ``install`` writes under the data folder ``home``."""
    icons = home / "icons" / "hicolor"
    return [home / "applications" / f"{APP_ID}.desktop", home / "mime" / "packages" / f"{APP_ID}.xml",
            icons / "scalable" / "apps" / f"{APP_ID}.svg",
            *(icons / f"{s}x{s}" / "apps" / f"{APP_ID}.png" for s in ICON_SIZES)]


def install(home: Path | None = None) -> list[Path]:
    """Write the menu entry, icons and MIME types; return the files written."""
    home = home or data_home()
    desktop, mime, svg, *pngs = installed_files(home)
    template = (assets_dir() / "xiangqi.desktop").read_text(encoding="utf-8")
    entry = desktop_entry(template, launch_command())   # DesktopEntryError before anything is written
    _write(desktop, entry.encode("utf-8"))
    _write(mime, mime_package().encode("utf-8"))
    _write(svg, (assets_dir() / "icons" / f"{APP_ID}.svg").read_bytes())
    for size, target in zip(ICON_SIZES, pngs, strict=True):
        _write(target, (assets_dir() / "icons" / f"{APP_ID}-{size}.png").read_bytes())
    _refresh_caches(home)
    return [desktop, mime, svg, *pngs]


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote; return the files removed."""
    home = home or data_home()
    removed = [path for path in installed_files(home) if path.is_file()]
    for path in removed:
        path.unlink()
    _refresh_caches(home)
    return removed


def _write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _refresh_caches(home: Path) -> None:
    """Desktops read the MIME and menu caches; the tools are optional (missing on minimal systems)."""
    for tool, folder in (("update-mime-database", home / "mime"),
                         ("update-desktop-database", home / "applications"),
                         ("gtk-update-icon-cache", home / "icons" / "hicolor")):
        program = shutil.which(tool)
        if program and folder.is_dir():
            extra = ["-f", "-t"] if tool == "gtk-update-icon-cache" else []
            subprocess.run([program, *extra, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=False, timeout=60)


def main(argv: list[str]) -> int:
    """``--install-desktop`` or ``--uninstall-desktop``: report each file on stdout."""
    if argv[0] == "--install-desktop":
        try:
            written = install()
        except DesktopEntryError as error:
            print(f"xiangqi: {error}", file=sys.stderr)
            return 1
        for path in written:
            print(f"wrote {path}")
        print("The applications menu now lists 象棋 (Xiangqi); .pgn/.xqf/.cbl files open in it.")
    else:
        removed = uninstall()
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print("nothing to remove: the menu entry was not installed")
    return 0
