"""Hostile input to the cluster's slices (issue 33 §3): a slice's input over its bound is refused before a
worker writes anything, and what a worker sends back for a match's pair (not games, a cut PGN, bytes) is
reported as that pair's failure, never a traceback; a puzzle build's slice input and result lines are read
leniently with their bounds; a record file read on a worker names the file as the user named it."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from hostile import hostile
from xiangqi.cluster.client import SliceResult
from xiangqi.cluster.slices import MAX_SLICE_INPUT_BYTES, SliceOutcome, SliceTask, run_slice
from xiangqi.commands.on_cluster import pair_games_of, pair_slots, slot_games
from xiangqi.commands.puzzles_cluster import (
    MAX_MOVES,
    MAX_SLICE_TASKS,
    MAX_TASK_LINE_CHARS,
    GameTask,
    read_tasks,
    slice_results,
    task_line,
)
from xiangqi.core import Position
from xiangqi.core.notation import Notation
from xiangqi.database.importer import read_file_bytes
from xiangqi.match.schedule import Opening
from xiangqi.record import Game
from xiangqi.record.pgn_writer import games_to_pgn


@hostile("cluster.slice_too_big", target="cluster.slice", bound=f"MAX_SLICE_INPUT_BYTES = {MAX_SLICE_INPUT_BYTES:,}")
def slice_too_big(folder: Path, scale: int) -> None:
    task = SliceTask(1, ("pgn", "{input}"), "game.pgn", bytes(MAX_SLICE_INPUT_BYTES + scale))
    try:
        run_slice(task)
    except ValueError as error:
        assert "MAX_SLICE_INPUT_BYTES" in str(error) and "slice 1" in str(error)
    else:
        raise AssertionError("an oversized slice was run")


@hostile("cluster.garbage_pair", target="cluster.slice", bound="MAX_SLICE_OUTPUT_BYTES; unreadable: reported")
def garbage_pair(folder: Path, scale: int) -> None:
    for output in (b"\x00\xff not games" * 1000 * scale, b'[Event "x"]\n1. h2e2 h7' * scale, b"[" * 10_000 * scale):
        outcome = SliceOutcome(7, 0, output, "", "", "worker-1")
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            games = pair_games_of(SliceResult(7, outcome))
        assert games is None or all(not game.errors for game in games)
        if games is None:
            assert "opening 7" in said.getvalue() and "worker-1" in said.getvalue()


@hostile("cluster.tournament_pair", target="cluster.slice",
         bound="PairSlot.games: a task's games beyond its pair ignored; unreadable: the pair failed")
def tournament_pair(folder: Path, scale: int) -> None:
    """A worker that sends back many games for a tournament's pair (or broken ones): the pair's own games at
    most, tagged with the tournament's names, the rest ignored; broken ones are the pair's failure, said."""
    game = Game({"Red": "w (A)", "Black": "w (B)"}, Position.STARTING_FEN)
    game.result = "1-0"
    many = games_to_pgn([game] * 50 * scale, Notation.ICCS).encode("utf-8")
    slot = pair_slots(1, 2, 2, [Opening()])[0]
    for output, kept in ((many, 2), (many[: len(many) // 3] + b"[" * 1000 * scale, 2), (b"\x00" * 1000 * scale, 0)):
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            played = slot_games(SliceResult(4, SliceOutcome(4, 0, output, "", "", "worker-2")), slot, ("x", "y"),
                                "games 1-2 of x vs y")
        assert len(played) == kept and [p.game.headers["Red"] for p in played] == ["x", "y"][:kept]
        assert kept or ("games 1-2 of x vs y" in said.getvalue() and "worker-2" in said.getvalue())


@hostile("cluster.puzzle_task_lines", target="cluster.puzzle_tasks",
         bound=f"MAX_TASK_LINE_CHARS = {MAX_TASK_LINE_CHARS:,}; MAX_MOVES = {MAX_MOVES:,}; "
               f"MAX_SLICE_TASKS = {MAX_SLICE_TASKS:,}")
def puzzle_task_lines(folder: Path, scale: int) -> None:
    """A slice's input of games to mine with bad lines among good ones: each bad one named (line number and
    why), the good ones kept, in one pass."""
    good = task_line(GameTask("g.pgn|1|game", "g.pgn game 1", "fen", ("h2e2", "h7e7")))
    bad = ["{", "[1, 2]", '{"task": "k", "source": "s", "fen": "f", "moves": 7}', "x" * (MAX_TASK_LINE_CHARS + 1),
           json.dumps({"task": "k", "source": "s", "fen": "f", "moves": "a0a1 " * (MAX_MOVES + 1)}), "\x00\xff"]
    path = folder / "tasks.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        for _ in range(scale):
            stream.writelines(line + "\n" for line in [good, *bad])
    tasks, problems = read_tasks(path)
    assert len(tasks) == scale and len(problems) == len(bad) * scale, problems[:8]
    assert problems[0].startswith("tasks.jsonl:2: not JSON") and "MAX_TASK_LINE_CHARS" in problems[3]
    assert "MAX_MOVES" in problems[4]
    path.write_text((good + "\n") * (MAX_SLICE_TASKS + scale), encoding="utf-8")
    tasks, problems = read_tasks(path)
    assert len(tasks) == MAX_SLICE_TASKS and "MAX_SLICE_TASKS" in problems[0]


@hostile("cluster.puzzle_results", target="cluster.puzzle_tasks", bound="unreadable result lines: the game failed")
def puzzle_results(folder: Path, scale: int) -> None:
    """What a worker sends back for a slice's games (garbage, a cut line, another task's key, bytes): each game
    without a readable line of its own comes back failed, named with the slice and worker, never a traceback."""
    keys = ["g.pgn|1|game", "g.pgn|2|game"]
    good = '{"task":"g.pgn|1|game","positions":3,"drops":[],"puzzles":[]}'
    outputs = [b"\x00\xff not lines" * 100 * scale, ((good[:30] + "\n") * scale).encode(),
               b'{"task":"other|1|game"}\n' * scale, (good + "\n").encode() + b"[" * 10_000 * scale]
    for output in outputs:
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            results = dict(slice_results(SliceResult(3, SliceOutcome(3, 0, output, "", "", "worker-9")), keys))
        assert set(results) == set(keys)
        assert all(isinstance(r, str) and "slice 3 (worker-9)" in r for k, r in results.items()
                   if not (k == keys[0] and output.startswith(good.encode())))


@hostile("cluster.import_file_bytes", target="cluster.import_file", bound="a reader's error names the file as given")
def import_file_bytes(folder: Path, scale: int) -> None:
    """A record file read on a worker from its bytes (garbage, a cut XQF): no rows or some, and the error names
    the file as the submitting machine names it, never the worker's temporary copy."""
    name = str(folder / "某 file.xqf")
    for data in (b"XQ" + bytes(range(256)) * 4 * scale, b"\x00" * 1000 * scale, b"XQ"):
        rows, error = read_file_bytes(name, data)
        assert error is not None and "某 file.xqf" in error and "xiangqi-import-" not in error, error
