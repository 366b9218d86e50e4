"""Building and measuring the ECCO rules table (``record.ecco``) from games that carry ``[ECCO]`` tags.

A rule is a key (a position's or a move order's, ``ecco.line_keys``) with a code. The table is a decision
list read deepest first: a line's code is the code of its deepest key that has a rule. Rules are chosen
greedily, key by key from the start (at each ply the position's key, then the move order's): a key seen in
at least ``min_games`` tagged games gets a rule with its most frequent code when that rule makes more of the
games through it right than the rules above it already did. So a key whose games the shallower rules
already classify needs no rule, and the table stays small; a move order key gets a rule where the games
that came by that order were named otherwise than the position says (the ECCO system goes by move order).

Used by ``assets/tools/make_ecco.py`` (the shipped table) and ``tests/bench/ecco_agreement.py`` (held-out
agreement). No Qt, no files: lists of ``TaggedLine`` in, a ``dict`` of rules out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from xiangqi.record.ecco import KEYS_PER_PLY, LINE_END_SALT, code_number, code_of_keys, code_of_number

LINE_END_PLIES = 16        # line-end rules for the positions of the first 16 plies
LINE_END_MIN_GAMES = 20    # ... that at least 20 games reached
LINE_END_UNDECIDED = 0.5   # ... and where no code has half of them (the opening is not decided yet)
LINE_END_SHARE = 0.002     # the general code: the first (lowest) of the codes with 0.2 % of the games or more
MIN_GAMES = 1   # positions seen in fewer tagged games get no rule (1: held out 94.2 %; 2: 91.7 %)


@dataclass(frozen=True)
class TaggedLine:
    """One tagged game: its ECCO tag and the keys of its first plies (``ecco.line_keys``)."""

    code: str
    keys: tuple[int, ...]


def _majorities(lines: Sequence[TaggedLine], min_games: int) -> dict[int, int]:
    """Each position seen in ``min_games`` games or more → the code number most of them carry."""
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    for line in lines:
        number = code_number(line.code)
        for key in set(line.keys):
            counts[key][number] += 1
    return {key: tally.most_common(1)[0][0] for key, tally in counts.items() if tally.total() >= min_games}


def build_rules(lines: Sequence[TaggedLine], min_games: int = MIN_GAMES) -> dict[int, int]:
    """The rules (position key → code number) learnt from ``lines`` (their codes must be valid)."""
    majority = _majorities(lines, min_games)
    truth = [code_number(line.code) for line in lines]
    predicted: list[int | None] = [None] * len(lines)
    decided: dict[int, bool] = {}
    rules: dict[int, int] = {}
    depth = max((len(line.keys) for line in lines), default=0)
    for ply in range(depth):
        through: dict[int, list[int]] = defaultdict(list)
        for index, line in enumerate(lines):
            if ply < len(line.keys) and line.keys[ply] in majority:
                through[line.keys[ply]].append(index)
        for key, games in through.items():
            if key not in decided:
                code = majority[key]
                gain = sum((truth[g] == code) - (truth[g] == predicted[g]) for g in games)
                decided[key] = gain > 0
                if gain > 0:
                    rules[key] = code
            if decided[key]:
                for g in games:
                    predicted[g] = rules[key]
    return rules


def line_end_rules(lines: Sequence[TaggedLine]) -> dict[int, int]:
    """Rules for a line that ends early at a position from which the master games went on to several
    openings: the ECCO system names such a line by the general code of its branch, the first of the
    codes its games became (codes are laid out general first: E10 仙人指路对卒底炮, then E11 …)."""
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    for line in lines:
        number = code_number(line.code)
        for key in set(line.keys[:LINE_END_PLIES * KEYS_PER_PLY:KEYS_PER_PLY]):   # the positions' keys
            counts[key][number] += 1
    rules: dict[int, int] = {}
    for key, tally in counts.items():
        total = tally.total()
        top, top_games = tally.most_common(1)[0]
        if total >= LINE_END_MIN_GAMES and top_games < LINE_END_UNDECIDED * total:
            rules[key ^ LINE_END_SALT] = min([code for code, games in tally.items()
                                              if games >= max(2, LINE_END_SHARE * total)] or [top])
    return rules


def build_table(lines: Sequence[TaggedLine], min_games: int = MIN_GAMES) -> dict[int, int]:
    """The whole table: the rules for games (``build_rules``) and for lines that end early."""
    return build_rules(lines, min_games) | line_end_rules(lines)


@dataclass(frozen=True)
class Agreement:
    """How a rules table agrees with tagged lines: counts, and the most frequent (tag, given) pairs."""

    games: int
    agreed: int
    unclassified: int
    confusions: tuple[tuple[str, str, int], ...]   # (tag, code given or "-", games), most frequent first

    @property
    def percent(self) -> float:
        return 100.0 * self.agreed / self.games if self.games else 0.0


def measure(lines: Sequence[TaggedLine], rules: dict[int, int], top: int = 15) -> Agreement:
    """The agreement of ``rules`` with the tags of ``lines``."""
    agreed = unclassified = 0
    wrong: Counter[tuple[str, str]] = Counter()
    for line in lines:
        given = code_of_keys(line.keys, rules)
        if given == line.code:
            agreed += 1
            continue
        unclassified += given is None
        wrong[(line.code, given or "-")] += 1
    confusions = tuple((tag, given, count) for (tag, given), count in wrong.most_common(top))
    return Agreement(len(lines), agreed, unclassified, confusions)


def group_of(number: int) -> str:
    """The two-character group of a code number: 123 → ``"B2"``."""
    return code_of_number(number)[:2]
