"""Write assets/ecco/rules.bin and assets/ecco/names.tsv, the opening classifier's tables (``record.ecco``).

    .venv/bin/python assets/tools/make_ecco.py ../shared/data/ccpd/games/*.pgn [--cache /tmp/ecco-lines.pickle]

The rules are learnt (``record.ecco_build``) from the ``[ECCO]`` tags of the master games of the Chinese
Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0: the first ``ecco.MAX_PLIES`` positions of every
game from the start position, mirror-folded. The names are the ECCO system's: the ones this program knows
one by one (``assets/tools/ecco_names.txt``), the others by their group (``GROUPS`` here); traditional
characters by OpenCC (``s2tw``), the English gloss by group. ``--cache`` keeps the games' keys (reading
31,870 games takes minutes), for ``tests/bench/ecco_agreement.py`` too.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections.abc import Iterable
from pathlib import Path

from xiangqi.atomic import atomic_write
from xiangqi.record.ecco import (
    CODE_COUNT,
    CODE_PATTERN,
    EccoOpening,
    code_of_number,
    line_keys,
    names_path,
    rules_bytes,
    rules_path,
)
from xiangqi.record.ecco_build import TaggedLine, build_table
from xiangqi.record.files import read_records

NAMES_SOURCE = Path(__file__).resolve().parent / "ecco_names.txt"

# Each group of ten codes: its name (what a code of it not listed in ecco_names.txt is called) and English.
GROUPS: dict[str, tuple[str, str]] = {
    "A0": ("非常见开局", "Uncommon opening"),
    "A1": ("飞相局", "Elephant opening"),
    "A2": ("飞相局", "Elephant opening"),
    "A3": ("飞相局", "Elephant opening"),
    "A4": ("起马局", "Horse opening"),
    "A5": ("仕角炮局", "Palace-corner cannon opening"),
    "A6": ("过宫炮局", "Cross-palace cannon opening"),
    "B0": ("中炮对非常见开局", "Central cannon vs an uncommon defence"),
    "B1": ("中炮对单提马", "Central cannon vs single lifted horse"),
    "B2": ("中炮对左三步虎", "Central cannon vs left three-step tiger"),
    "B3": ("中炮对反宫马", "Central cannon vs reverse palace horses"),
    "B4": ("五六炮对反宫马", "Five-six cannons vs reverse palace horses"),
    "B5": ("五七炮对反宫马", "Five-seven cannons vs reverse palace horses"),
    "C0": ("中炮对屏风马", "Central cannon vs screen horses"),
    "C1": ("中炮对屏风马", "Central cannon vs screen horses"),
    "C2": ("中炮过河车七路马对屏风马两头蛇",
           "Central cannon, river-crossing chariot and seventh-file horse vs screen horses with two-headed snake"),
    "C3": ("中炮过河车互进七兵对屏风马",
           "Central cannon with river-crossing chariot vs screen horses, both seventh pawns advanced"),
    "C4": ("中炮过河车互进七兵对屏风马平炮兑车",
           "Central cannon with river-crossing chariot vs screen horses, cannon across to trade chariots"),
    "C5": ("五六炮对屏风马", "Five-six cannons vs screen horses"),
    "C6": ("五七炮对屏风马", "Five-seven cannons vs screen horses"),
    "C7": ("五七炮对屏风马", "Five-seven cannons vs screen horses"),
    "C8": ("中炮巡河炮对屏风马", "Central cannon with river-patrol cannon vs screen horses"),
    "C9": ("五八炮和五九炮对屏风马", "Five-eight or five-nine cannons vs screen horses"),
    "D0": ("顺炮局", "Same-direction cannons"),
    "D1": ("顺炮直车对缓开车", "Same-direction cannons, straight chariot vs slow chariot"),
    "D2": ("顺炮直车对横车", "Same-direction cannons, straight chariot vs crossing chariot"),
    "D3": ("中炮对左炮封车转列炮", "Central cannon vs left cannon blocking the chariot, into opposite cannons"),
    "D4": ("中炮对左三步虎转列炮", "Central cannon vs left three-step tiger, into opposite cannons"),
    "D5": ("中炮对列炮", "Central cannon vs opposite-direction cannons"),
    "E0": ("仙人指路局", "Pawn opening"),
    "E1": ("仙人指路对卒底炮", "Pawn opening vs pawn-base cannon"),
    "E2": ("仙人指路转左中炮对卒底炮飞左象", "Pawn opening, left central cannon vs pawn-base cannon, left elephant"),
    "E3": ("仙人指路转左中炮对卒底炮飞左象", "Pawn opening, left central cannon vs pawn-base cannon, left elephant"),
    "E4": ("对兵局", "Pawn vs pawn"),
}
CREDIT = ("# ECCO opening names. Rules learnt from the master games of the Chinese Chess Practical Dataset "
          "(CCPD), Yu-Han Tseng, CC BY 4.0 (changed: reduced to a table of positions and codes) by "
          "assets/tools/make_ecco.py\n")


def tagged_lines(paths: Iterable[str]) -> list[TaggedLine]:
    """Every game of ``paths`` from the start position with a valid ``[ECCO]`` tag, with its keys."""
    lines: list[TaggedLine] = []
    for path in paths:
        for game in read_records(path):
            code = game.headers.get("ECCO", "").strip()
            if game.is_setup or not CODE_PATTERN.fullmatch(code):
                continue
            lines.append(TaggedLine(code, tuple(line_keys(game.mainline_moves()))))
        print(f"{path}: {len(lines)} tagged games so far", file=sys.stderr)
    return lines


def cached_lines(paths: list[str], cache: Path | None) -> list[TaggedLine]:
    """The tagged lines, from ``cache`` when it exists (a pickle this tool wrote), else read and cached."""
    if cache is not None and cache.exists():
        with open(cache, "rb") as stream:
            loaded: list[TaggedLine] = pickle.load(stream)  # our own cache file, never a download
        return loaded
    lines = tagged_lines(paths)
    if cache is not None:
        atomic_write(cache, pickle.dumps(lines))
    return lines


def known_names() -> dict[str, tuple[str, str]]:
    names: dict[str, tuple[str, str]] = {}
    for line in NAMES_SOURCE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, opening, *variation = line.split("\t")
            names[code] = (opening, variation[0] if variation else "")
    return names


def all_openings() -> list[EccoOpening]:
    """Every code the system uses (340 of A00–E99) with its names (the group's where its own is not known)."""
    import opencc  # a dependency of the program (Big5 records); only this tool needs it here

    to_traditional = opencc.OpenCC("s2tw")
    known = known_names()
    openings = []
    for number in range(CODE_COUNT):
        code = code_of_number(number)
        if code[:2] not in GROUPS:
            continue   # the system leaves A7-A9, B6-B9, D6-D9 and E5-E9 unused
        group_name, english = GROUPS[code[:2]]
        opening, variation = known.get(code, (group_name, ""))
        openings.append(EccoOpening(code, opening, variation, to_traditional.convert(opening),
                                    to_traditional.convert(variation), english))
    return openings


def names_text(openings: list[EccoOpening]) -> str:
    rows = ["\t".join((o.code, o.opening, o.variation, o.opening_traditional, o.variation_traditional,
                       o.english)) for o in openings]
    return CREDIT + "\n".join(rows) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="PGN files of games with [ECCO] tags (CCPD games/*.pgn)")
    parser.add_argument("--cache", type=Path, help="a pickle of the games' keys, read if it exists")
    args = parser.parse_args(argv)
    lines = cached_lines(args.files, args.cache)
    rules = build_table(lines)
    data = rules_bytes(rules)
    atomic_write(rules_path(), data)
    text = names_text(all_openings()).encode("utf-8")
    atomic_write(names_path(), text)
    print(f"{rules_path()}: {len(rules):,} rules from {len(lines):,} games, {len(data):,} bytes")
    print(f"{names_path()}: {len(GROUPS) * 10} codes, {len(text):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
