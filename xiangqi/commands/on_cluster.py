"""The commands' work on a Dask cluster (``--cluster ADDRESS``, issue 33 §3): each command cuts its input into
slices, every slice runs as the same command on a worker, and the results are put together here in the
input's order and written as the local run writes them (atomically).

``review``: a slice is one game; its reviewed PGN comes back and the games are written in order.
``match``: a slice is one opening played with both colours (two games, as ``schedule`` pairs them); the
games are appended to the PGN in order and the score printed after each, as the local match does. With
``--sprt`` the log-likelihood ratio is updated after each pair in pair order, and once it reaches a bound
the pairs still running or waiting are cancelled (the scheduler runs only as many as the workers have
threads; the others wait there, so few games are lost to the stop).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.cluster import ClusterError, SliceResult, SliceTask, run_slices
from xiangqi.cluster.slices import CANCELLED
from xiangqi.core import Position
from xiangqi.core.notation import Notation
from xiangqi.match.record import append_game
from xiangqi.match.results import Tally
from xiangqi.match.schedule import Opening, schedule
from xiangqi.match.sprt import Decision, SprtSettings, SprtTracker
from xiangqi.record import Game, RecordError, load_games
from xiangqi.record.pgn_writer import games_to_pgn

GAME_LINE = re.compile(r"^game \d+:")


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run on a Dask scheduler's workers (tcp://host:8786; an engine is found on each "
                             "worker by the name given); needs the [cluster] extra")


def review_on_cluster(args: argparse.Namespace, games: list[tuple[int, Game]], had_problems: bool) -> int:
    """``review --cluster``: one game a slice; the reviewed games written to ``args.output`` in order."""
    limit = (["--depth", str(args.depth)] if args.depth is not None
             else ["--nodes", str(args.nodes)] if args.nodes is not None
             else ["--movetime", str(args.movetime)] if args.movetime is not None else [])
    command = ("review", "{input}", "--engine", args.engine, *limit, "--notation", args.notation,
               "--language", args.language, "-o", "{output}")
    tasks = [SliceTask(number, command, "game.pgn", games_to_pgn([game], Notation.ICCS).encode("utf-8"), "out.pgn")
             for number, game in games]
    texts: list[str] = []
    failed = []
    by_number = dict(games)

    def reviewed(result: SliceResult) -> None:
        text = _reviewed_text(result)
        if text is None or result.outcome is None or result.outcome.returncode != 0:
            failed.append(result.key)   # the exit status says so (1), as a local review's would
        # a game not reviewed is written as it was, as a local review writes a game it could not review
        texts.append(text if text is not None else games_to_pgn([by_number[result.key]], Notation(args.notation)))

    stopped = _each_result(args.cluster, tasks, reviewed, "interrupted: nothing written", _progress(len(tasks)))
    if stopped is not None:
        return stopped
    atomic_write(args.output, "\n".join(text.rstrip("\n") + "\n" for text in texts).encode("utf-8"))
    return 1 if failed or had_problems else 0


def _each_result(address: str, tasks: Sequence[SliceTask], on_result: Callable[[SliceResult], None],
                 interrupted: str, done: Callable[[SliceResult], None] | None = None,
                 stop: Callable[[], bool] = lambda: False) -> int | None:
    """Run ``tasks`` on the cluster, each result in order to ``on_result`` until ``stop()`` (the rest is then
    cancelled); None when every one came back or the run was stopped, else the exit status (2: no cluster,
    130: Ctrl+C, ``interrupted`` said)."""
    results = run_slices(address, tasks, done)
    try:
        for result in results:
            on_result(result)
            if stop():
                break
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(interrupted, file=sys.stderr)
        return 130
    finally:
        results.close()   # a stopped run's slices cancelled on the workers
    return None


def _reviewed_text(result: SliceResult) -> str | None:
    """The reviewed game of a slice (its lines printed with the game's own number), or None: reported."""
    outcome = result.outcome
    if outcome is None or outcome.returncode == CANCELLED or not outcome.output:
        why = result.failure if outcome is None else (outcome.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"warning: game {result.key}: not reviewed: {why}", file=sys.stderr)
        return None
    for line in outcome.stdout.splitlines():
        if GAME_LINE.match(line):
            print(GAME_LINE.sub(f"game {result.key}:", line), flush=True)
    for line in outcome.stderr.splitlines():
        kind, _, text = line.partition(":")
        if kind in ("warning", "error"):   # an engine that did not start there: the game comes back unreviewed
            print(f"{kind}: game {result.key} ({outcome.worker}): {text.strip()}", file=sys.stderr)
    return outcome.output.decode("utf-8", errors="replace")


def _progress(total: int) -> Callable[[SliceResult], None]:
    done = [0]

    def step(_result: SliceResult) -> None:
        done[0] += 1
        print(f"[{done[0]}/{total} games]", file=sys.stderr, flush=True)

    return step


# ----------------------------------------------------------------------------------------- match
def match_on_cluster(args: argparse.Namespace, openings: Sequence[Opening], games: int,
                     sprt: SprtSettings | None) -> int:
    """``match --cluster``: one opening with both colours a task (a pair of games); the games appended to
    ``args.pgn`` in order as their pair comes back, the score printed as the local match prints it; with
    ``sprt``, the test after each pair, stopped at a bound."""
    pairs = schedule(games, list(openings))
    tasks = [_pair_task(args, games, index, pairs[2 * index].opening) for index in range((len(pairs) + 1) // 2)]
    tally = [Tally()]
    failed = []
    tracker = SprtTracker(sprt) if sprt is not None else None
    if tracker is not None:
        print(f"SPRT {tracker.settings.text()}: bounds ({tracker.current.lower:.2f}, {tracker.current.upper:.2f})",
              flush=True)

    def played(result: SliceResult) -> None:
        games = pair_games_of(result)
        if games is None:
            failed.append(result.key)
            return
        for offset, game in enumerate(games[:2]):
            number = 2 * (result.key - 1) + offset + 1
            game.headers["Round"] = str(number)
            red = _score_of_red(game.result)
            a_score = red if offset == 0 else 1 - red   # engine A has red in a pair's first game
            tally[0] = tally[0].add(a_score)
            append_game(args.pgn, game, Notation(args.notation))
            print(f"Game {number}/{games}: {game.headers.get('Red', '')} (red) vs "
                  f"{game.headers.get('Black', '')} (black): {game.result}", flush=True)
            print(f"  {tally[0].text(*args.engine)}", flush=True)
            test = tracker.add_game(number, a_score) if tracker is not None else None
            if test is not None:
                print(f"  {test.text()}", flush=True)

    def decided() -> bool:
        return tracker is not None and tracker.current.decision is not Decision.CONTINUE

    stopped = _each_result(args.cluster, tasks, played, "interrupted: the games in progress were not recorded",
                           stop=decided)
    if stopped is not None:
        return stopped
    print(f"Finished match: {tally[0].text(*args.engine)}", flush=True)
    if tracker is not None:
        print(f"SPRT: {tracker.current.text()}", flush=True)
    return 1 if failed else 0


def _pair_task(args: argparse.Namespace, total: int, index: int, opening: Opening) -> SliceTask:
    games = min(2, total - 2 * index)
    command = ["match", "--engine", args.engine[0], "--engine", args.engine[1], "--games", str(games),
               "--openings", "{input}", "--pgn", "{output}"]
    passed = (("--movetime", args.movetime), ("--tc", args.tc), ("--time-margin", args.time_margin),
              ("--adjudicate-score", args.adjudicate_score), ("--adjudicate-moves", args.adjudicate_moves),
              ("--max-moves", args.max_moves), ("--event", args.event), ("--notation", args.notation))
    for flag, value in passed:
        if value is not None:
            command += [flag, str(value)]
    for option in args.option:
        command += ["--option", option]
    return SliceTask(index + 1, tuple(command), "opening.pgn", _opening_pgn(opening), "games.pgn")


def _opening_pgn(opening: Opening) -> bytes:
    game = Game()
    if opening.fen != Position.STARTING_FEN:
        game.headers["FEN"] = opening.fen
    node = game.root
    for move in opening.moves:
        node = node.add_child(move)
    return games_to_pgn([game], Notation.ICCS).encode("utf-8")


def pair_games_of(result: SliceResult) -> list[Game] | None:
    """The games a pair's task sent back, or None (said on stderr): its worker failed or sent no readable PGN."""
    outcome = result.outcome
    if outcome is None or outcome.returncode not in (0, 1) or not outcome.output:
        why = result.failure if outcome is None else (outcome.stderr.strip().splitlines() or ["no games"])[-1]
        print(f"warning: opening {result.key}: its games were not played: {why}", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.pgn"
        path.write_bytes(outcome.output)
        try:
            games = [game for game in load_games(path) if not game.errors]
        except RecordError as error:   # NotARecordError too: the worker sent something else than games
            games, why = [], str(error)[:200]
        else:
            why = "no game could be read"
    if not games:
        print(f"warning: opening {result.key}: its games came back unreadable from {outcome.worker}: {why}",
              file=sys.stderr)
        return None
    return games


def _score_of_red(result: str) -> float:
    return {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
