"""``python -m xiangqi match`` with real engine processes: the built-in engine against Fairy-Stockfish (the
command as a process), and scripted fake engines that crash, dawdle or play illegal moves (the command run in
the test's process: ``in_process.run_xiangqi``, the same ``main`` without a Python start each time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from in_process import Finished, run_xiangqi

from xiangqi.core import Position
from xiangqi.record import Game
from xiangqi.record.pgn_file import PgnFile

REPO = Path(__file__).resolve().parents[2]
FAIRY = Path("/usr/games/fairy-stockfish")
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"


def run_match_process(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", "match", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=timeout)


def run_match(*args: str) -> Finished:
    """The match command in this process (the test holds the ``qapp`` fixture: the command runs Qt's loop)."""
    return run_xiangqi("match", *args)


def replay(game: Game) -> Position:
    """The game's end position, every main-line move checked legal on the way."""
    position = game.start_position()
    for ply, node in enumerate(game.mainline(), start=1):
        assert node.move is not None and position.is_legal(node.move), f"illegal move at ply {ply}"
        position.push(node.move)
    return position


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not FAIRY.exists(), reason="needs Debian's fairy-stockfish package")
def test_builtin_against_fairy_stockfish_two_games(tmp_path: Path) -> None:
    pgn = tmp_path / "match.pgn"
    # 20 ms a move: Fairy-Stockfish's thinking was most of this test's CPU at 60 ms (a margin past the move
    # time that a loaded machine cannot overstep: the test is about the games played, not the clock)
    result = run_match_process("--engine", "builtin:1", "--engine", "fairy-stockfish", "--games", "2",
                               "--movetime", "20", "--time-margin", "2000", "--pgn", str(pgn))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("Game ")] == ["Game 1/2", "Game 2/2"]
    assert "Finished match: Score of Built-in engine level 1 vs Fairy-Stockfish" in result.stdout
    assert "Elo" in lines[-1] and "95% interval" in lines[-1]
    games = list(PgnFile.open(pgn).games())
    assert len(games) == 2
    assert [g.headers["Red"] for g in games] == ["Built-in engine level 1", "Fairy-Stockfish"]
    assert [g.headers["Black"] for g in games] == ["Fairy-Stockfish", "Built-in engine level 1"]
    for game in games:
        assert game.complete and game.result in ("1-0", "0-1", "1/2-1/2")
        assert game.headers["Termination"] == "normal"
        end = replay(game)
        reason = game.mainline()[-1].comment
        outcome = end.outcome()
        if outcome is not None:  # ended by the rules: the record's result is the rules' result
            assert outcome.result == game.result
        else:
            assert "resigns" in reason
        assert game.ply_count() > 4


def test_a_crashing_engine_loses_and_is_restarted(tmp_path: Path, qapp: object) -> None:
    pgn = tmp_path / "crash.pgn"
    crashing = f"{sys.executable} {FAKE} --fault crash-in-search --name Crasher"
    healthy = f"{sys.executable} {FAKE} --name Healthy"
    result = run_match("--engine", crashing, "--engine", healthy, "--games", "2", "--movetime", "50",
                       "--pgn", str(pgn))
    assert result.returncode == 0, result.stderr
    games = list(PgnFile.open(pgn).games())
    assert len(games) == 2
    # Game 1: the crasher is red and crashes on its first move; game 2: it is black and crashes on its own.
    assert [g.result for g in games] == ["0-1", "1-0"]
    for game in games:
        assert game.headers["Termination"] == "abandoned"
        last = game.mainline()[-1].comment if game.mainline() else game.root.comment
        assert "lost: the engine failed" in last and "SIGSEGV" in last
    assert games[1].ply_count() == 1  # the healthy engine moved, then the restarted crasher crashed again
    assert "Score of" in result.stdout and "+0 =0 -2" in result.stdout


def test_bad_arguments_exit_2(tmp_path: Path, qapp: object) -> None:
    result = run_match("--engine", "builtin:7", "--engine", "builtin", "--pgn", str(tmp_path / "x.pgn"))
    assert result.returncode == 2 and "level must be 1-5" in result.stderr
    result = run_match("--engine", "builtin", "--pgn", str(tmp_path / "x.pgn"))
    assert result.returncode == 2 and "exactly twice" in result.stderr
    assert not (tmp_path / "x.pgn").exists()


def test_the_engine_command_takes_builtin_levels(qapp: object) -> None:
    result = run_xiangqi("engine", "--command", "builtin:2", "--depth", "1")
    assert result.returncode == 0, result.stderr
    assert "option: level spin default 5" in result.stdout and result.stdout.splitlines()[-1].startswith("bestmove")
    result = run_xiangqi("engine", "--command", "builtin:0", "--depth", "1")
    assert result.returncode == 2 and "'builtin:0': the built-in engine's level must be 1-5" in result.stderr


def test_clock_loss_and_concurrent_games(tmp_path: Path, qapp: object) -> None:
    """A slow engine on a 1.5-second clock loses on time, with red and with black; two boards play the two
    games at once. (Both fake engines load the rules core before their banner, so no first move carries
    the ~1 s it takes; the clock is short, and the quick engine still never runs short.)"""
    pgn = tmp_path / "clock.pgn"
    slow = f"{sys.executable} {FAKE} --delay-ms 500 --name Slow --load-rules-first"
    quick = f"{sys.executable} {FAKE} --name Quick --load-rules-first"
    result = run_match("--engine", slow, "--engine", quick, "--games", "2", "--tc", "1.5+0", "--concurrency", "2",
                       "--notation", "wxf", "--pgn", str(pgn))
    assert result.returncode == 0, result.stderr
    games = list(PgnFile.open(pgn).games())
    assert sorted(int(g.headers["Round"]) for g in games) == [1, 2]
    for game in games:
        slow_is_red = game.headers["Red"] == "fake_engine.py (A)"
        assert game.result == ("0-1" if slow_is_red else "1-0")
        assert game.headers["Termination"] == "time forfeit" and game.headers["TimeControl"] == "1.5+0"
        # 500 ms a move: the third or fourth move oversteps the 1.5 seconds
        assert game.ply_count() <= 8
        if game.ply_count():
            assert "lost on time" in game.mainline()[-1].comment
    assert "+0 =0 -2" in result.stdout


def test_uci_engines_get_ucinewgame_before_every_game(tmp_path: Path, qapp: object) -> None:
    """A UCI engine is told ``ucinewgame`` before each game of a match (it clears its hash then)."""
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    engines = []
    for log, name in zip(logs, ("A", "B"), strict=True):
        engines += ["--engine", f"{sys.executable} {FAKE} --dialect uci --name {name} --log {log}"]
    result = run_match(*engines, "--games", "3", "--movetime", "50", "--max-moves", "4",
                       "--pgn", str(tmp_path / "m.pgn"))
    assert result.returncode == 0, result.stderr
    for log in logs:
        sent = log.read_text(encoding="utf-8").splitlines()
        assert sent.count("ucinewgame") == 3, sent[:20]
        firsts = [i for i, line in enumerate(sent) if line.startswith("position")]
        news = [i for i, line in enumerate(sent) if line == "ucinewgame"]
        assert news[0] < firsts[0]   # before the first search of the first game


def test_sprt_stops_at_the_upper_bound(tmp_path: Path, qapp: object) -> None:
    """Engine B plays an illegal move in every game: A wins every pair, and the test accepts H1 after four
    pairs (logistic, elo1 = 400, alpha = beta = 0.1: LLR 2.39 >= log(0.9/0.1) = 2.20), far below --games."""
    pgn = tmp_path / "sprt.pgn"
    healthy = f"{sys.executable} {FAKE} --name Healthy"
    illegal = f"{sys.executable} {FAKE} --fault illegal-bestmove --name Illegal"
    result = run_match("--engine", healthy, "--engine", illegal, "--movetime", "50", "--games", "40",
                       "--sprt", "elo0=0", "elo1=400", "alpha=0.1", "beta=0.1", "model=logistic",
                       "--pgn", str(pgn))
    assert result.returncode == 0, result.stderr
    llr_lines = [line.strip() for line in result.stdout.splitlines() if line.strip().startswith("LLR ")]
    assert len(llr_lines) == 4, result.stdout
    assert llr_lines[0].startswith("LLR ") and "(-2.20, 2.20)" in llr_lines[0] and "[0, 0, 0, 0, 1]" in llr_lines[0]
    assert llr_lines[-1].endswith("H1 accepted") and "pairs 4" in llr_lines[-1]
    assert "SPRT elo0=0 elo1=400 alpha=0.1 beta=0.1 model=logistic: bounds (-2.20, 2.20)" in result.stdout
    assert len(list(PgnFile.open(pgn).games())) == 8


def test_bad_sprt_and_tournament_arguments_exit_2(tmp_path: Path, qapp: object) -> None:
    out = str(tmp_path / "x.pgn")
    result = run_match("--engine", "builtin:1", "--engine", "builtin:2", "--sprt", "elo0=5", "elo1=0", "--pgn", out)
    assert result.returncode == 2 and "elo0 must be below elo1" in result.stderr
    result = run_match("--engine", "builtin:1", "--engine", "builtin:2", "--engine", "builtin:3", "--pgn", out)
    assert result.returncode == 2 and "exactly twice" in result.stderr
    result = run_match("--engine", "builtin:1", "--tournament", "gauntlet", "--pgn", out)
    assert result.returncode == 2 and "two or more" in result.stderr
    result = run_match("--engine", "builtin:1", "--engine", "builtin:2", "--openings", "no-such-suite", "--pgn", out)
    assert result.returncode == 2 and "no-such-suite" in result.stderr
    assert not (tmp_path / "x.pgn").exists()


def test_round_robin_of_three_writes_the_crosstable(tmp_path: Path, qapp: object) -> None:
    """Three fake engines, the third plays illegal moves: it loses all its games; each encounter is one
    round with --repeat (two games), so 6 games; the crosstable is printed and written beside the PGN."""
    pgn = tmp_path / "rr.pgn"
    engines = []
    for name, fault in (("One", ""), ("Two", ""), ("Bad", "--fault illegal-bestmove")):
        engines += ["--engine", f"{sys.executable} {FAKE} --name {name} {fault}".strip()]
    result = run_match(*engines, "--tournament", "round-robin", "--rounds", "1", "--repeat", "--movetime", "30",
                       "--max-moves", "6", "--pgn", str(pgn))
    assert result.returncode == 0, result.stderr
    assert len(list(PgnFile.open(pgn).games())) == 6
    table = (tmp_path / "rr.crosstable.txt").read_text(encoding="utf-8")
    assert "maximum likelihood over all 6 games, the average is 0" in table
    assert "one virtual draw was added" in table   # the bad engine scored nothing
    rows = [line for line in table.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == 3 and "0.0%" in rows[-1] and "0/2" in rows[-1]
    assert "Finished tournament (round-robin, 6 games):" in result.stdout
