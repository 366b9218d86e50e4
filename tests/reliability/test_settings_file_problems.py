"""Issue 16 items 2, 5 and 10 for the settings file: a file that cannot be read or written is reported,
never dropped or clobbered; a BOM, CRLF, dotted keys and deep nesting are handled."""

from __future__ import annotations

import os

import pytest

from xiangqi.config import SettingsError, SettingsSaveError, SettingsStore, load_settings, save_user_setting

from reliability_paths import SHIPPED


def test_a_settings_file_with_a_bom_and_crlf_is_read_and_written_normally(tmp_path):
    user = tmp_path / "config.toml"
    user.write_bytes(b'\xef\xbb\xbf# mine\r\n[sound]\r\nvolume = 20\r\n')
    settings, errors = load_settings(SHIPPED, user)
    assert errors == [] and settings.sound.volume == 20
    save_user_setting(user, "game", "level", 5)
    data = user.read_bytes()
    assert data.startswith(b'\xef\xbb\xbf# mine\r\n[sound]\r\nvolume = 20\r\n')
    assert b"\n" not in data.replace(b"\r\n", b"")                       # every line end stays CRLF
    settings, errors = load_settings(SHIPPED, user)
    assert errors == [] and (settings.sound.volume, settings.game.level) == (20, 5)


def test_dotted_keys_are_read_and_edited_in_place(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text('# dotted\nsound.volume = 20\nappearance.board_theme = "dark"\n')
    settings, errors = load_settings(SHIPPED, user)
    assert errors == [] and settings.sound.volume == 20
    save_user_setting(user, "sound", "volume", 30)
    text = user.read_text()
    assert text == '# dotted\nsound.volume = 30\nappearance.board_theme = "dark"\n'


@pytest.mark.parametrize("content", [b"[sound]\nvolume = 20\n# caf\xe9 \xff\n", b"a = " + b"[" * 3000])
def test_an_unreadable_file_is_reported_at_start_and_never_overwritten(tmp_path, content):
    user = tmp_path / "config.toml"
    user.write_bytes(content)
    store = SettingsStore(SHIPPED, user)                                   # no RecursionError, no crash
    assert len(store.errors) == 1 and str(user) in store.errors[0]
    with pytest.raises(SettingsSaveError, match="cannot save"):
        store.set("sound", "volume", 10)
    assert store.settings.sound.volume == 10                               # applied for this run
    assert user.read_bytes() == content                                    # the user's keys kept


def test_a_directory_in_place_of_the_settings_file_is_reported(tmp_path):
    user = tmp_path / "config.toml"
    user.mkdir()
    store = SettingsStore(SHIPPED, user)
    assert len(store.errors) == 1
    with pytest.raises(SettingsSaveError, match="cannot save"):
        store.set("sound", "volume", 10)


def test_a_failed_write_is_a_settings_error_and_the_file_is_kept(tmp_path, monkeypatch):
    user = tmp_path / "config.toml"
    user.write_text("[sound]\nvolume = 20\n")

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SettingsSaveError, match="No space left"):
        save_user_setting(user, "game", "level", 2)
    assert user.read_text() == "[sound]\nvolume = 20\n"
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]         # no temporary file left


def test_a_read_only_settings_file_is_refused(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text("[sound]\nvolume = 20\n")
    user.chmod(0o444)
    with pytest.raises(SettingsError, match="read-only"):
        save_user_setting(user, "sound", "volume", 5)
    assert user.read_text() == "[sound]\nvolume = 20\n"


def test_a_non_text_engine_command_says_it_must_be_text(tmp_path):
    user = tmp_path / "config.toml"
    user.write_text('[[engines]]\nname = "x"\ncommand = 7\n[[engines]]\nname = "y"\n')
    _settings, errors = load_settings(SHIPPED, user)
    assert "command = 7 must be text" in errors[0]
    assert "command is missing" in errors[1]


def test_engine_entries_with_arguments_or_options_of_the_wrong_kind_are_named_and_left_out(tmp_path):
    """What the engine layer cannot take (an argument that is a number, an option that is a float or a table)
    is refused when the file is read, naming the key and value, not met later when the engine starts."""
    user = tmp_path / "config.toml"
    user.write_text('[[engines]]\nname = "a"\ncommand = "/opt/a"\nargs = ["-x", 2]\n'
                    '[[engines]]\nname = "b"\ncommand = "/opt/b"\noptions = { Hash = 1.5 }\n'
                    '[[engines]]\nname = "c"\ncommand = "/opt/c"\noptions = { Book = { file = "x" } }\n'
                    '[[engines]]\nname = "d"\ncommand = "/opt/d"\nworkdri = "/tmp"\n')
    settings, errors = load_settings(SHIPPED, user)
    assert [e.name for e in settings.engines] == ["d"]
    assert 'args = ["-x", 2] must be a list of text; engine left out' in errors[0]
    assert "options.Hash = 1.5 must be text, a whole number or true/false; engine left out" in errors[1]
    assert "options.Book = { file = \"x\" } must be" in errors[2]
    assert '#4: workdri = "/tmp": not an engine setting' in errors[3] and errors[3].endswith("; ignored")
