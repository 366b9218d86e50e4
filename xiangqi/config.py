"""Settings: the shipped ``config.toml`` (defaults) overlaid by the user's own file. No Qt here.

Reading uses ``tomllib``. Every key is checked on its own: a bad value produces a message naming the
file, the key and the value, and that key alone falls back (user file -> shipped file -> built-in
default); everything else still loads. A file that is not valid TOML is reported and skipped whole.

Writing: tomllib has no writer, and a TOML writer would re-emit the whole file and drop the comments of
a file people edit by hand. So a change is written by editing text: only the line ``key = value`` of the
changed key is replaced (its trailing comment kept), or inserted at the end of its table, or the table
is appended. The result is parsed again before it replaces the file (atomically); if it does not read
back as intended, nothing is written and SettingsError says why. The engine list (``[[engines]]``) is
rewritten as a block, since entries are added and removed whole.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Collection, Mapping

from xiangqi.atomic import atomic_write

SECTIONS = ("game", "appearance", "sound", "language")
USER_FILE_HEADER = (
    "# Your own xiangqi settings: only what you changed; the defaults are in the program's config.toml.\n"
    "# You may edit this file by hand: the program rewrites only the line of a key it changes.\n"
)


class SettingsError(ValueError):
    """A settings value or file cannot be used; the message names the file, key and value."""


# ------------------------------------------------------------------------------------- value checks
Check = Callable[[Any], Any]


def choice(*options: str) -> dict:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise SettingsError(f"must be one of {', '.join(repr(o) for o in options)}")
        return value
    return {"check": check}


def number(low: float, high: float, kind: type = float) -> dict:
    def check(value: Any) -> float | int:
        if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int):
            raise SettingsError("must be a whole number" if kind is int else "must be a number")
        if not (low <= value <= high) or (isinstance(value, float) and math.isnan(value)):
            raise SettingsError(f"must be between {low} and {high}")
        return kind(value)
    return {"check": check}


def flag() -> dict:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingsError("must be true or false")
        return value
    return {"check": check}


def identifier() -> dict:
    def check(value: Any) -> str:
        if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", value):
            raise SettingsError("must be a theme folder name (letters, digits, _ . -)")
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


@dataclass(frozen=True)
class AppearanceSettings:
    board_theme: str = field(default="wood", metadata=identifier())
    piece_set: str = field(default="engraved", metadata=identifier())
    coordinates: str = field(default="traditional", metadata=choice("traditional", "iccs", "none"))
    notation: str = field(default="chinese", metadata=choice("chinese", "wxf", "iccs"))
    show_hints: bool = field(default=True, metadata=flag())
    show_last_move: bool = field(default=True, metadata=flag())
    show_best_move_arrow: bool = field(default=True, metadata=flag())
    animate_moves: bool = field(default=True, metadata=flag())


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = field(default=True, metadata=flag())
    volume: int = field(default=70, metadata=number(0, 100, int))


@dataclass(frozen=True)
class LanguageSettings:
    ui: str = field(default="system", metadata=choice("system", "zh_CN", "zh_TW", "en"))


@dataclass(frozen=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    appearance: AppearanceSettings = field(default_factory=AppearanceSettings)
    sound: SoundSettings = field(default_factory=SoundSettings)
    language: LanguageSettings = field(default_factory=LanguageSettings)
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
    engines: list[Mapping[str, Any]] = []
    for file, required in ((Path(shipped), True), (Path(user) if user else None, False)):
        data = read_toml(file, errors, required) if file else None
        if data is None:
            continue
        overlay(file, data, values, choices, errors)
        if "engines" in data:
            engines = engine_entries(file, data["engines"], errors)
    sections = {s: type(getattr(Settings(), s))(**values[s]) for s in SECTIONS}
    return Settings(**sections, engines=tuple(engines)), errors


def read_toml(file: Path, errors: list[str], required: bool) -> dict | None:
    try:
        with file.open("rb") as stream:
            return tomllib.load(stream)
    except FileNotFoundError:
        if required:
            errors.append(f"{file}: settings file not found; using built-in defaults")
    except (OSError, UnicodeDecodeError) as error:
        errors.append(f"{file}: cannot read settings ({error}); using defaults for all of it")
    except tomllib.TOMLDecodeError as error:
        errors.append(f"{file}: not valid TOML ({error}); using defaults for everything in it")
    return None


def overlay(file: Path, data: dict, values: dict, choices, errors: list[str]) -> None:
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
        if not isinstance(entry.get(key), str) or not entry[key].strip():
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


_TABLE_HEADER = re.compile(r"^\s*\[")


def _section_bounds(lines: list[str], section: str) -> tuple[int, int] | None:
    header = re.compile(rf"^\s*\[\s*{re.escape(section)}\s*\]\s*(#.*)?$")
    for start, line in enumerate(lines):
        if header.match(line.rstrip("\r\n")):
            end = next((i for i in range(start + 1, len(lines)) if _TABLE_HEADER.match(lines[i])), len(lines))
            return start, end
    return None


def _comment_start(text: str) -> int:
    """Index of a ``#`` that starts a comment (outside strings) in one line, or len(text)."""
    quote = None
    i = 0
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\" and quote == '"':
                i += 1
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#":
            return i
        i += 1
    return len(text)


def _lines(text: str) -> list[str]:
    """Lines as TOML sees them: split at "\n" only (str.splitlines also splits at \x85, \u2028, …)."""
    return [line for line in re.split(r"(?<=\n)", text) if line]


def set_toml_key(text: str, section: str, key: str, literal: str) -> str:
    """``text`` with ``key = literal`` set in ``[section]``; every other line stays as it was."""
    lines = _lines(text)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    bounds = _section_bounds(lines, section)
    if bounds is None:
        gap = "\n" if lines and lines[-1].strip() else ""
        return "".join(lines) + f"{gap}[{section}]\n{key} = {literal}\n"
    start, end = bounds
    key_line = re.compile(rf"""^(\s*)(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*=(.*)$""")
    for i in range(start + 1, end):
        match = key_line.match(lines[i].rstrip("\r\n"))
        if match:
            rest = match.group(2)
            comment = rest[_comment_start(rest):]
            newline = lines[i][len(lines[i].rstrip("\r\n")):]
            lines[i] = f"{match.group(1)}{key} = {literal}{'  ' + comment if comment else ''}{newline}"
            return "".join(lines)
    last = max((i for i in range(start, end) if lines[i].strip() and not lines[i].lstrip().startswith("#")),
               default=start)
    lines.insert(last + 1, f"{key} = {literal}\n")
    return "".join(lines)


def replace_engine_blocks(text: str, engines: list[Mapping[str, Any]]) -> str:
    """``text`` without its ``[[engines]]`` tables, with the given engines appended as new ones."""
    lines = _lines(text)
    kept, skipping = [], False
    for line in lines:
        if _TABLE_HEADER.match(line):
            skipping = bool(re.match(r"^\s*\[\[\s*engines\s*\]\]|^\s*\[\s*engines\.", line))
        if not skipping:
            kept.append(line)
    body = "".join(kept).rstrip("\n") + "\n"
    for entry in engines:
        body += "\n[[engines]]\n" + "".join(f"{toml_key(k)} = {toml_literal(v)}\n" for k, v in entry.items())
    return body


def save_user_setting(user: Path, section: str, key: str, value: Any) -> None:
    """Write one changed key into the user's file, keeping every other line (and its comments)."""
    value = check_value(section, key, value)
    _edit_user_file(Path(user), lambda text: set_toml_key(text, section, key, toml_literal(value)),
                    lambda data: data.get(section, {}).get(key) == value, f"[{section}] {key}")


def save_user_engines(user: Path, engines: list[Mapping[str, Any]]) -> None:
    """Replace the user's ``[[engines]]`` list (comments inside those tables are not kept)."""
    entries = [dict(e) for e in engines]
    for index, entry in enumerate(entries, start=1):
        problem = engine_problem(entry)
        if problem:
            raise SettingsError(f"engine #{index} ({entry.get('name', '?')}): {problem}")
    _edit_user_file(Path(user), lambda text: replace_engine_blocks(text, entries),
                    lambda data: data.get("engines", []) == entries, "[[engines]]")


def _edit_user_file(user: Path, edit: Callable[[str], str], verify: Callable[[dict], bool], what: str) -> None:
    try:
        text = user.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = USER_FILE_HEADER
    new_text = edit(text)
    try:
        ok = verify(tomllib.loads(new_text))
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{user}: cannot save {what}: the file is not valid TOML ({error}); "
                            "fix or delete it") from error
    if not ok:
        raise SettingsError(f"{user}: cannot save {what}: the file defines it in a way this program "
                            "does not edit (e.g. a dotted key or inline table); change it by hand")
    atomic_write(user, new_text.encode("utf-8"))


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
            save_user_setting(self.user, section, key, value)

    def set_engines(self, engines: list[Mapping[str, Any]]) -> None:
        """Replace the engine list; saved first, so a list that cannot be saved is not applied."""
        if self.user is not None:
            save_user_engines(self.user, engines)
        self.settings = replace(self.settings, engines=tuple(dict(e) for e in engines))
        self._notify("engines", "engines", self.settings.engines)

    def _notify(self, section: str, key: str, value: Any) -> None:
        for listener in list(self._listeners):
            listener(section, key, value)
