"""Typed settings keys (``xiangqi.config.Keys``): one per field of the section dataclasses, each of its
field's type; a mistyped key is an error — for mypy (an attribute of ``Keys`` that does not exist) and at
run time (``apply_setting`` refuses a key that is no setting instead of ignoring it)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from xiangqi.config import SECTIONS, Keys, SettingKey, Settings, SettingsError, SettingsStore

from appearance_paths import SHIPPED

KINDS = {"str": str, "int": int, "float": float, "bool": bool}


def all_keys() -> list[SettingKey[object]]:
    return [value for name, value in vars(Keys).items() if isinstance(value, SettingKey)]


def test_one_key_per_field_of_its_type() -> None:
    expected = {(section, item.name, KINDS[str(item.type)]) for section in SECTIONS
                for item in fields(getattr(Settings(), section))}
    assert {(k.section, k.name, k.kind) for k in all_keys()} == expected
    for name, key in vars(Keys).items():
        if isinstance(key, SettingKey):
            assert name == f"{key.section}_{key.name}".upper()


def test_get_gives_the_value_of_its_type_and_set_key_saves_it(tmp_path) -> None:
    store = SettingsStore(SHIPPED, tmp_path / "config.toml")
    assert store.settings.get(Keys.SOUND_ENABLED) is True and store.settings.get(Keys.GAME_LEVEL) == 3
    store.set_key(Keys.GAME_LEVEL, 5)
    store.set_key(Keys.ENGINE_ROLES_ANALYSIS, "Fairy-Stockfish")
    again = SettingsStore(SHIPPED, tmp_path / "config.toml").settings
    assert again.get(Keys.GAME_LEVEL) == 5 and again.get(Keys.ENGINE_ROLES_ANALYSIS) == "Fairy-Stockfish"
    with pytest.raises(SettingsError, match="between 1 and 5"):
        store.set_key(Keys.GAME_LEVEL, 9)


def test_apply_setting_refuses_a_mistyped_key(qtbot) -> None:
    from xiangqi.ui.settings.settings_dialog import apply_setting

    class Window:   # apply_setting reads the board first; a refused key never gets that far
        board = None

    with pytest.raises(SettingsError, match="show_hint"):
        apply_setting(Window(), None, "appearance", "show_hint", True)   # type: ignore[arg-type]
    with pytest.raises(SettingsError):
        apply_setting(Window(), None, "apperance", "show_hints", True)   # type: ignore[arg-type]
