"""Hostile inputs for the game database window (``xiangqi.ui.database``): what it reads besides the database
files (``database`` has those) is the recent-databases list in the app's QSettings, which a user or another
program may have edited: thousands of entries, a name of megabytes, entries of the wrong type."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from hostile import hostile
from xiangqi.ui.database.database_actions import MAX_PATH_CHARS, MAX_RECENT, RECENT_KEY, RecentDatabases


@hostile("database_window.recent_list", target="ui.database_recent",
         bound=f"MAX_RECENT = {MAX_RECENT}, MAX_PATH_CHARS = {MAX_PATH_CHARS}")
def recent_list(folder: Path, scale: int) -> None:
    ini = folder / "recent.ini"
    names = [f"/games/{index}.xqdb" for index in range(1000 * scale)]
    names[0] = "/" + "x" * (100_000 * scale)    # a name of megabytes at the head
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    settings.setValue(RECENT_KEY, names)
    settings.sync()
    paths = RecentDatabases(QSettings(str(ini), QSettings.Format.IniFormat)).paths()
    assert paths == names[1:MAX_RECENT + 1], paths[:2]
    settings.setValue(RECENT_KEY, 12345)          # no list, no text: nothing remembered
    settings.sync()
    assert RecentDatabases(QSettings(str(ini), QSettings.Format.IniFormat)).paths() == []
    recent = RecentDatabases(QSettings(str(ini), QSettings.Format.IniFormat))
    recent.add(folder / "a.xqdb")
    assert recent.paths() == [str((folder / "a.xqdb").resolve())]
