"""Hostile settings files (``config.toml``, read by ``xiangqi.config``) and the settings writer: deep nesting,
big files, values of the wrong type, bytes that are not UTF-8, odd text written through ``save_user_setting``.

Every case is registered (the FIFO, the flood of unknown keys and the deeply nested file met by the language
switch failed before issue 30 §3 and §5 were fixed).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from hostile import hostile
from xiangqi.config import (MAX_SETTINGS_BYTES, MAX_SETTINGS_MESSAGES, EngineEntry, SettingsSaveError, SettingsStore,
                            load_settings, save_user_setting)

SHIPPED = Path(__file__).resolve().parents[2] / "config.toml"
MAX_MESSAGE = 2000   # characters of one settings message (the reliability fuzzer's bound)


def write(folder: Path, data: bytes | str) -> Path:
    user = folder / "config.toml"
    user.write_bytes(data if isinstance(data, bytes) else data.encode())
    return user


def defaults_with_messages(user: Path, count: int = 1) -> list[str]:
    """Load ``user``: at least ``count`` messages naming it, each bounded, and every setting a default."""
    settings, errors = load_settings(SHIPPED, user)
    assert len(errors) >= count and all(str(user) in error and len(error) < MAX_MESSAGE for error in errors), errors
    assert settings == load_settings(SHIPPED, None)[0], "a broken file changed the settings"
    return errors


@hostile("settings.deep_arrays", target="settings.config", bound="RecursionError caught: defaults and a message")
def deep_arrays(folder: Path, scale: int) -> None:
    content = b"a = " + b"[" * (3000 * scale)
    user = write(folder, content)
    (error,) = defaults_with_messages(user)
    assert "nested too deeply" in error or "not valid TOML" in error
    store = SettingsStore(SHIPPED, user)
    try:
        store.set("sound", "volume", 10)
    except SettingsSaveError as refused:
        assert "cannot save" in str(refused)
    else:
        raise AssertionError("a file that cannot be read was saved over")
    assert user.read_bytes() == content


@hostile("settings.deep_inline_tables", target="settings.config", bound="RecursionError caught: defaults and a message")
def deep_inline_tables(folder: Path, scale: int) -> None:
    depth = 3000 * scale
    defaults_with_messages(write(folder, "x = " + "{a = " * depth + "1" + "}" * depth + "\n"))


@hostile("settings.deep_dotted_key", target="settings.config", bound="an unknown table is one message")
def deep_dotted_key(folder: Path, scale: int) -> None:
    """tomllib's time grows with the square of a dotted key's depth (16,000 parts: 4.5 s): the bench's
    growth ratio shows it; only a size bound on the file would bound it."""
    errors = defaults_with_messages(write(folder, "a" + ".a" * (500 * scale) + " = 1\n"))
    assert len(errors) == 1 and "not a known settings table" in errors[0]


@hostile("settings.bad_types", target="settings.config", bound="every value checked: a message and the default")
def bad_types(folder: Path, scale: int) -> None:
    text = ('[sound]\nvolume = "loud"\n[game]\nlevel = 1e999\n[appearance]\nboard_theme = 7\nnotation = [1]\n'
            'engines = 7\n') + "".join(f'[sound.x{i}]\nv = {{a = [1, "b", 1979-05-27]}}\n' for i in range(scale))
    errors = defaults_with_messages(write(folder, text), 5)
    assert any("volume" in error and "must be" in error for error in errors)
    assert any("level = inf" in error for error in errors)


@hostile("settings.bad_engine_entries", target="settings.config", bound="a bad engine entry is left out, named")
def bad_engine_entries(folder: Path, scale: int) -> None:
    entries = '[[engines]]\nname = "x"\ncommand = 7\n[[engines]]\nname = ["y"]\ncommand = "z"\n[[engines]]\n'
    user = write(folder, entries * scale)
    settings, errors = load_settings(SHIPPED, user)
    assert settings.engines == () and len(errors) == 3 * scale
    assert "command = 7 must be text" in errors[0]


@hostile("settings.not_utf8", target="settings.config", bound="not UTF-8: defaults, a message, never saved over")
def not_utf8(folder: Path, scale: int) -> None:
    content = b"[sound]\nvolume = 20\n# caf\xe9 \xff\n" * scale
    user = write(folder, content)
    (error,) = defaults_with_messages(user)
    assert "not UTF-8" in error
    try:
        save_user_setting(user, "sound", "volume", 5)
    except SettingsSaveError as refused:
        assert "not UTF-8" in str(refused)
    else:
        raise AssertionError("a file that is not UTF-8 was saved over")
    assert user.read_bytes() == content


@hostile("settings.folder_in_place", target="settings.config", bound="a folder is reported, never replaced")
def folder_in_place(folder: Path, scale: int) -> None:
    user = folder / "config.toml"
    user.mkdir()
    store = SettingsStore(SHIPPED, user)
    assert len(store.errors) == 1 and str(user) in store.errors[0]


@hostile("settings.huge_comment_file", target="settings.config", bound="linear in the file (tomllib)")
def huge_comment_file(folder: Path, scale: int) -> None:
    """200 KB x scale of comments around one setting: read, and one edit keeps every comment."""
    comments = "# " + "x" * 98 + "\n"
    text = comments * (1000 * scale) + "[sound]\nvolume = 20\n" + comments * (1000 * scale)
    user = write(folder, text)
    settings, errors = load_settings(SHIPPED, user)
    assert errors == [] and settings.sound.volume == 20
    save_user_setting(user, "sound", "volume", 30)
    assert user.read_text() == text.replace("volume = 20", "volume = 30")


@hostile("settings.writer_odd_text", target="settings.writer", bound="TOML escapes: any text reads back equal")
def writer_odd_text(folder: Path, scale: int) -> None:
    """Engine names written through the settings writer: quotes, backslashes, new lines, control characters,
    TOML syntax and long text come back as they were (and the file stays valid)."""
    odd = ['a "quoted" \\ name', "line\nbreak\r\n", "\x00\x01\x1b\x7f tab\t", "] = 1\n[sound]\nvolume = 0",
           "'''", '"""', "象棋 🐘 \u202e", "x" * (10_000 * scale)]
    engines = [EngineEntry(name=name, command=f"/usr/bin/{i}") for i, name in enumerate(odd * scale)]
    store = SettingsStore(SHIPPED, write(folder, "# mine\n"))
    store.set_engines(engines)
    settings, errors = load_settings(SHIPPED, folder / "config.toml")
    assert errors == [] and [engine.name for engine in settings.engines] == odd * scale
    assert settings.sound.volume == load_settings(SHIPPED, None)[0].sound.volume


@hostile("settings.fifo", target="settings.config", bound="regular files only (settings_file_problem)")
def fifo_settings_file(folder: Path, scale: int) -> None:
    """A FIFO in place of config.toml: refused by its kind, never opened (read_bytes() waited for ever)."""
    user = folder / "config.toml"
    os.mkfifo(user)
    done = threading.Event()
    def start() -> None:
        SettingsStore(SHIPPED, user)
        done.set()

    threading.Thread(target=start, daemon=True).start()
    if not done.wait(10):
        with open(user, "wb"):     # release the reader, so the process can end
            pass
        raise AssertionError("a FIFO in place of the settings file blocked the start")
    store = SettingsStore(SHIPPED, user)
    assert any(str(user) in error and "not a regular file" in error for error in store.errors), store.errors
    try:
        store.set("sound", "volume", 10)
    except SettingsSaveError as error:
        assert "not a regular file" in str(error)
    else:
        raise AssertionError("a setting was saved into a FIFO")


@hostile("settings.many_unknown_keys", target="settings.config", bound="MAX_SETTINGS_MESSAGES = 50 a file")
def many_unknown_keys(folder: Path, scale: int) -> None:
    """3,000 x scale unknown keys: at most MAX_SETTINGS_MESSAGES messages and one line counting the rest."""
    user = write(folder, "[sound]\n" + "".join(f"k{i} = 1\n" for i in range(3000 * scale)))
    _settings, errors = load_settings(SHIPPED, user)
    assert len(errors) <= MAX_SETTINGS_MESSAGES + 1, f"{len(errors)} messages"
    assert "more problems" in errors[-1] and str(user) in errors[-1]


@hostile("settings.oversized_file", target="settings.config", bound="MAX_SETTINGS_BYTES = 4 MiB")
def oversized_file(folder: Path, scale: int) -> None:
    """A sparse settings file over the limit is refused by its size before a byte is read."""
    user = folder / "config.toml"
    with open(user, "wb") as out:
        out.truncate(MAX_SETTINGS_BYTES + scale)
    (error,) = defaults_with_messages(user)
    assert "over the limit" in error


@hostile("settings.deep_file_language_switch", target="settings.config",
         bound="RecursionError read as a settings problem (config.read_toml)")
def deep_file_notation_chosen(folder: Path, scale: int) -> None:
    """issue 30 §3: the app's language switch reads the user file again with tomllib and lets the
    RecursionError of a deeply nested file through (``language_switch.notation_chosen``)."""
    from xiangqi.ui.settings.language_switch import notation_chosen

    store = SettingsStore(SHIPPED, write(folder, b"a = " + b"[" * (3000 * scale)))
    assert notation_chosen(store) is False

