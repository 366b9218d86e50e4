"""The checkpoint of ``puzzles build``: what each finished task found, written as the work goes (no Qt).

A build's work is a list of tasks (a game scanned, a set-up record verified), each named by a key
(``"中局.pgn|12|setup"``). When a task is done, one JSON line goes to the checkpoint file beside the output
(``OUT.puzzles.checkpoint``): its key, the puzzles it found and why its candidates were dropped. A rerun with
the same settings reads the file and skips the tasks it names, so an interrupted build continues where it
stopped and keeps what it found; the output is made from the checkpoint's puzzles in the tasks' order.

The first line names the settings (``settings``: the engine, limits and criterion); a build that finished
adds a last line ``{"completed": true}``. An unfinished checkpoint made with other settings is not continued
(the build stops with both settings quoted); a finished one is simply started afresh. A rerun with the same
settings after a finished build searches only what is new (another input file).

The reader is lenient like the puzzle-set reader: a bad line (cut by a crash, edited by hand) is reported with
its line number and skipped (its task is done again); a file that is no regular file or over
``MAX_CHECKPOINT_BYTES`` is refused; a line over ``MAX_CHECKPOINT_LINE_CHARS`` is skipped unparsed, and no
task may name more than ``MAX_TASK_PUZZLES``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from xiangqi.record.files import RefusedFileError, check_openable
from xiangqi.training.puzzles import Puzzle, PuzzleError, puzzle_from_json, puzzle_to_json

CHECKPOINT_SUFFIX = ".checkpoint"
CHECKPOINT_VERSION = 1
MAX_CHECKPOINT_BYTES = 256 << 20      # ~100,000 games' results; a bigger file is refused before it is read
MAX_CHECKPOINT_LINE_CHARS = 256 << 10  # one task: a few puzzles of under 1 KB each
MAX_TASK_PUZZLES = 64                  # puzzles one task may hold (a game gives a handful)
MAX_TASK_DROPS = 1000                  # drop reasons one task may hold
QUOTE_CHARS = 80
COMPLETED_LINE = '{"completed": true}'


class CheckpointError(PuzzleError):
    """A checkpoint that cannot be continued; the message names the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class TaskResult:
    """What one finished task found: its puzzles and the reasons its other candidates were dropped."""

    key: str
    puzzles: tuple[Puzzle, ...] = ()
    drops: tuple[str, ...] = ()
    positions: int = 0


@dataclass(frozen=True)
class Checkpoint:
    """What a checkpoint file held: the settings it was made with, the tasks done and the lines skipped."""

    settings: str
    results: dict[str, TaskResult]
    problems: tuple[str, ...]
    completed: bool = False


def checkpoint_path(output: str | os.PathLike[str]) -> Path:
    target = Path(output)
    return target.with_name(target.name + CHECKPOINT_SUFFIX)


def result_to_json(result: TaskResult) -> str:
    record = {"task": result.key, "positions": result.positions, "drops": list(result.drops),
              "puzzles": [json.loads(puzzle_to_json(p)) for p in result.puzzles]}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def result_from_json(text: str) -> TaskResult:
    """One task's result from its line; PuzzleError (a CheckpointError) quoting what is wrong."""
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise CheckpointError(f"not JSON ({str(exc)[:QUOTE_CHARS]})") from None
    if not isinstance(record, dict):
        raise CheckpointError("not a JSON object")
    key, positions, drops, puzzles = (record.get(k) for k in ("task", "positions", "drops", "puzzles"))
    if not isinstance(key, str) or not key or len(key) > QUOTE_CHARS * 4:
        raise CheckpointError(f"field 'task': expected a task name, got {_quote(key)}")
    if not isinstance(positions, int) or isinstance(positions, bool) or positions < 0:
        raise CheckpointError(f"field 'positions': expected a count, got {_quote(positions)}")
    if (not isinstance(drops, list) or len(drops) > MAX_TASK_DROPS
            or not all(isinstance(d, str) and len(d) <= QUOTE_CHARS * 2 for d in drops)):
        raise CheckpointError(f"field 'drops': expected at most {MAX_TASK_DROPS} reasons, got {_quote(drops)}")
    if not isinstance(puzzles, list) or len(puzzles) > MAX_TASK_PUZZLES:
        raise CheckpointError(f"field 'puzzles': expected a list of at most {MAX_TASK_PUZZLES} puzzles, "
                              f"got {_quote(puzzles)}")
    found = tuple(puzzle_from_json(json.dumps(p, ensure_ascii=False)) for p in puzzles)
    return TaskResult(key, found, tuple(drops), positions)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a checkpoint holds")


def _quote(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return repr(text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…")


def read_checkpoint(path: str | os.PathLike[str]) -> Checkpoint:
    """A checkpoint's tasks. OSError when it cannot be read; CheckpointError when it is no regular file,
    too big, not UTF-8 or has no settings line; a bad task line is reported in ``problems`` and skipped."""
    target = Path(path)
    try:
        size = check_openable(target)
    except RefusedFileError as exc:
        raise CheckpointError(f"{target}: {exc.reason}") from None
    if size > MAX_CHECKPOINT_BYTES:
        raise CheckpointError(f"{target}: not read: {size:,} bytes, over the limit of {MAX_CHECKPOINT_BYTES:,} "
                              "bytes for a build's checkpoint")
    with open(target, "rb") as stream:
        data = stream.read(MAX_CHECKPOINT_BYTES + 1)
    if len(data) > MAX_CHECKPOINT_BYTES:
        raise CheckpointError(f"{target}: not read: grew over the limit of {MAX_CHECKPOINT_BYTES:,} bytes")
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise CheckpointError(f"{target}: not a checkpoint (not UTF-8 text at byte {exc.start})") from None
    settings = _settings_line(target, lines[0] if lines else "")
    results: dict[str, TaskResult] = {}
    problems: list[str] = []
    completed = False
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if line.strip() == COMPLETED_LINE:
            completed = True
            continue
        if len(line) > MAX_CHECKPOINT_LINE_CHARS:
            problems.append(f"{target}:{number}: a line of {len(line):,} characters, over the limit of "
                            f"{MAX_CHECKPOINT_LINE_CHARS:,}; skipped (its task is done again)")
            continue
        try:
            result = result_from_json(line)
        except PuzzleError as exc:
            problems.append(f"{target}:{number}: {exc}; skipped (its task is done again)")
            continue
        results[result.key] = result
    return Checkpoint(settings, results, tuple(problems), completed)


def _settings_line(target: Path, line: str) -> str:
    try:
        head = json.loads(line) if len(line) <= MAX_CHECKPOINT_LINE_CHARS else None
    except ValueError:
        head = None
    if (not isinstance(head, dict) or head.get("checkpoint") != CHECKPOINT_VERSION
            or not isinstance(head.get("settings"), str)):
        raise CheckpointError(f"{target}:1: not a puzzle build's checkpoint (expected "
                              f"{{\"checkpoint\": {CHECKPOINT_VERSION}, \"settings\": ...}}, got "
                              f"{_quote(line[:QUOTE_CHARS])})")
    settings: str = head["settings"]
    return settings


class CheckpointWriter:
    """Appends one line per finished task, flushed at once (a crash loses at most the line being written)."""

    def __init__(self, path: Path, settings: str, previous: Sequence[TaskResult] = ()) -> None:
        """Starts ``path`` afresh with the settings line and the results kept from the previous run (the
        lines a reader skipped are gone, so the file is clean again)."""
        self.path = path
        partial = path.with_name(path.name + ".tmp")
        with open(partial, "w", encoding="utf-8") as stream:
            stream.write(json.dumps({"checkpoint": CHECKPOINT_VERSION, "settings": settings},
                                    ensure_ascii=False) + "\n")
            stream.writelines(result_to_json(r) + "\n" for r in previous)
        os.replace(partial, path)
        self._stream: TextIO | None = open(path, "a", encoding="utf-8")   # noqa: SIM115 (kept open: appended)

    def add(self, result: TaskResult) -> None:
        if self._stream is not None:
            self._stream.write(result_to_json(result) + "\n")
            self._stream.flush()

    def complete(self) -> None:
        """Mark the build finished (its last line)."""
        if self._stream is not None:
            self._stream.write(COMPLETED_LINE + "\n")
            self._stream.flush()

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None
