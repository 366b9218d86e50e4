"""Engine › Manage engines…: the protocol chosen by hand, and the warning when it is one the engine's family
is measured to speak badly (Fairy-Stockfish's UCCI). No engine is started: the manager is not shown."""

from __future__ import annotations

from xiangqi.config import EngineEntry, SettingsStore
from xiangqi.engine.registry import Protocol
from xiangqi.ui.engines.engine_manager import EngineManager

from appearance_paths import SHIPPED

FAIRY_ENTRY = EngineEntry("Fairy-Stockfish", "/usr/games/fairy-stockfish")


def choose(manager: EngineManager, protocol: Protocol) -> None:
    index = manager.protocol.findData(protocol)
    manager.protocol.setCurrentIndex(index)
    manager.protocol.activated.emit(index)   # what a click on the list's item sends


def test_choosing_ucci_for_fairy_stockfish_says_why_it_is_not_advised(qtbot, tmp_path) -> None:
    user = tmp_path / "config.toml"
    store = SettingsStore(SHIPPED, user)
    store.set_engines([FAIRY_ENTRY])
    manager = EngineManager(store, found=[])
    qtbot.addWidget(manager)
    assert manager.protocol.currentData() is Protocol.AUTO and manager.protocol_warning.isHidden()

    choose(manager, Protocol.UCCI)
    warning = manager.protocol_warning
    assert not warning.isHidden() and "Not advised" in warning.text()
    assert "Fairy-Stockfish" in warning.text() and "UCCI" in warning.text() and "UCI" in warning.text()
    saved = SettingsStore(SHIPPED, user).settings.engines[0]
    assert saved.protocol is Protocol.UCCI and saved.protocol_by_hand   # kept: chosen by hand
    assert "protocol_by_hand = true" in user.read_text()

    choose(manager, Protocol.UCI)
    assert warning.isHidden()
    saved = SettingsStore(SHIPPED, user).settings.engines[0]
    assert saved.protocol is Protocol.UCI and saved.protocol_by_hand
    choose(manager, Protocol.AUTO)
    saved = SettingsStore(SHIPPED, user).settings.engines[0]
    assert saved.protocol is Protocol.AUTO and not saved.protocol_by_hand
    assert "protocol_by_hand" not in user.read_text()


def test_another_engine_in_ucci_gets_no_warning(qtbot, tmp_path) -> None:
    store = SettingsStore(SHIPPED, tmp_path / "config.toml")
    store.set_engines([EngineEntry("ElephantEye", "/opt/eleeye/eleeye")])
    manager = EngineManager(store, found=[])
    qtbot.addWidget(manager)
    choose(manager, Protocol.UCCI)
    assert manager.protocol_warning.isHidden()
    assert store.settings.engines[0].protocol is Protocol.UCCI


def test_a_found_engine_given_a_protocol_becomes_configured_and_stays_selected(qtbot, tmp_path) -> None:
    from xiangqi.engine.registry import EngineSpec

    store = SettingsStore(SHIPPED, tmp_path / "config.toml")
    store.set_engines([EngineEntry("Mine", "/opt/mine/engine")])
    found = [EngineSpec("ElephantEye", "/opt/eleeye/eleeye", family="elephanteye"),
             EngineSpec("Fairy-Stockfish", "/usr/games/fairy-stockfish", family="fairy-stockfish")]
    manager = EngineManager(store, found=found)
    qtbot.addWidget(manager)
    manager.list.setCurrentRow(2)   # "Fairy-Stockfish (found automatically)", after ElephantEye
    choose(manager, Protocol.UCCI)
    assert [e.name for e in store.settings.engines] == ["Mine", "Fairy-Stockfish"]
    assert manager.current_entry()[0].name == "Fairy-Stockfish" and not manager.protocol_warning.isHidden()
