"""Helpers for the study tests (analysis, graph, review): the material fake engine as a real process."""

from __future__ import annotations

import sys
from pathlib import Path

from xiangqi.engine.registry import EngineSpec, Protocol

REPO = Path(__file__).resolve().parents[2]
MATERIAL_ENGINE = REPO / "tests" / "engine" / "fakes" / "material_engine.py"


def material_spec(*extra: str, name: str = "Material") -> EngineSpec:
    """tests/engine/fakes/material_engine.py (multi-PV, infinite, ponder; scores known in advance)."""
    return EngineSpec(name=name, command=sys.executable, args=(str(MATERIAL_ENGINE), *extra),
                      protocol=Protocol.UCCI, family="fake")


def logged_commands(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []
