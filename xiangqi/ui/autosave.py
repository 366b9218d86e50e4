"""The game in progress, saved after every move so a killed app can offer to resume it.

Written with QSaveFile (a temporary file renamed over the old one), so a kill mid-write leaves the
previous save intact. Reading is lenient: a damaged file is reported and ignored, never fatal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QIODevice, QSaveFile

FORMAT_VERSION = 1

class AutosaveStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.last_error: str | None = None

    def save(self, snapshot: dict[str, Any]) -> bool:
        """Write ``snapshot`` atomically; on failure keep the old file and set ``last_error``."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"version": FORMAT_VERSION, **snapshot}, ensure_ascii=False, indent=1)
        out = QSaveFile(str(self.path))
        if not out.open(QIODevice.OpenModeFlag.WriteOnly):
            self.last_error = f"{self.path}: {out.errorString()}"
            return False
        out.write(data.encode("utf-8"))
        if not out.commit():
            self.last_error = f"{self.path}: {out.errorString()}"
            return False
        self.last_error = None
        return True

    def load(self) -> dict[str, Any] | None:
        """The saved game, or None when there is none or it cannot be read (see ``last_error``)."""
        if not self.path.is_file():
            return None
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self.last_error = f"{self.path}: {exc}"
            return None
        if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
            self.last_error = f"{self.path}: unknown autosave version {data.get('version')!r}" \
                if isinstance(data, dict) else f"{self.path}: not an autosave object"
            return None
        return data

    def clear(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
