"""``python -m xiangqi puzzles``: find, verify and list puzzles (谜题) with an engine.

    python -m xiangqi puzzles build FILE... --engine E [--movetime MS | --depth D | --nodes N]
                                  [--scan-nodes N] [--last PLIES] [--gap G] [--recheck-nodes N]
                                  [--jobs N | --cluster ADDRESS] -o OUT.puzzles
    python -m xiangqi puzzles ccpd FILE... --engine E [limits as build] [--engine-move] -o OUT.puzzles
    python -m xiangqi puzzles verify SET --engine E [limits as build] [--follow] [-o OUT.puzzles]
    python -m xiangqi puzzles list [SET]
    python -m xiangqi puzzles tag SET... -o OUT.puzzles
    python -m xiangqi puzzles tasks TASKS.jsonl --engine E [limits as build] -o RESULTS.jsonl

``build`` finds puzzles in any game collection the way lichess's generator does (``training.puzzle_finder``):
a cheap scan of every position (``--scan-nodes``, default 3000; ``--last N``: only the last N plies of
each game), then a MultiPV-2 verification of the candidates at the limit given (default ``--nodes 60000``):
a puzzle is kept when its first move mates and no other mates as fast, or is ``--gap`` Win% points (default 25)
better than the second-best move. ``ccpd`` builds a set from the CCPD training files: a record set up from
a FEN is kept when its first move is the engine's best by the same criterion (``--engine-move``: also when
the engine's clearly best move is another one, the puzzle's source then naming the record's move, as lichess
keeps the engine's solution of a game's position); a whole game is searched
like ``build`` does (its last ``--last`` plies, default 24); an opening line is no puzzle. Each file's
counts of kept and dropped records, with the reasons, are printed. Each puzzle found is then verified again
at ``--recheck-nodes`` (default ten times the verification's nodes, 0: none), its line followed again, inside
the same task: half of what a 20,000-node verification keeps on real games is not clearly best at 200,000.
Every search starts from a cleared hash (one thread), so the same input and settings give the same set.

``build`` and ``ccpd`` write as they go: one line per finished game or record to OUT.puzzles.checkpoint and
the set itself every 20 new puzzles; an interrupted run keeps what it found and the same command continues
it (other settings are refused until it finishes). ``--decisive`` skips drawn games. ``--cluster ADDRESS`` mines
the games on the workers of a Dask scheduler (two games a task, the engine found on each worker by its name),
into the same checkpoint and set as a local build; ``tasks`` is what each worker runs (games given as JSON
lines, one result line each, as the checkpoint has them).
``verify`` re-checks each puzzle's first move of a set and writes the ones still clearly best to OUT
(``--follow``: each line found again, a mate to the mate). ``list`` summarises a set (default: the shipped
one) by theme, motif and phase; ``tag`` merges sets (one puzzle per position) and gives each puzzle the
detectors' motifs and a starting rating from its difficulty.
A progress bar with the rate and an ETA goes to stderr. Records that cannot be read are reported (file,
line, record) and skipped.
Exit status: 0 done, 1 something skipped or not written, 2 bad arguments, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from xiangqi.atomic import atomic_write
from xiangqi.commands.on_cluster import add_cluster_argument
from xiangqi.commands.output import shown_name
from xiangqi.commands.progress_bar import ProgressBar
from xiangqi.commands.puzzles_cluster import GameTask, build_on_cluster, failure_line, read_tasks, slice_command
from xiangqi.core import Move, Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.naming import EngineNameError, engine_spec
from xiangqi.engine.registry import EngineSpec
from xiangqi.record.files import read_records
from xiangqi.resources import assets_dir
from xiangqi.tactics import MotifKind, chinese_name, motifs
from xiangqi.training.ccpd import (
    CCPD_CREDIT,
    CCPD_LICENCE_URL,
    CCPD_SOURCE,
    CcpdProblem,
    GameRecord,
    SetupRecord,
    category_of,
    read_ccpd,
)
from xiangqi.training.puzzle_checkpoint import (
    CheckpointError,
    CheckpointWriter,
    TaskResult,
    checkpoint_path,
    read_checkpoint,
    result_to_json,
)
from xiangqi.training.puzzle_finder import (
    DropReason,
    FinderSettings,
    GameScan,
    Pass,
    VerifyResult,
    confirmed,
    judge,
    limit_text,
    main_line_positions,
    position_key,
    RATING_CLEAR_GAP,
    starting_rating,
    scan_game,
    verify_position,
)
from xiangqi.training.puzzles import Puzzle, PuzzleError, PuzzleSet, Theme, read_puzzle_set, write_puzzle_set

if TYPE_CHECKING:
    from xiangqi.training.search_pool import Task

DEFAULT_VERIFY_NODES = 60_000
DEFAULT_SCAN_NODES = 3_000
CCPD_TAIL = 24
RECHECK_FACTOR = 10
WRITE_EVERY_PUZZLES = 20    # the output is written again after this many new puzzles (and at the end)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi puzzles", description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, many in (("build", True), ("ccpd", True), ("verify", False), ("tasks", False)):
        sub = commands.add_parser(name)
        sub.add_argument("files", type=Path, nargs="+" if many else 1, metavar="FILE")
        sub.add_argument("--engine", required=True, metavar="NAME_OR_COMMAND")
        limit = sub.add_mutually_exclusive_group()
        limit.add_argument("--movetime", type=int, metavar="MS", help="verification time per position")
        limit.add_argument("--depth", type=int, metavar="D", help="verification depth")
        limit.add_argument("--nodes", type=int, metavar="N",
                           help=f"verification nodes (default {DEFAULT_VERIFY_NODES})")
        sub.add_argument("--scan-nodes", type=int, default=DEFAULT_SCAN_NODES, metavar="N")
        sub.add_argument("--last", type=int, metavar="PLIES", help="scan only the last PLIES plies of each game")
        sub.add_argument("--gap", type=float, default=25.0, help="Win%% points ahead of the second move (25)")
        sub.add_argument("--jobs", type=int, default=1)
        if name != "verify":
            sub.add_argument("--decisive", action="store_true", help="only games won by one side")
            sub.add_argument("--credit-ccpd", action="store_true",
                             help="the inputs are CCPD game files: credit the dataset in the set's comments")
            sub.add_argument("--recheck-nodes", type=int, metavar="N",
                             help=f"re-check each puzzle found at N nodes (default {RECHECK_FACTOR}x the "
                                  "verification's nodes; 0: no re-check)")
        if name == "ccpd":
            sub.add_argument("--engine-move", action="store_true",
                             help="keep a set-up record when the engine's clearly best move is not the record's "
                                  "(the puzzle's solution is the engine's; its source names the record's move)")
        elif name == "build":
            sub.set_defaults(engine_move=False)
        if name == "verify":
            sub.add_argument("--follow", action="store_true",
                             help="find each puzzle's line again (its first move expected): a mate to the mate, "
                                  "a win while each solver's move stays clearly best; themes and rating anew")
        if name == "build":
            add_cluster_argument(sub)
        sub.add_argument("-o", "--output", type=Path, required=name != "verify")
    listing = commands.add_parser("list")
    listing.add_argument("files", type=Path, nargs="?", metavar="SET",
                         help="a puzzle set (default: the set shipped with the program)")
    tagging = commands.add_parser("tag")
    tagging.add_argument("files", type=Path, nargs="+", metavar="SET")
    tagging.add_argument("-o", "--output", type=Path, required=True)
    parser.set_defaults(cluster=None)
    return parser.parse_args(argv)


def _settings(args: argparse.Namespace) -> FinderSettings:
    if args.depth is not None:
        verify = SearchLimits(depth=args.depth)
    elif args.movetime is not None:
        verify = SearchLimits(movetime_ms=args.movetime)
    else:
        verify = SearchLimits(nodes=args.nodes or DEFAULT_VERIFY_NODES)
    scan = SearchLimits(nodes=args.scan_nodes)
    for limits in (verify, scan):
        if limits.problems():
            raise EngineNameError(f"bad limit: {limits.problems()[0]}")
    if args.jobs < 1:
        raise EngineNameError(f"--jobs {args.jobs}: must be 1 or more")
    tail = args.last if args.last is not None else (CCPD_TAIL if args.command == "ccpd" else None)
    return FinderSettings(scan=scan, verify=verify, min_gap=args.gap, tail=tail)


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    if args.command == "list":
        return _list(args.files if args.files is not None else shipped_set_path())
    if args.command == "tag":
        return _tag(args.files, args.output)
    try:
        settings = _settings(args)
        spec = None if args.cluster else engine_spec(args.engine)   # on a cluster: found on each worker by name
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if spec is None:
        return _build(args, None, settings)
    if args.command == "verify":
        return _verify(args, spec, settings)
    if args.command == "tasks":
        return _mine_tasks(args, spec, settings)
    return _build(args, spec, settings)


# ----------------------------------------------------------------------------------------------- build
@dataclass
class _Tally:
    """Per input file: what was kept and why the rest was dropped."""

    records: int = 0
    games: int = 0
    positions: int = 0
    kept: int = 0
    drops: Counter[str] = field(default_factory=Counter)


class _Build:
    def __init__(self, args: argparse.Namespace, settings: FinderSettings, final: FinderSettings | None,
                 done_before: dict[str, TaskResult]) -> None:
        self.args, self.settings, self.final = args, settings, final
        self.ccpd = args.command == "ccpd"
        self.tallies: dict[Path, _Tally] = {path: _Tally() for path in args.files}
        self.results: dict[str, TaskResult] = dict(done_before)
        self.problems: list[str] = []
        self.progress = ProgressBar("games")
        self.writer: CheckpointWriter | None = None
        self.unsaved = 0
        # The output is written as the work goes only when it is this build's own: new, or continued from
        # the checkpoint. A set of the user's at that name is replaced only by a completed build.
        self.ours = not args.output.exists() or bool(done_before)

    def tasks(self) -> Iterator[tuple[object, Task]]:
        for key, path, item in self.pending():
            yield key, self._confirmed(self._task(path, item))

    def games(self) -> Iterator[GameTask]:
        """The games still to mine, as a cluster's workers get them (``build`` only: no set-up records)."""
        for key, path, item in self.pending():
            assert isinstance(item, GameRecord)
            yield GameTask(key, self._source(path, item), item.game.start_fen,
                           tuple(move.iccs() for move in item.game.mainline_moves()))

    def pending(self) -> Iterator[tuple[str, Path, GameRecord | SetupRecord]]:
        for path in self.args.files:
            try:
                yield from self._file_tasks(path)
            except (OSError, ValueError) as exc:
                self.progress.warn(f"{shown_name(str(path))}: cannot be read, skipped: {exc}")
                self.problems.append(str(exc))

    def _file_tasks(self, path: Path) -> Iterator[tuple[str, Path, GameRecord | SetupRecord]]:
        items = list(read_ccpd(path) if self.ccpd else (GameRecord(n, g) for n, g in enumerate(read_records(path), 1)))
        self.progress.total += len(items)
        for item in items:
            self.tallies[path].records += 1
            skip = self._skipped(path, item)
            if skip:
                self._drop(path, skip)
                continue
            assert not isinstance(item, CcpdProblem)
            key = task_key(path, item.number, "game" if isinstance(item, GameRecord) else "setup")
            if key in self.results:
                self._count(path, self.results[key], resumed=True)
                continue
            yield key, path, item

    def _skipped(self, path: Path, item: GameRecord | CcpdProblem | SetupRecord) -> str:
        """Why a record gets no search (empty: it does)."""
        if isinstance(item, CcpdProblem):
            self.progress.warn(item.message)
            return "the record cannot be read"
        if not self.ccpd and item.game.errors:
            self.progress.warn(f"record {item.number}: skipped: {item.game.errors[0]}")
            return "the record cannot be read"
        if isinstance(item, GameRecord) and self.ccpd and category_of(path) == "opening":
            return "an opening line from the start position (no tactic)"
        if isinstance(item, GameRecord) and self.args.decisive and item.game.result not in ("1-0", "0-1"):
            return "game: drawn or without a result (--decisive)"
        return ""

    def _task(self, path: Path, item: GameRecord | SetupRecord) -> Task:
        game = item.game
        if isinstance(item, GameRecord):
            positions = main_line_positions(game.start_position(), game.mainline_moves())
            return scan_game(positions, self.settings, self._source(path, item))
        pid = f"ccpd-{category_of(path)}-{item.number:04d}"
        record_move = game.mainline_moves()[0]
        task = verify_position(game.start_position(), self.settings, f"CCPD {path.name} record {item.number}",
                               expected=None if self.args.engine_move else record_move, pid=pid)
        return _naming_the_record_move(task, record_move) if self.args.engine_move else task

    def _source(self, path: Path, item: GameRecord) -> str:
        return f"{'CCPD ' if self.ccpd or self.args.credit_ccpd else ''}{path.name} game {item.number}"

    def _confirmed(self, task: Task) -> Task:
        return confirmed(task, self.final) if self.final is not None else task

    def _drop(self, path: Path, why: str, count: int = 1) -> None:
        self.tallies[path].drops[why] += count
        self.progress.step()

    def _count(self, path: Path, result: TaskResult, resumed: bool = False) -> None:
        tally = self.tallies[path]
        tally.games += result.key.endswith("|game")
        tally.positions += result.positions
        tally.kept += len(result.puzzles)
        tally.drops.update(result.drops)
        if result.key.endswith("|game") and not result.puzzles and not result.drops:
            tally.drops["game: no candidate position"] += 1
        if resumed:
            self.progress.skip()
        else:
            self.progress.step()

    def done(self, key: object, value: object) -> None:
        assert isinstance(key, str)
        self.add(task_result(key, value))

    def add(self, result: TaskResult) -> None:
        """A finished task's result: counted, to the checkpoint, and to the output every few puzzles."""
        key = result.key
        self.results[key] = result
        self._count(self._path_of(key), result)
        if self.writer is not None:
            self.writer.add(result)
        self.unsaved += len(result.puzzles)
        if self.ours and self.unsaved >= WRITE_EVERY_PUZZLES:
            self.save()

    def save(self) -> None:
        """Write the output with every puzzle found so far (atomic), so an interrupted run keeps them."""
        puzzles = self.ordered()
        if puzzles:
            write_puzzle_set(self.args.output, puzzles, _set_comments(self.args, self.settings, self.final))
        self.unsaved = 0

    def ordered(self) -> list[Puzzle]:
        """The puzzles found, in the inputs' order (file, record, ply), one per position (counters aside)."""
        files = {path.name: index for index, path in enumerate(self.args.files)}
        keys = sorted(self.results, key=lambda k: task_order(k, files))
        unique: dict[str, Puzzle] = {}
        for key in keys:
            for puzzle in self.results[key].puzzles:
                unique.setdefault(position_key(puzzle.fen), puzzle)
        return list(unique.values())

    def _path_of(self, key: str) -> Path:
        name = key.split("|", 1)[0]
        files: list[Path] = self.args.files
        return next(p for p in files if p.name == name)

    def failed(self, key: object, why: str) -> None:
        assert isinstance(key, str)
        if key in self.results:   # a cluster's task that came back twice (its first worker seemed lost)
            return
        path = self._path_of(key)
        self.tallies[path].drops["the engine failed"] += 1
        self.problems.append(f"{key}: {why}")
        self.progress.step()


def _naming_the_record_move(task: Pass, record_move: Move) -> Pass:
    """A puzzle whose solution is the engine's move, not the record's, says so in its source."""
    result = yield from task
    if result.puzzle is not None and result.puzzle.line[0] != record_move:
        source = f"{result.puzzle.source} (the engine's move; the record plays {record_move.iccs()})"
        result = replace(result, puzzle=replace(result.puzzle, source=source))
    return result


def task_key(path: Path, number: int, kind: str) -> str:
    return f"{path.name}|{number}|{kind}"


def task_order(key: str, files: dict[str, int]) -> tuple[int, int, str]:
    name, number, kind = (key.split("|") + ["", ""])[:3]
    return files.get(name, len(files)), int(number) if number.isdigit() else 0, kind


def task_result(key: str, value: object) -> TaskResult:
    """A finished pass's value as a checkpoint line: a game's scan or one record's verification."""
    if isinstance(value, GameScan):
        return TaskResult(key, tuple(value.puzzles), tuple(f"candidate: {why.value}" for _, why in value.drops),
                          value.positions)
    assert isinstance(value, VerifyResult)
    if value.puzzle is not None:
        return TaskResult(key, (value.puzzle,), (), 1)
    return TaskResult(key, (), ((value.drop or DropReason.NO_ANSWER).value,), 1)


def _fingerprint(args: argparse.Namespace, settings: FinderSettings, final: FinderSettings | None) -> str:
    """What must match for a checkpoint to be continued: the engine and the whole criterion."""
    return json.dumps({"command": args.command, "engine": args.engine, "scan": limit_text(settings.scan),
                       "verify": limit_text(settings.verify), "final": final and limit_text(final.verify),
                       "gap": settings.min_gap, "tail": settings.tail, "decisive": bool(args.decisive),
                       **({"engine_move": True} if args.engine_move else {})},
                      sort_keys=True, ensure_ascii=False)


def _open_checkpoint(args: argparse.Namespace, fingerprint: str) -> dict[str, TaskResult]:
    """The tasks an earlier run of the same build finished (CheckpointError: made with other settings)."""
    path = checkpoint_path(args.output)
    if not path.exists():
        return {}
    checkpoint = read_checkpoint(path)
    if checkpoint.settings != fingerprint and checkpoint.completed:
        print(f"{shown_name(str(path))}: a finished build with other settings: started afresh", file=sys.stderr)
        return {}
    if checkpoint.settings != fingerprint:
        raise CheckpointError(f"{shown_name(str(path))} was made with other settings ({checkpoint.settings}); "
                              f"this run: {fingerprint}. Give the same settings to continue it, or delete it (or "
                              "write to another file) to start afresh")
    for problem in checkpoint.problems:
        print(f"warning: {problem}", file=sys.stderr)
    print(f"continuing: {len(checkpoint.results)} tasks done by an earlier run ({shown_name(str(path))})",
          file=sys.stderr)
    return checkpoint.results


def _build(args: argparse.Namespace, spec: EngineSpec | None, settings: FinderSettings) -> int:
    """Mine the games of ``args.files`` (with ``spec``, or on ``args.cluster`` when it is None)."""
    recheck = _recheck_limits(args, settings)
    final = replace(settings, verify=recheck) if recheck is not None else None
    fingerprint = _fingerprint(args, settings, final)
    try:
        earlier = _open_checkpoint(args, fingerprint)
    except (OSError, PuzzleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    build = _Build(args, settings, final, earlier)
    started = time.monotonic()
    build.writer = CheckpointWriter(checkpoint_path(args.output), fingerprint, list(earlier.values()))
    try:
        if spec is None:
            completed, pool_problem = build_on_cluster(args.cluster, slice_command(args, settings, final),
                                                       build.games(), build.add, build.failed)
        else:
            completed, pool_problem = _run_pool(spec, build.tasks(), args.jobs, build)
        if completed and not pool_problem:
            build.writer.complete()
    finally:
        build.writer.close()
        build.progress.close()
    _report(build, time.monotonic() - started, settings)
    if pool_problem:
        print(pool_problem, file=sys.stderr)
    return _write_found(build, completed and not pool_problem)


def _write_found(build: _Build, completed: bool) -> int:
    args, found = build.args, build.ordered()
    refusal = _keep_output(args.output, found, build.problems if completed else [])
    if not completed and not build.ours and found:
        refusal = (f"interrupted: {shown_name(str(args.output))} left as it was; what was found is kept in "
                   f"{shown_name(str(checkpoint_path(args.output)))} (run the same command again to continue)")
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 1 if completed else 130
    try:
        build.save()
    except (OSError, PuzzleError) as exc:
        print(f"error: cannot write {shown_name(str(args.output))}: {exc}", file=sys.stderr)
        return 1
    state = "" if completed else " (interrupted: run it again to continue)"
    print(f"{len(found)} puzzles written to {shown_name(str(args.output))}{state}")
    if not completed:
        return 130
    return 1 if build.problems else 0


def _keep_output(output: Path, puzzles: list[Puzzle], problems: list[str]) -> str:
    """Why ``output`` is not written (empty: it is): an output is never replaced by nothing, and an
    existing set is not replaced when an input could not be read (a mistyped name would cut it short)."""
    name = shown_name(str(output))
    if not puzzles:
        return f"no puzzle found: nothing written{f', {name} left as it was' if output.exists() else ''}"
    if problems and output.exists():
        return (f"{len(problems)} input(s) could not be read: {name} left as it was (write to a new file, "
                f"or fix the inputs)")
    return ""


def _recheck_limits(args: argparse.Namespace, settings: FinderSettings) -> SearchLimits | None:
    """The re-check's limits: ``--recheck-nodes``, else ten times a node-limited verification's nodes."""
    if args.recheck_nodes is not None:
        return SearchLimits(nodes=args.recheck_nodes) if args.recheck_nodes > 0 else None
    nodes = settings.verify.nodes
    return SearchLimits(nodes=nodes * RECHECK_FACTOR) if nodes is not None else None


class _SliceWork:
    """``puzzles tasks``: each game's result line (the checkpoint's), kept for the output."""

    def __init__(self) -> None:
        self.lines: dict[str, str] = {}
        self.progress = ProgressBar("games")

    def done(self, key: object, value: object) -> None:
        assert isinstance(key, str)
        self.lines[key] = result_to_json(task_result(key, value))
        self.progress.step()

    def failed(self, key: object, why: str) -> None:
        self.lines[str(key)] = failure_line(str(key), why)
        self.progress.step()


def _mine_tasks(args: argparse.Namespace, spec: EngineSpec, settings: FinderSettings) -> int:
    """``puzzles tasks``: the games of a cluster's slice mined here, one result line each to ``args.output``."""
    recheck = _recheck_limits(args, settings)
    final = replace(settings, verify=recheck) if recheck is not None else None
    try:
        games, problems = read_tasks(args.files[0])
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line_problem in problems:
        print(f"warning: {line_problem}", file=sys.stderr)
    work = _SliceWork()
    work.progress.total = len(games)

    def tasks() -> Iterator[tuple[object, Task]]:
        for game in games:
            try:
                positions = main_line_positions(Position.from_fen(game.fen), [Move.from_iccs(m) for m in game.moves])
            except ValueError as exc:
                work.failed(game.key, f"cannot be replayed: {str(exc)[:200]}")
                continue
            task = scan_game(positions, settings, game.source)
            yield game.key, confirmed(task, final) if final is not None else task

    completed, pool_problem = _run_pool(spec, tasks(), args.jobs, work)
    work.progress.close()
    if not completed:
        return 130
    atomic_write(args.output, "".join(work.lines[g.key] + "\n" for g in games if g.key in work.lines).encode())
    if pool_problem:
        print(pool_problem, file=sys.stderr)
    return 1 if pool_problem or problems else 0


def _run_pool(spec: EngineSpec, tasks: Iterator[tuple[object, Task]], jobs: int, build: _Build | _Verify | _SliceWork
              ) -> tuple[bool, str | None]:
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.training.search_pool import SearchPool

    ensure_application()
    pool = SearchPool(spec, tasks, jobs, fresh_hash=True)
    pool.task_done.connect(build.done)
    pool.task_failed.connect(build.failed)
    pool.trouble.connect(build.progress.warn)
    internal: list[str] = []
    pool.problem.connect(internal.append)
    completed = run_until(pool.start, pool.finished, pool.abort)
    return completed, (internal[0] if internal else None)


def _report(build: _Build, elapsed: float, settings: FinderSettings) -> None:
    games = sum(t.games for t in build.tallies.values())
    records = sum(t.records for t in build.tallies.values())
    for path, tally in build.tallies.items():
        dropped = sum(tally.drops.values())
        print(f"{shown_name(str(path))}: {tally.records} records, {tally.games} whole games, "
              f"{tally.positions} positions searched: {tally.kept} puzzles kept; dropped: {dropped}")
        for why, count in tally.drops.most_common():
            print(f"    {count:6d}  {why}")
    minutes = max(elapsed, 1e-6) / 60
    tail = f", last {settings.tail} plies of each game" if settings.tail is not None else ""
    print(f"time {elapsed:.0f} s; {records} records ({records / minutes:.1f}/min), {games} whole games "
          f"({games / minutes:.1f} games/min); scan {limit_text(settings.scan)}{tail}, "
          f"verify {limit_text(settings.verify)}, gap {settings.min_gap:g} Win%")


def _set_comments(args: argparse.Namespace, settings: FinderSettings, final: FinderSettings | None) -> list[str]:
    names = ", ".join(p.name for p in args.files)
    comments = [f"xiangqi puzzle set made from {names} by `python -m xiangqi puzzles {args.command}`.",
                f"Criterion: MultiPV 2 at {limit_text(settings.verify)} ({args.engine}); kept when the first move "
                f"mates and no other mates as fast, or its Win% is {settings.min_gap:g} points above the second-best "
                "move; each later solver's move the same; a mate line goes to the mate."]
    if final is not None:
        comments.append(f"Each puzzle verified again at MultiPV 2, {limit_text(final.verify)}, its line followed "
                        "again: only the ones still clearly best are kept.")
    if args.command == "ccpd" or args.credit_ccpd:
        comments.append(f"Data: {CCPD_CREDIT} ({CCPD_LICENCE_URL}), from {CCPD_SOURCE}; changed: converted and "
                        "selected by engine verification.")
    return comments


# ----------------------------------------------------------------------------------------------- verify
class _Verify:
    def __init__(self, puzzles: tuple[Puzzle, ...], settings: FinderSettings, follow: bool = False,
                 done_before: dict[str, TaskResult] | None = None) -> None:
        self.settings, self.follow = settings, follow
        self.done_before = done_before or {}
        self.writer: CheckpointWriter | None = None
        self.puzzles = {p.puzzle_id: p for p in puzzles}
        self.kept: list[Puzzle] = []
        self.drops: Counter[str] = Counter()
        self.problems: list[str] = []
        self.progress = ProgressBar("puzzles")
        self.progress.total = len(puzzles)

    def tasks(self) -> Iterator[tuple[object, Task]]:
        for puzzle in self.puzzles.values():
            earlier = self.done_before.get(puzzle.puzzle_id)
            if earlier is None:
                yield puzzle.puzzle_id, self._check(puzzle)
                continue
            self.kept.extend(earlier.puzzles)
            self.drops.update(earlier.drops)
            self.progress.skip()

    def _note(self, key: str, kept: Puzzle | None, drop: DropReason | None) -> None:
        """The puzzle's verdict, to the checkpoint at once."""
        if self.writer is not None:
            self.writer.add(TaskResult(key, (kept,) if kept is not None else (),
                                       ((drop or DropReason.NO_ANSWER).value,) if kept is None else (), 1))

    def _check(self, puzzle: Puzzle) -> Task:
        from xiangqi.training.puzzle_finder import SearchRequest

        position = Position.from_fen(puzzle.fen)
        if self.follow:
            return (yield from verify_position(position, self.settings, puzzle.source, expected=puzzle.line[0],
                                               pid=puzzle.puzzle_id))
        [lines] = yield [SearchRequest(position, 2, self.settings.verify)]
        return judge(lines, len(position.legal_moves()), self.settings.min_gap, puzzle.line[0])

    def done(self, key: object, value: object) -> None:
        from xiangqi.training.puzzle_finder import Judgement

        assert isinstance(key, str) and isinstance(value, Judgement | VerifyResult)
        puzzle = self.puzzles[key]
        kept: Puzzle | None = None
        if isinstance(value, VerifyResult):
            kept = replace(value.puzzle, extra=puzzle.extra) if value.puzzle is not None else None
        elif value.drop is None and value.best is not None:
            verified = replace(puzzle.verified, limit=limit_text(self.settings.verify), best=str(value.best.score),
                               second=None if value.second is None else str(value.second.score), gap=value.gap
                               ) if puzzle.verified is not None else None
            kept = replace(puzzle, verified=verified)
        if kept is not None:
            self.kept.append(kept)
        else:
            self.drops[(value.drop or DropReason.NO_ANSWER).value] += 1
            self.progress.warn(f"{key}: dropped: {(value.drop or DropReason.NO_ANSWER).value}")
        self._note(key, kept, value.drop)
        self.progress.step()

    def failed(self, key: object, why: str) -> None:
        self.drops["the engine failed"] += 1
        self.problems.append(f"{key}: {why}")
        self.progress.step()


def _read_set(path: Path) -> PuzzleSet | None:
    """The set at ``path`` with its problems warned of on stderr; None (the error said) when it cannot be read."""
    try:
        puzzle_set = read_puzzle_set(path)
    except (OSError, PuzzleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    for problem in puzzle_set.problems:
        print(f"warning: {problem}", file=sys.stderr)
    return puzzle_set


def _verify(args: argparse.Namespace, spec: EngineSpec, settings: FinderSettings) -> int:
    path = args.files[0]
    puzzle_set = _read_set(path)
    if puzzle_set is None:
        return 2
    unique = {position_key(p.fen): p for p in reversed(puzzle_set.puzzles)}    # the first of a position
    twice = len(puzzle_set.puzzles) - len(unique)
    if twice:
        print(f"{twice} puzzle(s) dropped: a position that appears twice (move counters aside)", file=sys.stderr)
    fingerprint = json.dumps({"command": "verify", "engine": args.engine, "verify": limit_text(settings.verify),
                              "gap": settings.min_gap, "follow": bool(args.follow)}, sort_keys=True)
    try:
        earlier = _open_checkpoint(args, fingerprint) if args.output is not None else {}
    except (OSError, PuzzleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    ours = args.output is not None and (not args.output.exists() or bool(earlier))
    check = _Verify(tuple(p for p in puzzle_set.puzzles if unique[position_key(p.fen)] is p), settings, args.follow,
                    earlier)
    if args.output is not None:
        check.writer = CheckpointWriter(checkpoint_path(args.output), fingerprint, list(earlier.values()))
    started = time.monotonic()
    try:
        completed, pool_problem = _run_pool(spec, check.tasks(), args.jobs, check)
        if completed and not pool_problem and check.writer is not None:
            check.writer.complete()
    finally:
        if check.writer is not None:
            check.writer.close()
        check.progress.close()
    if pool_problem or not completed:
        _verify_interrupted(args, check, puzzle_set, ours, pool_problem)
        return 1 if pool_problem else 130
    kept = [p for p in puzzle_set.puzzles if p.puzzle_id in {k.puzzle_id for k in check.kept}]
    print(f"{shown_name(str(path))}: {len(puzzle_set.puzzles)} puzzles, {len(check.kept)} still clearly best at "
          f"{limit_text(settings.verify)}, {sum(check.drops.values())} not; {time.monotonic() - started:.0f} s")
    for why, count in check.drops.most_common():
        print(f"    {count:6d}  {why}")
    if args.output is not None and not _write_verified(args, check, puzzle_set, kept, settings):
        return 1
    return 1 if check.drops or puzzle_set.problems else 0


def _verify_interrupted(args: argparse.Namespace, check: _Verify, puzzle_set: PuzzleSet, ours: bool,
                        pool_problem: str | None) -> None:
    """An interrupted verify writes what it checked when the output is its own (new, or continued)."""
    if not (ours and check.kept):
        print(pool_problem or "interrupted: nothing written", file=sys.stderr)
        return
    by_id = {p.puzzle_id: p for p in check.kept}
    write_puzzle_set(args.output, [by_id[p.puzzle_id] for p in puzzle_set.puzzles if p.puzzle_id in by_id],
                     puzzle_set.comments)
    print(f"interrupted: {len(by_id)} puzzles checked so far written to {shown_name(str(args.output))}; "
          "run it again to continue", file=sys.stderr)


def _write_verified(args: argparse.Namespace, check: _Verify, puzzle_set: PuzzleSet, kept: list[Puzzle],
                    settings: FinderSettings) -> bool:
    refusal = _keep_output(args.output, kept, [])
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return False
    by_id = {p.puzzle_id: p for p in check.kept}
    note = (f"Re-checked by `python -m xiangqi puzzles verify` at MultiPV 2, {limit_text(settings.verify)} "
            f"({args.engine}): {len(kept)} of {len(puzzle_set.puzzles)} still clearly best.")
    try:
        write_puzzle_set(args.output, [by_id[p.puzzle_id] for p in kept], [*puzzle_set.comments, note])
    except (OSError, PuzzleError) as exc:
        print(f"error: cannot write {shown_name(str(args.output))}: {exc}", file=sys.stderr)
        return False
    return True


# ----------------------------------------------------------------------------------------------- list
def shipped_set_path() -> Path:
    return assets_dir() / "puzzles" / "starter.puzzles"


def _list(path: Path) -> int:
    puzzle_set = _read_set(path)
    if puzzle_set is None:
        return 2
    puzzles = puzzle_set.puzzles
    print(f"{shown_name(str(path))}: {len(puzzles)} puzzles")
    for comment in puzzle_set.comments:
        print(f"  # {comment}")
    themes = Counter(t.value for p in puzzles for t in p.themes)
    print("themes: " + ", ".join(f"{name} {count}" for name, count in themes.most_common()))
    for kind, title in ((MotifKind.PHASE, "phases"), (MotifKind.MATE, "杀法 (mates)"),
                        (MotifKind.TACTIC, "tactics"), (MotifKind.ENDGAME, "endgame types")):
        found = Counter(m for p in puzzles for m in p.motifs if m.kind is kind)
        print(f"{title}: " + (", ".join(f"{m.value} ({chinese_name(m)}) {n}" for m, n in found.most_common())
                              or "none"))
    untagged = sum(1 for p in puzzles if not p.motifs)
    if untagged:
        print(f"without motifs: {untagged} (python -m xiangqi puzzles tag adds them)")
    mates = Counter(p.mate_in for p in puzzles if p.mate_in is not None)
    print("mate in: " + ", ".join(f"{n}: {mates[n]}" for n in sorted(mates)))
    lengths = Counter(p.solver_moves for p in puzzles)
    print("solver moves: " + ", ".join(f"{n}: {lengths[n]}" for n in sorted(lengths)))
    if puzzles:
        ratings = sorted(p.rating[0] for p in puzzles)
        print(f"rating: {ratings[0]:.0f}..{ratings[-1]:.0f}, median {ratings[len(ratings) // 2]:.0f}")
    sources = Counter(p.source.split(" record ")[0].split(" game ")[0] for p in puzzles)
    print("sources: " + ", ".join(f"{name} {count}" for name, count in sources.most_common()))
    return 1 if puzzle_set.problems else 0


# ----------------------------------------------------------------------------------------------- tag
LEGACY_THEMES = frozenset({Theme.SACRIFICE, Theme.ENDGAME, Theme.MIDDLEGAME})   # motifs now


def tagged(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its motifs found by the detectors and its starting rating from its difficulty."""
    themes = puzzle.themes - LEGACY_THEMES
    found = motifs(puzzle.position(), puzzle.line)
    verified = puzzle.verified
    gap = verified.gap if verified is not None else RATING_CLEAR_GAP
    rating = starting_rating(themes, puzzle.solver_moves, gap, verified.found_depth if verified else None, found)
    return replace(puzzle, themes=themes, motifs=found, rating=rating)


def _tag(paths: list[Path], output: Path) -> int:
    """The sets merged in order (one puzzle per position, the first), each puzzle tagged; their comments kept."""
    puzzles: dict[str, Puzzle] = {}
    comments: list[str] = []
    problems = 0
    for path in paths:
        puzzle_set = _read_set(path)
        if puzzle_set is None:
            return 2
        problems += len(puzzle_set.problems)
        comments.extend(c for c in puzzle_set.comments if c not in comments)
        for puzzle in puzzle_set.puzzles:
            puzzles.setdefault(position_key(puzzle.fen), tagged(puzzle))
    try:
        write_puzzle_set(output, list(puzzles.values()), comments)
    except (OSError, PuzzleError) as exc:
        print(f"error: cannot write {shown_name(str(output))}: {exc}", file=sys.stderr)
        return 1
    print(f"{len(puzzles)} puzzles tagged and written to {shown_name(str(output))}")
    return 1 if problems else 0
