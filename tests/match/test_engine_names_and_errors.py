"""Issue 21 item 5 on the command line: engines of the settings can be named in ``match`` and ``engine``; a
missing engine, or one that cannot start, is an error naming it (exit status != 0) before any game; an
engine's own error line (Pikafish's ``info string ERROR…``) is passed on. The commands run in the test's
process (``in_process.run_xiangqi``); test_match_cli.py and test_command.py start them as processes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from in_process import Finished, run_xiangqi

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
# Like Pikafish with a corrupt network: it reads the hello, explains on stdout, exits with code 1.
QUITTER = """\
import sys
sys.stdin.readline()
print("info string ERROR: Network file pikafish.nnue was not loaded successfully.", flush=True)
print("the network file is corrupt", file=sys.stderr, flush=True)
sys.exit(1)
"""


def run(tool: str, *args: str, config: Path | None = None) -> Finished:
    """The command in this process, with ``$XIANGQI_CONFIG`` naming ``config`` (or unset) while it runs."""
    with pytest.MonkeyPatch.context() as patch:
        if config is None:
            patch.delenv("XIANGQI_CONFIG", raising=False)
        else:
            patch.setenv("XIANGQI_CONFIG", str(config))
        return run_xiangqi(tool, *args)


def settings_with_fake(tmp_path: Path) -> Path:
    config = tmp_path / "user.toml"
    config.write_text(f'[[engines]]\nname = "My Fake"\ncommand = {sys.executable!r}\nargs = [{str(FAKE)!r}, '
                      f'"--name", "Configured"]\nprotocol = "ucci"\n', encoding="utf-8")
    return config


def test_an_engine_of_the_settings_can_be_named(tmp_path: Path, qapp: object) -> None:
    config = settings_with_fake(tmp_path)
    searched = run("engine", "--command", "my fake", "--depth", "1", config=config)
    assert searched.returncode == 0, searched.stderr
    assert searched.stdout.startswith("engine: Configured (ucci)")
    pgn = tmp_path / "named.pgn"
    played = run("match", "--engine", "My Fake", "--engine", "builtin:1", "--games", "1", "--movetime", "50",
                 "--max-moves", "3", "--pgn", str(pgn), config=config)
    assert played.returncode == 0, played.stderr
    assert "My Fake (red) vs Built-in engine level 1 (black)" in played.stdout


def test_a_missing_engine_is_an_error_naming_it_before_any_game(tmp_path: Path, qapp: object) -> None:
    pgn = tmp_path / "none.pgn"
    result = run("match", "--engine", "/nowhere/eleeye", "--engine", "builtin:1", "--pgn", str(pgn))
    assert result.returncode == 2
    assert "'/nowhere/eleeye'" in result.stderr and "not found" in result.stderr
    assert "Game " not in result.stdout and not pgn.exists()
    unknown = run("match", "--engine", "no-such-engine", "--engine", "builtin:1", "--pgn", str(pgn))
    assert unknown.returncode == 2 and "'no-such-engine'" in unknown.stderr and not pgn.exists()


def test_an_engine_that_cannot_start_stops_the_match_with_its_own_words(tmp_path: Path, qapp: object) -> None:
    quitter = tmp_path / "quitter.py"
    quitter.write_text(QUITTER)
    pgn = tmp_path / "quit.pgn"
    result = run("match", "--engine", f"{sys.executable} {quitter}", "--engine", "builtin:1", "--games", "2",
                 "--pgn", str(pgn))
    assert result.returncode == 1, result.stdout
    assert "cannot start quitter.py" in result.stderr
    assert "ERROR: Network file pikafish.nnue was not loaded" in result.stderr
    assert "Game " not in result.stdout and not pgn.exists()
    searched = run("engine", "--command", sys.executable, f"--arg={quitter}", "--depth", "1")
    assert searched.returncode == 1
    assert "the engine said: info string ERROR: Network file pikafish.nnue" in searched.stderr


def test_an_engine_given_by_its_path_is_not_looked_for_among_the_named_ones(monkeypatch) -> None:
    """A path is a command: naming it does not list every program on PATH (0.2 s) to look for a name."""
    from xiangqi.engine import naming

    def no_lookup(_name: str) -> None:
        raise AssertionError("a path was looked up as a name")

    monkeypatch.setattr(naming, "known_engine", no_lookup)
    spec = naming.engine_spec("/usr/games/fairy-stockfish") if Path("/usr/games/fairy-stockfish").exists() \
        else naming.engine_spec(f"{sys.executable} {FAKE}")
    assert spec.command.endswith(("fairy-stockfish", "python3", "python"))
