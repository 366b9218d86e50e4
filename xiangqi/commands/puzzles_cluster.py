"""``puzzles build --cluster ADDRESS`` (issue 33 §3): the games to mine go to the workers of a Dask scheduler,
``PUZZLE_GAMES_PER_SLICE`` a slice, each slice run there as ``python -m xiangqi puzzles tasks`` with the
build's own settings; every game's result comes back as the checkpoint line the local build writes for it,
and the submitting process adds it to the same checkpoint and output as the local build (``puzzles.py``),
so a cluster build and a local build give the same set, and either continues the other's checkpoint.

A slice's input is one JSON object a line, a game to mine (``GameTask``: its task key, the source named in
its puzzles, its start FEN and its main line in ICCS); its output one line a game, the checkpoint's
(``puzzle_checkpoint.result_to_json``) or ``{"task": KEY, "failed": WHY}``. Both are read leniently: a bad
line is named (slice, line) and its game counted as failed (a rerun does it again), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from xiangqi.cluster import ClusterError, SliceResult, SliceTask, run_slices
from xiangqi.cluster.slices import CANCELLED
from xiangqi.training.puzzle_checkpoint import QUOTE_CHARS, TaskResult, result_from_json
from xiangqi.training.puzzle_finder import FinderSettings
from xiangqi.training.puzzles import PuzzleError

PUZZLE_GAMES_PER_SLICE = 2      # a slice's start (~0.1 s on a warm worker) is under 1 % of mining two games
MAX_TASK_LINE_CHARS = 64 << 10  # one game of a slice's input (a 1,000-ply game is ~5,000 characters)
MAX_SLICE_TASKS = 1_000         # games in one slice's input (the reader stops there, naming the bound)
MAX_MOVES = 2_000               # plies of one game


@dataclass(frozen=True, slots=True)
class GameTask:
    """A game to mine on a worker: what the local build would search for it (``puzzles._Build``)."""

    key: str          # the checkpoint's task key: FILE|NUMBER|game
    source: str       # the source its puzzles name: "FILE game N"
    fen: str          # the game's start
    moves: tuple[str, ...]   # its main line, ICCS


class TaskLineError(ValueError):
    """A line of a slice's input that is no game to mine; the message quotes it (bounded)."""


def task_line(task: GameTask) -> str:
    return json.dumps({"task": task.key, "source": task.source, "fen": task.fen, "moves": " ".join(task.moves)},
                      ensure_ascii=False, separators=(",", ":"))


def task_from_line(text: str) -> GameTask:
    """A game to mine from its line; TaskLineError naming the field when it is none."""
    if len(text) > MAX_TASK_LINE_CHARS:
        raise TaskLineError(f"a line of {len(text):,} characters, over {MAX_TASK_LINE_CHARS:,} (MAX_TASK_LINE_CHARS)")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise TaskLineError(f"not JSON: {text[:QUOTE_CHARS]!r}") from None
    if not isinstance(record, dict):
        raise TaskLineError(f"not a JSON object: {text[:QUOTE_CHARS]!r}")
    fields = [record.get(name) for name in ("task", "source", "fen", "moves")]
    for name, value in zip(("task", "source", "fen", "moves"), fields, strict=True):
        if not isinstance(value, str) or (name != "moves" and not value):
            raise TaskLineError(f"field {name!r}: expected text, got {str(value)[:QUOTE_CHARS]!r}")
    key, source, fen, moves = (str(value) for value in fields)
    plies = tuple(moves.split())
    if len(plies) > MAX_MOVES:
        raise TaskLineError(f"task {key[:QUOTE_CHARS]!r}: {len(plies):,} moves, over {MAX_MOVES:,} (MAX_MOVES)")
    return GameTask(key, source, fen, plies)


def read_tasks(path: Path) -> tuple[list[GameTask], list[str]]:
    """The games of a slice's input and the problems of its lines ("FILE:LINE: why"), in linear time."""
    tasks: list[GameTask] = []
    problems: list[str] = []
    with path.open(encoding="utf-8", errors="replace") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            if len(tasks) >= MAX_SLICE_TASKS:
                problems.append(f"{path.name}:{number}: over {MAX_SLICE_TASKS:,} games (MAX_SLICE_TASKS): the rest "
                                "not read")
                break
            try:
                tasks.append(task_from_line(line.rstrip("\n")))
            except TaskLineError as error:
                problems.append(f"{path.name}:{number}: {error}")
    return tasks, problems


def failure_line(key: str, why: str) -> str:
    return json.dumps({"task": key, "failed": why[:500]}, ensure_ascii=False)


def slices_of(tasks: Sequence[GameTask], command: tuple[str, ...]) -> list[SliceTask]:
    """The slices of a build: ``PUZZLE_GAMES_PER_SLICE`` games each, in the build's order."""
    return [SliceTask(number, command, "tasks.jsonl",
                      "".join(task_line(t) + "\n" for t in tasks[start:start + PUZZLE_GAMES_PER_SLICE]).encode(),
                      "results.jsonl")
            for number, start in enumerate(range(0, len(tasks), PUZZLE_GAMES_PER_SLICE), start=1)]


def slice_command(args: argparse.Namespace, settings: FinderSettings, final: FinderSettings | None
                   ) -> tuple[str, ...]:
    """``puzzles tasks`` with this build's settings (its checkpoint's), as each cluster slice runs it."""
    verify = settings.verify
    limit = (["--movetime", str(verify.movetime_ms)] if verify.movetime_ms is not None
             else ["--depth", str(verify.depth)] if verify.depth is not None else ["--nodes", str(verify.nodes)])
    tail = ["--last", str(settings.tail)] if settings.tail is not None else []
    recheck = final.verify.nodes if final is not None else 0
    return ("puzzles", "tasks", "{input}", "--engine", args.engine, *limit, *tail, "--scan-nodes",
            str(args.scan_nodes), "--gap", repr(settings.min_gap), "--recheck-nodes", str(recheck), "-o", "{output}")


def build_on_cluster(address: str, command: tuple[str, ...], pending: Iterable[GameTask],
                     done: Callable[[TaskResult], None], failed: Callable[[str, str], None]
                     ) -> tuple[bool, str | None]:
    """Mine ``pending`` on the cluster; each game's result given to ``done`` (or ``failed``) as its slice
    arrives. (completed, the problem that stopped the build) as ``puzzles._run_pool`` returns them."""
    tasks = list(pending)
    slices = slices_of(tasks, command)
    keys = {s.key: [t.key for t in tasks[(s.key - 1) * PUZZLE_GAMES_PER_SLICE:][:PUZZLE_GAMES_PER_SLICE]]
            for s in slices}

    def arrived(result: SliceResult) -> None:
        for key, outcome in slice_results(result, keys[result.key]):
            if isinstance(outcome, TaskResult):
                done(outcome)
            else:
                failed(key, outcome)

    try:
        for _result in run_slices(address, slices, arrived):
            pass
    except ClusterError as error:
        return False, f"error: {error}"
    except KeyboardInterrupt:
        return False, None
    return True, None


def slice_results(result: SliceResult, keys: Sequence[str]) -> Iterator[tuple[str, TaskResult | str]]:
    """Each game of a slice with its result, or why it has none (the slice failed, or its line is bad)."""
    outcome = result.outcome
    if outcome is None or outcome.returncode == CANCELLED or not outcome.output:
        why = result.failure if outcome is None else (outcome.stderr.strip().splitlines() or ["no output"])[-1]
        yield from ((key, f"slice {result.key}: {why}") for key in keys)
        return
    where = f"slice {result.key} ({outcome.worker})"
    found: dict[str, TaskResult | str] = {}
    for number, line in enumerate(outcome.output.decode("utf-8", errors="replace").splitlines(), start=1):
        answer = _result_line(line, f"{where}:{number}")
        if isinstance(answer, tuple) and answer[0] in keys:
            found[answer[0]] = answer[1]
        elif isinstance(answer, str):
            print(f"warning: {answer}", file=sys.stderr)
    for key in keys:
        yield key, found.get(key, f"{where}: no result for {key}")


def _result_line(line: str, where: str) -> tuple[str, TaskResult | str] | str | None:
    """A line of a slice's output: (key, its result or why it failed), or a problem, or None (blank)."""
    if not line.strip():
        return None
    if len(line) > MAX_TASK_LINE_CHARS * 4:
        return f"{where}: a line of {len(line):,} characters, over {MAX_TASK_LINE_CHARS * 4:,}"
    try:
        record = json.loads(line)
        if isinstance(record, dict) and isinstance(record.get("failed"), str) and isinstance(record.get("task"), str):
            return str(record["task"]), f"{where}: {record['failed']}"
        result = result_from_json(line)
    except (ValueError, RecursionError, PuzzleError) as error:
        return f"{where}: {str(error)[:QUOTE_CHARS * 2]}"
    return result.key, result


__all__ = ["GameTask", "MAX_MOVES", "MAX_SLICE_TASKS", "MAX_TASK_LINE_CHARS", "PUZZLE_GAMES_PER_SLICE",
           "TaskLineError", "build_on_cluster", "failure_line", "read_tasks", "slice_command", "slice_results",
           "slices_of", "task_from_line", "task_line"]
