"""``python -m xiangqi puzzles``: list a set; build, ccpd and verify with the real Fairy-Stockfish on tiny
inputs (a game ending in a mate, a CCPD file with a broken record); bad arguments. The first test starts the
command as a process; the others run it in the test's process (``in_process.run_xiangqi``: the same ``main``
without a Python start each; those that search hold the ``qapp`` fixture, the command runs Qt's loop)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import Finished, run_xiangqi

from xiangqi.core import Move
from xiangqi.tactics import Motif
from xiangqi.training.puzzles import Puzzle, Theme, read_puzzle_set, write_puzzle_set

REPO = Path(__file__).resolve().parents[2]
FAIRY = "/usr/games/fairy-stockfish"

# Middle game (from the CCPD mating exercises): e2e7 wins a rook's worth, every other move much less.
WINS = Puzzle("wins", "4ka3/4a4/4b4/p3R3p/2r6/9/P5p1P/1RN1C2r1/1c1c5/2B1KA3 w - - 0 24",
              (Move.from_iccs("e2e7"),), frozenset({Theme.ADVANTAGE}), source="test")
# Two rooks against a bare king: two moves mate in 2, so no unique first move.
TWO_MATES = Puzzle("two-mates", "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1",
                   tuple(Move.from_iccs(m) for m in ("b1b8", "e9f9", "a0a9")), frozenset({Theme.MATE}), mate_in=2)

# A one-move game: red mates (a0a9; the rook on i8 guards the eighth rank); other moves mate later.
GAME = """[Event "test"]
[Result "1-0"]
[FEN "4k4/8R/5a3/9/9/9/9/9/9/R2K5 w - - 0 1"]

1. 車九進九
1-0
"""

CCPD = """[Game "Chinese Chess"]
[Event "fine"]
[Result "1-0"]
[FEN "4ka3/4a4/4b4/p3R3p/2r6/9/P5p1P/1RN1C2r1/1c1c5/2B1KA3 w - - 0 24"]

1. 炮五進五
1-0

[Game "Chinese Chess"]
[Event "no black king"]
[Result "1-0"]
[FEN "9/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"]

1. 車八進七
1-0

[Game "Chinese Chess"]
[Event "illegal move"]
[Result "1-0"]
[FEN "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"]

1. 車八進七 將５進１
1-0
"""


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", "puzzles", *args], capture_output=True, text=True,
                          timeout=600, cwd=REPO)   # this checkout's xiangqi, not the installed one


def run(*args: str) -> Finished:
    return run_xiangqi("puzzles", *args)


def test_list_summarises_a_set(tmp_path: Path) -> None:
    path = tmp_path / "s.puzzles"
    write_puzzle_set(path, [WINS, TWO_MATES], ["Data: CCPD"])
    done = run_process("list", str(path))
    assert done.returncode == 0, done.stderr
    assert f"{path}: 2 puzzles" in done.stdout
    assert "# Data: CCPD" in done.stdout
    assert "mate in: 2: 1" in done.stdout and "advantage 1" in done.stdout


def test_tag_merges_sets_one_puzzle_a_position_with_motifs_and_list_counts_them(tmp_path: Path) -> None:
    old = Puzzle("old", TWO_MATES.fen, TWO_MATES.line, frozenset({Theme.MATE, Theme.ENDGAME}), mate_in=2)
    again = Puzzle("again", TWO_MATES.fen.replace(" 0 1", " 9 40"), TWO_MATES.line, frozenset({Theme.MATE}),
                   mate_in=2)                                 # the same position, other move counters
    first, second, out = tmp_path / "a.puzzles", tmp_path / "b.puzzles", tmp_path / "all.puzzles"
    write_puzzle_set(first, [old], ["Data: CCPD"])
    write_puzzle_set(second, [again, WINS], ["Data: CCPD", "made by build"])
    done = run("tag", str(first), str(second), "-o", str(out))
    assert done.returncode == 0, done.stderr
    merged = read_puzzle_set(out)
    assert [p.puzzle_id for p in merged.puzzles] == ["old", "wins"] and merged.comments == ("Data: CCPD",
                                                                                            "made by build")
    [mate, wins] = merged.puzzles
    assert Theme.ENDGAME not in mate.themes and {Motif.ENDGAME, Motif.MATE_IN_N} <= mate.motifs
    assert Motif.MIDDLEGAME in wins.motifs
    listed = run("list", str(out))
    assert "phases: endgame (残局) 1, middlegame (中局) 1" in listed.stdout or \
        "phases: middlegame (中局) 1, endgame (残局) 1" in listed.stdout
    assert "杀法 (mates): " in listed.stdout and "mate_in_n (连杀) 1" in listed.stdout


def test_list_without_a_set_lists_the_shipped_one() -> None:
    done = run("list")
    assert done.returncode == 0, done.stderr
    assert "starter.puzzles: " in done.stdout and "phases: " in done.stdout and "without motifs" not in done.stdout
    assert any("CC BY 4.0" in line and "creativecommons.org" in line for line in done.stdout.splitlines())


def test_list_reports_a_bad_line_and_reads_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "s.puzzles"
    write_puzzle_set(path, [WINS])
    path.write_text(path.read_text(encoding="utf-8") + "{broken\n", encoding="utf-8")
    done = run("list", str(path))
    assert done.returncode == 1
    assert f"{path}:2: not JSON" in done.stderr and "1 puzzles" in done.stdout


def test_bad_arguments_are_refused(tmp_path: Path, qapp: object) -> None:
    done = run("build", str(tmp_path / "x.pgn"), "--engine", "fairy-stockfish", "--jobs", "0", "-o",
               str(tmp_path / "o.puzzles"))
    assert done.returncode == 2 and "--jobs 0" in done.stderr


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_build_finds_the_mate_in_a_game(tmp_path: Path, qapp: object) -> None:
    games = tmp_path / "g.pgn"
    games.write_text(GAME, encoding="utf-8")
    out = tmp_path / "found.puzzles"
    done = run("build", str(games), "--engine", "fairy-stockfish", "--nodes", "20000", "--jobs", "1", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "games/min" in done.stdout and "1 puzzles written" in done.stdout
    assert "1/1 games" in done.stderr                   # the progress bar
    [puzzle] = read_puzzle_set(out).puzzles
    assert puzzle.mate_in is not None and Theme.MATE in puzzle.themes
    assert puzzle.source == "g.pgn game 1, ply 0" and puzzle.mate_in == 1
    # Every puzzle found is verified again at ten times the nodes, its line followed again, before it is written.
    assert puzzle.verified is not None and puzzle.verified.limit == "nodes 200000"
    comments = read_puzzle_set(out).comments
    assert any(c.startswith("Each puzzle verified again at MultiPV 2, nodes 200000") for c in comments)


@pytest.mark.fairy
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_build_without_a_recheck_says_nothing_of_one(tmp_path: Path, qapp: object) -> None:
    games = tmp_path / "g.pgn"
    games.write_text(GAME, encoding="utf-8")
    out = tmp_path / "found.puzzles"
    done = run("build", str(games), "--engine", "fairy-stockfish", "--nodes", "20000", "--recheck-nodes", "0",
               "-o", str(out))
    assert done.returncode == 0, done.stderr
    [puzzle] = read_puzzle_set(out).puzzles
    assert puzzle.verified is not None and puzzle.verified.limit == "nodes 20000"
    assert not any("verified again" in c for c in read_puzzle_set(out).comments)


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_ccpd_keeps_a_clear_solution_and_reports_broken_records_by_file_and_number(
        tmp_path: Path, qapp: object) -> None:
    path = tmp_path / "殺局_殺法_練習題.pgn"
    path.write_bytes(CCPD.encode("big5"))
    out = tmp_path / "starter.puzzles"
    # (at 200,000 nodes its first move is 24 Win% points ahead only: no re-check here)
    done = run("ccpd", str(path), "--engine", "fairy-stockfish", "--nodes", "20000", "--recheck-nodes", "0",
               "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert f"warning: record 2: skipped: {path}" in done.stderr and "no black king" in done.stderr
    assert f"warning: record 3: skipped: {path}" in done.stderr and "illegal" in done.stderr
    assert "3 records, 0 whole games, 1 positions searched: 1 puzzles kept; dropped: 2" in done.stdout
    assert "2  the record cannot be read" in done.stdout
    read = read_puzzle_set(out)
    assert [p.puzzle_id for p in read.puzzles] == ["ccpd-mate-0001"]
    assert any("CCPD" in c and "CC BY 4.0" in c and "creativecommons.org/licenses/by/4.0" in c
               and "github.com/Yvonne761" in c for c in read.comments)


@pytest.mark.fairy
@pytest.mark.slow
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_verify_keeps_a_clear_puzzle_and_drops_one_with_two_mates(tmp_path: Path, qapp: object) -> None:
    path = tmp_path / "s.puzzles"
    write_puzzle_set(path, [WINS, TWO_MATES])
    out = tmp_path / "checked.puzzles"
    done = run("verify", str(path), "--engine", "fairy-stockfish", "--nodes", "20000", "-o", str(out))
    assert done.returncode == 1
    assert "2 puzzles, 1 still clearly best at nodes 20000, 1 not" in done.stdout
    assert "another move mates as fast" in done.stdout
    checked = read_puzzle_set(out)
    assert [p.puzzle_id for p in checked.puzzles] == ["wins"]
    assert checked.comments[-1].startswith("Re-checked by `python -m xiangqi puzzles verify` at MultiPV 2, nodes 20000")


@pytest.mark.fairy
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_build_never_replaces_a_set_with_nothing_nor_after_an_unreadable_input(tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "mine.puzzles"
    write_puzzle_set(out, [WINS, TWO_MATES], ["the user's own set"])
    before = out.read_bytes()
    done = run("build", str(tmp_path / "mistyped.pgn"), "--engine", "fairy-stockfish", "--nodes", "2000",
               "--recheck-nodes", "0", "-o", str(out))
    assert done.returncode == 1
    assert f"no puzzle found: nothing written, {out} left as it was" in done.stderr
    assert out.read_bytes() == before
    games = tmp_path / "g.pgn"
    games.write_text(GAME, encoding="utf-8")
    done = run("build", str(games), str(tmp_path / "mistyped.pgn"), "--engine", "fairy-stockfish", "--nodes",
               "20000", "--recheck-nodes", "0", "-o", str(out))
    assert done.returncode == 1 and "1 input(s) could not be read" in done.stderr and "left as it was" in done.stderr
    assert out.read_bytes() == before


@pytest.mark.fairy
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_ccpd_engine_move_keeps_the_engines_clear_solution_and_names_the_records_move(
        tmp_path: Path, qapp: object) -> None:
    """An exercise whose own answer (a pawn push) is not the engine's clearly best move (the cannon takes the
    elephant, mating soon): dropped by default, kept with --engine-move, its source naming the record's move."""
    path = tmp_path / "中局.pgn"
    path.write_bytes(CCPD.split("\n\n[Game")[0].replace("炮五進五", "兵一進一").encode("big5"))
    plain, engine = tmp_path / "plain.puzzles", tmp_path / "engine.puzzles"
    common = ("--engine", "fairy-stockfish", "--nodes", "20000", "--recheck-nodes", "0")
    done = run("ccpd", str(path), *common, "-o", str(plain))
    assert "the record's move is not the engine's best" in done.stdout and not plain.exists()
    done = run("ccpd", str(path), *common, "--engine-move", "-o", str(engine))
    assert done.returncode == 0, done.stderr
    [puzzle] = read_puzzle_set(engine).puzzles
    assert puzzle.line[0].iccs() == "e2e7"
    assert puzzle.source.endswith("record 1 (the engine's move; the record plays i3i4)")
