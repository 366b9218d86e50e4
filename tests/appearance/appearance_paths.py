"""Paths the appearance tests share (a uniquely named module: ``conftest`` names clash across folders)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets"
SHIPPED = REPO / "config.toml"
