"""Hostile inputs met at start-up: the user's settings file as the language switch reads it again, and the
program path written into the menu entry (``--install-desktop``)."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.config import SettingsStore
from xiangqi.desktop_install import DesktopEntryError, desktop_entry
from xiangqi.resources import assets_dir, shipped_config


@hostile("startup.nested_user_config", target="settings.config",
         bound="RecursionError read as a settings problem (config.read_toml)")
def nested_user_config(folder: Path, scale: int) -> None:
    """A user config.toml nested thousands deep: a message naming the file and the defaults, no
    RecursionError when the language switch asks whether the user chose a notation."""
    from xiangqi.ui.settings.language_switch import notation_chosen

    user = folder / "config.toml"
    user.write_text("a = " + "[" * (3000 * scale), encoding="utf-8")
    store = SettingsStore(shipped_config(), user)
    assert len(store.errors) == 1 and str(user) in store.errors[0]
    assert notation_chosen(store) is False


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
