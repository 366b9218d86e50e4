"""Hostile input to the cluster's slices (issue 33 §3): a slice's input over its bound is refused before a
worker writes anything, and what a worker sends back for a match's pair (not games, a cut PGN, bytes) is
reported as that pair's failure, never a traceback."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from hostile import hostile
from xiangqi.cluster.client import SliceResult
from xiangqi.cluster.slices import MAX_SLICE_INPUT_BYTES, SliceOutcome, SliceTask, run_slice
from xiangqi.commands.on_cluster import pair_games_of


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
