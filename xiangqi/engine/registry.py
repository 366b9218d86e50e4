"""Which engines the user has: config.toml entries, known families on PATH and in engines/, the built-in one.

No Qt. Family knowledge (names, dialect, rank numbering, support files, default options) is data in
``engines/families.toml``; this module reads it leniently and turns it into ``EngineSpec`` values and
``SessionConfig`` values for the session.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from xiangqi.engine.messages import OptionValue
from xiangqi.engine.protocol import IDENTITY_SCALE, Dialect, ScoreScale
from xiangqi.engine.session import FailureKind, NameRule, SessionConfig, Timeouts
from xiangqi.resources import data_root, engines_dir

REPO_ROOT = data_root()      # the checkout, or the installed package's data folder (xiangqi/resources.py)
ENGINES_DIR = engines_dir()
FAMILIES_FILE = "families.toml"
# Debian installs game engines (fairy-stockfish) in /usr/games, which is often not on PATH.
EXTRA_SEARCH_DIRS = (Path("/usr/games"), Path("/usr/local/games"))
BUILTIN_FAMILY = "builtin"
UNKNOWN_FAMILY = "unknown"
_NOT_ENGINES = {".md", ".txt", ".toml", ".nnue", ".dat", ".bin", ".json", ".ini", ".cfg", ".so", ".dll"}


class Protocol(Enum):
    AUTO = "auto"
    UCCI = "ucci"
    UCI = "uci"


@dataclass(frozen=True)
class EngineSpec:
    """How to start one engine. ``workdir`` None means the folder of the program."""

    name: str
    command: str
    args: tuple[str, ...] = ()
    protocol: Protocol = Protocol.AUTO
    options: Mapping[str, OptionValue] = field(default_factory=lambda: MappingProxyType({}))
    workdir: str | None = None
    family: str = UNKNOWN_FAMILY

    def resolved_command(self) -> str:
        """The program's absolute path if it contains a slash (the engine runs in its own folder, so a
        relative path would break), else looked up on PATH and /usr/games."""
        if os.sep in self.command or (os.altsep and os.altsep in self.command):
            return os.path.abspath(os.path.expanduser(self.command))
        return _which(self.command) or self.command

    def working_directory(self) -> str:
        if self.workdir:
            return self.workdir
        return str(Path(self.resolved_command()).resolve().parent)


@dataclass(frozen=True)
class SupportFile:
    file: str
    option: str | None
    why: str


@dataclass(frozen=True)
class DrawClaim:
    """When an engine of the family answers "no move" although it has legal moves (ElephantEye's
    ``nobestmove``): after ``plies_without_capture`` plies without a capture, and/or on a repetition."""

    plies_without_capture: int | None = None
    repetition: bool = False


@dataclass(frozen=True)
class EngineFamily:
    id: str
    name: str
    executables: tuple[str, ...] = ()
    id_name: str | None = None
    protocol: Protocol = Protocol.AUTO
    uci_rank_base: int | None = None
    ucci_time_ms: bool | None = None
    options: Mapping[str, OptionValue] = field(default_factory=lambda: MappingProxyType({}))
    support_files: tuple[SupportFile, ...] = ()
    # How its scores read, per dialect key ("ucci"/"uci"); a dialect not listed reads as centipawns.
    scores: Mapping[str, ScoreScale] = field(default_factory=lambda: MappingProxyType({}))
    book_option: str | None = None       # the option that turns its own opening book off (usebook, OwnBook)
    draw_claim: DrawClaim | None = None  # when it answers "no move" to claim a draw
    review_nodes: int | None = None      # a review's default search per position, in its own nodes

    def score_scale(self, dialect: Dialect) -> ScoreScale:
        return self.scores.get(dialect.rules.key, IDENTITY_SCALE)

    def matches_file(self, path: str) -> bool:
        stem = Path(path).name.lower()
        stem = stem[:-4] if stem.endswith(".exe") else stem
        return any(fnmatch.fnmatch(stem, pattern.lower()) for pattern in self.executables)

    def matches_name(self, engine_name: str) -> bool:
        return bool(self.id_name and re.search(self.id_name, engine_name))


# ------------------------------------------------------------------------------------------- families
def load_families(engines_dir: Path | None = None, errors: list[str] | None = None) -> list[EngineFamily]:
    """Families from ``engines/families.toml``; bad entries are skipped with a message in ``errors``."""
    path = (engines_dir or ENGINES_DIR) / FAMILIES_FILE
    errors = [] if errors is None else errors
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        errors.append(f"{path}: cannot read engine families: {exc}")
        return []
    families = []
    for index, entry in enumerate(data.get("family", []), start=1):
        try:
            families.append(_family_from(entry))
        except (KeyError, TypeError, ValueError, re.error) as exc:
            errors.append(f"{path}: [[family]] #{index} ({entry.get('id', '?')!r}) skipped: {exc}")
    return families


def _family_from(entry: Mapping[str, Any]) -> EngineFamily:
    base = entry.get("uci_rank_base")
    if base not in (None, 0, 1):
        raise ValueError(f"uci_rank_base must be 0 or 1, not {base!r}")
    pattern = entry.get("id_name")
    if pattern:
        re.compile(pattern)
    support = tuple(SupportFile(str(s["file"]), s.get("option"), str(s.get("why", "a file it needs")))
                    for s in entry.get("support_files", []))
    book = entry.get("book_option")
    return EngineFamily(
        id=str(entry["id"]), name=str(entry.get("name", entry["id"])),
        executables=tuple(str(e) for e in entry.get("executables", [])), id_name=pattern,
        protocol=Protocol(entry.get("protocol", "auto")), uci_rank_base=base,
        ucci_time_ms=entry.get("ucci_time_ms"), options=MappingProxyType(dict(entry.get("options", {}))),
        support_files=support, scores=MappingProxyType(_score_scales(entry.get("scores", {}))),
        book_option=str(book) if book else None, draw_claim=_draw_claim(entry.get("draw_claim")),
        review_nodes=_positive(entry.get("review_nodes"), "review_nodes"))


def _positive(value: Any, key: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{key} must be a whole number >= 1, not {str(value)[:40]!r}")
    return value


def _score_scales(table: Mapping[str, Any]) -> dict[str, ScoreScale]:
    """``[family.scores]``: ``unit`` (a number, or one per dialect: ``{ ucci = 370, uci = 100 }``),
    ``mate`` and ``ruling`` ranges ``[low, high]`` and ``book_at_depth0``, the same in both dialects."""
    if not isinstance(table, Mapping):
        raise TypeError(f"scores must be a table, not {table!r}")
    unit = table.get("unit", 100)
    units = dict(unit) if isinstance(unit, Mapping) else {d.rules.key: unit for d in Dialect}
    unknown = set(units) - {d.rules.key for d in Dialect}
    if unknown:
        raise ValueError(f"scores.unit: unknown dialect {sorted(unknown)[0]!r} (ucci or uci)")
    mate, ruling = _score_range(table, "mate"), _score_range(table, "ruling")
    book = table.get("book_at_depth0", False)
    if not isinstance(book, bool):
        raise TypeError(f"scores.book_at_depth0 must be true or false, not {book!r}")
    scales = {}
    for key, value in units.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"scores.unit must be a number of engine units per pawn, not {value!r}")
        scales[key] = ScoreScale(float(value), mate, ruling, book)
    return scales


def _score_range(table: Mapping[str, Any], key: str) -> tuple[int, int] | None:
    value = table.get(key)
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError(f"scores.{key} must be [low, high] (whole numbers), not {value!r}")
    return value[0], value[1]


def _draw_claim(value: Any) -> DrawClaim | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"draw_claim must be a table, not {value!r}")
    plies = value.get("plies_without_capture")
    if plies is not None and (type(plies) is not int or plies < 1):
        raise ValueError(f"draw_claim.plies_without_capture must be a whole number >= 1, not {plies!r}")
    return DrawClaim(plies, bool(value.get("repetition", False)))


def family_of(spec: EngineSpec, families: Iterable[EngineFamily]) -> EngineFamily | None:
    for family in families:
        if family.id == spec.family:
            return family
    return None


def recognise(path_or_name: str, families: Iterable[EngineFamily]) -> EngineFamily | None:
    """The family of a program file name (``pikafish-avx2`` -> Pikafish) or an ``id name``."""
    for family in families:
        if family.matches_file(path_or_name) or family.matches_name(path_or_name):
            return family
    return None


# ------------------------------------------------------------------------------------------- the built-in
def builtin_engine_spec(level: int = 3) -> EngineSpec:
    """The built-in engine: this Python running ``-m xiangqi ucci`` from the folder holding the package."""
    return EngineSpec(
        name="Built-in engine", command=sys.executable, args=("-u", "-m", "xiangqi", "ucci"),
        protocol=Protocol.UCCI, options=MappingProxyType({"level": int(level)}),
        workdir=str(REPO_ROOT), family=BUILTIN_FAMILY)


# ------------------------------------------------------------------------------------------- discovery
def discover_engines(configured: list[dict[str, Any]], engines_dir: Path | None = None,
                     errors: list[str] | None = None, *, search_path: bool = True) -> list[EngineSpec]:
    """Configured engines first, then known engines on PATH (and /usr/games), then programs dropped in
    ``engines/``, then the built-in engine (always listed: the default when nothing else is found).
    Duplicates (same program and arguments) are listed once. Problems go to ``errors``."""
    errors = [] if errors is None else errors
    folder = engines_dir or ENGINES_DIR
    families = load_families(folder, errors)
    found: list[EngineSpec] = []
    for index, entry in enumerate(configured, start=1):
        spec = spec_from_config(entry, families, index, errors)
        if spec is not None:
            found.append(spec)
    if search_path:
        found += _on_path(families)
    found += _in_folder(folder, families)
    found.append(builtin_engine_spec())
    return _unique(found)


def spec_from_config(entry: Mapping[str, Any], families: list[EngineFamily], index: int,
                     errors: list[str]) -> EngineSpec | None:
    """One ``[[engines]]`` table; None (with a message naming the entry and field) when unusable."""
    where = f"config.toml [[engines]] #{index}"
    command = entry.get("command")
    if command is not None and not isinstance(command, str):
        errors.append(f"{where}: 'command' must be text (the engine program's path), got {command!r:.80}")
        return None
    if not isinstance(command, str) or not command.strip():
        errors.append(f"{where}: 'command' is missing: it must be the engine program's path")
        return None
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        errors.append(f"{where}: 'args' must be a list of strings, got {args!r}; using no arguments")
        args = []
    try:
        protocol = Protocol(str(entry.get("protocol", "auto")).lower())
    except ValueError:
        errors.append(f"{where}: 'protocol' must be auto, ucci or uci, got {entry.get('protocol')!r}; "
                      "using auto")
        protocol = Protocol.AUTO
    options = entry.get("options", {})
    if not isinstance(options, Mapping):
        errors.append(f"{where}: 'options' must be a table like {{ Hash = 64 }}, got {options!r}; ignored")
        options = {}
    family = recognise(command, families)
    name = entry.get("name") or (family.name if family else Path(command).name)
    workdir = entry.get("workdir")
    return EngineSpec(str(name), command, tuple(args), protocol, MappingProxyType(dict(options)),
                      str(workdir) if workdir else None, family.id if family else UNKNOWN_FAMILY)


def _which(name: str) -> str | None:
    extra = os.pathsep.join(str(d) for d in EXTRA_SEARCH_DIRS)
    return shutil.which(name) or shutil.which(name, path=extra)


def _on_path(families: list[EngineFamily]) -> list[EngineSpec]:
    dirs = [Path(p) for p in os.environ.get("PATH", "").split(os.pathsep) if p] + list(EXTRA_SEARCH_DIRS)
    found = []
    for directory in dict.fromkeys(dirs):
        for program in _programs_in(directory):
            family = recognise(program.name, families)
            if family is not None:
                found.append(_spec_for_program(program, family))
    return found


def _in_folder(folder: Path, families: list[EngineFamily]) -> list[EngineSpec]:
    """Executables dropped in ``engines/`` (or one folder deeper, e.g. ``engines/pikafish/pikafish``)."""
    if not folder.is_dir():
        return []
    programs = list(_programs_in(folder))
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        programs += _programs_in(sub)
    return [_spec_for_program(p, recognise(p.name, families)) for p in programs]


def _programs_in(directory: Path) -> list[Path]:
    try:
        entries = sorted(directory.iterdir())
    except OSError:
        return []
    return [p for p in entries if p.suffix.lower() not in _NOT_ENGINES and p.is_file()
            and os.access(p, os.X_OK)]


def _spec_for_program(program: Path, family: EngineFamily | None) -> EngineSpec:
    name = family.name if family else program.name
    return EngineSpec(name=name, command=str(program), family=family.id if family else UNKNOWN_FAMILY)


def _unique(specs: list[EngineSpec]) -> list[EngineSpec]:
    seen: set[tuple[str, tuple[str, ...]]] = set()
    unique = []
    for spec in specs:
        key = (os.path.realpath(spec.resolved_command()), spec.args)
        if key not in seen:
            seen.add(key)
            unique.append(spec)
    return unique


# ------------------------------------------------------------------------------------------- before start
@dataclass(frozen=True)
class StartProblem:
    kind: FailureKind  # MISSING_BINARY, NOT_EXECUTABLE or MISSING_SUPPORT_FILE
    message: str


def check_before_start(spec: EngineSpec, families: Iterable[EngineFamily] | None = None) -> StartProblem | None:
    """What would stop the engine from starting, in plain words naming the file and the folder."""
    command = spec.resolved_command()
    path = Path(command)
    if not path.exists():
        return StartProblem(FailureKind.MISSING_BINARY, f"The engine program {command!r} of {spec.name!r} was not found"
                            + ("" if os.sep in spec.command else " on PATH or in /usr/games") + ".")
    if path.is_dir() or not os.access(path, os.X_OK):
        return StartProblem(FailureKind.NOT_EXECUTABLE, f"{command!r} of {spec.name!r} is not an executable program "
                            f"(try: chmod +x {command}).")
    family = family_of(spec, families if families is not None else load_families())
    for support in family.support_files if family else ():
        problem = _missing_support(spec, support)
        if problem:
            return problem
    return None


def _missing_support(spec: EngineSpec, support: SupportFile) -> StartProblem | None:
    folder = Path(spec.working_directory())
    pointed = spec.options.get(support.option) if support.option else None
    if isinstance(pointed, str) and pointed:
        target = Path(pointed) if Path(pointed).is_absolute() else folder / pointed
        if target.is_file():
            return None
        return StartProblem(FailureKind.MISSING_SUPPORT_FILE,
                            f"{spec.name} needs {support.why}: the file {str(target)!r} "
                            f"named by its {support.option} option does not exist.")
    if (folder / support.file).is_file():
        return None
    return StartProblem(FailureKind.MISSING_SUPPORT_FILE, f"{spec.name} needs {support.why}: put {support.file!r} in "
                        f"{str(folder)!r} (beside the program)"
                        + (f", or set its {support.option} option to the file's path." if support.option else "."))


# ------------------------------------------------------------------------------------------- sessions
class DialectMemory:
    """Remembers which dialect an ``auto`` engine answered, so the next start asks that one first.
    In memory; saved as JSON when a path is given."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._known: dict[str, str] = {}
        if path is not None:
            try:
                self._known = {str(k): str(v) for k, v in json.loads(path.read_text("utf-8")).items()}
            except (OSError, ValueError, AttributeError):
                self._known = {}

    @staticmethod
    def key(spec: EngineSpec) -> str:
        return " ".join((os.path.realpath(spec.resolved_command()),) + spec.args)

    def get(self, spec: EngineSpec) -> Dialect | None:
        try:
            return Dialect.from_key(self._known[self.key(spec)])
        except (KeyError, ValueError):
            return None

    def remember(self, spec: EngineSpec, dialect: Dialect) -> None:
        if self._known.get(self.key(spec)) == dialect.rules.key:
            return
        self._known[self.key(spec)] = dialect.rules.key
        if self.path is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.write_text(json.dumps(self._known, indent=1), "utf-8")
            except OSError:
                pass  # remembering is a convenience; the next start just probes again


dialect_memory = DialectMemory()


def session_config_for(spec: EngineSpec, families: Iterable[EngineFamily] | None = None,
                       timeouts: Timeouts | None = None, memory: DialectMemory | None = None) -> SessionConfig:
    """The dialects to try (configured or remembered or the family's first, then the other), the family's
    overrides, and the options: family defaults overlaid with the user's."""
    families = list(families) if families is not None else load_families()
    family = family_of(spec, families)
    first = _first_dialect(spec, family, memory or dialect_memory)
    options = dict(family.options) if family else {}
    options.update(spec.options)
    return SessionConfig(
        dialects=(first, first.other), options=tuple(options.items()),
        uci_rank_base=family.uci_rank_base if family else None,
        ucci_time_in_ms=family.ucci_time_ms if family else None,
        timeouts=timeouts or Timeouts(),
        name_rules=tuple(_name_rule(f) for f in families if f.id_name),
        score_scales=family.scores if family else None,
        book_option=family.book_option if family else None)


def _name_rule(family: EngineFamily) -> NameRule:
    assert family.id_name is not None
    return NameRule(family.id_name, family.uci_rank_base, family.ucci_time_ms,
                    family.scores if family.scores else None, family.book_option)


def _first_dialect(spec: EngineSpec, family: EngineFamily | None, memory: DialectMemory) -> Dialect:
    if spec.protocol is not Protocol.AUTO:
        return Dialect.from_key(spec.protocol.value)
    remembered = memory.get(spec)
    if remembered is not None:
        return remembered
    if family is not None and family.protocol is not Protocol.AUTO:
        return Dialect.from_key(family.protocol.value)
    return Dialect.UCCI  # a UCI engine rejects "ucci" at once ("Unknown command"), so this costs nothing
