"""``review --cluster`` and ``match --cluster`` (issue 33 §3): games reviewed on two Dask workers come back in
order, the same as a local review; a match's pairs are played there in order; a worker killed mid-run loses
no game; Cancel kills the commands running on the workers."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from xiangqi.cluster import SliceTask
from xiangqi.cluster.client import ClusterRun, connect
from xiangqi.cluster.slices import CANCELLED
from xiangqi.record import load_games

from cluster.conftest import REPO, LocalCluster

MATERIAL = REPO / "tests" / "engine" / "fakes" / "material_engine.py"
GAMES = [("甲", "乙", "h2e2 h7h2 b2h2 h9g7"), ("丙", "丁", "b2e2 b7e7 h2h9 i9h9"), ("戊", "己", "c3c4 c6c5 h2h6"),
         ("庚", "辛", "h0g2 h9g7 b0c2 b9c7 a0b0")]


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
    path = folder / "games.pgn"
    save_pgn(path, games)
    return path


def review(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xiangqi", "review", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def engine(delay_ms: int = 0) -> str:
    return f"{sys.executable} {MATERIAL} --delay-ms {delay_ms}"


@pytest.mark.slow
def test_review_on_a_cluster(local_cluster: LocalCluster, tmp_path: Path) -> None:
    """One scheduler and two workers for the three checks (starting them is the cost): the same review as a
    local one, Cancel, then a worker killed mid-run."""
    same_as_local(local_cluster, tmp_path)
    a_match_plays_its_pairs_on_the_workers(local_cluster, tmp_path)
    cancel_stops_the_commands_on_the_workers(local_cluster, tmp_path)
    a_worker_killed_mid_run_loses_no_game(local_cluster, tmp_path)


def a_match_plays_its_pairs_on_the_workers(local_cluster: LocalCluster, tmp_path: Path) -> None:
    """Three games: two tasks (a pair and a last single game); every game in the PGN in order."""
    fake = REPO / "tests" / "engine" / "fakes" / "fake_engine.py"
    engines = [f"{sys.executable} {fake} --name {name}" for name in ("A", "B")]
    pgn = tmp_path / "match.pgn"
    done = subprocess.run([sys.executable, "-m", "xiangqi", "match", "--engine", engines[0], "--engine", engines[1],
                           "--games", "3", "--movetime", "50", "--max-moves", "4", "--cluster",
                           local_cluster.address, "--pgn", str(pgn)], cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    games = load_games(pgn)
    assert [g.headers["Round"] for g in games] == ["1", "2", "3"]
    assert [g.headers["Red"].endswith("(A)") for g in games] == [True, False, True]   # colours swap
    assert "Finished match:" in done.stdout.splitlines()[-1]


def same_as_local(local_cluster: LocalCluster, tmp_path: Path) -> None:
    source = games_file(tmp_path, 2)
    local = review(str(source), "--engine", engine(), "--depth", "3", "-o", str(tmp_path / "local.pgn"))
    assert local.returncode == 0, local.stderr
    on_cluster = review(str(source), "--engine", engine(), "--depth", "3", "--cluster", local_cluster.address,
                        "-o", str(tmp_path / "cluster.pgn"))
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert (tmp_path / "cluster.pgn").read_text("utf-8") == (tmp_path / "local.pgn").read_text("utf-8")
    numbers = [line.split(":")[0] for line in on_cluster.stdout.splitlines() if line.startswith("game ")]
    assert numbers == ["game 1", "game 2"]   # in the file's order


def a_worker_killed_mid_run_loses_no_game(local_cluster: LocalCluster, tmp_path: Path) -> None:
    source = games_file(tmp_path, 4)
    output = tmp_path / "out.pgn"
    process = subprocess.Popen([sys.executable, "-m", "xiangqi", "review", str(source), "--engine", engine(300),
                                "--depth", "3", "--cluster", local_cluster.address, "-o", str(output)],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    first = process.stderr.readline()   # "[1/4 games]": the run is under way on both workers
    assert first.startswith("[1/4"), first
    local_cluster.kill_worker(0)
    _out, err = process.communicate(timeout=600)
    assert process.returncode == 0, first + err
    reviewed = load_games(output)
    assert [g.headers["Red"] for g in reviewed] == [red for red, _b, _m in GAMES]
    assert all("[%eval" in (g.mainline()[0].comment or "") for g in reviewed)


def cancel_stops_the_commands_on_the_workers(local_cluster: LocalCluster, tmp_path: Path) -> None:
    source = games_file(tmp_path, 1)
    # slices that would take minutes: a review at 5 s a position
    command = ("review", "{input}", "--engine", engine(5000), "--depth", "3", "-o", "{output}")
    tasks = [SliceTask(n, command, "game.pgn", source.read_bytes(), "out.pgn") for n in range(1, 4)]
    run = ClusterRun(connect(local_cluster.address), tasks)
    started = threading.Event()
    timer = threading.Timer(3.0, lambda: (run.cancel(), started.set()))   # Cancel while both workers are busy
    timer.start()
    try:
        results = list(run.results())
    finally:
        timer.cancel()
        run.close()
    assert started.is_set() and len(results) == 3
    assert all(r.outcome is None or r.outcome.returncode == CANCELLED for r in results), results
