"""``python -m xiangqi db starter DB``: build the starter database (the CCPD master games shipped with the
program) at DB, which must not exist yet; progress on stderr, the summary on stdout.

Exit status: 0 built; 1 the shipped games are missing or damaged, or DB exists or cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xiangqi.commands.output import shown_name
from xiangqi.database.starter import StarterError, build_starter

PROGRESS_EVERY = 5_000   # games between progress lines


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    starting = commands.add_parser(
        "starter", help="build the starter database of master games shipped with the program",
        description="Build DB from the master games shipped with the program (Chinese Chess Practical "
        "Dataset (CCPD), Yu-Han Tseng, CC BY 4.0). DB must not exist; it appears only when complete.")
    starting.add_argument("database", metavar="DB", help="the database file to create")


def run(args: argparse.Namespace) -> int:
    shown = [0]

    def progress(done: int, total: int) -> None:
        if done >= shown[0] + PROGRESS_EVERY or done == total:
            shown[0] = done
            print(f"{done:,} of {total:,} games imported", file=sys.stderr, flush=True)

    try:
        report = build_starter(Path(args.database), progress, lambda: False)
    except StarterError as error:
        print(f"db starter: {error}", file=sys.stderr)
        return 1
    for failure in report.failed:
        print(failure, file=sys.stderr)
    print(f"{shown_name(args.database)}: {report.games:,} games stored; {report.duplicates:,} duplicates counted, "
          f"not stored again; {report.with_problems:,} games kept as far as they could be read")
    return 1 if report.failed else 0
