"""Settings files: shipped defaults + the user's file, per-key fallback with clear messages, changes that
survive a restart, and hand-written comments that survive a save."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from xiangqi.config import (EngineEntry, Protocol, Settings, SettingsError, SettingsStore, load_settings,
                            save_user_engines, save_user_setting, set_toml_key, toml_literal)

from appearance_paths import REPO, SHIPPED

THEMES = {"appearance.board_theme": ["wood", "paper", "dark"], "appearance.piece_set": ["engraved", "flat"]}

HAND_EDITED = """\
# My settings — edited by hand.
[appearance]
# I like the dark board at night
board_theme = "dark"   # keep this
coordinates = "iccs"

# sound is quiet in the office
[sound]
volume = 20 # quiet!
"""


def test_shipped_config_loads_cleanly_and_matches_the_built_in_defaults():
    settings_, errors = load_settings(SHIPPED, None)
    assert errors == []
    assert settings_ == Settings()


def test_config_module_does_not_import_qt():
    code = "import sys, xiangqi.config; print(any(m.startswith('PySide6') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_settings_survive_a_restart(tmp_path):
    user = tmp_path / "cfg" / "config.toml"
    first = SettingsStore(SHIPPED, user, THEMES)
    seen = []
    first.subscribe(lambda *change: seen.append(change))
    first.set("appearance", "board_theme", "paper")
    first.set("sound", "volume", 35)
    first.set("game", "move_time", 1.5)
    first.set("language", "ui", "zh_TW")
    assert seen[0] == ("appearance", "board_theme", "paper") and len(seen) == 4
    again = SettingsStore(SHIPPED, user, THEMES)
    assert again.errors == []
    assert again.settings == first.settings
    assert (again.settings.appearance.board_theme, again.settings.sound.volume) == ("paper", 35)
    assert again.settings.game.move_time == 1.5 and again.settings.language.ui == "zh_TW"


def test_a_save_keeps_the_comments_of_a_hand_edited_file(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text(HAND_EDITED)
    save_user_setting(user, "appearance", "board_theme", "wood")
    save_user_setting(user, "sound", "enabled", False)
    save_user_setting(user, "game", "level", 5)
    text = user.read_text()
    old_lines, new_lines = HAND_EDITED.splitlines(), text.splitlines()
    changed = [(a, b) for a, b in zip(old_lines, new_lines, strict=False) if a != b]  # keys may be added
    assert changed == [('board_theme = "dark"   # keep this', 'board_theme = "wood"   # keep this')]
    assert "volume = 20 # quiet!\nenabled = false\n" in text           # added to its own table
    assert text.endswith('\n[game]\nlevel = 5\n')                        # new table appended
    settings_, errors = load_settings(SHIPPED, user)
    assert errors == []
    assert (settings_.appearance.board_theme, settings_.appearance.coordinates) == ("wood", "iccs")
    assert (settings_.sound.volume, settings_.sound.enabled, settings_.game.level) == (20, False, 5)


def test_invalid_values_fall_back_key_by_key(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text('[game]\nmove_time = -2\nlevel = 4\nhuman_side = "green"\n'
                    '[appearance]\nboard_theme = "marble"\npiece_set = "flat"\nshow_hints = "yes"\n'
                    '[sound]\nvolume = 150\nenabled = false\n[colours]\nx = 1\n')
    settings_, errors = load_settings(SHIPPED, user, THEMES)
    assert settings_.game.level == 4 and settings_.appearance.piece_set == "flat"     # the good keys
    assert settings_.sound.enabled is False
    assert settings_.game.move_time == 3.0 and settings_.game.human_side == "red"      # the bad ones
    assert settings_.appearance.board_theme == "wood" and settings_.appearance.show_hints is True
    assert settings_.sound.volume == 70
    text = "\n".join(errors)
    assert len(errors) == 6
    for expected in ('[game] move_time = -2', '[game] human_side = "green"', '[appearance] board_theme = "marble"',
                     'unknown board theme', '[sound] volume = 150', '[appearance] show_hints = "yes"', "[colours]"):
        assert expected in text
    assert all(str(user) in e for e in errors)
    assert "using 3.0" in text and 'using "wood"' in text


def test_a_user_file_that_is_not_toml_is_reported_and_the_defaults_kept(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text("[sound\nvolume = 5\n")
    settings_, errors = load_settings(SHIPPED, user)
    assert settings_ == Settings()
    assert len(errors) == 1 and str(user) in errors[0] and "not valid TOML" in errors[0]
    with pytest.raises(SettingsError, match="not valid TOML"):
        save_user_setting(user, "sound", "volume", 10)
    assert user.read_text() == "[sound\nvolume = 5\n"                     # left as the user wrote it


def test_an_invalid_value_is_refused_when_saving(tmp_path):
    store = SettingsStore(SHIPPED, tmp_path / "config.toml", THEMES)
    with pytest.raises(SettingsError, match="between"):
        store.set("game", "move_time", -1.0)
    with pytest.raises(SettingsError, match="unknown board theme"):
        store.set("appearance", "board_theme", "marble")
    with pytest.raises(SettingsError, match="unknown key"):
        store.set("sound", "loudness", 3)
    assert not (tmp_path / "config.toml").exists()


def test_engine_list_round_trip_and_bad_entries_reported(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text(HAND_EDITED)
    engines = [EngineEntry("Fairy", "/usr/games/fairy-stockfish", protocol=Protocol.UCCI,
                           options={"Hash": 64, "Ponder": False}),
               EngineEntry("Other \"quoted\"", "/opt/x y/engine", args=("-v",), protocol=Protocol.UCI)]
    save_user_engines(user, engines)
    assert user.read_text().startswith(HAND_EDITED)
    settings_, errors = load_settings(SHIPPED, user)
    assert errors == [] and list(settings_.engines) == engines
    save_user_engines(user, engines[1:])
    assert [e.name for e in load_settings(SHIPPED, user)[0].engines] == ['Other "quoted"']
    user.write_text('[[engines]]\nname = "no command"\n[[engines]]\nname = "ok"\ncommand = "x"\n'
                    'protocol = "xboard"\n')
    settings_, errors = load_settings(SHIPPED, user)
    assert settings_.engines == () and len(errors) == 2
    assert "command is missing" in errors[0] and "xboard" in errors[1]


@settings(max_examples=60, deadline=None)
@given(value=st.one_of(st.text(st.characters(exclude_categories=["Cs"])), st.integers(-10**6, 10**6), st.booleans(),
                       st.floats(allow_nan=False, allow_infinity=False)),
       comment=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=20))
def test_one_key_edit_round_trips_any_value_and_keeps_the_rest(value, comment):
    text = f"# top {comment}\n[t]\nother = 1 # {comment}\nkey = 0 # old\n\n[u]\nkey = 2\n"
    edited = set_toml_key(text, "t", "key", toml_literal(value))
    data = tomllib.loads(edited)
    assert data["t"]["key"] == value and data["t"]["other"] == 1 and data["u"]["key"] == 2
    assert [line for line in edited.splitlines() if not line.startswith("key = ")] == \
           [line for line in text.splitlines() if not line.startswith("key = ")]


def test_saving_the_engine_list_keeps_each_engines_comments_and_other_keys(tmp_path):
    """The engine manager rewrites [[engines]]: the table of an engine that stays is edited in place (its
    comments, a value spelt the user's way, a key this program does not know), a removed one goes."""
    user = tmp_path / "config.toml"
    user.write_text('[sound]\nvolume = 20  # quiet\n\n'
                    '[[engines]]\n# the strong one\nname = \'Pika\'   # as I call it\ncommand = "/opt/pika"\n'
                    'note = "mine"\noptions = { Hash = 64 }\n\n'
                    '[[engines]]\nname = "Gone"\ncommand = "/opt/gone"\n', encoding="utf-8")
    store = SettingsStore(SHIPPED, user)
    assert "note" in store.errors[0] and "not an engine setting" in store.errors[0]
    pika = store.settings.engines[0]
    assert pika == EngineEntry("Pika", "/opt/pika", options={"Hash": 64})
    seen = []
    store.subscribe(lambda *change: seen.append(change))
    store.set_engines([EngineEntry("New", "/opt/new", args=("-x",)),
                       replace(pika, protocol=Protocol.UCI, protocol_by_hand=True)])
    text = user.read_text(encoding="utf-8")
    assert "volume = 20  # quiet" in text and "Gone" not in text
    assert "# the strong one\nname = 'Pika'   # as I call it\n" in text and 'note = "mine"' in text
    assert 'protocol = "uci"' in text and "protocol_by_hand = true" in text
    assert text.index('name = "New"') < text.index("Pika")
    assert SettingsStore(SHIPPED, user).settings.engines == store.settings.engines
    assert seen == [("engines", "engines", store.settings.engines)]
    assert isinstance(seen[0][2][1], EngineEntry)
