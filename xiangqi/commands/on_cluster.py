"""The commands' work on a Dask cluster (``--cluster ADDRESS``, issue 33 §3): each command cuts its input into
slices, every slice runs as the same command on a worker, and the results are put together here in the
input's order and written as the local run writes them (atomically).

``review``: a slice is one game; its reviewed PGN comes back and the games are written in order.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable

from xiangqi.atomic import atomic_write
from xiangqi.cluster import ClusterError, SliceResult, SliceTask, run_slices
from xiangqi.cluster.slices import CANCELLED
from xiangqi.core.notation import Notation
from xiangqi.record import Game
from xiangqi.record.pgn_writer import games_to_pgn

GAME_LINE = re.compile(r"^game \d+:")


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run on a Dask scheduler's workers (tcp://host:8786); each worker starts the engine "
                             "by the name given; needs the [cluster] extra")


def review_on_cluster(args: argparse.Namespace, games: list[tuple[int, Game]], had_problems: bool) -> int:
    """``review --cluster``: one game a slice; the reviewed games written to ``args.output`` in order."""
    limit = (["--depth", str(args.depth)] if args.depth is not None
             else ["--nodes", str(args.nodes)] if args.nodes is not None
             else ["--movetime", str(args.movetime)] if args.movetime is not None else [])
    command = ("review", "{input}", "--engine", args.engine, *limit, "--notation", args.notation,
               "-o", "{output}")
    tasks = [SliceTask(number, command, "game.pgn", games_to_pgn([game], Notation.ICCS).encode("utf-8"), "out.pgn")
             for number, game in games]
    texts: list[str] = []
    failed = 0
    try:
        for result in run_slices(args.cluster, tasks, _progress(len(tasks))):
            text = _reviewed_text(result)
            if text is None:
                failed += 1
                texts.append(games_to_pgn([dict(games)[result.key]], Notation(args.notation)))
            else:
                texts.append(text)
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: nothing written", file=sys.stderr)
        return 130
    atomic_write(args.output, "\n".join(text.rstrip("\n") + "\n" for text in texts).encode("utf-8"))
    return 1 if failed or had_problems else 0


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
        if line.startswith("warning:"):
            print(f"warning: game {result.key} ({outcome.worker}): {line[len('warning:'):].strip()}",
                  file=sys.stderr)
    return outcome.output.decode("utf-8", errors="replace")


def _progress(total: int) -> Callable[[SliceResult], None]:
    done = [0]

    def step(_result: SliceResult) -> None:
        done[0] += 1
        print(f"[{done[0]}/{total} games]", file=sys.stderr, flush=True)

    return step
