"""``python -m xiangqi puzzles``: find, verify and list puzzles (谜题) with an engine.

    python -m xiangqi puzzles build FILE... --engine E [--movetime MS | --depth D | --nodes N]
                                  [--scan-nodes N] [--last PLIES] [--gap G] [--recheck-nodes N] [--jobs N]
                                  -o OUT.puzzles
    python -m xiangqi puzzles ccpd FILE... --engine E [limits as build] -o OUT.puzzles
    python -m xiangqi puzzles verify SET --engine E [limits as build] [-o OUT.puzzles]
    python -m xiangqi puzzles list SET

``build`` finds puzzles in any game collection the way lichess's generator does (``training.puzzle_finder``):
a cheap scan of every position (``--scan-nodes``, default 3000; ``--last N``: only the last N plies of
each game), then a MultiPV-2 verification of the candidates at the limit given (default ``--nodes 60000``):
a puzzle is kept when its first move mates and no other mates as fast, or is ``--gap`` Win% points (default 25)
better than the second-best move. ``ccpd`` builds a set from the CCPD training files: a record set up from
a FEN is kept when its first move is the engine's best by the same criterion; a whole game is searched
like ``build`` does (its last ``--last`` plies, default 24); an opening line is no puzzle. Each file's
counts of kept and dropped records, with the reasons, are printed. ``build`` and ``ccpd`` then re-check
every puzzle found at ``--recheck-nodes`` (default ten times the verification's nodes, 0: none) and keep
the ones still clearly best: half of what a 20,000-node verification keeps on real games is not, at
200,000. ``verify`` re-checks each puzzle's
first move of a set and writes the ones still clearly best to OUT. ``list`` summarises a set.
A progress bar goes to stderr. Records that cannot be read are reported (file, line, record) and skipped.
Exit status: 0 done, 1 something skipped or not written, 2 bad arguments, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from xiangqi.commands.output import shown_name
from xiangqi.core import Position
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.naming import EngineNameError, engine_spec
from xiangqi.engine.registry import EngineSpec
from xiangqi.record.files import read_records
from xiangqi.training.ccpd import CCPD_CREDIT, CcpdProblem, GameRecord, category_of, read_ccpd
from xiangqi.training.puzzle_finder import (
    DropReason,
    FinderSettings,
    GameScan,
    VerifyResult,
    judge,
    limit_text,
    main_line_positions,
    scan_game,
    verify_position,
)
from xiangqi.training.puzzles import Puzzle, PuzzleError, Theme, read_puzzle_set, write_puzzle_set

if TYPE_CHECKING:
    from xiangqi.training.search_pool import Task

DEFAULT_VERIFY_NODES = 60_000
DEFAULT_SCAN_NODES = 3_000
CCPD_TAIL = 24
RECHECK_FACTOR = 10


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi puzzles", description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, many in (("build", True), ("ccpd", True), ("verify", False)):
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
            sub.add_argument("--recheck-nodes", type=int, metavar="N",
                             help=f"re-check each puzzle found at N nodes (default {RECHECK_FACTOR}x the "
                                  "verification's nodes; 0: no re-check)")
        sub.add_argument("-o", "--output", type=Path, required=name != "verify")
    listing = commands.add_parser("list")
    listing.add_argument("files", type=Path, nargs=1, metavar="SET")
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
        return _list(args.files[0])
    try:
        settings = _settings(args)
        spec = engine_spec(args.engine)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.command == "verify":
        return _verify(args, spec, settings)
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
    def __init__(self, args: argparse.Namespace, settings: FinderSettings) -> None:
        self.args, self.settings = args, settings
        self.ccpd = args.command == "ccpd"
        self.tallies: dict[Path, _Tally] = {path: _Tally() for path in args.files}
        self.puzzles: list[Puzzle] = []
        self.problems: list[str] = []
        self.progress = _Progress("games")

    def tasks(self) -> Iterator[tuple[object, Task]]:
        for path in self.args.files:
            try:
                yield from self._file_tasks(path)
            except (OSError, ValueError) as exc:
                self.progress.warn(f"{shown_name(str(path))}: cannot be read, skipped: {exc}")
                self.problems.append(str(exc))

    def _file_tasks(self, path: Path) -> Iterator[tuple[object, Task]]:
        tally = self.tallies[path]
        items = list(read_ccpd(path) if self.ccpd else (GameRecord(n, g) for n, g in enumerate(read_records(path), 1)))
        self.progress.total += len(items)
        for item in items:
            tally.records += 1
            if isinstance(item, CcpdProblem):
                self._drop(path, "the record cannot be read")
                self.progress.warn(item.message)
                continue
            game = item.game
            if not self.ccpd and game.errors:
                self._drop(path, "the record cannot be read")
                self.progress.warn(f"record {item.number}: skipped: {game.errors[0]}")
                continue
            if isinstance(item, GameRecord):
                if self.ccpd and category_of(path) == "opening":
                    self._drop(path, "an opening line from the start position (no tactic)")
                    continue
                tally.games += 1
                positions = main_line_positions(game.start_position(), game.mainline_moves())
                source = f"{'CCPD ' if self.ccpd else ''}{path.name} game {item.number}"
                yield (path, item.number, "game"), scan_game(positions, self.settings, source)
            else:
                category = category_of(path)
                pid = f"ccpd-{category}-{item.number:04d}"
                first = game.mainline_moves()[0]
                source = f"CCPD {path.name} record {item.number}"
                yield (path, item.number, "setup"), verify_position(game.start_position(), self.settings, source,
                                                                    expected=first, pid=pid)

    def _drop(self, path: Path, why: str, count: int = 1) -> None:
        self.tallies[path].drops[why] += count
        self.progress.step()

    def done(self, key: object, value: object) -> None:
        assert isinstance(key, tuple)
        path = key[0]
        tally = self.tallies[path]
        if isinstance(value, GameScan):
            tally.positions += value.positions
            tally.kept += len(value.puzzles)
            self.puzzles.extend(value.puzzles)
            for _ply, why in value.drops:
                tally.drops[f"candidate: {why.value}"] += 1
            if not value.puzzles and not value.drops:
                tally.drops["game: no candidate position"] += 1
        elif isinstance(value, VerifyResult):
            tally.positions += 1
            if value.puzzle is not None:
                tally.kept += 1
                self.puzzles.append(value.puzzle)
            else:
                tally.drops[(value.drop or DropReason.NO_ANSWER).value] += 1
        self.progress.step()

    def failed(self, key: object, why: str) -> None:
        assert isinstance(key, tuple)
        self.tallies[key[0]].drops["the engine failed"] += 1
        self.problems.append(f"{key[0]} record {key[1]}: {why}")
        self.progress.step()


def _build(args: argparse.Namespace, spec: EngineSpec, settings: FinderSettings) -> int:
    build = _Build(args, settings)
    started = time.monotonic()
    completed, pool_problem = _run_pool(spec, build.tasks(), args.jobs, build)
    build.progress.close()
    elapsed = time.monotonic() - started
    if pool_problem:
        print(pool_problem, file=sys.stderr)
        return 1
    if not completed:
        print("interrupted: nothing written", file=sys.stderr)
        return 130
    _report(build, elapsed, settings)
    comments = _set_comments(args, settings)
    unique = list({p.fen: p for p in reversed(build.puzzles)}.values())[::-1]   # one puzzle per position
    recheck = _recheck_limits(args, settings)
    if recheck is not None and unique:
        rechecked = _recheck(spec, unique, replace(settings, verify=recheck), args.jobs)
        if rechecked is None:
            return 130
        comments.append(f"Re-checked at MultiPV 2, {limit_text(recheck)}: {len(rechecked)} of {len(unique)} "
                        "still clearly best.")
        unique = rechecked
    refusal = _keep_output(args.output, unique, build.problems)
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 1
    try:
        write_puzzle_set(args.output, unique, comments)
    except (OSError, PuzzleError) as exc:
        print(f"error: cannot write {shown_name(str(args.output))}: {exc}", file=sys.stderr)
        return 1
    print(f"{len(unique)} puzzles written to {shown_name(str(args.output))}")
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


def _recheck(spec: EngineSpec, found: list[Puzzle], settings: FinderSettings, jobs: int) -> list[Puzzle] | None:
    """The puzzles of ``found`` still clearly best at the re-check's limits (None: interrupted)."""
    check = _Verify(tuple(found), settings)
    started = time.monotonic()
    completed, pool_problem = _run_pool(spec, check.tasks(), jobs, check)
    check.progress.close()
    if pool_problem or not completed:
        print(pool_problem or "interrupted: nothing written", file=sys.stderr)
        return None
    kept = {p.puzzle_id: p for p in check.kept}
    print(f"re-checked at {limit_text(settings.verify)}: {len(kept)} of {len(found)} still clearly best "
          f"({time.monotonic() - started:.0f} s)")
    for why, count in check.drops.most_common():
        print(f"    {count:6d}  {why}")
    return [kept[p.puzzle_id] for p in found if p.puzzle_id in kept]


def _run_pool(spec: EngineSpec, tasks: Iterator[tuple[object, Task]], jobs: int, build: _Build | _Verify
              ) -> tuple[bool, str | None]:
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.training.search_pool import SearchPool

    ensure_application()
    pool = SearchPool(spec, tasks, jobs)
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


def _set_comments(args: argparse.Namespace, settings: FinderSettings) -> list[str]:
    names = ", ".join(p.name for p in args.files)
    comments = [f"xiangqi puzzle set made from {names} by `python -m xiangqi puzzles {args.command}`.",
                f"Criterion: MultiPV 2 at {limit_text(settings.verify)} ({args.engine}); kept when the first move "
                f"mates and no other mates as fast, or its Win% is {settings.min_gap:g} points above the second-best "
                "move."]
    if args.command == "ccpd":
        comments.append(f"Data: {CCPD_CREDIT}; changed: converted and selected by engine verification.")
    return comments


# ----------------------------------------------------------------------------------------------- verify
class _Verify:
    def __init__(self, puzzles: tuple[Puzzle, ...], settings: FinderSettings) -> None:
        self.settings = settings
        self.puzzles = {p.puzzle_id: p for p in puzzles}
        self.kept: list[Puzzle] = []
        self.drops: Counter[str] = Counter()
        self.problems: list[str] = []
        self.progress = _Progress("puzzles")
        self.progress.total = len(puzzles)

    def tasks(self) -> Iterator[tuple[object, Task]]:
        for puzzle in self.puzzles.values():
            yield puzzle.puzzle_id, self._check(puzzle)

    def _check(self, puzzle: Puzzle) -> Task:
        from xiangqi.training.puzzle_finder import SearchRequest

        position = Position.from_fen(puzzle.fen)
        [lines] = yield [SearchRequest(position, 2, self.settings.verify)]
        return judge(lines, len(position.legal_moves()), self.settings.min_gap, puzzle.line[0])

    def done(self, key: object, value: object) -> None:
        from xiangqi.training.puzzle_finder import Judgement

        assert isinstance(key, str) and isinstance(value, Judgement)
        puzzle = self.puzzles[key]
        if value.drop is None and value.best is not None:
            verified = replace(puzzle.verified, limit=limit_text(self.settings.verify), best=str(value.best.score),
                               second=None if value.second is None else str(value.second.score), gap=value.gap
                               ) if puzzle.verified is not None else None
            self.kept.append(replace(puzzle, verified=verified))
        else:
            self.drops[(value.drop or DropReason.NO_ANSWER).value] += 1
            self.progress.warn(f"{key}: dropped: {(value.drop or DropReason.NO_ANSWER).value}")
        self.progress.step()

    def failed(self, key: object, why: str) -> None:
        self.drops["the engine failed"] += 1
        self.problems.append(f"{key}: {why}")
        self.progress.step()


def _verify(args: argparse.Namespace, spec: EngineSpec, settings: FinderSettings) -> int:
    path = args.files[0]
    try:
        puzzle_set = read_puzzle_set(path)
    except (OSError, PuzzleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for problem in puzzle_set.problems:
        print(f"warning: {problem}", file=sys.stderr)
    check = _Verify(puzzle_set.puzzles, settings)
    started = time.monotonic()
    completed, pool_problem = _run_pool(spec, check.tasks(), args.jobs, check)
    check.progress.close()
    if pool_problem or not completed:
        print(pool_problem or "interrupted: nothing written", file=sys.stderr)
        return 1 if pool_problem else 130
    kept = [p for p in puzzle_set.puzzles if p.puzzle_id in {k.puzzle_id for k in check.kept}]
    print(f"{shown_name(str(path))}: {len(puzzle_set.puzzles)} puzzles, {len(check.kept)} still clearly best at "
          f"{limit_text(settings.verify)}, {sum(check.drops.values())} not; {time.monotonic() - started:.0f} s")
    for why, count in check.drops.most_common():
        print(f"    {count:6d}  {why}")
    refusal = _keep_output(args.output, kept, []) if args.output is not None else ""
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 1
    if args.output is not None:
        by_id = {p.puzzle_id: p for p in check.kept}
        try:
            note = (f"Re-checked by `python -m xiangqi puzzles verify` at MultiPV 2, {limit_text(settings.verify)} "
                    f"({args.engine}): {len(kept)} of {len(puzzle_set.puzzles)} still clearly best.")
            write_puzzle_set(args.output, [by_id[p.puzzle_id] for p in kept], [*puzzle_set.comments, note])
        except (OSError, PuzzleError) as exc:
            print(f"error: cannot write {shown_name(str(args.output))}: {exc}", file=sys.stderr)
            return 1
    return 1 if check.drops or puzzle_set.problems else 0


# ----------------------------------------------------------------------------------------------- list
def _list(path: Path) -> int:
    try:
        puzzle_set = read_puzzle_set(path)
    except (OSError, PuzzleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for problem in puzzle_set.problems:
        print(f"warning: {problem}", file=sys.stderr)
    puzzles = puzzle_set.puzzles
    print(f"{shown_name(str(path))}: {len(puzzles)} puzzles")
    for comment in puzzle_set.comments:
        print(f"  # {comment}")
    themes = Counter(t.value for p in puzzles for t in p.themes)
    print("themes: " + ", ".join(f"{name} {count}" for name, count in themes.most_common()))
    mates = Counter(p.mate_in for p in puzzles if p.mate_in is not None)
    print("mate in: " + ", ".join(f"{n}: {mates[n]}" for n in sorted(mates)))
    lengths = Counter(p.solver_moves for p in puzzles)
    print("solver moves: " + ", ".join(f"{n}: {lengths[n]}" for n in sorted(lengths)))
    if puzzles:
        ratings = sorted(p.rating[0] for p in puzzles)
        print(f"rating: {ratings[0]:.0f}..{ratings[-1]:.0f}, median {ratings[len(ratings) // 2]:.0f}")
    sources = Counter(p.source.split(" record ")[0].split(" game ")[0] for p in puzzles)
    print("sources: " + ", ".join(f"{name} {count}" for name, count in sources.most_common()))
    _ = Theme
    return 1 if puzzle_set.problems else 0


class _Progress:
    """``[#####.....] 45/101 games, 12.3/min`` on stderr: in place on a terminal, every 10 % otherwise."""

    WIDTH = 30

    def __init__(self, unit: str) -> None:
        self.unit, self.total, self.done = unit, 0, 0
        self.tty = sys.stderr.isatty()
        self.started = time.monotonic()
        self._last = -1

    def step(self) -> None:
        self.done += 1
        total = max(self.total, self.done, 1)
        tenth = 100 * self.done // total
        if not self.tty and tenth == self._last:
            return
        self._last = tenth
        minutes = max(time.monotonic() - self.started, 1e-6) / 60
        filled = self.WIDTH * self.done // total
        bar = (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done}/{total} {self.unit}, "
               f"{self.done / minutes:.1f}/min")
        print(("\r" + bar) if self.tty else bar, end="" if self.tty else "\n", file=sys.stderr, flush=True)

    def warn(self, text: str) -> None:
        print(("\r\033[K" if self.tty else "") + f"warning: {text}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.tty:
            print(file=sys.stderr)
