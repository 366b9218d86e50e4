"""Settings: the shipped ``config.toml`` (defaults) overlaid by the user's own file. No Qt here.

Reading uses ``tomllib``. Every key is checked on its own: a bad value produces a message naming the
file, the key and the value, and that key alone falls back (user file -> shipped file -> built-in
default); everything else still loads. A file that is not valid TOML is reported and skipped whole.

Writing uses ``tomlkit``, which keeps the comments and layout of a file people edit by hand: only the
value of the changed key is replaced (its trailing comment kept), or the key is added to its table, or
the table is appended; dotted keys and inline tables are edited where they are. The result is parsed
again before it replaces the file (atomically, see ``xiangqi.atomic``); if the file cannot be read, is
not valid TOML, does not read back as intended or cannot be written, nothing is written and
SettingsSaveError says why. The engine list (``[[engines]]``, read into ``EngineEntry`` values) is written
as a whole list, but each remaining engine's table is edited in place (its comments and other keys kept).
A BOM and CRLF line ends are read normally and kept when writing.
"""

from __future__ import annotations

import math
from collections import deque
from itertools import islice
import re
import os
import stat
import tomllib
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from collections.abc import Callable, Collection, Iterable, Mapping, MutableMapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeAlias, TypeVar

import tomlkit
from tomlkit import TOMLDocument
from tomlkit.items import AoT, Item, Table
from tomlkit.exceptions import TOMLKitError

from xiangqi.atomic import atomic_write

SECTIONS = ("game", "appearance", "sound", "language", "book", "engine_roles")
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


def engine_choice(limit: int = 200) -> dict[str, Check]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value) > limit or any(c < " " for c in value):
            raise SettingsError(f"must be an engine's name on one line (at most {limit} characters), "
                                "\"builtin\", or \"\" for automatic")
        return value.strip()
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


AUTOMATIC_ENGINE = ""          # an engine role's value: the program chooses (see EngineRoleSettings)
BUILTIN_ENGINE = "builtin"     # an engine role's value: the built-in engine


@dataclass(frozen=True)
class EngineRoleSettings:
    """Which engine each feature starts with, by its name: "" automatic (play: the built-in engine; the others:
    the first engine found other than the built-in one), "builtin" the built-in engine. Adding an engine asks
    which of these it takes over."""

    play: str = field(default=AUTOMATIC_ENGINE, metadata=engine_choice())
    analysis: str = field(default=AUTOMATIC_ENGINE, metadata=engine_choice())
    review: str = field(default=AUTOMATIC_ENGINE, metadata=engine_choice())
    endgame: str = field(default=AUTOMATIC_ENGINE, metadata=engine_choice())   # 残局挑战


class Protocol(Enum):
    """How the program speaks with an engine (an ``[[engines]]`` entry's ``protocol``); the engine layer's
    ``xiangqi.engine.registry.Protocol`` is this enum."""

    AUTO = "auto"    # the engine's family's own (engines/families.toml), else what it answered last
    UCCI = "ucci"
    UCI = "uci"


EngineOptionValue: TypeAlias = str | int | bool   # an engine option's value (engine.messages.OptionValue)
EngineTableValue: TypeAlias = str | bool | list[str] | dict[str, EngineOptionValue]   # one key of [[engines]]


@dataclass(frozen=True)
class EngineEntry:
    """One ``[[engines]]`` table of the settings: an engine the user configured, as read (``engine_entries``)
    and written (``save_user_engines``). ``workdir`` None: the program's own folder. ``protocol_by_hand``: the
    user chose ``protocol`` in the engine manager, so the start-up advice (``advised_entries``) leaves it."""

    name: str
    command: str
    args: tuple[str, ...] = ()
    protocol: Protocol = Protocol.AUTO
    options: Mapping[str, EngineOptionValue] = field(default_factory=lambda: MappingProxyType({}))
    workdir: str | None = None
    protocol_by_hand: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", tuple(self.args))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def table(self) -> dict[str, EngineTableValue]:
        """The entry's keys as written to TOML: name, command and protocol always, the others when set."""
        table: dict[str, EngineTableValue] = {"name": self.name, "command": self.command}
        if self.args:
            table["args"] = list(self.args)
        table["protocol"] = self.protocol.value
        if self.options:
            table["options"] = dict(self.options)
        if self.workdir:
            table["workdir"] = self.workdir
        if self.protocol_by_hand:
            table["protocol_by_hand"] = True
        return table


SettingValue: TypeAlias = str | int | float | bool | tuple[EngineEntry, ...]   # what listeners are given


@dataclass(frozen=True)
class Settings:
    game: GameSettings = field(default_factory=GameSettings)
    appearance: AppearanceSettings = field(default_factory=AppearanceSettings)
    sound: SoundSettings = field(default_factory=SoundSettings)
    language: LanguageSettings = field(default_factory=LanguageSettings)
    book: BookSettings = field(default_factory=BookSettings)
    engine_roles: EngineRoleSettings = field(default_factory=EngineRoleSettings)
    engines: tuple[EngineEntry, ...] = ()

    def value(self, section: str, key: str) -> Any:
        return getattr(getattr(self, section), key)

    def with_value(self, section: str, key: str, value: Any) -> Settings:
        return replace(self, **{section: replace(getattr(self, section), **{key: value})})

    def get(self, key: SettingKey[T]) -> T:
        """The value of one setting, of its own type."""
        value = self.value(key.section, key.name)
        if not isinstance(value, key.kind):
            raise SettingsError(f"{key} holds {value!r:.80}, not a {key.kind.__name__}")
        return value


T = TypeVar("T")


@dataclass(frozen=True)
class SettingKey(Generic[T]):
    """One setting, typed: ``settings.get(Keys.SOUND_ENABLED)`` is a ``bool``, and a mistyped name is an
    attribute mypy reports, not a string that quietly matches nothing. ``Keys`` has one per field of the
    section dataclasses (a test checks they agree)."""

    section: str
    name: str
    kind: type[T]

    def __str__(self) -> str:
        return f"[{self.section}] {self.name}"


class Keys:
    """Every setting of ``config.toml``'s tables, by section."""

    GAME_HUMAN_SIDE = SettingKey("game", "human_side", str)
    GAME_LEVEL = SettingKey("game", "level", int)
    GAME_TIME_CONTROL = SettingKey("game", "time_control", str)
    GAME_MOVE_TIME = SettingKey("game", "move_time", float)
    GAME_CLOCK_MINUTES = SettingKey("game", "clock_minutes", float)
    GAME_CLOCK_INCREMENT = SettingKey("game", "clock_increment", float)
    GAME_CLOCK_MOVES = SettingKey("game", "clock_moves", int)
    GAME_NATURAL_LIMIT_PLIES = SettingKey("game", "natural_limit_plies", int)
    GAME_PONDER = SettingKey("game", "ponder", bool)
    GAME_PLAYER_NAME = SettingKey("game", "player_name", str)
    APPEARANCE_BOARD_THEME = SettingKey("appearance", "board_theme", str)
    APPEARANCE_PIECE_SET = SettingKey("appearance", "piece_set", str)
    APPEARANCE_COORDINATES = SettingKey("appearance", "coordinates", str)
    APPEARANCE_NOTATION = SettingKey("appearance", "notation", str)
    APPEARANCE_SHOW_HINTS = SettingKey("appearance", "show_hints", bool)
    APPEARANCE_SHOW_LAST_MOVE = SettingKey("appearance", "show_last_move", bool)
    APPEARANCE_SHOW_BEST_MOVE_ARROW = SettingKey("appearance", "show_best_move_arrow", bool)
    APPEARANCE_ANALYSIS_ARROWS = SettingKey("appearance", "analysis_arrows", bool)
    APPEARANCE_OPPONENT_THINKING = SettingKey("appearance", "opponent_thinking", bool)
    APPEARANCE_ANIMATE_MOVES = SettingKey("appearance", "animate_moves", bool)
    APPEARANCE_TEXT_SIZE = SettingKey("appearance", "text_size", int)
    APPEARANCE_HIGH_CONTRAST = SettingKey("appearance", "high_contrast", bool)
    SOUND_ENABLED = SettingKey("sound", "enabled", bool)
    SOUND_VOLUME = SettingKey("sound", "volume", int)
    LANGUAGE_UI = SettingKey("language", "ui", str)
    BOOK_FILE = SettingKey("book", "file", str)
    BOOK_ENGINE_PLIES = SettingKey("book", "engine_plies", int)
    ENGINE_ROLES_PLAY = SettingKey("engine_roles", "play", str)
    ENGINE_ROLES_ANALYSIS = SettingKey("engine_roles", "analysis", str)
    ENGINE_ROLES_REVIEW = SettingKey("engine_roles", "review", str)
    ENGINE_ROLES_ENDGAME = SettingKey("engine_roles", "endgame", str)


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
    engines: Sequence[EngineEntry] = []
    files: list[tuple[Path, bool]] = [(Path(shipped), True)] + ([(Path(user), False)] if user else [])
    for file, required in files:
        data = read_toml(file, errors, required)
        if data is None:
            continue
        found: list[str] = []
        overlay(file, data, values, choices, found)
        if "engines" in data:
            engines = engine_entries(file, data["engines"], found)
        errors += _bounded_messages(file, found)
    sections = {s: type(getattr(Settings(), s))(**values[s]) for s in SECTIONS}
    return Settings(**sections, engines=tuple(engines)), errors


MAX_SETTINGS_BYTES = 4 << 20   # a settings file is a few KB; a bigger one is refused (tomllib is not linear)
MAX_SETTINGS_MESSAGES = 50     # problems reported for one settings file; the rest are counted in one line


def _bounded_messages(file: Path, messages: list[str]) -> list[str]:
    if len(messages) <= MAX_SETTINGS_MESSAGES:
        return messages
    more = len(messages) - MAX_SETTINGS_MESSAGES
    return [*messages[:MAX_SETTINGS_MESSAGES], f"{file}: {more:,} more problems of the same kind not listed"]


def settings_file_problem(file: Path) -> str | None:
    """Why ``file`` is not read as a settings file without opening it (opening a FIFO waits for a writer
    for ever, a device never ends): not a regular file, or over MAX_SETTINGS_BYTES. None when it may be read
    (a missing file or a folder is left to the read, which names it)."""
    try:
        status = os.stat(file)
    except OSError:
        return None
    if stat.S_ISDIR(status.st_mode):
        return None
    if not stat.S_ISREG(status.st_mode):
        return "it is not a regular file (a pipe, a device or a socket)"
    if status.st_size > MAX_SETTINGS_BYTES:
        return f"{status.st_size:,} bytes, over the limit of {MAX_SETTINGS_BYTES:,} bytes for a settings file"
    return None


def read_toml(file: Path, errors: list[str], required: bool) -> dict[str, Any] | None:
    """The file's tables, or None with a message; a BOM and CRLF line ends are read as usual."""
    if (problem := settings_file_problem(file)) is not None:
        errors.append(f"{file}: not read: {problem}; using defaults for all of it")
        return None
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


ENGINE_KEYS = {"name": str, "command": str, "args": list, "protocol": str, "options": dict, "workdir": str,
               "protocol_by_hand": bool}
MAX_ENGINE_ENTRIES = 1000   # [[engines]] tables read from one file; the rest are reported and left out
MAX_UNKNOWN_KEYS_REPORTED = 10   # per [[engines]] table: the messages for keys that are no engine setting


def engine_entries(file: Path, raw: Any, errors: list[str]) -> list[EngineEntry]:
    """The ``[[engines]]`` entries that are usable; each bad one is reported and left out, and a key that is
    not an engine setting (a misspelt one) is reported and ignored."""
    if not isinstance(raw, list):
        errors.append(f"{file}: engines must be a list of [[engines]] tables; ignored")
        return []
    if len(raw) > MAX_ENGINE_ENTRIES:
        errors.append(f"{file}: {len(raw)} [[engines]] tables; only the first {MAX_ENGINE_ENTRIES} are read")
    good = []
    for index, table in enumerate(raw[:MAX_ENGINE_ENTRIES], start=1):
        problem = engine_problem(table)
        if problem:
            errors.append(f"{file}: [[engines]] #{index}: {problem}; engine left out")
            continue
        good.append(engine_entry(table))
        unknown = islice((key for key in table if key not in ENGINE_KEYS), MAX_UNKNOWN_KEYS_REPORTED)
        errors.extend(f"{file}: [[engines]] #{index}: {toml_key(key)[:80]} = {toml_literal_or_repr(table[key])[:80]}: "
                      f"not an engine setting ({', '.join(ENGINE_KEYS)}); ignored" for key in unknown)
    return good


def engine_problem(entry: Any) -> str | None:
    """What makes one ``[[engines]]`` table unusable (naming the key and its value), or None."""
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
            return f"{key} = {toml_literal_or_repr(entry[key])[:80]} must be a {kind.__name__}"
    if entry.get("protocol", "auto") not in {p.value for p in Protocol}:
        return f"protocol = {entry['protocol']!r:.80} must be \"auto\", \"ucci\" or \"uci\""
    if not all(isinstance(arg, str) for arg in entry.get("args", [])):
        return f"args = {toml_literal_or_repr(entry['args'])[:80]} must be a list of text"
    for name, value in entry.get("options", {}).items():
        if isinstance(value, float) or not isinstance(value, (str, int, bool)):
            return (f"options.{toml_key(name)[:80]} = {toml_literal_or_repr(value)[:80]} must be text, "
                    "a whole number or true/false")
    return None


def engine_entry(table: Mapping[str, Any]) -> EngineEntry:
    """A table ``engine_problem`` found nothing wrong with, as an entry."""
    return EngineEntry(name=table["name"], command=table["command"], args=tuple(table.get("args", ())),
                       protocol=Protocol(table.get("protocol", "auto")), options=dict(table.get("options", {})),
                       workdir=table.get("workdir") or None, protocol_by_hand=table.get("protocol_by_hand", False))


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


def _replace_engines(doc: TOMLDocument, engines: Sequence[EngineEntry]) -> None:
    """``doc``'s ``[[engines]]`` made ``engines``. The table of the same program (and arguments) is edited in
    place, so its comments and keys this program does not know stay; a value that did not change is not
    touched (its spelling kept); tables of removed engines go, new ones are appended. Linear in the tables."""
    old = doc.get("engines")
    by_program: dict[tuple[object, ...], deque[Table]] = {}
    for table in old if isinstance(old, AoT) else []:
        by_program.setdefault(_program_key(table.get("command"), table.get("args", [])), deque()).append(table)
    if "engines" in doc:
        del doc["engines"]
    if not engines:
        return
    tables = tomlkit.aot()
    for entry in engines:
        same = by_program.get(_program_key(entry.command, entry.args))
        table = same.popleft() if same else tomlkit.table()
        _write_entry(table, entry)
        tables.append(table)
    doc["engines"] = tables


def _program_key(command: object, args: object) -> tuple[object, ...]:
    """What identifies an engine's table when the list is written back: its program and arguments."""
    return (str(command), tuple(str(a) for a in args) if isinstance(args, list) else ())


def _write_entry(table: Table, entry: EngineEntry) -> None:
    written = entry.table()
    for key in ENGINE_KEYS:
        if key not in written:
            table.pop(key, None)
        elif key not in table or _plain(table[key]) != written[key]:
            table[key] = _toml_item(written[key])


def _plain(value: Any) -> Any:
    """A tomlkit value as plain Python (to compare with what is to be written)."""
    return value.unwrap() if isinstance(value, Item) else value


def save_user_setting(user: Path, section: str, key: str, value: Any) -> None:
    """Write one changed key into the user's file, keeping every other line (and its comments)."""
    value = check_value(section, key, value)
    _edit_user_file(Path(user), lambda doc: _set_in_document(doc, section, key, _toml_item(value)),
                    lambda data: data.get(section, {}).get(key) == value, f"[{section}] {key}")


def save_user_engines(user: Path, engines: Sequence[EngineEntry]) -> None:
    """Replace the user's ``[[engines]]`` list: each engine's table is edited in place (its comments and
    other keys kept), removed ones are deleted and new ones appended. An entry that could not be read
    back (empty name, a float option) raises SettingsError naming it; nothing is written."""
    entries = list(engines)
    if len(entries) > MAX_ENGINE_ENTRIES:
        raise SettingsError(f"{len(entries)} engines: at most {MAX_ENGINE_ENTRIES} can be saved")
    for index, entry in enumerate(entries, start=1):
        problem = engine_problem(entry.table())
        if problem:
            raise SettingsError(f"engine #{index} ({entry.name[:80]!r}): {problem}")
    _edit_user_file(Path(user), lambda doc: _replace_engines(doc, entries),
                    lambda data: _reads_back(data.get("engines", []), entries), "[[engines]]")


def _reads_back(raw: Any, entries: list[EngineEntry]) -> bool:
    """True when the written ``[[engines]]`` read back as ``entries``, none left out."""
    return isinstance(raw, list) and len(raw) == len(entries) and engine_entries(Path(), raw, []) == entries


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
    if (problem := settings_file_problem(user)) is not None:
        raise SettingsSaveError(f"{user}: cannot save {what}: {problem}; it was not changed")
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

    Listeners are called as ``listener(section, key, value)`` with the value of its own type; for the
    engine list the key is ``"engines"``, the section ``"engines"`` and the value a tuple of ``EngineEntry``.
    """

    def __init__(self, shipped: Path, user: Path | None,
                 choices: Mapping[str, Collection[str]] | None = None) -> None:
        self.shipped, self.user, self.choices = Path(shipped), Path(user) if user else None, choices
        self.settings, self.errors = load_settings(self.shipped, self.user, choices)
        self._listeners: list[Callable[[str, str, SettingValue], None]] = []

    def subscribe(self, listener: Callable[[str, str, SettingValue], None]) -> None:
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

    def set_key(self, key: SettingKey[T], value: T) -> None:
        """``set`` for a typed key (see ``Keys``)."""
        self.set(key.section, key.name, value)

    def set_engines(self, engines: Iterable[EngineEntry]) -> None:
        """Replace the engine list; saved first, so a list that cannot be saved is not applied."""
        entries = tuple(engines)
        if self.user is not None:
            save_user_engines(self.user, entries)
        self.settings = replace(self.settings, engines=entries)
        self._notify("engines", "engines", self.settings.engines)

    def _notify(self, section: str, key: str, value: SettingValue) -> None:
        for listener in list(self._listeners):
            listener(section, key, value)
