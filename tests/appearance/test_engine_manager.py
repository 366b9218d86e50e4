"""The engine manager against the real Fairy-Stockfish: add it by its file (dialect detected), a form
built from its own option lines, a changed option saved and read back, removal; a non-engine refused."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPushButton, QSpinBox

from xiangqi.config import Protocol, SettingsStore
from xiangqi.engine.messages import OptionKind
from xiangqi.ui.engines.engine_manager import MANAGED_OPTIONS, EngineManager

from appearance_paths import SHIPPED

FAIRY = Path("/usr/games/fairy-stockfish")
pytestmark = [pytest.mark.fairy, pytest.mark.skipif(not FAIRY.exists(), reason="needs fairy-stockfish")]
EDITOR = {OptionKind.CHECK: QCheckBox, OptionKind.SPIN: QSpinBox, OptionKind.COMBO: QComboBox,
          OptionKind.STRING: QLineEdit, OptionKind.BUTTON: QPushButton}


def engine_option_lines(hello: str) -> list[str]:
    out = subprocess.run([str(FAIRY)], input=f"{hello}\nquit\n", capture_output=True, text=True, timeout=30)
    return [line for line in out.stdout.splitlines() if line.startswith("option ")]


def close(qtbot, manager: EngineManager) -> None:
    probe = manager.probe
    manager.shutdown()
    if probe is not None:
        qtbot.waitUntil(lambda: probe.client.state.value == "dead", timeout=10_000)


def test_add_fairy_stockfish_build_its_form_and_save_a_change(qtbot, tmp_path):
    user = tmp_path / "config.toml"
    store = SettingsStore(SHIPPED, user)
    manager = EngineManager(store, found=[])
    qtbot.addWidget(manager)
    manager.add_engine_file(str(FAIRY))
    qtbot.waitUntil(lambda: manager.form is not None, timeout=20_000)
    entry = store.settings.engines[0]
    # a known family is saved as "auto": it speaks the dialect families.toml gives it (UCI)
    assert entry.command == str(FAIRY) and entry.protocol is Protocol.AUTO
    assert "Protocol: UCI" in manager.details.text() and manager.protocol_warning.isHidden()

    form = manager.form
    lines = engine_option_lines("uci")
    assert len(form.options) == len(lines) > 10
    for option, line in zip(form.options, lines, strict=True):
        editor = form.editors[option.name]
        assert isinstance(editor, EDITOR[option.kind]), line
        assert editor.isEnabled() == (option.name.lower() not in MANAGED_OPTIONS)
        if option.kind is OptionKind.SPIN:
            low, high = (int(v) for v in re.search(r"min (-?\d+) max (-?\d+)", line).groups())
            assert (editor.minimum(), editor.maximum(), editor.value()) == (low, high, option.default)
        if option.kind is OptionKind.COMBO:
            assert [editor.itemText(i) for i in range(editor.count())] == list(option.vars)
    hash_option = next(o for o in form.options if o.name.lower() == "hash")
    assert form.values() == {}                                   # nothing changed yet

    form.editors[hash_option.name].setValue(64)
    manager.save_options()
    assert SettingsStore(SHIPPED, user).settings.engines[0].options == {hash_option.name: 64}
    assert "Hash = 64" in user.read_text()
    close(qtbot, manager)

    again = EngineManager(SettingsStore(SHIPPED, user), found=[])     # reopened: the form shows 64
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(lambda: again.form is not None, timeout=20_000)
    assert again.form.editors[hash_option.name].value() == 64
    again.remove_current()
    assert SettingsStore(SHIPPED, user).settings.engines == ()
    close(qtbot, again)


def test_a_program_that_is_not_an_engine_is_not_added(qtbot, tmp_path):
    store = SettingsStore(SHIPPED, tmp_path / "config.toml")
    manager = EngineManager(store, found=[])
    qtbot.addWidget(manager)
    manager.add_engine_file("/bin/true")
    qtbot.waitUntil(lambda: "could not be started" in manager.status.text(), timeout=30_000)
    assert store.settings.engines == ()
    assert not (tmp_path / "config.toml").exists()
