"""Where the app keeps the user's own files: the settings (``config.toml``), the game saved after every
move (``autosave.json``), the default game database (``games.xqdb``) and the recent-files list.

Normally these are Qt's per-user places (QStandardPaths; QSettings for the list). ``$XIANGQI_CONFIG``
names another settings file and moves the others beside it (``x.toml`` → ``x.autosave.json``,
``x.games.xqdb`` and ``x.recent.ini``), so a second profile (a test, a screenshot run, a copy on a USB
stick) never resumes or lists the user's own games."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

CONFIG_VARIABLE = "XIANGQI_CONFIG"   # a settings file to use instead of the per-user one
AUTOSAVE_NAME = "autosave.json"
DATABASE_NAME = "games.xqdb"   # the default game database (棋谱库)


def profile_override() -> Path | None:
    """The settings file named by $XIANGQI_CONFIG, if it is set."""
    value = os.environ.get(CONFIG_VARIABLE)
    return Path(value) if value else None


def user_settings_path() -> Path:
    """The user's settings file: $XIANGQI_CONFIG, else config.toml in Qt's per-user config folder."""
    override = profile_override()
    if override is not None:
        return override
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    return Path(folder) / "config.toml"


def autosave_path() -> Path:
    """The game in progress: beside $XIANGQI_CONFIG when it is set, else in Qt's per-user data folder."""
    override = profile_override()
    if override is not None:
        return override.with_name(f"{override.stem}.{AUTOSAVE_NAME}")
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder) / AUTOSAVE_NAME


def database_path() -> Path:
    """The default game database: beside $XIANGQI_CONFIG when it is set, else in Qt's per-user data folder."""
    override = profile_override()
    if override is not None:
        return override.with_name(f"{override.stem}.{DATABASE_NAME}")
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder) / DATABASE_NAME


def recent_files_settings() -> QSettings:
    """Where the recent-files list is kept: an INI file beside $XIANGQI_CONFIG, else Qt's own place."""
    override = profile_override()
    if override is not None:
        return QSettings(str(override.with_name(f"{override.stem}.recent.ini")), QSettings.Format.IniFormat)
    return QSettings("xiangqi", "xiangqi")
