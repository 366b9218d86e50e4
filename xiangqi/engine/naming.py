"""Naming engines and time controls on a command line (no Qt).

``engine_spec("builtin:3")`` — the built-in engine at level 3 (``builtin`` alone: level 5, full strength);
a name or family id of an engine listed in the settings (``[[engines]]`` of the shipped ``config.toml`` and
of the user's file: ``$XIANGQI_CONFIG``, else the per-user one) or found by the registry
(``fairy-stockfish``, ``Pikafish``); else a command line, split like a shell would
(``"/opt/eleeye/eleeye -x"``). ``--option A:NAME=VALUE`` sets an option of engine A (or B, or
1/2). ``--tc 60+0.5`` is 60 s plus 0.5 s a move.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from xiangqi.config import EngineEntry, load_settings
from xiangqi.engine.messages import OptionValue, SearchLimits
from xiangqi.engine.registry import (
    BUILTIN_FAMILY,
    UNKNOWN_FAMILY,
    EngineSpec,
    builtin_engine_spec,
    check_before_start,
    discover_engines,
    load_families,
    recognise,
)
from xiangqi.resources import shipped_config

BUILTIN_LEVELS = range(1, 6)
BUILTIN_DEFAULT_LEVEL = 5
_BUILTIN = re.compile(r"builtin(?::(\S+))?", re.IGNORECASE)
_TIME_CONTROL = re.compile(r"(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?")


class EngineNameError(ValueError):
    """An engine name, option or time control on the command line that cannot be used."""


def engine_spec(text: str) -> EngineSpec:
    """The engine ``text`` names: ``builtin[:LEVEL]``, a name or family id from the settings or the registry,
    or a command. EngineNameError naming it when it cannot be used: its program is missing or not
    executable, or a file it needs is missing (checked here, before any game or search)."""
    spec, builtin = _named_spec(text)
    problem = None if builtin else check_before_start(spec)
    if problem is not None:
        raise EngineNameError(f"engine {text[:80]!r}: {problem.message}")
    return spec


def engine_name(text: str) -> str:
    """The name ``engine_spec(text)`` gives the engine, without checking that it can start on this machine
    (a cluster's engines are found on its workers); EngineNameError when ``text`` names nothing at all."""
    return _named_spec(text)[0].name


def _named_spec(text: str) -> tuple[EngineSpec, bool]:
    """The engine ``text`` names, unchecked, and whether it is the built-in one."""
    name = text.strip()
    if not name:
        raise EngineNameError("--engine '': expected builtin, builtin:LEVEL, an engine name or a command")
    builtin = _BUILTIN.fullmatch(name)
    if builtin:
        return builtin_spec(builtin.group(1), text), True
    # A path is a command, never a name: no need to look through every program on PATH (0.2 s) for it.
    spec = (None if "/" in name.split(maxsplit=1)[0] else known_engine(name)) or _command_spec(name, text)
    return spec, False


def _command_spec(name: str, text: str) -> EngineSpec:
    try:
        words = shlex.split(name)
    except ValueError as exc:
        raise EngineNameError(f"--engine {text[:80]!r}: {exc}") from None
    command, args = words[0], tuple(_absolute_if_file(a) for a in words[1:])
    family = recognise(command, load_families())
    return EngineSpec(name=_display_name(command, args), command=command, args=args,
                      family=family.id if family else UNKNOWN_FAMILY)


def _display_name(command: str, args: tuple[str, ...]) -> str:
    """The program's file name; for an interpreter running a script (``python engine.py``), the script's."""
    program = os.path.basename(command)
    if program.lower().startswith(("python", "pypy")) and args and os.path.isfile(args[0]):
        return os.path.basename(args[0])
    return program


def builtin_spec(level_text: str | None, text: str = "builtin") -> EngineSpec:
    """The built-in engine at a level 1-5 given as text (None: full strength)."""
    try:
        level = BUILTIN_DEFAULT_LEVEL if level_text is None else int(level_text)
    except ValueError:
        level = 0
    if level not in BUILTIN_LEVELS:
        raise EngineNameError(f"{text[:80]!r}: the built-in engine's level must be 1-5")
    spec = builtin_engine_spec(level)
    return dataclasses.replace(spec, name=f"Built-in engine level {level}")


def known_engine(name: str) -> EngineSpec | None:
    """An engine of the settings, or one the registry finds on PATH, /usr/games or engines/, by display
    name or family id (the settings' entries first: they say which program and dialect)."""
    key = name.lower()
    for spec in discover_engines(configured_engines(), errors=[]):
        if spec.family != BUILTIN_FAMILY and key in (spec.name.lower(), spec.family.lower()):
            return spec
    return None


CONFIG_VARIABLE = "XIANGQI_CONFIG"  # as the app: a settings file used instead of the per-user one


def configured_engines(errors: list[str] | None = None) -> list[EngineEntry]:
    """The ``[[engines]]`` of the settings, as the app reads them: the user's file overrides the shipped one.
    Problems (a bad file, a bad entry) go to ``errors``; those entries are left out."""
    settings, problems = load_settings(shipped_config(), user_settings_file())
    if errors is not None:
        errors.extend(problems)
    return list(settings.engines)


def user_settings_file() -> Path | None:
    """``$XIANGQI_CONFIG``, else where Qt's AppConfigLocation puts the app's ``config.toml`` (organisation
    and application "xiangqi"); None when that file does not exist. Computed without Qt, like Qt does."""
    override = os.environ.get(CONFIG_VARIABLE)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = home / "Library" / "Preferences"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    path = base / "xiangqi" / "xiangqi" / "config.toml"
    return path if path.is_file() else None


def _absolute_if_file(arg: str) -> str:
    """The engine runs in its own folder: a relative path argument that exists here is made absolute."""
    return os.path.abspath(arg) if not os.path.isabs(arg) and os.path.exists(arg) else arg


def with_options(spec: EngineSpec, options: Mapping[str, OptionValue]) -> EngineSpec:
    merged = dict(spec.options)
    merged.update(options)
    return dataclasses.replace(spec, options=MappingProxyType(merged))


def parse_engine_option(text: str, engines: int = 2) -> tuple[int, str, str]:
    """``A:NAME=VALUE`` (or ``B:``, ``1:``, ``2:``) as (engine index from 0, name, value)."""
    who, colon, rest = text.partition(":")
    name, equals, value = rest.partition("=")
    letters = {chr(ord("a") + i): i for i in range(engines)}
    index = letters.get(who.strip().lower())
    if index is None and who.strip().isdigit() and 1 <= int(who) <= engines:
        index = int(who) - 1
    if not colon or not equals or not name.strip() or index is None:
        raise EngineNameError(f"--option {text[:80]!r}: expected ENGINE:NAME=VALUE with ENGINE A or B")
    return index, name.strip(), value.strip()


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Per move (``movetime_ms``) or a clock (``base_ms`` + ``increment_ms`` a move); exactly one."""

    movetime_ms: int | None = None
    base_ms: int | None = None
    increment_ms: int = 0

    def __post_init__(self) -> None:
        if (self.movetime_ms is None) == (self.base_ms is None):
            raise EngineNameError("a time control is a time per move or a clock, exactly one")
        if (self.movetime_ms is not None and self.movetime_ms < 1) or (self.base_ms is not None and self.base_ms < 1):
            raise EngineNameError(f"a time control needs a positive time, got {self}")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``BASE+INC`` in seconds (``60+0.5``, ``300``)."""
        match = _TIME_CONTROL.fullmatch(text.strip())
        if match is None:
            raise EngineNameError(f"--tc {text[:80]!r}: expected BASE+INC in seconds, like 60+0.5")
        return cls(base_ms=round(float(match.group(1)) * 1000),
                   increment_ms=round(float(match.group(2) or 0) * 1000))

    def pgn(self) -> str:
        """The PGN ``TimeControl`` tag: ``60+0.5`` or ``1/0.2`` (seconds per move: moves/seconds form)."""
        if self.movetime_ms is not None:
            return f"1/{self.movetime_ms / 1000:g}"
        assert self.base_ms is not None
        return f"{self.base_ms / 1000:g}+{self.increment_ms / 1000:g}"

    def limits(self, red_ms: int, black_ms: int) -> SearchLimits:
        """What a search is given, with the clocks as they stand (ignored per move)."""
        if self.movetime_ms is not None:
            return SearchLimits(movetime_ms=self.movetime_ms)
        return SearchLimits(red_time_ms=max(red_ms, 1), black_time_ms=max(black_ms, 1),
                            red_increment_ms=self.increment_ms, black_increment_ms=self.increment_ms)
