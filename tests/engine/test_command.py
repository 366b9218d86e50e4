"""``python -m xiangqi engine``: the handshake, options, info and a 0-9 ranked bestmove, whatever the dialect.
The first test starts the command as a process; the others run it in the test's process
(``in_process.run_xiangqi``: the same ``main``, without a Python start each)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from fake_engines import FAKE
from in_process import Finished, run_xiangqi

from xiangqi.core import Move, Position

REPO = Path(__file__).resolve().parents[2]
FAIRY = Path("/usr/games/fairy-stockfish")


ENV = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", "engine", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=60, env=ENV)


def run_command(*args: str) -> Finished:
    """The command in this process, with the process's PATH (the test holds ``qapp``: it runs Qt's loop)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", ENV["PATH"])
        return run_xiangqi("engine", *args)


def test_fake_engine_with_ranks_1_to_10_prints_iccs() -> None:
    result = run_process("--command", sys.executable, f"--arg={FAKE}", "--arg=--dialect", "--arg=uci",
                         "--arg=--rank-base", "--arg=1", "--protocol", "auto", "--moves", "h2e2", "h9g7",
                         "--depth", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "engine: FakeEngine (uci) by the test suite"
    assert lines[1].startswith("dialect: uci (ranks 1-10")
    assert "option: Hash spin default 16 min 1 max 1024" in lines
    assert any(line.startswith("info depth 1 score cp 0") for line in lines)
    best = lines[-1].split()
    assert best[0] == "bestmove"
    position = Position()
    for text in ("h2e2", "h9g7"):
        position.push(Move.from_iccs(text))
    assert position.is_legal(Move.from_iccs(best[1]))


@pytest.mark.fairy
@pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")
@pytest.mark.parametrize("protocol", ["ucci", "uci"])
def test_fairy_stockfish_in_both_modes(protocol: str, qapp: object) -> None:
    result = run_command("--command", str(FAIRY), "--protocol", protocol, "--depth", "8",
                         "--moves", "h2e2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"dialect: {protocol}") and lines[-1].startswith("bestmove ")
    position = Position()
    position.push(Move.from_iccs("h2e2"))
    assert position.is_legal(Move.from_iccs(lines[-1].split()[1]))
    pv_lines = [line for line in lines if " pv " in line]
    assert pv_lines and all("10" not in line.split(" pv ")[1] for line in pv_lines)  # ranks 0-9 only


def test_bad_moves_are_refused_before_starting(qapp: object) -> None:
    result = run_command("--command", "/nonexistent", "--moves", "h2e2", "h2e3", "--depth", "1")
    assert result.returncode == 2 and "--moves #2" in result.stderr and "'h2e3'" in result.stderr


def test_engine_faults_end_with_status_1_and_plain_words(qapp: object) -> None:
    result = run_command("--command", sys.executable, f"--arg={FAKE}", "--arg=--fault",
                         "--arg=crash-in-search", "--depth", "2")
    assert result.returncode == 1 and "SIGSEGV" in result.stderr
    result = run_command("--command", "/nonexistent/engine", "--depth", "1")
    assert result.returncode == 1 and "'/nonexistent/engine'" in result.stderr


def test_the_command_leaves_qt_to_the_transport() -> None:
    """Only the UI and xiangqi.engine.process touch Qt: the command imports none of it, even lazily."""
    tree = ast.parse((REPO / "xiangqi" / "commands" / "engine.py").read_text(encoding="utf-8"))
    modules = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    modules += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert "xiangqi.engine.process" in modules
    assert not [name for name in modules if name.split(".")[0] == "PySide6"]


@pytest.mark.parametrize("given", [None, "usebook=true", "UseBook=true"])
def test_the_users_book_option_wins_over_the_analysis_default(tmp_path: Path, given: str | None, qapp: object) -> None:
    """An engine with an opening-book option (ElephantEye's ``usebook``, recognised here by its name) is
    asked to search rather than read its book, unless ``--option`` set that option: then the user's value
    is the only one sent."""
    log = tmp_path / "commands.log"
    options = ["--option", given] if given else []
    result = run_command("--command", sys.executable, f"--arg={FAKE}", "--arg=--name", "--arg=ElephantEye",
                         "--arg=--offer-book", f"--arg=--log={log}", *options, "--depth", "1")
    assert result.returncode == 0, result.stderr
    sent = [line.strip().lower() for line in log.read_text(encoding="utf-8").splitlines()]
    book_lines = [line for line in sent if line.startswith("setoption usebook")]
    assert book_lines == (["setoption usebook true"] if given else ["setoption usebook false"])
