"""Hostile input to the tactics detectors and the review's sentences (issue 32): a solver's line far longer
than any puzzle's, a line that turns illegal, and a move comment of megabytes full of lines that look like
an earlier review's sentence."""

from __future__ import annotations

from pathlib import Path

from hostile import hostile
from xiangqi.core import Move, Position
from xiangqi.review.annotate import explanation_of, with_explanation
from xiangqi.review.marks import Mark
from xiangqi.tactics import MAX_LINE_PLIES, motifs, replay

# Red's and black's horses out and back: legal for ever, never a capture.
SHUFFLE = [Move.from_iccs(text) for text in ("b0c2", "b9c7", "c2b0", "c7b9")]


@hostile("tactics.long_line", target="tactics.line", bound=f"MAX_LINE_PLIES = {MAX_LINE_PLIES}")
def long_line(folder: Path, scale: int) -> None:
    line = SHUFFLE * (2_500 * scale)          # 10,000 plies a scale
    played = replay(Position(), line)
    assert len(played.moves) == MAX_LINE_PLIES
    assert motifs(Position(), line) >= frozenset()


@hostile("tactics.illegal_line", target="tactics.line", bound="the legal prefix only")
def illegal_line(folder: Path, scale: int) -> None:
    junk = [Move(sq % 90, (sq * 7 + 1) % 90) for sq in range(1_000 * scale)]
    line = SHUFFLE[:2] + junk
    assert len(replay(Position(), line).moves) <= 2 + MAX_LINE_PLIES
    motifs(Position(), line)


@hostile("tactics.explanation_comment", target="review.explanation", bound="one regex pass (linear)")
def explanation_comment(folder: Path, scale: int) -> None:
    comment = "?? 丢车（车八进八）\n好棋 ? 不对\n" * (20_000 * scale)     # ~0.5 MB a scale
    kept = with_explanation(comment, Mark.BLUNDER, "丢马")
    assert kept.endswith("\n?? 丢马") and kept.count("丢车") == 0
    assert explanation_of(kept) == "丢马"
