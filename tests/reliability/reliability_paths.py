"""Paths the reliability tests share (a uniquely named module: ``conftest`` names clash across folders)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "config.toml"
