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
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from xiangqi.config import EngineEntry
from xiangqi.config import Protocol as Protocol   # the settings' enum: an [[engines]] entry holds one
from xiangqi.engine.messages import OptionValue
from xiangqi.engine.protocol import IDENTITY_SCALE, Dialect, ScoreScale
from xiangqi.engine.session import FailureKind, NameRule, SessionConfig, Timeouts
from xiangqi.resources import data_root, engines_dir

REPO_ROOT = data_root()      # the checkout, or the installed package's data folder (xiangqi/resources.py)
ENGINES_DIR = engines_dir()
FAMILIES_FILE = "families.toml"
MAX_FAMILIES_BYTES = 1_000_000   # families.toml is a few kB; a bigger file is refused unread
# Debian installs game engines (fairy-stockfish) in /usr/games, which is often not on PATH.
EXTRA_SEARCH_DIRS = (Path("/usr/games"), Path("/usr/local/games"))
BUILTIN_FAMILY = "builtin"
UNKNOWN_FAMILY = "unknown"
_NOT_ENGINES = {".md", ".txt", ".toml", ".nnue", ".dat", ".bin", ".json", ".ini", ".cfg", ".so", ".dll"}


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
    not_advised: frozenset[Protocol] = frozenset()  # dialects it speaks badly (measured; see families.toml)
    strength_rank: int | None = None     # 1 = the strongest family; None: not ranked
    review_nodes: int | None = None      # a review's default search per position, in its own nodes

    def advises_against(self, protocol: Protocol) -> bool:
        """True for a dialect this family should not be driven in (the engine settings say why)."""
        return protocol in self.not_advised

    def score_scale(self, dialect: Dialect) -> ScoreScale:
        return self.scores.get(dialect.rules.key, IDENTITY_SCALE)

    def matches_file(self, path: str) -> bool:
        stem = os.path.basename(path).lower()   # asked for each of the thousands of programs on PATH
        stem = stem[:-4] if stem.endswith(".exe") else stem
        return any(fnmatch.fnmatchcase(stem, pattern.lower()) for pattern in self.executables)

    def matches_name(self, engine_name: str) -> bool:
        return bool(self.id_name and re.search(self.id_name, engine_name))


# ------------------------------------------------------------------------------------------- families
def load_families(engines_dir: Path | None = None, errors: list[str] | None = None) -> list[EngineFamily]:
    """Families from ``engines/families.toml``; bad entries are skipped with a message in ``errors``."""
    path = (engines_dir or ENGINES_DIR) / FAMILIES_FILE
    errors = [] if errors is None else errors
    try:
        if path.stat().st_size > MAX_FAMILIES_BYTES:
            errors.append(f"{path}: engine families not read: larger than {MAX_FAMILIES_BYTES:,} bytes")
            return []
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
    protocol = Protocol(entry.get("protocol", "auto"))
    not_advised = frozenset(Protocol(str(p)) for p in entry.get("not_advised", []))
    if protocol in not_advised or Protocol.AUTO in not_advised:
        raise ValueError(f"not_advised {sorted(p.value for p in not_advised)!r} must not name auto or the "
                         f"family's own protocol {protocol.value!r}")
    rank = entry.get("strength_rank")
    if rank is not None and (type(rank) is not int or rank < 1):
        raise ValueError(f"strength_rank must be a whole number >= 1, not {rank!r}")
    return EngineFamily(
        id=str(entry["id"]), name=str(entry.get("name", entry["id"])),
        executables=tuple(str(e) for e in entry.get("executables", [])), id_name=pattern,
        protocol=protocol, uci_rank_base=base,
        ucci_time_ms=entry.get("ucci_time_ms"), options=MappingProxyType(dict(entry.get("options", {}))),
        support_files=support, scores=MappingProxyType(_score_scales(entry.get("scores", {}))),
        book_option=str(book) if book else None, draw_claim=_draw_claim(entry.get("draw_claim")),
        not_advised=not_advised, strength_rank=rank,
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


def strongest_engine(specs: Iterable[EngineSpec], families: Iterable[EngineFamily]) -> EngineSpec | None:
    """The engine of the best-ranked family (``strength_rank``) among ``specs``, the first listed on a tie;
    None when none is ranked."""
    ranks = {f.id: f.strength_rank for f in families if f.strength_rank is not None}
    ranked = [(ranks[s.family], index, s) for index, s in enumerate(specs) if s.family in ranks]
    return min(ranked, key=lambda item: item[:2])[2] if ranked else None


def recognise(path_or_name: str, families: Iterable[EngineFamily]) -> EngineFamily | None:
    """The family of a program file name (``pikafish-avx2`` -> Pikafish) or an ``id name``."""
    for family in families:
        if family.matches_file(path_or_name) or family.matches_name(path_or_name):
            return family
    return None


class FileRecogniser:
    """``recognise`` for the thousands of file names on PATH: each family's patterns compiled once (one
    regular expression for its globs, one for its ``id name``) instead of once per name and pattern
    (0.075 -> 0.01 CPU-s a search here, paid by every window built and every settings dialog opened)."""

    def __init__(self, families: Iterable[EngineFamily]) -> None:
        self._rules = [(family, _globs_regex(family.executables),
                        re.compile(family.id_name) if family.id_name else None) for family in families]

    def family_of(self, file_name: str) -> EngineFamily | None:
        """The same family as ``recognise(file_name, families)``: the first whose globs match the name (case
        and ``.exe`` ignored) or whose ``id_name`` is found in it."""
        stem = os.path.basename(file_name).lower()
        stem = stem[:-4] if stem.endswith(".exe") else stem
        for family, globs, id_name in self._rules:
            if (globs is not None and globs.match(stem)) or (id_name is not None and id_name.search(file_name)):
                return family
        return None


def _globs_regex(globs: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern matching what ``fnmatch.fnmatchcase`` matches for any of the (lower-cased) globs."""
    parts = [f"(?:{fnmatch.translate(glob.lower())})" for glob in globs]
    return re.compile("|".join(parts)) if parts else None


# ------------------------------------------------------------------------------------------- advice
@dataclass(frozen=True)
class DialectChange:
    """One configured engine moved off a dialect its family advises against (``advised_entries``)."""

    name: str
    old: Protocol
    new: Protocol


def advised_entries(entries: Iterable[EngineEntry], families: Iterable[EngineFamily]
                    ) -> tuple[list[EngineEntry], list[DialectChange]]:
    """``[[engines]]`` entries with each remembered dialect its family advises against (Fairy-Stockfish's
    UCCI, written by an earlier version when the engine was added) replaced by the family's own; an entry
    whose protocol the user chose by hand (``protocol_by_hand``) is left as it is. Run once at start-up:
    the changed entries are saved, so a later choice made by hand stays."""
    families = list(families)
    result: list[EngineEntry] = []
    changes: list[DialectChange] = []
    for entry in entries:
        family = family_of_entry(entry, families)
        if family is not None and not entry.protocol_by_hand and family.advises_against(entry.protocol):
            changes.append(DialectChange(entry.name, entry.protocol, family.protocol))
            entry = replace(entry, protocol=family.protocol)
        result.append(entry)
    return result, changes


def family_of_entry(entry: EngineEntry, families: Iterable[EngineFamily]) -> EngineFamily | None:
    """The family of an entry's program file, else of its name."""
    families = list(families)
    return recognise(entry.command, families) or recognise(entry.name, families)


# ------------------------------------------------------------------------------------------- the built-in
def builtin_engine_spec(level: int = 3) -> EngineSpec:
    """The built-in engine: this Python running ``-m xiangqi ucci`` from the folder holding the package."""
    return EngineSpec(
        name="Built-in engine", command=sys.executable, args=("-u", "-m", "xiangqi", "ucci"),
        protocol=Protocol.UCCI, options=MappingProxyType({"level": int(level)}),
        workdir=str(REPO_ROOT), family=BUILTIN_FAMILY)


# ------------------------------------------------------------------------------------------- discovery
def discover_engines(configured: Iterable[EngineEntry], engines_dir: Path | None = None,
                     errors: list[str] | None = None, *, search_path: bool = True) -> list[EngineSpec]:
    """Configured engines first, then known engines on PATH (and /usr/games), then programs dropped in
    ``engines/``, then the built-in engine (always listed: the default when nothing else is found).
    Duplicates (same program and arguments) are listed once. Problems go to ``errors``."""
    errors = [] if errors is None else errors
    folder = engines_dir or ENGINES_DIR
    families = load_families(folder, errors)
    found = [spec_of_entry(entry, families) for entry in configured]
    if search_path:
        found += _on_path(families)
    found += _in_folder(folder, families)
    found.append(builtin_engine_spec())
    return _unique(found)


def spec_of_entry(entry: EngineEntry, families: Iterable[EngineFamily]) -> EngineSpec:
    """How to start the engine an ``[[engines]]`` entry names, with its program's family (so its dialect and
    options are the family's, as everywhere else). The one place an entry becomes an ``EngineSpec``."""
    family = recognise(entry.command, families)
    return EngineSpec(entry.name, entry.command, entry.args, entry.protocol, entry.options,
                      entry.workdir, family.id if family else UNKNOWN_FAMILY)


def entry_of_spec(spec: EngineSpec) -> EngineEntry:
    """The ``[[engines]]`` entry that starts ``spec`` (a found engine the user configures)."""
    return EngineEntry(name=spec.name, command=spec.command, args=spec.args, protocol=spec.protocol,
                       options=spec.options, workdir=spec.workdir)


def same_program(a: EngineEntry, b: EngineEntry) -> bool:
    """True when two entries start the same program with the same arguments (no family needed)."""
    def key(entry: EngineEntry) -> tuple[str, tuple[str, ...]]:
        program = EngineSpec(name="", command=entry.command).resolved_command()
        return os.path.realpath(program), entry.args
    return key(a) == key(b)


def _which(name: str) -> str | None:
    extra = os.pathsep.join(str(d) for d in EXTRA_SEARCH_DIRS)
    return shutil.which(name) or shutil.which(name, path=extra)


def _on_path(families: list[EngineFamily]) -> list[EngineSpec]:
    """Programs recognised by name first, then checked: PATH holds thousands of files (3,573 on a test
    machine) and checking each one first cost a quarter of a second of CPU at every engine search."""
    dirs = [Path(p) for p in os.environ.get("PATH", "").split(os.pathsep) if p] + list(EXTRA_SEARCH_DIRS)
    recogniser = FileRecogniser(families)
    found = []
    for directory in dict.fromkeys(dirs):
        for name in _names_in(directory):
            family = recogniser.family_of(name)
            if family is not None and _is_program(directory / name):
                found.append(_spec_for_program(directory / name, family))
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
    return [directory / name for name in _names_in(directory) if _is_program(directory / name)]


def _names_in(directory: Path) -> list[str]:
    try:
        return sorted(os.listdir(directory))
    except OSError:
        return []


def _is_program(path: Path) -> bool:
    return path.suffix.lower() not in _NOT_ENGINES and path.is_file() and os.access(path, os.X_OK)


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
    """The user's choice; else the family's one dialect (families.toml: the same in the app, the commands,
    matches, training and review, whatever a probe once answered); else what this program answered last."""
    if spec.protocol is not Protocol.AUTO:
        return Dialect.from_key(spec.protocol.value)
    if family is not None and family.protocol is not Protocol.AUTO:
        return Dialect.from_key(family.protocol.value)
    remembered = memory.get(spec)
    if remembered is not None:
        return remembered
    return Dialect.UCCI  # a UCI engine rejects "ucci" at once ("Unknown command"), so this costs nothing
