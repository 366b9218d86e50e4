"""Hostile inputs met at start-up: the program path written into the menu entry (``--install-desktop``).
(A deeply nested user settings file as the language switch reads it: ``settings.deep_file_language_switch``.)"""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.desktop_install import DesktopEntryError, desktop_entry
from xiangqi.resources import assets_dir


@hostile("startup.menu_entry_path", target="desktop.menu_entry",
         bound="control characters refused (DesktopEntryError); any other path quoted")
def menu_entry_path(folder: Path, scale: int) -> None:
    template = (assets_dir() / "xiangqi.desktop").read_text(encoding="utf-8")
    reserved = " \"'\\><~|&;$*?#()`%" * (50 * scale)
    entry = desktop_entry(template, [f"/opt/{reserved}/xiangqi"])
    assert sum(line.startswith("Exec=") for line in entry.splitlines()) == 1
    try:
        desktop_entry(template, ["/opt/a\nExec=evil " * (50 * scale)])
    except DesktopEntryError as error:
        assert "control character" in str(error)
    else:
        raise AssertionError("a newline was written into the menu entry")
