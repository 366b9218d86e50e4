"""Adding an engine (引擎 › 管理引擎…) asks which features start with it — play, analysis, review, 残局挑战 —
instead of it silently becoming the default of all; what is not ticked keeps the engine it had. The engine
added is the scripted fake (a real process)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from xiangqi.config import EngineEntry, EngineRoleSettings, Protocol, SettingsStore
from xiangqi.engine.registry import EngineSpec, builtin_engine_spec
from xiangqi.play.engine_list import role_engine_index
from xiangqi.ui.engines.engine_manager import EngineManager
from xiangqi.ui.engines.engine_roles_dialog import roles_after_adding

from appearance_paths import REPO, SHIPPED

FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"


def add_and_answer(qtbot, manager: EngineManager, ticks: dict[str, bool], accept: bool = True) -> None:
    manager.add_engine_file(str(FAKE))
    qtbot.waitUntil(lambda: manager.roles_dialog is not None and manager.roles_dialog.isVisible(), timeout=20_000)
    dialog = manager.roles_dialog
    for role, ticked in ticks.items():
        if dialog.boxes[role].isChecked() != ticked:
            box = dialog.boxes[role]   # on its square: a click right of the text misses it
            qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    button = dialog.buttons.button(dialog.buttons.StandardButton.Ok if accept
                                   else dialog.buttons.StandardButton.Cancel)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: manager.roles_dialog is None, timeout=5_000)


def close(qtbot, manager: EngineManager) -> None:
    probe = manager.probe
    manager.shutdown()
    if probe is not None:
        qtbot.waitUntil(lambda: probe.client.state.value == "dead", timeout=10_000)


def make_manager(qtbot, tmp_path: Path) -> tuple[SettingsStore, EngineManager]:
    store = SettingsStore(SHIPPED, tmp_path / "config.toml")
    store.set_engines([EngineEntry("Old engine", sys.executable, protocol=Protocol.UCCI)])
    manager = EngineManager(store, found=[])
    qtbot.addWidget(manager)
    return store, manager


def test_the_ticked_features_start_with_the_new_engine_the_others_keep_theirs(qtbot, tmp_path) -> None:
    store, manager = make_manager(qtbot, tmp_path)
    add_and_answer(qtbot, manager, {"play": True, "analysis": False, "review": True, "endgame": True})
    name = store.settings.engines[-1].name
    assert name == "FakeEngine (ucci)"
    assert store.settings.engine_roles == EngineRoleSettings(play=name, analysis="Old engine", review=name,
                                                             endgame=name)
    assert SettingsStore(SHIPPED, tmp_path / "config.toml").settings.engine_roles == store.settings.engine_roles
    close(qtbot, manager)


def test_cancel_keeps_every_feature_on_its_engine(qtbot, tmp_path) -> None:
    store, manager = make_manager(qtbot, tmp_path)
    add_and_answer(qtbot, manager, {}, accept=False)
    assert len(store.settings.engines) == 2   # added all the same
    assert store.settings.engine_roles == EngineRoleSettings(play="", analysis="Old engine", review="Old engine",
                                                             endgame="Old engine")
    close(qtbot, manager)


def test_roles_resolve_to_the_engines_offered() -> None:
    old, new = EngineSpec("Old engine", "/opt/old"), EngineSpec("New", "/opt/new")
    engines = [new, old, builtin_engine_spec()]
    assert role_engine_index(engines, "", 0) == 0 and role_engine_index(engines, "Old engine", 0) == 1
    assert role_engine_index(engines, "builtin", 0) == 2 and role_engine_index(engines, "Gone", 0) == 0
    assert roles_after_adding(EngineRoleSettings(review="Mine"), "New", frozenset(), "Old engine") == {
        "analysis": "Old engine", "endgame": "Old engine"}   # review was chosen already; play stays automatic
