"""Hostile inputs to engine testing: FEN/EPD opening lists (``--openings``), the --sprt settings and the
LLR of any counts, and the crosstable a tournament writes (engine names of any length or content)."""

from __future__ import annotations

import math
import random
from pathlib import Path

from hostile import hostile
from xiangqi.match.schedule import MAX_FEN_LIST_BYTES, MAX_OPENING_NAME, load_openings
from xiangqi.match.sprt import MAX_SPRT_TEXT, SprtError, SprtSettings, llr_logistic, llr_normalized
from xiangqi.match.tournament import MAX_NAME_WIDTH, Crosstable

GOOD_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


@hostile("match.epd_garbage", target="match.openings", bound=f"MAX_OPENING_NAME = {MAX_OPENING_NAME}")
def epd_garbage(folder: Path, scale: int) -> None:
    """Good lines between broken FENs, NULs, endless c0 names and unclosed quotes: the good ones are read
    with their names cut to the bound, each bad one is reported by file and line."""
    path = folder / "suite.epd"
    lines = []
    for number in range(500 * scale):
        lines += [f'{GOOD_FEN} ce 3; c0 "{"名" * 5000}";', "rnbakabnr/9/9 w", "\0\0\0 c0 \"", f"{GOOD_FEN} c0 \"open"]
        if number % 50 == 0:
            lines.append("x" * 100_000)
    path.write_text("\n".join(lines), encoding="utf-8")
    errors: list[str] = []
    openings = load_openings(path, errors)
    assert len(openings) == 2 * 500 * scale, len(openings)
    assert all(len(opening.name) <= MAX_OPENING_NAME for opening in openings)
    assert len(errors) == 2 * 500 * scale + 10 * scale, len(errors)
    assert all("suite.epd:" in error and len(error) < 400 for error in errors), errors[0][:400]


@hostile("match.epd_oversized", target="match.openings", bound=f"MAX_FEN_LIST_BYTES = {MAX_FEN_LIST_BYTES:,}")
def epd_oversized(folder: Path, scale: int) -> None:
    """A FEN list over the bound is refused unread (a sparse file: cheap to make)."""
    path = folder / "huge.fen"
    with open(path, "wb") as stream:
        stream.seek(MAX_FEN_LIST_BYTES + scale * 1024)
        stream.write(b"\n")
    errors: list[str] = []
    assert load_openings(path, errors) == []
    assert "MAX_FEN_LIST_BYTES" in errors[0] and "huge.fen" in errors[0]


@hostile("match.sprt_settings", target="match.sprt", bound=f"MAX_SPRT_TEXT = {MAX_SPRT_TEXT}")
def sprt_settings(folder: Path, scale: int) -> None:
    """Huge, non-numeric, infinite and NaN values are refused with a bounded message; the LLR of any counts
    (large, zero, lopsided) and any hypotheses is a finite number."""
    bad = [["elo0=0", "elo1=" + "9" * 10_000 * scale], ["elo0=nan", "elo1=5"], ["elo0=0", "elo1=1e400"],
           ["x" * 10_000 * scale], ["elo0=0", "elo1=5", "alpha=0"], ["elo0=0", "elo1=5", "model=" + "m" * 5000]]
    for words in bad:
        try:
            SprtSettings.parse(words)
        except SprtError as error:
            assert len(str(error)) < 2 * MAX_SPRT_TEXT + 200, str(error)[:300]
        else:
            raise AssertionError(f"accepted {str(words)[:100]}")
    rng = random.Random(scale)
    for _ in range(100 * scale):
        counts = [rng.choice([0, 1, rng.randint(0, 10**6)]) for _ in range(5)]
        elo0 = rng.uniform(-1000, 1000)
        elo1 = elo0 + rng.uniform(1e-3, 1000)
        assert math.isfinite(llr_normalized(elo0, elo1, counts)) and math.isfinite(llr_logistic(elo0, elo1, counts))


@hostile("match.crosstable_names", target="match.crosstable", bound=f"MAX_NAME_WIDTH = {MAX_NAME_WIDTH}")
def crosstable_names(folder: Path, scale: int) -> None:
    """Engine names with newlines and of any length: one line per engine, names cut to the bound."""
    names = ["a\nb" * 1000 * scale, "名" * 10_000 * scale, "", "\t\r"] + [f"e{k}" for k in range(4 * scale)]
    table = Crosstable(names)
    for i in range(len(names)):
        table.add(i, (i + 1) % len(names), 1.0)
    lines = table.text().split("\n")
    assert len(lines) == len(names) + 2, len(lines)
    assert all(len(line) < 40 + MAX_NAME_WIDTH + 9 * (len(names) + 8) for line in lines)
    (folder / "table.txt").write_text(table.text(), encoding="utf-8")
