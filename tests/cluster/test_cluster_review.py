"""``--cluster`` (issue 33 §3) on a scheduler and two worker processes on 127.0.0.1: games reviewed on the
workers come back in order, the same as a local review; a match's pairs are played there in order, an SPRT
stops at its bound and cancels the pairs left; a round-robin's games and crosstable are the local ones; a
database imported there is the local import's; Cancel
kills the commands (and their engines) running on the workers; a puzzle build interrupted by Ctrl+C
continues from its checkpoint; a worker killed mid-run loses no game (a review, a puzzle build, whose set
is the local build's byte for byte).

One test for every check (the cluster is started once; pytest-xdist would give separate tests of a module
to different processes, each starting its own cluster). The commands submitting the work run in this process
(``xiangqi.__main__.main``: no second Python start); a local run to compare with runs as a process (its
engines need Qt's event loop, which the test process keeps for the widget tests)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path

import pytest

from xiangqi.__main__ import main as xiangqi_main
from xiangqi.cluster import SliceTask
from xiangqi.cluster.client import ClusterRun, connect
from xiangqi.cluster.slices import CANCELLED
from xiangqi.database import GameDatabase, import_files
from xiangqi.match.tournament import Crosstable
from xiangqi.record import Game, load_games
from xiangqi.record.files import read_records
from xiangqi.record.pgn_writer import save_pgn
from xiangqi.training.puzzle_checkpoint import checkpoint_path

from cluster.conftest import REPO, LocalCluster, wait_for_workers

MATERIAL = REPO / "tests" / "engine" / "fakes" / "material_engine.py"
FAKE = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
GAMES = [("甲", "乙", "h2e2 h7h2 b2h2 h9g7"), ("丙", "丁", "b2e2 b7e7 h2h9 i9h9"), ("戊", "己", "c3c4 c6c5 h2h6"),
         ("庚", "辛", "h0g2 h9g7 b0c2 b9c7 a0b0")]
EVENT_TIMEOUT_S = 120     # the most an awaited event may take on a loaded machine (the test fails after it)
FAIRY = "/usr/games/fairy-stockfish"
PUZZLE_SETTINGS = ("--engine", "fairy-stockfish", "--last", "10", "--scan-nodes", "2000", "--nodes", "20000",
                   "--recheck-nodes", "0")


def games_file(folder: Path, count: int = len(GAMES)) -> Path:
    from xiangqi.core import Move
    from xiangqi.record import Game
    from xiangqi.record.pgn_writer import save_pgn

    games = []
    for red, black, moves in (GAMES * 4)[:count]:
        game = Game()
        game.headers["Red"], game.headers["Black"] = red, black
        node = game.root
        for iccs in moves.split():
            node = node.add_child(Move.from_iccs(iccs))
        games.append(game)
    path = folder / f"games{count}.pgn"
    save_pgn(path, games)
    return path


def started(*args: str) -> subprocess.Popen[str]:
    """The command started as the user runs it on one machine (a process of its own)."""
    return subprocess.Popen([sys.executable, "-m", "xiangqi", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def on_cluster(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The command with --cluster, run in this process: (exit status, stdout, stderr)."""
    capsys.readouterr()
    code = xiangqi_main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def engine(delay_ms: int = 0, log: Path | None = None) -> str:
    return f"{sys.executable} {MATERIAL} --delay-ms {delay_ms}" + (f" --log {log}" if log else "")


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Wait for an event seen by polling (the test fails after EVENT_TIMEOUT_S, never passes by waiting)."""
    deadline = time.monotonic() + EVENT_TIMEOUT_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {EVENT_TIMEOUT_S} s for {what}")
        time.sleep(0.02)


@pytest.mark.slow(seconds=40)   # the suite's longest: started first on a fresh clone too
@pytest.mark.skipif(not shutil.which(FAIRY), reason="needs the fairy-stockfish Debian package")
def test_commands_on_a_cluster(local_cluster: LocalCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               shared_data: Path) -> None:
    """Each check in turn on the same cluster; a killed worker is replaced for the checks after it. The local
    runs to compare with are processes started first, so that they run while this process waits for the
    cluster (the test's wall time, not its CPU, is what they cost otherwise)."""
    local_review = review_locally(tmp_path)
    games, local_build = puzzle_games_built_locally(tmp_path, shared_data)
    review_same_as_local(local_cluster, tmp_path, capsys, local_review)
    a_match_plays_its_pairs_on_the_workers(local_cluster, tmp_path, capsys)
    a_tournament_plays_the_local_games(local_cluster, tmp_path, capsys)
    an_sprt_stops_at_its_bound(local_cluster, tmp_path, capsys)
    db_import_same_as_local(local_cluster, tmp_path, capsys, shared_data)
    cancel_kills_the_commands_on_the_workers(local_cluster, tmp_path)
    local_set = local_build_set(tmp_path, local_build)
    a_worker_killed_mid_review_loses_no_game(local_cluster, tmp_path, capsys)   # its replacement starts meanwhile:
    an_interrupted_puzzle_build_continues(local_cluster, tmp_path, capsys, games, local_set)   # one worker is enough
    wait_for_workers(local_cluster, 2)
    a_worker_killed_mid_build_loses_no_puzzle(local_cluster, tmp_path, capsys, games, local_set)


def review_locally(tmp_path: Path) -> subprocess.Popen[str]:
    """The local review to compare the cluster's with, started (a process of its own)."""
    return started("review", str(games_file(tmp_path, 2)), "--engine", engine(), "--depth", "3", "-o",
                   str(tmp_path / "local.pgn"))


def review_same_as_local(cluster: LocalCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                         local_review: subprocess.Popen[str]) -> None:
    source = games_file(tmp_path, 2)
    code, out, err = on_cluster(capsys, "review", str(source), "--engine", engine(), "--depth", "3", "--cluster",
                                cluster.address, "-o", str(tmp_path / "cluster.pgn"))
    assert code == 0, err
    _out, local_err = local_review.communicate(timeout=600)
    assert local_review.returncode == 0, local_err
    assert (tmp_path / "cluster.pgn").read_text("utf-8") == (tmp_path / "local.pgn").read_text("utf-8")
    numbers = [line.split(":")[0] for line in out.splitlines() if line.startswith("game ")]
    assert numbers == ["game 1", "game 2"]   # in the file's order


def a_match_plays_its_pairs_on_the_workers(cluster: LocalCluster, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Three games: two tasks (a pair and a last single game); every game in the PGN in order."""
    engines = [f"{sys.executable} {FAKE} --name {name}" for name in ("A", "B")]
    pgn = tmp_path / "match.pgn"
    code, out, err = on_cluster(capsys, "match", "--engine", engines[0], "--engine", engines[1], "--games", "3",
                                "--movetime", "50", "--max-moves", "4", "--cluster", cluster.address, "--pgn",
                                str(pgn))
    assert code == 0, err
    games = load_games(pgn)
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
    assert [g.headers["Red"].endswith("(A)") for g in games] == [True, False, True]   # colours swap
    assert "Finished match:" in out.splitlines()[-1]


def a_tournament_plays_the_local_games(cluster: LocalCluster, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A round-robin of three engines, one round with --repeat: three tasks (an encounter's pair each); the
    PGN's games (numbers, colours, names, moves, results) and the crosstable are the local tournament's (the
    same command without --cluster gave these: the third engine plays an illegal move and loses every game,
    the others draw at the move limit)."""
    engines = [f"{sys.executable} {FAKE} --name A", f"{sys.executable} {FAKE} --name B",
               f"{sys.executable} {FAKE} --name C --fault illegal-bestmove"]
    pgn = tmp_path / "tournament.pgn"
    code, out, err = on_cluster(capsys, "match", "--tournament", "round-robin", "--repeat", "--movetime", "50",
                                "--max-moves", "4", *[word for e in engines for word in ("--engine", e)],
                                "--cluster", cluster.address, "--pgn", str(pgn))
    assert code == 0, err
    names = [f"fake_engine.py #{k}" for k in (1, 2, 3)]
    local = [("1", 0, 1, "1/2-1/2", 8), ("2", 1, 0, "1/2-1/2", 8), ("1", 0, 2, "1-0", 1), ("2", 2, 0, "0-1", 0),
             ("1", 1, 2, "1-0", 1), ("2", 2, 1, "0-1", 0)]
    games = load_games(pgn)
    assert [(g.headers["Round"], g.headers["Red"], g.headers["Black"], g.result, len(g.mainline_moves()))
            for g in games] == [(number, names[red], names[black], result, plies)
                                for number, red, black, result, plies in local]
    assert games[0].mainline_moves()[0].iccs() == "a0a1" and "Opening" not in games[0].headers
    table = Crosstable(names)
    for red, black, result in [(red, black, result) for _n, red, black, result, _p in local]:
        table.add(red, black, {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5))
    assert (tmp_path / "tournament.crosstable.txt").read_text("utf-8") == table.text() + "\n"
    assert out.count("Elo: maximum likelihood") == 7 and out.splitlines()[-1].startswith("Crosstable written")
    assert re.search(r"^\[6/6\] Game 2/2: fake_engine.py #3 \(red\) vs fake_engine.py #2 \(black\): 0-1 \{.+\} "
                     r"after \d+ plies$", out, re.MULTILINE), out   # the reason and plies, as a local run prints


def engine_pids(log: Path) -> list[int]:
    """The engines started by the slices (each writes its process id to ``log`` when it starts)."""
    return [int(word) for word in log.read_text().split()] if log.exists() else []


def gone(pid: int) -> bool:
    """The process ended (or is a zombie nobody has reaped yet: an orphan in a container without init)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return True
    return state in ("Z", "X")


def cancel_kills_the_commands_on_the_workers(cluster: LocalCluster, tmp_path: Path) -> None:
    """Cancel once an engine runs on each worker; every slice comes back cancelled and the engines die,
    though each would think ten minutes a position (the run's Event reaches the workers)."""
    source = games_file(tmp_path, 1)
    pids = tmp_path / "engines.pid"
    script = f"echo $$ >> {pids}; exec {engine(600_000)}"
    command = ("review", "{input}", "--engine", f"sh -c '{script}'", "--depth", "3", "-o", "{output}")
    tasks = [SliceTask(n, command, "game.pgn", source.read_bytes(), "out.pgn") for n in range(1, 4)]
    run = ClusterRun(connect(cluster.address), tasks)
    cancelled = threading.Event()

    def cancel_when_both_engines_run() -> None:
        wait_until(lambda: len(engine_pids(pids)) >= 2, "an engine started on each worker")
        run.cancel()
        cancelled.set()

    watcher = threading.Thread(target=cancel_when_both_engines_run, daemon=True)
    watcher.start()
    try:
        results = list(run.results())
    finally:
        run.close()
    watcher.join(EVENT_TIMEOUT_S)
    assert cancelled.is_set() and len(results) == 3
    assert all(r.outcome is None or r.outcome.returncode == CANCELLED for r in results), results
    wait_until(lambda: all(gone(pid) for pid in engine_pids(pids)), "the slices' engines to be killed")


def a_worker_killed_mid_review_loses_no_game(cluster: LocalCluster, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Worker w0 dies as soon as it has a slice; the run still gives every game, reviewed, in order (by
    Fairy-Stockfish: a C++ engine starts in a tenth of the material engine's CPU)."""
    source = games_file(tmp_path, 4)
    output = tmp_path / "out.pgn"
    killer = kill_when_busy(cluster, 0)
    code, _out, err = on_cluster(capsys, "review", str(source), "--engine", "fairy-stockfish", "--nodes", "1000",
                                 "--cluster", cluster.address, "-o", str(output))
    killer.join(EVENT_TIMEOUT_S)
    assert cluster.workers[0].poll() is not None, "the worker was not killed during the run"
    assert code == 0, err
    reviewed = load_games(output)
    assert [g.headers["Red"] for g in reviewed] == [red for red, _b, _m in GAMES]
    assert all("[%eval" in (g.mainline()[0].comment or "") for g in reviewed)
    cluster.add_worker(f"{cluster.names[0]}-again")   # two workers again for the checks that need them


def kill_when_busy(cluster: LocalCluster, index: int) -> threading.Thread:
    """A thread that kills worker ``index`` as soon as the scheduler has given it a slice."""
    from distributed import Client

    def watch() -> None:
        with Client(cluster.address, timeout=EVENT_TIMEOUT_S) as client:
            workers = client.scheduler_info()["workers"]
            [address] = [a for a, info in workers.items() if info["name"] == cluster.names[index]]
            wait_until(lambda: bool(client.processing(workers=[address]).get(address)),
                       f"a slice on worker {cluster.names[index]}")
        cluster.kill_worker(index)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def an_sprt_stops_at_its_bound(cluster: LocalCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A wins every game (B dies when asked to move): H1 after three pairs, each pair's LLR in pair order,
    the seven pairs left cancelled (six games in the PGN of the twenty allowed)."""
    engines = []
    for name, on_go in (("A", "echo bestmove h2e2"), ("B", "exit 3")):
        script = tmp_path / f"{name}.sh"
        script.write_text(f"while read -r line; do case $line in ucci) echo 'id name {name}'; echo ucciok;; "
                          f"isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done\n")
        engines.append(f"sh {script}")
    pgn = tmp_path / "sprt.pgn"
    code, out, err = on_cluster(capsys, "match", "--engine", engines[0], "--engine", engines[1], "--games", "20",
                                "--sprt", "elo0=0", "elo1=200", "alpha=0.2", "beta=0.2", "--movetime", "50",
                                "--cluster", cluster.address, "--pgn", str(pgn))
    assert code == 0, err
    pairs = [line.split("pairs ")[1].split()[0] for line in out.splitlines() if line.strip().startswith("LLR")]
    assert pairs == ["1", "2", "3"], out
    assert out.splitlines()[-1].startswith("SPRT: LLR") and "H1 accepted" in out.splitlines()[-1]
    assert len(load_games(pgn)) == 6


def db_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in tables}


def db_import_same_as_local(cluster: LocalCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            shared_data: Path) -> None:
    """A PGN file (read a block at a time), an XQF file (sent whole) and a broken one: the same database
    as a local import, row for row, and the broken file named the same way."""
    folder = tmp_path / "records"
    folder.mkdir()
    save_pgn(folder / "a.pgn", master_games(shared_data, 30))
    shutil.copy(shared_data / "games" / "eleeye" / "SAMPLE.XQF", folder / "b.xqf")
    (folder / "c.xqf").write_bytes(b"XQ" + bytes(range(256)) * 4)
    with GameDatabase(tmp_path / "local.db", create=True) as database:
        report = import_files(database, [folder])
    assert report.games > 30 and len(report.failed) == 1 and "c.xqf" in report.failed[0]
    code, out, err = on_cluster(capsys, "db", "import", str(tmp_path / "cluster.db"), str(folder), "--cluster",
                                cluster.address)
    assert code == 1 and report.failed[0] in err.splitlines(), err   # the same message
    assert f"{report.games:,} games stored from 3 files" in out
    assert db_rows(tmp_path / "cluster.db") == db_rows(tmp_path / "local.db")


def master_games(shared_data: Path, count: int) -> list[Game]:
    """The first ``count`` games of a CCPD collection (read no further: it holds a thousand)."""
    return list(islice(read_records(shared_data / "ccpd" / "games" / "五羊杯.pgn"), count))


def puzzle_games_built_locally(tmp_path: Path, shared_data: Path) -> tuple[Path, subprocess.Popen[str]]:
    """Four decisive master games (one gives a puzzle in its last ten plies) and the local build of their set,
    started. (Not a mate in one: Fairy-Stockfish reports the depth it found one at differently from run to run.)"""
    decisive = [g for g in master_games(shared_data, 40) if g.result in ("1-0", "0-1") and not g.errors]
    path = tmp_path / "mine.pgn"
    save_pgn(path, decisive[11:15])
    return path, started("puzzles", "build", str(path), *PUZZLE_SETTINGS, "-o", str(tmp_path / "local.puzzles"))


def local_build_set(tmp_path: Path, build: subprocess.Popen[str]) -> bytes:
    """The set the local build made (once it ended)."""
    out, err = build.communicate(timeout=600)
    assert build.returncode == 0 and "1 puzzles written" in out, out + err
    return (tmp_path / "local.puzzles").read_bytes()


def an_interrupted_puzzle_build_continues(cluster: LocalCluster, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          games: Path, local_set: bytes) -> None:
    """Ctrl+C once a slice's games are in the checkpoint; the same command again does only the rest, and
    the set is the local build's."""
    output = tmp_path / "resumed.puzzles"
    checkpoint = checkpoint_path(output)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

    def interrupt_after_a_slice() -> None:
        wait_until(lambda: checkpoint.exists() and len(checkpoint.read_text("utf-8").splitlines()) >= 2,
                   "a slice's games in the checkpoint")
        os.kill(os.getpid(), signal.SIGINT)   # Ctrl+C

    watcher = threading.Thread(target=interrupt_after_a_slice, daemon=True)
    watcher.start()
    command = ("puzzles", "build", str(games), *PUZZLE_SETTINGS, "--cluster", cluster.address, "-o", str(output))
    code, _out, err = on_cluster(capsys, *command)
    watcher.join(EVENT_TIMEOUT_S)
    assert code == 130, err
    done_before = len(checkpoint.read_text("utf-8").splitlines()) - 1
    assert 1 <= done_before < 4
    code, out, err = on_cluster(capsys, *command)
    assert code == 0, err
    assert f"continuing: {done_before} tasks done by an earlier run" in err
    assert output.read_bytes() == local_set


def a_worker_killed_mid_build_loses_no_puzzle(cluster: LocalCluster, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str], games: Path, local_set: bytes
                                              ) -> None:
    output = tmp_path / "cluster.puzzles"
    killer = kill_when_busy(cluster, 1)
    code, out, err = on_cluster(capsys, "puzzles", "build", str(games), *PUZZLE_SETTINGS, "--cluster",
                                cluster.address, "-o", str(output))
    killer.join(EVENT_TIMEOUT_S)
    assert cluster.workers[1].poll() is not None, "the worker was not killed during the build"
    assert code == 0, err
    assert output.read_bytes() == local_set
    assert "1 puzzles written" in out
