"""Settings: the shipped ``config.toml`` (defaults) overlaid by the user's own file. No Qt here.

Reading uses ``tomllib``. Every key is checked on its own: a bad value produces a message naming the
file, the key and the value, and that key alone falls back (user file -> shipped file -> built-in
default); everything else still loads. A file that is not valid TOML is reported and skipped whole.

Writing uses ``tomlkit``, which keeps the comments and layout of a file people edit by hand: only the
value of the changed key is replaced (its trailing comment kept), or the key is added to its table, or
the table is appended; dotted keys and inline tables are edited where they are. The result is parsed
again before it replaces the file (atomically, see ``xiangqi.atomic``); if the file cannot be read, is
not valid TOML, does not read back as intended or cannot be written, nothing is written and
SettingsSaveError says why. The engine list (``[[engines]]``) is rewritten whole, since entries are
added and removed whole. A BOM and CRLF line ends are read normally and kept when writing.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from collections.abc import Callable, Collection, Mapping, MutableMapping, Sequence
from typing import Any

import tomlkit
from tomlkit import TOMLDocument
from tomlkit.exceptions import TOMLKitError

from xiangqi.atomic import atomic_write

SECTIONS = ("game", "appearance", "sound", "language", "book")
USER_FILE_HEADER = (
    "# Your own xiangqi settings: only what you changed; the defaults are in the program's config.toml.\n"
    "# You may edit this file by hand: the program rewrites only the line of a key it changes.\n"
)


class SettingsError(ValueError):
    """A settings value or file cannot be used; the message names the file, key and value."""


# ------------------------------------------------------------------------------------- value checks
Check = Callable[[Any], Any]


def choice(*options: str) -> dict[str, Check]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise SettingsError(f"must be one of {', '.join(repr(o) for o in options)}")
        return value
    return {"check": check}


def number(low: float, high: float, kind: type = float) -> dict[str, Check]:
    def check(value: Any) -> float | int:
        if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int):
            raise SettingsError("must be a whole number" if kind is int else "must be a number")
        if not (low <= value <= high) or (isinstance(value, float) and math.isnan(value)):
            raise SettingsError(f"must be between {low} and {high}")
        return int(value) if kind is int else float(value)
    return {"check": check}


def flag() -> dict[str, Check]:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingsError("must be true or false")
        return value
    return {"check": check}


def identifier() -> dict[str, Check]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", value):
            raise SettingsError("must be a theme folder name (letters, digits, _ . -)")
        return value
    return {"check": check}


def person_name(limit: int = 40) -> dict[str, Check]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value) > limit or any(c < " " for c in value):
            raise SettingsError(f"must be a name on one line of at most {limit} characters, or \"\" for none")
        return value.strip()
    return {"check": check}


def file_path() -> dict[str, Check]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or any(c in value for c in "\n\r\x00"):
            raise SettingsError("must be a file path (text on one line), or \"\" for none")
        return value
    return {"check": check}


# ------------------------------------------------------------------------------------- the settings
@dataclass(frozen=True)
class GameSettings:
    human_side: str = field(default="red", metadata=choice("red", "black"))
    level: int = field(default=3, metadata=number(1, 5, int))
    time_control: str = field(default="move", metadata=choice("none", "move", "clock"))
    move_time: float = field(default=3.0, metadata=number(0.1, 3600))
    clock_minutes: float = field(default=10.0, metadata=number(0.5, 1440))
    clock_increment: float = field(default=5.0, metadata=number(0, 600))
    clock_moves: int = field(default=0, metadata=number(0, 500, int))
    natural_limit_plies: int = field(default=120, metadata=number(10, 1000, int))
    ponder: bool = field(default=False, metadata=flag())   # the engine thinks on the player's time
    player_name: str = field(default="", metadata=person_name())   # the player's name in the games' headers


@dataclass(frozen=True)
class AppearanceSettings:
    board_theme: str = field(default="wood", metadata=identifier())
    piece_set: str = field(default="engraved", metadata=identifier())
    coordinates: str = field(default="traditional", metadata=choice("traditional", "iccs", "none"))
    notation: str = field(default="chinese", metadata=choice("chinese", "wxf", "iccs"))
    show_hints: bool = field(default=True, metadata=flag())
    show_last_move: bool = field(default=True, metadata=flag())
    show_best_move_arrow: bool = field(default=True, metadata=flag())
    analysis_arrows: bool = field(default=True, metadata=flag())   # the analysis lines as graded arrows
    animate_moves: bool = field(default=True, metadata=flag())
    text_size: int = field(default=100, metadata=number(100, 200, int))   # % of the system's font size
    high_contrast: bool = field(default=False, metadata=flag())   # white on black window colours
    opponent_thinking: bool = field(default=False, metadata=flag())   # the opponent engine's score and lines


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = field(default=True, metadata=flag())
    volume: int = field(default=70, metadata=number(0, 100, int))


@dataclass(frozen=True)
class LanguageSettings:
    ui: str = field(default="system", metadata=choice("system", "zh_CN", "zh_TW", "en"))


@dataclass(frozen=True)
class BookSettings:
    file: str = field(default="", metadata=file_path())   # the opening book shown in the explorer
    engine_plies: int = field(default=0, metadata=number(0, 60, int))   # engines play book moves this long


@dataclass(frozen=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    appearance: AppearanceSettings = field(default_factory=AppearanceSettings)
    sound: SoundSettings = field(default_factory=SoundSettings)
    language: LanguageSettings = field(default_factory=LanguageSettings)
    book: BookSettings = field(default_factory=BookSettings)
    engines: tuple[Mapping[str, Any], ...] = ()

    def value(self, section: str, key: str) -> Any:
        return getattr(getattr(self, section), key)

    def with_value(self, section: str, key: str, value: Any) -> Settings:
        return replace(self, **{section: replace(getattr(self, section), **{key: value})})


def section_fields(section: str) -> dict[str, Any]:
    if section not in SECTIONS:
        raise SettingsError(f"unknown settings section [{section}]")
    return {f.name: f for f in fields(getattr(Settings(), section))}


def check_value(section: str, key: str, value: Any,
                choices: Mapping[str, Collection[str]] | None = None) -> Any:
    """The value converted to its type, or SettingsError saying what is wrong with it."""
    spec = section_fields(section).get(key)
    if spec is None:
        raise SettingsError(f"unknown key [{section}] {key}")
    value = spec.metadata["check"](value)
    allowed = (choices or {}).get(f"{section}.{key}")
    if allowed is not None and value not in allowed:
        raise SettingsError(f"unknown {key.replace('_', ' ')} (choose from {', '.join(sorted(allowed))})")
    return value


# ------------------------------------------------------------------------------------- reading
def load_settings(shipped: Path, user: Path | None,
                  choices: Mapping[str, Collection[str]] | None = None) -> tuple[Settings, list[str]]:
    """Defaults from ``shipped``, overridden by ``user`` (may be missing), checked key by key.

    ``choices`` adds allowed values found at run time, e.g. ``{"appearance.board_theme": {"wood", …}}``.
    Returns the settings and one message per problem (file, key, value, what was used instead).
    """
    values = {s: {f: getattr(getattr(Settings(), s), f) for f in section_fields(s)} for s in SECTIONS}
    errors: list[str] = []
    engines: Sequence[Mapping[str, Any]] = []
    files: list[tuple[Path, bool]] = [(Path(shipped), True)] + ([(Path(user), False)] if user else [])
    for file, required in files:
        data = read_toml(file, errors, required)
        if data is None:
            continue
        overlay(file, data, values, choices, errors)
        if "engines" in data:
            engines = engine_entries(file, data["engines"], errors)
    sections = {s: type(getattr(Settings(), s))(**values[s]) for s in SECTIONS}
    return Settings(**sections, engines=tuple(engines)), errors


def read_toml(file: Path, errors: list[str], required: bool) -> dict[str, Any] | None:
    """The file's tables, or None with a message; a BOM and CRLF line ends are read as usual."""
    try:
        text = file.read_bytes().decode("utf-8-sig")
        return tomllib.loads(text)
    except FileNotFoundError:
        if required:
            errors.append(f"{file}: settings file not found; using built-in defaults")
    except OSError as error:
        errors.append(f"{file}: cannot read settings ({error.strerror or error}); using defaults for all of it")
    except UnicodeDecodeError as error:
        errors.append(f"{file}: cannot read settings (not UTF-8 text at byte {error.start}); "
                      "using defaults for all of it")
    except tomllib.TOMLDecodeError as error:
        errors.append(f"{file}: not valid TOML ({str(error)[:120]}); using defaults for everything in it")
    except RecursionError:
        errors.append(f"{file}: not valid TOML (nested too deeply); using defaults for everything in it")
    return None


def overlay(file: Path, data: dict[str, Any], values: dict[str, dict[str, Any]],
            choices: Mapping[str, Collection[str]] | None, errors: list[str]) -> None:
    for section, table in data.items():
        if section == "engines":
            continue
        if section not in SECTIONS or not isinstance(table, dict):
            errors.append(f"{file}: [{section}] is not a known settings table; ignored")
            continue
        for key, raw in table.items():
            try:
                values[section][key] = check_value(section, key, raw, choices)
            except SettingsError as error:
                fallback = values[section].get(key)
                used = f"; using {toml_literal(fallback)}" if fallback is not None else "; ignored"
                errors.append(f"{file}: [{section}] {key} = {toml_literal_or_repr(raw)}: {error}{used}")


ENGINE_KEYS = {"name": str, "command": str, "args": list, "protocol": str, "options": dict, "workdir": str}


def engine_entries(file: Path, raw: Any, errors: list[str]) -> list[dict[str, Any]]:
    """The ``[[engines]]`` entries that are usable; each bad one is reported and left out."""
    if not isinstance(raw, list):
        errors.append(f"{file}: engines must be a list of [[engines]] tables; ignored")
        return []
    good = []
    for index, entry in enumerate(raw, start=1):
        problem = engine_problem(entry)
        if problem:
            errors.append(f"{file}: [[engines]] #{index}: {problem}; engine left out")
        else:
            good.append(dict(entry))
    return good


def engine_problem(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return "must be a table"
    for key in ("name", "command"):
        if key not in entry or entry[key] == "":
            return f"{key} is missing"
        if not isinstance(entry[key], str):
            return f"{key} = {toml_literal_or_repr(entry[key])[:80]} must be text"
        if not entry[key].strip():
            return f"{key} is missing"
    for key, kind in ENGINE_KEYS.items():
        if key in entry and not isinstance(entry[key], kind):
            return f"{key} = {toml_literal_or_repr(entry[key])} must be a {kind.__name__}"
    if entry.get("protocol", "auto") not in ("auto", "ucci", "uci"):
        return f"protocol = {entry['protocol']!r} must be \"auto\", \"ucci\" or \"uci\""
    return None


# ------------------------------------------------------------------------------------- writing
def toml_literal(value: Any) -> str:
    """One TOML value (strict writer: anything else is an error)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SettingsError(f"cannot write {value!r} to TOML")
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(map(_escape, value)) + '"'

    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_literal(v)}" for k, v in value.items()) + " }" \
            if value else "{}"
    raise SettingsError(f"cannot write {value!r} ({type(value).__name__}) to TOML")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _escape(char: str) -> str:
    """One character of a TOML basic string: readable UTF-8, invisible characters as \\u escapes."""
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char.isprintable():
        return char
    code = ord(char)
    return f"\\u{code:04X}" if code < 0x10000 else f"\\U{code:08X}"


def toml_literal_or_repr(value: Any) -> str:
    try:
        return toml_literal(value)
    except SettingsError:
        return repr(value)


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_literal(key)


def _toml_item(value: Any) -> Any:
    """A tomlkit item for one settings value; tables (engine options) are written inline."""
    if isinstance(value, Mapping):
        table = tomlkit.inline_table()
        table.update({str(k): _toml_item(v) for k, v in value.items()})
        return table
    if isinstance(value, (list, tuple)):
        return [_toml_item(v) for v in value]
    toml_literal(value)  # the strict checks (e.g. no NaN), with our message
    return tomlkit.item(value)


def _set_in_document(doc: TOMLDocument, section: str, key: str, value: Any) -> None:
    """``doc[section][key] = value``: an existing key keeps its place and trailing comment."""
    table = doc.get(section)
    if table is None:
        table = tomlkit.table()
        table[key] = value
        doc[section] = table
    elif isinstance(table, MutableMapping):
        table[key] = value
    else:
        raise SettingsError(f"{section} is not a table")


def set_toml_key(text: str, section: str, key: str, literal: str) -> str:
    """``text`` with ``key = literal`` set in ``[section]``; every other line stays as it was."""
    doc = tomlkit.parse(text)
    _set_in_document(doc, section, key, tomlkit.parse(f"v = {literal}")["v"])
    return doc.as_string()


def _replace_engines(doc: TOMLDocument, engines: Sequence[Mapping[str, Any]]) -> None:
    if "engines" in doc:
        del doc["engines"]
    if not engines:
        return
    tables = tomlkit.aot()
    for entry in engines:
        table = tomlkit.table()
        for name, value in entry.items():
            table[str(name)] = _toml_item(value)
        tables.append(table)
    doc["engines"] = tables


def save_user_setting(user: Path, section: str, key: str, value: Any) -> None:
    """Write one changed key into the user's file, keeping every other line (and its comments)."""
    value = check_value(section, key, value)
    _edit_user_file(Path(user), lambda doc: _set_in_document(doc, section, key, _toml_item(value)),
                    lambda data: data.get(section, {}).get(key) == value, f"[{section}] {key}")


def save_user_engines(user: Path, engines: list[Mapping[str, Any]]) -> None:
    """Replace the user's ``[[engines]]`` list (comments inside those tables are not kept)."""
    entries = [dict(e) for e in engines]
    for index, entry in enumerate(entries, start=1):
        problem = engine_problem(entry)
        if problem:
            raise SettingsError(f"engine #{index} ({entry.get('name', '?')}): {problem}")
    _edit_user_file(Path(user), lambda doc: _replace_engines(doc, entries),
                    lambda data: data.get("engines", []) == entries, "[[engines]]")


class SettingsSaveError(SettingsError):
    """The user's settings file could not be read back or written; it was left as it was."""


@dataclass(frozen=True)
class _UserText:
    """The user's file as text for tomlkit, with what to restore when writing it back."""

    text: str
    bom: bool = False
    crlf: bool = False

    def encode(self, text: str) -> bytes:
        if self.crlf:
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        return (b"\xef\xbb\xbf" if self.bom else b"") + text.encode("utf-8")


def _read_user_text(user: Path, what: str) -> _UserText:
    try:
        data = user.read_bytes()
    except FileNotFoundError:
        return _UserText(USER_FILE_HEADER)
    except OSError as error:
        raise SettingsSaveError(f"{user}: cannot save {what}: the file cannot be read "
                                f"({error.strerror or error}); it was not changed") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SettingsSaveError(f"{user}: cannot save {what}: the file is not UTF-8 text "
                                f"(byte {error.start}); fix or delete it; it was not changed") from error
    return _UserText(text, data.startswith(b"\xef\xbb\xbf"), "\r\n" in text)


def _parse_user_text(user: Path, text: str, what: str) -> TOMLDocument:
    try:
        return tomlkit.parse(text)
    except (TOMLKitError, RecursionError) as error:
        reason = "it is nested too deeply" if isinstance(error, RecursionError) else str(error)[:120]
        raise SettingsSaveError(f"{user}: cannot save {what}: the file is not valid TOML ({reason}); "
                                "fix or delete it") from None


def _edit_user_file(user: Path, edit: Callable[[TOMLDocument], None], verify: Callable[[dict[str, Any]], bool],
                    what: str) -> None:
    """Read the user's file, apply ``edit`` to it with tomlkit (comments and layout kept), check that
    it reads back as intended, and write it atomically; any failure leaves the file as it was."""
    original = _read_user_text(user, what)
    doc = _parse_user_text(user, original.text, what)
    try:
        tomllib.loads(original.text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise SettingsSaveError(f"{user}: cannot save {what}: the file is not valid TOML "
                                f"({str(error)[:120]}); fix or delete it") from None
    edit(doc)
    new_text = doc.as_string()
    try:
        ok = verify(tomllib.loads(new_text))
    except tomllib.TOMLDecodeError:
        ok = False
    if not ok:
        raise SettingsSaveError(f"{user}: cannot save {what}: the file defines it in a way this program "
                                "does not edit; change it by hand")
    try:
        atomic_write(user, original.encode(new_text))
    except OSError as error:
        raise SettingsSaveError(f"{user}: cannot save {what}: {error.strerror or error}; "
                                "the file was not changed") from error


# ------------------------------------------------------------------------------------- store
class SettingsStore:
    """The current settings, saved to the user's file on every change, with change listeners.

    Listeners are called as ``listener(section, key, value)``; for the engine list the key is
    ``"engines"`` and the section ``"engines"``.
    """

    def __init__(self, shipped: Path, user: Path | None,
                 choices: Mapping[str, Collection[str]] | None = None) -> None:
        self.shipped, self.user, self.choices = Path(shipped), Path(user) if user else None, choices
        self.settings, self.errors = load_settings(self.shipped, self.user, choices)
        self._listeners: list[Callable[[str, str, Any], None]] = []

    def subscribe(self, listener: Callable[[str, str, Any], None]) -> None:
        self._listeners.append(listener)

    def set(self, section: str, key: str, value: Any) -> None:
        """Check, apply and announce one change, then save it (if there is a user file).

        A bad value raises SettingsError and changes nothing. A value that cannot be saved (e.g. the
        user's file is not valid TOML) still applies for this run; SettingsError then says why it was
        not saved."""
        value = check_value(section, key, value, self.choices)
        if self.settings.value(section, key) == value:
            return
        self.settings = self.settings.with_value(section, key, value)
        self._notify(section, key, value)
        if self.user is not None:
            save_user_setting(self.user, section, key, value)   # SettingsSaveError: applied, not saved

    def set_engines(self, engines: list[Mapping[str, Any]]) -> None:
        """Replace the engine list; saved first, so a list that cannot be saved is not applied."""
        if self.user is not None:
            save_user_engines(self.user, engines)
        self.settings = replace(self.settings, engines=tuple(dict(e) for e in engines))
        self._notify("engines", "engines", self.settings.engines)

    def _notify(self, section: str, key: str, value: Any) -> None:
        for listener in list(self._listeners):
            listener(section, key, value)
