"""Helpers for the study tests (analysis, graph, review): the material fake engine as a real process."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from xiangqi.engine.registry import EngineSpec, Protocol

REPO = Path(__file__).resolve().parents[2]
MATERIAL_ENGINE = REPO / "tests" / "engine" / "fakes" / "material_engine.py"


def material_spec(*extra: str, name: str = "Material") -> EngineSpec:
    """tests/engine/fakes/material_engine.py (multi-PV, infinite, ponder; scores known in advance)."""
    return EngineSpec(name=name, command=sys.executable, args=(str(MATERIAL_ENGINE), *extra),
                      protocol=Protocol.UCCI, family="fake")


def logged_commands(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


@contextmanager
def running_analysis(qtbot: QtBot, tmp_path: Path, height: int = 200) -> Iterator[tuple[object, object, Path]]:
    """An analyser on the material engine (logging to ``engine.log``) and its panel in ICCS, shown; the
    engine retired afterwards (no engine outlives its test)."""
    from xiangqi.core.notation import Notation
    from xiangqi.engine.retire import engines_retiring
    from xiangqi.ui.study.analysis_panel import AnalysisPanel
    from xiangqi.ui.study.study_analysis import Analyser, connect_panel

    log = tmp_path / "engine.log"
    analyser = Analyser(material_spec("--log", str(log)))
    panel = AnalysisPanel()
    qtbot.addWidget(panel)
    panel.set_notation(Notation.ICCS)
    connect_panel(analyser, panel)
    analyser.start()
    panel.resize(420, height)
    panel.show()
    yield analyser, panel, log
    analyser.close()
    qtbot.waitUntil(lambda: not engines_retiring(), timeout=5000)


QUICK_REFRESH_MS = 10   # the analysis panel's redraw pause in the tests that wait for its lines (100 ms in the app)


@pytest.fixture
def quick_analysis_redraws(monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel redraws 10 ms after an engine's lines instead of 100: a test waiting for the lines waits on
    the lines, not on the pause (the material engine sends a few lines a search, so no more redraws)."""
    from xiangqi.ui.study import analysis_panel

    monkeypatch.setattr(analysis_panel, "REFRESH_MS", QUICK_REFRESH_MS)
