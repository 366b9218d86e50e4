"""Benchmark: how the ECCO classifier (``xiangqi.record.ecco``) agrees with the ``[ECCO]`` tags of master games.

    .venv/bin/python tests/bench/ecco_agreement.py [--ccpd ../shared/data/ccpd/games] [--cache FILE] [--fold 5]

Figures:
- held out: cross-validated over --fold folds (game number mod --fold): each fold measured by the rules learnt
  (``record.ecco_build.build_table``) from the others (agreement %, games left unclassified, the codes it
  disagrees on most, summed over the folds);
- all: the shipped table (``assets/ecco/rules.bin``) on every tagged CCPD game, and its size;
- CCGC: the shipped table on the 24 games of ../shared/data/games/eleeye/CCGC (tags by another program);
- first 30 plies: every CCPD game and its first ``ecco.MAX_PLIES`` plies alone get the same code.
Reading the 31,870 games takes minutes on a loaded machine: ``--cache`` keeps their keys (the file
``assets/tools/make_ecco.py --cache`` writes, the same format). Target: >= 95 % agreement.
"""

from __future__ import annotations

import argparse
import glob
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO), str(REPO / "assets" / "tools")]   # this checkout's package, then the tool

import make_ecco  # noqa: E402  (the tool beside the assets, not a package)

from xiangqi.record.ecco import (  # noqa: E402
    MAX_PLIES,
    classify_game,
    classify_moves,
    rules_path,
    shipped_rules,
)
from xiangqi.record.ecco_build import Agreement, TaggedLine, build_table, measure  # noqa: E402
from xiangqi.record.files import read_records  # noqa: E402

SHARED = REPO.parent / "shared" / "data"


def show(title: str, agreement: Agreement) -> None:
    print(f"{title}: {agreement.agreed:,} of {agreement.games:,} games agree = {agreement.percent:.2f} %"
          f" ({agreement.unclassified:,} left unclassified)")
    for tag, given, count in agreement.confusions:
        print(f"    tag {tag} given {given}: {count}")


def held_out(lines: list[TaggedLine], folds: int) -> None:
    """Cross-validated: each game measured by rules learnt from the other folds (game number mod ``folds``)."""
    agreed = unclassified = 0
    wrong: Counter[tuple[str, str]] = Counter()
    for fold in range(folds):
        train = [line for index, line in enumerate(lines) if index % folds != fold]
        test = [line for index, line in enumerate(lines) if index % folds == fold]
        rules = build_table(train)
        result = measure(test, rules, top=len(test))
        print(f"  fold {fold + 1}: rules from {len(train):,} games ({len(rules):,} rules): {result.percent:.2f} % "
              f"of {len(test):,}")
        agreed, unclassified = agreed + result.agreed, unclassified + result.unclassified
        wrong.update({(tag, given): count for tag, given, count in result.confusions})
    confusions = tuple((tag, given, count) for (tag, given), count in wrong.most_common(15))
    show(f"held out ({folds} folds)", Agreement(len(lines), agreed, unclassified, confusions))


def ccgc() -> None:
    agreed = total = 0
    for path in sorted(glob.glob(str(SHARED / "games" / "eleeye" / "CCGC" / "*.PGN"))):
        for game in read_records(path):
            tag = game.headers.get("ECCO", "")
            opening = classify_game(game)
            given = opening.code if opening else "-"
            total += 1
            agreed += given == tag
            if given != tag:
                print(f"    {Path(path).name}: tag {tag or '(none)'} given {given}")
    print(f"CCGC: {agreed} of {total} games agree = {100.0 * agreed / max(total, 1):.1f} %")


def first_plies(paths: list[str]) -> None:
    same = total = 0
    for path in paths:
        for game in read_records(path):
            if game.is_setup:
                continue
            moves = game.mainline_moves()
            total += 1
            same += classify_moves(moves) == classify_moves(moves[:MAX_PLIES])
    print(f"game vs its first {MAX_PLIES} plies: {same:,} of {total:,} the same")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ccpd", type=Path, default=SHARED / "ccpd" / "games")
    parser.add_argument("--cache", type=Path, help="the games' keys (make_ecco.py --cache), read if it exists")
    parser.add_argument("--fold", type=int, default=5, help="folds of the cross-validation")
    parser.add_argument("--first-plies", action="store_true", help="also replay every game for the 30-ply check")
    args = parser.parse_args()
    paths = sorted(glob.glob(str(args.ccpd / "*.pgn")))
    lines = make_ecco.cached_lines(paths, args.cache)
    print(f"{len(lines):,} tagged CCPD games from the start position")
    held_out(lines, args.fold)
    show(f"all (shipped table, {rules_path().stat().st_size:,} bytes, {len(shipped_rules()):,} rules)",
         measure(lines, shipped_rules(), top=15))
    ccgc()
    if args.first_plies:
        first_plies(paths)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
