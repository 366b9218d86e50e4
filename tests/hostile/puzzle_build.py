"""Hostile inputs for the files of ``puzzles build``: its checkpoint (``read_checkpoint``: the tasks a build
finished, read back by a rerun) and the bigger puzzle sets it writes (motifs, found depths). ``scale`` grows
the input linearly (lines, bytes)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hostile import hostile
from xiangqi.core import Move
from xiangqi.tactics import Motif
from xiangqi.training.puzzle_checkpoint import (
    MAX_CHECKPOINT_BYTES,
    MAX_CHECKPOINT_LINE_CHARS,
    MAX_TASK_PUZZLES,
    CheckpointError,
    TaskResult,
    read_checkpoint,
    result_to_json,
)
from xiangqi.training.puzzles import Puzzle, PuzzleError, Verification, puzzle_to_json, read_puzzle_set

FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
HEAD = json.dumps({"checkpoint": 1, "settings": "s"})
GOOD = Puzzle("good", FEN, (Move.from_iccs("h2e2"),), motifs=frozenset({Motif.OPENING}),
              verified=Verification("nodes 200000", "cp 300", "cp 0", 30.0, 7))


def expect_refused(call: object, *words: str) -> str:
    assert callable(call)
    try:
        call()
    except (CheckpointError, PuzzleError) as error:
        text = str(error)
        for word in words:
            assert word in text, (word, text)
        return text
    raise AssertionError(f"not refused: {words}")


@hostile("puzzle_build.checkpoint.not_regular", target="training.puzzle_checkpoint",
         bound="regular files only (record.files.check_openable)")
def checkpoint_fifo(folder: Path, scale: int) -> None:
    path = folder / "out.puzzles.checkpoint"
    os.mkfifo(path)
    expect_refused(lambda: read_checkpoint(path), "out.puzzles.checkpoint", "named pipe")
    expect_refused(lambda: read_checkpoint("/dev/zero"), "/dev/zero", "a device")


@hostile("puzzle_build.checkpoint.too_big", target="training.puzzle_checkpoint",
         bound="MAX_CHECKPOINT_BYTES = 256 MiB")
def checkpoint_too_big(folder: Path, scale: int) -> None:
    path = folder / "big.checkpoint"
    with open(path, "wb") as stream:
        stream.truncate(MAX_CHECKPOINT_BYTES + scale)     # sparse: no disk used
    expect_refused(lambda: read_checkpoint(path), "big.checkpoint", "over the limit")


@hostile("puzzle_build.checkpoint.no_settings", target="training.puzzle_checkpoint",
         bound="the first line names the settings; not UTF-8 refused with the byte")
def checkpoint_no_settings(folder: Path, scale: int) -> None:
    path = folder / "x.checkpoint"
    path.write_text('{"task": "a|1|game"}\n' * scale, encoding="utf-8")
    expect_refused(lambda: read_checkpoint(path), f"{path}:1", "not a puzzle build's checkpoint")
    path.write_bytes(HEAD.encode() + b"\n\xff\xfe" * scale)
    expect_refused(lambda: read_checkpoint(path), "not UTF-8 text at byte")


@hostile("puzzle_build.checkpoint.bad_lines", target="training.puzzle_checkpoint",
         bound=f"MAX_CHECKPOINT_LINE_CHARS = 256 KiB, MAX_TASK_PUZZLES = {MAX_TASK_PUZZLES}; a bad line named by "
               "file:line and skipped (its task done again)")
def checkpoint_bad_lines(folder: Path, scale: int) -> None:
    path = folder / "bad.checkpoint"
    good = result_to_json(TaskResult("a.pgn|1|game", (GOOD,), ("candidate: no clearly best move",), 12))
    many = json.dumps({"task": "m|1|game", "positions": 1, "drops": [],
                       "puzzles": [json.loads(puzzle_to_json(GOOD))] * (MAX_TASK_PUZZLES + 1)})
    bad = ['{"task": "cut|1|game", "positions": 3, "dro',                       # cut by a crash
           json.dumps({"task": "", "positions": 1, "drops": [], "puzzles": []}),
           json.dumps({"task": "n|1|game", "positions": -1, "drops": [], "puzzles": []}),
           json.dumps({"task": "p|1|game", "positions": 1, "drops": [], "puzzles": [{"id": "x"}]}),
           "[" * 5_000 + "]" * 5_000,
           many,
           "x" * (MAX_CHECKPOINT_LINE_CHARS + 1)]
    path.write_text("\n".join([HEAD, good] + bad * scale) + "\n", encoding="utf-8")
    found = read_checkpoint(path)
    assert list(found.results) == ["a.pgn|1|game"] and found.results["a.pgn|1|game"].puzzles == (GOOD,)
    assert len(found.problems) == len(bad) * scale and not found.completed
    assert f"{path}:3: not JSON" in found.problems[0] and "its task is done again" in found.problems[0]
    assert "field 'task'" in found.problems[1] and "field 'positions'" in found.problems[2]
    assert "field 'fen'" in found.problems[3] and f"at most {MAX_TASK_PUZZLES} puzzles" in found.problems[5]
    assert "over the limit" in found.problems[6]


@hostile("puzzle_build.set.motifs", target="training.puzzle_set",
         bound="motif ids from xiangqi.tactics.Motif only, at most len(Motif); found_depth 1..MAX_DEPTH")
def set_bad_motifs(folder: Path, scale: int) -> None:
    path = folder / "motifs.puzzles"
    record = json.loads(puzzle_to_json(GOOD))
    bad = [dict(record, id="u", motifs=["no_such_motif"]), dict(record, id="l", motifs=["fork"] * 100),
           dict(record, id="d", verified=dict(record["verified"], found_depth=10**6)),
           dict(record, id="t", motifs="fork")]
    path.write_text("\n".join([json.dumps(record)] + [json.dumps(b) for b in bad] * scale) + "\n", encoding="utf-8")
    found = read_puzzle_set(path)
    assert [p.puzzle_id for p in found.puzzles] == ["good"] and found.puzzles[0] == GOOD
    assert len(found.problems) == len(bad) * scale
    assert "unknown motif" in found.problems[0] and "no_such_motif" in found.problems[0]
    assert "field 'motifs'" in found.problems[1] and "field 'verified'" in found.problems[2]
    assert "field 'motifs'" in found.problems[3]
