"""Engine discovery: config entries, PATH, the engines/ folder, families, support files, dialect memory."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from xiangqi.config import EngineEntry, engine_entries
from xiangqi.engine import registry
from xiangqi.engine.protocol import Dialect
from xiangqi.engine.registry import (
    BUILTIN_FAMILY,
    DialectMemory,
    EngineSpec,
    Protocol,
    advised_entries,
    builtin_engine_spec,
    check_before_start,
    discover_engines,
    load_families,
    recognise,
    session_config_for,
    spec_of_entry,
)
from xiangqi.engine.session import FailureKind

REPO_ENGINES = Path(__file__).resolve().parents[2] / "engines"


def executable(path: Path, text: str = "#!/bin/sh\nexit 0\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)
    return path


@pytest.fixture
def families():
    errors: list[str] = []
    found = load_families(REPO_ENGINES, errors)
    assert not errors
    return found


def test_shipped_families(families) -> None:
    ids = {f.id for f in families}
    assert {"fairy-stockfish", "pikafish", "elephanteye"} <= ids
    assert recognise("/usr/games/fairy-stockfish", families).id == "fairy-stockfish"
    assert recognise("pikafish-avx2.exe", families).id == "pikafish"
    assert recognise("ELEEYE", families).id == "elephanteye"
    assert recognise("ElephantEye 3.31", families).id == "elephanteye"  # an id name
    assert recognise("stockfish", families) is None


def test_bad_family_entries_are_skipped_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "families.toml").write_text(
        '[[family]]\nid = "ok"\nexecutables = ["ok*"]\n\n'
        '[[family]]\nid = "bad"\nuci_rank_base = 5\n\n'
        '[[family]]\nname = "no id"\n')
    errors: list[str] = []
    found = load_families(tmp_path, errors)
    assert [f.id for f in found] == ["ok"]
    assert len(errors) == 2 and "'bad'" in errors[0] and "uci_rank_base" in errors[0]
    (tmp_path / "families.toml").write_text("[[family]\n")
    errors.clear()
    assert load_families(tmp_path, errors) == [] and "families.toml" in errors[0]


def test_builtin_engine_spec_runs_this_package() -> None:
    spec = builtin_engine_spec(level=5)
    assert spec.command == sys.executable and spec.args[-3:] == ("-m", "xiangqi", "ucci")
    assert spec.protocol is Protocol.UCCI and spec.options["level"] == 5 and spec.family == BUILTIN_FAMILY
    assert (Path(spec.working_directory()) / "xiangqi" / "__main__.py").is_file()


def test_discovery_order_and_dedup(tmp_path: Path, monkeypatch) -> None:
    bin_dir = tmp_path / "bin"
    fairy = executable(bin_dir / "fairy-stockfish")
    executable(bin_dir / "not-an-engine")
    engines = tmp_path / "engines"
    pika = executable(engines / "pikafish" / "pikafish-bmi2")
    mine = executable(engines / "myengine")
    (engines / "README.md").write_text("notes")
    (engines / "families.toml").write_text((REPO_ENGINES / "families.toml").read_text())
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(registry, "EXTRA_SEARCH_DIRS", ())
    configured = [EngineEntry("My Fairy", str(fairy), protocol=Protocol.UCI, options={"Hash": 32})]
    errors: list[str] = []
    specs = discover_engines(configured, engines, errors)
    assert not errors
    # the fairy-stockfish on PATH is the configured one: listed once, as configured
    assert [s.name for s in specs] == ["My Fairy", "myengine", "Pikafish", "Built-in engine"]
    assert specs[0].protocol is Protocol.UCI and specs[0].options == {"Hash": 32}
    assert specs[0].family == "fairy-stockfish"
    assert specs[1].command == str(mine) and specs[1].family == "unknown"
    assert specs[2].command == str(pika) and specs[2].family == "pikafish"
    assert discover_engines([], tmp_path / "nothing", search_path=False)[-1].family == BUILTIN_FAMILY


def test_config_entries_are_checked_field_by_field(families, tmp_path: Path) -> None:
    """Each bad [[engines]] table is named with its field and left out; a good one becomes the engine."""
    eleeye = {"name": "Mine", "command": "eleeye"}
    tables = [{"name": "x"}, {**eleeye, "args": "oops"}, {**eleeye, "protocol": "xboard"}, {**eleeye, "options": 5},
              {**eleeye, "args": ["-v", 1]}, {**eleeye, "options": {"Hash": 1.5}}, {**eleeye, "args": ["-v"]}]
    errors: list[str] = []
    entries = engine_entries(tmp_path / "config.toml", tables, errors)
    assert [e.split(": ")[2].split(" ")[0] for e in errors] == ["command", "args", "protocol", "options", "args",
                                                                "options.Hash"]
    assert all("engine left out" in e for e in errors) and "#3" in errors[2]
    spec = spec_of_entry(entries[0], families)
    assert spec.args == ("-v",) and spec.protocol is Protocol.AUTO and spec.options == {}
    assert spec.name == "Mine" and spec.family == "elephanteye"


def test_relative_commands_become_absolute(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    executable(tmp_path / "engines" / "foo")
    spec = EngineSpec("foo", "engines/foo")
    assert spec.resolved_command() == str(tmp_path / "engines" / "foo")
    assert spec.working_directory() == str(tmp_path / "engines")


def test_checks_before_start(tmp_path: Path, families) -> None:
    missing = check_before_start(EngineSpec("ghost", "no-such-engine-here"), families)
    assert missing.kind is FailureKind.MISSING_BINARY and "on PATH" in missing.message
    folder = tmp_path / "pika"
    program = executable(folder / "pikafish")
    spec = EngineSpec("Pikafish", str(program), family="pikafish")
    problem = check_before_start(spec, families)
    assert problem.kind is FailureKind.MISSING_SUPPORT_FILE
    assert "'pikafish.nnue'" in problem.message and str(folder) in problem.message and "EvalFile" in problem.message
    elsewhere = tmp_path / "nets" / "big.nnue"
    pointed = EngineSpec("Pikafish", str(program), options={"EvalFile": str(elsewhere)}, family="pikafish")
    assert str(elsewhere) in check_before_start(pointed, families).message
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(b"net")
    assert check_before_start(pointed, families) is None
    (folder / "pikafish.nnue").write_bytes(b"net")
    assert check_before_start(spec, families) is None
    plain = folder / "plain"
    plain.write_text("x")
    assert check_before_start(EngineSpec("p", str(plain)), families).kind is FailureKind.NOT_EXECUTABLE


def test_session_config_from_family_user_and_memory(tmp_path: Path, families) -> None:
    fairy = EngineSpec("F", "/usr/games/fairy-stockfish", options={"Hash": 256}, family="fairy-stockfish")
    memory = DialectMemory(tmp_path / "dialects.json")
    config = session_config_for(fairy, families, memory=memory)
    assert config.dialects == (Dialect.UCI, Dialect.UCCI)  # the family's one dialect, then the other
    assert dict(config.options) == {"Threads": 1, "Hash": 256}  # the user's value wins
    assert (config.uci_rank_base, config.ucci_time_in_ms) == (1, True)
    assert any(rule.pattern == "(?i)fairy-?stockfish" for rule in config.name_rules)
    memory.remember(fairy, Dialect.UCCI)   # an answer remembered does not move a family off its dialect
    assert session_config_for(fairy, families, memory=DialectMemory(memory.path)).dialects[0] is Dialect.UCI
    memory.remember(unknown_program := EngineSpec("U", "/opt/u"), Dialect.UCI)   # an unknown one: it does
    assert session_config_for(unknown_program, families, memory=memory).dialects[0] is Dialect.UCI
    forced = EngineSpec("F", "/usr/games/fairy-stockfish", protocol=Protocol.UCCI, family="fairy-stockfish")
    assert session_config_for(forced, families, memory=memory).dialects[0] is Dialect.UCCI
    unknown = EngineSpec("U", "/opt/u")
    assert session_config_for(unknown, families, memory=DialectMemory()).dialects == (Dialect.UCCI, Dialect.UCI)


def test_dialect_memory_survives_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "dialects.json"
    path.write_text("{not json")
    memory = DialectMemory(path)
    spec = EngineSpec("x", "/opt/x")
    assert memory.get(spec) is None
    memory.remember(spec, Dialect.UCCI)
    assert DialectMemory(path).get(spec) is Dialect.UCCI
    assert os.path.realpath("/opt/x") in path.read_text()


def test_fairy_stockfish_speaks_uci_everywhere_and_advises_against_ucci(families) -> None:
    """Chosen by measurement (tests/bench/dialect_symmetry.py): data, not code."""
    fairy = next(f for f in families if f.id == "fairy-stockfish")
    assert fairy.protocol is Protocol.UCI and fairy.advises_against(Protocol.UCCI)
    assert not fairy.advises_against(Protocol.UCI) and not fairy.advises_against(Protocol.AUTO)
    elephant = next(f for f in families if f.id == "elephanteye")
    assert elephant.protocol is Protocol.UCCI and not elephant.not_advised


def test_a_family_cannot_advise_against_its_own_dialect(tmp_path: Path) -> None:
    (tmp_path / "families.toml").write_text(
        '[[family]]\nid = "x"\nprotocol = "uci"\nnot_advised = ["uci"]\n', encoding="utf-8")
    errors: list[str] = []
    assert load_families(tmp_path, errors) == [] and "not_advised" in errors[0] and "'x'" in errors[0]


def test_a_remembered_ucci_for_fairy_stockfish_moves_to_uci_unless_chosen_by_hand(families) -> None:
    ucci = Protocol.UCCI
    entries = [EngineEntry("Fairy-Stockfish", "/usr/games/fairy-stockfish", protocol=ucci),
               EngineEntry("My fairy", "/opt/fs/fairy-stockfish-largeboard", protocol=ucci, protocol_by_hand=True),
               EngineEntry("Fairy-Stockfish 11.1", "/opt/renamed-engine", protocol=ucci),   # known by its name
               EngineEntry("ElephantEye", "/opt/eleeye/eleeye", protocol=ucci),
               EngineEntry("Fairy auto", "/usr/games/fairy-stockfish")]
    moved, changes = advised_entries(entries, families)
    assert [e.protocol.value for e in moved] == ["uci", "ucci", "uci", "ucci", "auto"]
    assert [(c.name, c.old, c.new) for c in changes] == [
        ("Fairy-Stockfish", Protocol.UCCI, Protocol.UCI), ("Fairy-Stockfish 11.1", Protocol.UCCI, Protocol.UCI)]
    assert entries[0].protocol is Protocol.UCCI and moved[1] is entries[1]   # the input is not changed
    again, none = advised_entries(moved, families)   # once: a second run changes nothing
    assert again == moved and none == []


def test_the_strongest_engine_is_the_best_ranked_family(families) -> None:
    from xiangqi.engine.registry import strongest_engine

    eleeye = EngineSpec("E", "/opt/eleeye", family="elephanteye")
    fairy = EngineSpec("F", "/usr/games/fairy-stockfish", family="fairy-stockfish")
    unknown = EngineSpec("U", "/opt/u")
    assert strongest_engine([unknown, eleeye, fairy, builtin_engine_spec()], families) is fairy
    assert strongest_engine([builtin_engine_spec(), eleeye], families) is eleeye
    assert strongest_engine([unknown], families) is None
