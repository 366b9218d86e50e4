"""``python -m xiangqi review``: an engine reviews games and marks the mistakes (复盘).

    python -m xiangqi review FILE [--game N] --engine NAME_OR_COMMAND [--nodes N | --movetime MS | --depth D]
                             [--jobs N | --cluster ADDRESS] [--notation chinese|wxf|iccs]
                             [--language zh_CN|zh_TW|en] -o OUT.pgn

Every game of FILE (any record format the program reads) unless ``--game N`` (from 1). Each position of the
main line is analysed; each move gets its evaluation as a ``{[%eval 1.23]}`` comment (pawns, red's point of
view; ``#5`` / ``#-5`` mates) and a mark by the winning chances it lost (lichess's formula ``50 + 50 * (2 /
(1 + exp(-0.00368208 * cp)) - 1)``), the best line's and the played move's scores both taken from one
search: the position searched again with the engine's move and the played one side by side (MultiPV 2, twice
the nodes), or, for an engine without MultiPV, the position after the played move one ply less deep: ``?!``
at 5 percentage points or more, ``?`` at 10, ``??`` at 15; the engine's own move is never marked. At each
``?`` and ``??`` the engine's better move (and the start of its line) is added as a variation, and the
comment says why in one sentence (in ``--language``, default 简体; moves in ``--notation``): the mate it
allows or misses, named when the detectors know its 杀法 ("?? 让对方马后炮3步杀（马二进三）"), the material it loses or
misses, or else the winning chances it loses. Per side: the counts, the average centipawn loss and lichess's
game accuracy of the evaluations written, printed and kept as RedAccuracy/BlackAccuracy tags; the Annotator
tag names the engine and its nodes, time or depth. By default each position gets the engine family's node
budget (``review_nodes`` in engines/families.toml; Fairy-Stockfish 150,000): the same marks on a busy
machine as on an idle one, run after run; ``--movetime`` is the time-bound alternative. ``--jobs N`` runs N
engine processes at once; ``--cluster ADDRESS`` runs one game a task on the workers of a Dask scheduler
instead, each worker starting the engine by the name given (see README, "Several machines"). A progress bar
goes to stderr. FILE is never written. A game that cannot be read
is reported and skipped; an engine that dies, sends an illegal move or stays silent is reported at once by
name and restarted, and a game it fails twice is reported and written unreviewed.
Exit status: 0 every game reviewed, 1 some game skipped or unreviewed (or OUT cannot be written),
2 bad arguments, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from xiangqi.commands.on_cluster import add_cluster_argument, review_on_cluster
from xiangqi.commands.progress_bar import ProgressBar
from xiangqi.core.notation import Notation
from xiangqi.engine.messages import SearchLimits
from xiangqi.engine.registry import EngineSpec, family_of, load_families
from xiangqi.engine.naming import EngineNameError, engine_spec
from xiangqi.record import Game, RecordError, load_games
from xiangqi.record.pgn_writer import save_pgn
from xiangqi.review.annotate import annotate_game, annotator_text, main_line_positions
from xiangqi.review.judging import review_limits
from xiangqi.tactics.chinese import builtin_chinese
from xiangqi.tactics.explain import Wording

if TYPE_CHECKING:
    from xiangqi.review.runner import GameWork



LANGUAGES = ("zh_CN", "zh_TW", "en")


def explanation_wording(language: str, notation: Notation) -> Wording:
    """The wording of the mistakes' sentences for ``--language`` (the built-in Chinese tables: no Qt here)."""
    if language == "en":
        return Wording(notation)
    traditional = language == "zh_TW"
    return Wording(notation, traditional, builtin_chinese(traditional), fullwidth_digits=True)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m xiangqi review", description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, help="the games to review (PGN, XQF, ...)")
    parser.add_argument("--game", type=int, metavar="N", help="only game N of the file (from 1)")
    parser.add_argument("--engine", required=True, metavar="NAME_OR_COMMAND",
                        help="builtin, builtin:N, an engine the registry knows (fairy-stockfish) or a command")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, metavar="N",
                       help="positions searched per position (default: the engine family's review_nodes; "
                            "the same review whatever the machine's load)")
    limit.add_argument("--movetime", type=int, metavar="MS", help="time per position instead (marks vary with load)")
    limit.add_argument("--depth", type=int, metavar="D", help="search depth per position instead")
    parser.add_argument("--jobs", type=int, default=1, help="engine processes at once (default 1)")
    parser.add_argument("--notation", choices=[n.value for n in Notation], default=Notation.CHINESE.value)
    parser.add_argument("--language", choices=LANGUAGES, default=LANGUAGES[0],
                        help="the language of the sentences that explain the mistakes (default zh_CN)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the reviewed games (PGN)")
    add_cluster_argument(parser)
    return parser.parse_args(argv)


def _read_games(args: argparse.Namespace, problems: list[str]) -> list[tuple[int, Game]]:
    """The games to review, numbered from 1; unreadable ones are reported in ``problems`` and left out."""
    games = load_games(args.file)
    numbered = list(enumerate(games, start=1))
    if args.game is not None:
        if not 1 <= args.game <= len(games):
            raise EngineNameError(f"--game {args.game}: {args.file} has {len(games)} game(s)")
        numbered = [numbered[args.game - 1]]
    readable = []
    for number, game in numbered:
        if game.errors:
            problems.append(f"game {number}: cannot be read, skipped: {game.errors[0]}")
        elif game.ply_count() == 0:
            problems.append(f"game {number}: has no moves, skipped")
        else:
            readable.append((number, game))
    return readable


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    problems: list[str] = []
    try:
        if args.jobs < 1:
            raise EngineNameError(f"--jobs {args.jobs}: must be 1 or more")
        # on a cluster the engine is found on each worker, by its name there
        spec = engine_spec(args.engine) if not args.cluster else None
        limits = _limits(args, spec)
        if limits is not None and limits.problems():
            raise EngineNameError(f"bad limit: {limits.problems()[0]}")
        games = _read_games(args, problems)
    except (ValueError, OSError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.output.resolve() == args.file.resolve():
        print("error: -o must not be the input file (the input is never written)", file=sys.stderr)
        return 2
    if spec is None or limits is None:
        for problem in problems:
            print(f"warning: {problem}", file=sys.stderr)
        return review_on_cluster(args, games, bool(problems))
    works = _works(games, problems)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    return _review(args, spec, limits, games, works, bool(problems))


def _limits(args: argparse.Namespace, spec: EngineSpec | None) -> SearchLimits | None:
    """The search per position asked for, else the engine family's default (None: decided on each worker)."""
    if args.depth is not None:
        return SearchLimits(depth=args.depth)
    if args.nodes is not None:
        return SearchLimits(nodes=args.nodes)
    if args.movetime is not None:
        return SearchLimits(movetime_ms=args.movetime)
    return review_limits(family_of(spec, load_families())) if spec is not None else None


def _works(games: list[tuple[int, Game]], problems: list[str]) -> list[GameWork]:
    from xiangqi.review.runner import GameWork

    works = []
    for number, game in games:
        try:
            works.append(GameWork(number, main_line_positions(game)))
        except ValueError as exc:
            problems.append(f"game {number}: skipped: {exc}")
    return works


def _review(args: argparse.Namespace, spec: EngineSpec, limits: SearchLimits, games: list[tuple[int, Game]],
            works: list[GameWork], had_problems: bool) -> int:
    from xiangqi.engine.eventloop import ensure_application, run_until
    from xiangqi.review.runner import ReviewRunner

    ensure_application()
    runner = ReviewRunner(spec, works, limits, args.jobs)
    progress = ProgressBar("positions", sum(len(w.positions) for w in works), every_percent=10)
    runner.position_done.connect(lambda _game, _ply: progress.step())
    internal: list[str] = []
    runner.problem.connect(internal.append)
    runner.engine_trouble.connect(progress.warn)
    completed = run_until(runner.start, runner.finished, runner.abort)
    progress.close()
    if not completed or internal:
        print(internal[0] if internal else "interrupted: nothing written", file=sys.stderr)
        return 1 if internal else 130
    by_number = {w.number: w for w in works}
    engine_name = runner.engine_info.name if runner.engine_info is not None and runner.engine_info.name else spec.name
    annotator = annotator_text(engine_name, limits)
    output, unreviewed = [], 0
    for number, game in games:
        work = by_number.get(number)
        if work is None:
            continue
        if work.failed is not None or not work.done:
            unreviewed += 1
            print(f"warning: game {number}: not reviewed: {work.failed}", file=sys.stderr)
        else:
            values = [v for v in work.values if v is not None]
            summary = annotate_game(game, work.positions, values, annotator=annotator,
                                    wording=explanation_wording(args.language, Notation(args.notation)))
            print(f"game {number}: {_players(game)}: {summary.red.text()}; {summary.black.text()}", flush=True)
        output.append(game)
    if not output:
        print("error: no game to write", file=sys.stderr)
        return 1
    try:
        save_pgn(args.output, output, notation=Notation(args.notation))
    except (OSError, RecordError) as exc:
        print(f"error: cannot write {args.output}: {exc}", file=sys.stderr)
        return 1
    return 1 if unreviewed or had_problems else 0


def _players(game: Game) -> str:
    red, black = game.headers.get("Red", "") or "?", game.headers.get("Black", "") or "?"
    return f"{red} vs {black}"
