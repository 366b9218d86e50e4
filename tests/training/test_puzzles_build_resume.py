"""``puzzles build`` writes as it goes and is reproducible, with the scripted material engine (a real process):
a rerun gives the same set; a run cut short (its checkpoint cut, a broken last line) continues with the games
left only and ends with the same set; an interrupted run keeps what it found; a checkpoint made with other
settings is not continued. The interrupted build is a process (Ctrl+C is a signal to it); the other builds run
the command in the test's process (``in_process.run_xiangqi``), without a Python start each."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from in_process import run_xiangqi

from xiangqi.core import Move
from xiangqi.record.game import Game
from xiangqi.record.pgn_writer import game_to_pgn
from xiangqi.training.puzzle_checkpoint import checkpoint_path, read_checkpoint
from xiangqi.training.puzzles import read_puzzle_set

REPO = Path(__file__).resolve().parents[2]
MATERIAL = REPO / "tests" / "engine" / "fakes" / "material_engine.py"
# Black blunders its rook onto a9 where the red rook on a0 takes it: the scan sees Win% jump to ~96 for red,
# and the one capture is ~46 Win% points ahead of any other move (the material engine counts one ply).
RED_KINGS = ("d0", "d1", "d2", "f0", "f1", "f2")
ROOK_STARTS = ("b9", "i9")


def games_file(folder: Path) -> Path:
    texts = []
    for king in RED_KINGS:
        for start in ROOK_STARTS:
            game = Game({"Event": f"{king} {start}"}, fen_of({start: "r", "e8": "k", "a0": "R", king: "K"}), "1-0")
            node = game.add_move(game.root, Move.from_iccs(f"{start}a9"))
            game.add_move(node, Move.from_iccs("a0a9"))
            texts.append(game_to_pgn(game))
    path = folder / "blunders.pgn"
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


def fen_of(pieces: dict[str, str]) -> str:
    """A FEN with black to move from ``{"e8": "k", ...}`` (ICCS squares)."""
    grid = [["1"] * 9 for _ in range(10)]
    for square, piece in pieces.items():
        grid[9 - int(square[1])]["abcdefghi".index(square[0])] = piece
    ranks = []
    for row in grid:
        text, empty = "", 0
        for cell in row:
            if cell == "1":
                empty += 1
                continue
            text += (str(empty) if empty else "") + cell
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks) + " b - - 0 1"


def wait_for(condition: Callable[[], bool], what: str, limit_s: float = 300.0) -> None:
    """Polls until ``condition`` holds (an event in another process: a file growing)."""
    deadline = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)


def build_arguments(games: Path, out: Path, *more: str, log: Path | None = None) -> list[str]:
    engine = f"{sys.executable} {MATERIAL}" + (f" --log {log}" if log is not None else "")
    return ["puzzles", "build", str(games), "--engine", engine, "--nodes", "1000", "--scan-nodes", "100",
            "--recheck-nodes", "2000", "--jobs", "1", *more, "-o", str(out)]


def build_process(games: Path, out: Path, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "xiangqi", *build_arguments(games, out, *more)], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=600)
    return process.returncode, out, err


def build(games: Path, out: Path, *more: str, log: Path | None = None) -> tuple[int, str, str]:
    """A whole build in this process (the test holds the ``qapp`` fixture: the build runs Qt's loop)."""
    done = run_xiangqi(*build_arguments(games, out, *more, log=log))
    return done.returncode, done.stdout, done.stderr


def searches(log: Path) -> int:
    return sum(1 for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("go"))


@pytest.mark.slow
def test_a_rerun_gives_the_same_set_and_a_cut_run_continues_with_the_games_left(tmp_path: Path,
                                                                                qapp: object) -> None:
    games = games_file(tmp_path)
    first, log = tmp_path / "first.puzzles", tmp_path / "first.log"
    code, out, err = build(games, first, log=log)
    assert code == 0, err
    found = read_puzzle_set(first).puzzles
    # Both rook starts reach the same position after the blunder: one puzzle each (12 found, 6 written).
    assert "12 puzzles kept" in out and len(found) == len(RED_KINGS), out
    assert all(p.line[0] == Move.from_iccs("a0a9") for p in found)
    assert "games/min" in err and "ETA" in err                     # the progress line
    checkpoint = checkpoint_path(first)
    assert len(read_checkpoint(checkpoint).results) == 12
    # Reproducible: the same input and settings give the same puzzles, in the same order.
    again = tmp_path / "again.puzzles"
    assert build(games, again)[0] == 0
    assert [p.puzzle_id for p in read_puzzle_set(again).puzzles] == [p.puzzle_id for p in found]
    # Cut short: five tasks done, the sixth line half written; the output lost.
    lines = checkpoint.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == '{"completed": true}'      # a finished build says so
    cut = tmp_path / "cut.puzzles"
    checkpoint_path(cut).write_text("\n".join(lines[:6]) + "\n" + lines[6][: len(lines[6]) // 2],
                                    encoding="utf-8")
    full = searches(log)
    code, out, err = build(games, cut, log=log)     # the same engine command: the same settings
    assert code == 0, err
    assert "continuing: 5 tasks done by an earlier run" in err
    assert f"{checkpoint_path(cut)}:7:" in err and "its task is done again" in err
    assert [p.puzzle_id for p in read_puzzle_set(cut).puzzles] == [p.puzzle_id for p in found]
    assert searches(log) - full <= full * 7 // 12    # only the seven games left were searched
    assert len(read_checkpoint(checkpoint_path(cut)).results) == 12 and not read_checkpoint(
        checkpoint_path(cut)).problems                              # the file is clean again


@pytest.mark.slow
def test_an_interrupted_build_keeps_what_it_found_and_other_settings_do_not_continue_it(tmp_path: Path,
                                                                                       qapp: object) -> None:
    games = games_file(tmp_path)
    out = tmp_path / "cut.puzzles"
    process = build_process(games, out, "--nodes", "1000")
    checkpoint = checkpoint_path(out)
    wait_for(lambda: checkpoint.exists() and len(checkpoint.read_text(encoding="utf-8").splitlines()) >= 3,
             "two games done")
    process.send_signal(signal.SIGINT)
    code, stdout, err = finish(process)
    if code == 0:
        pytest.skip("the build finished before it was interrupted")
    assert code == 130, err
    assert "(interrupted: run it again to continue)" in stdout
    kept = read_puzzle_set(out).puzzles
    assert 1 <= len(kept) < len(RED_KINGS)
    code, _, err = build(games, out, "--gap", "30")
    assert code == 2
    assert "was made with other settings" in err and '"gap": 25.0' in err and '"gap": 30.0' in err
    assert [p.puzzle_id for p in read_puzzle_set(out).puzzles] == [p.puzzle_id for p in kept]
    # The same settings continue it to the end; then other settings start afresh.
    assert build(games, out)[0] == 0 and len(read_puzzle_set(out).puzzles) == len(RED_KINGS)
    code, _, err = build(games, out, "--gap", "30")
    assert code == 0 and "a finished build with other settings: started afresh" in err
