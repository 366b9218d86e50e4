"""Whether an engine opponent takes the draw the player offers (no Qt).

The rule, as 天天象棋 and XQWizard play it: the engine answers with its next move, from its own evaluation
of that search, never from the engine's bare "draw" word (ElephantEye and the built-in engine take any
offer at a score of 0, so a level-2 engine took a draw at move 2). It accepts only

- when it judges itself clearly worse: its own score at most -``behind_cp(level)`` centipawns (a weaker
  level gives up sooner), or it sees itself mated; or
- when the game is long and dead level: ``DEAD_LEVEL_PLIES`` plies or more, and its score within
  ``DEAD_LEVEL_CP`` of equal.

Without a score (a book move, a search that reported none) it declines: an even opening is never drawn.
"""

from __future__ import annotations

from xiangqi.engine.messages import Score, ScoreKind

# How far behind (centipawns, the engine's own view) each built-in level must judge itself to take a draw.
BEHIND_CP_BY_LEVEL = {1: 80, 2: 100, 3: 150, 4: 200, 5: 250}
FULL_STRENGTH_BEHIND_CP = 250   # an engine without a built-in level (played at its full strength)
DEAD_LEVEL_PLIES = 120          # 60 moves each: a long game ...
DEAD_LEVEL_CP = 30              # ... whose score stayed this close to equal


def behind_cp(level: int | None) -> int:
    """The score (centipawns below equal) at which an engine of ``level`` takes a draw."""
    if level is None:
        return FULL_STRENGTH_BEHIND_CP
    return BEHIND_CP_BY_LEVEL.get(level, FULL_STRENGTH_BEHIND_CP)


def engine_takes_draw(score: Score | None, ply: int, level: int | None) -> bool:
    """The engine, whose own evaluation is ``score`` (its side's view) after ``ply`` plies of the game,
    takes the offered draw."""
    if score is None:
        return False
    if score.kind is ScoreKind.MATE:
        return score.mate is not None and score.mate < 0
    if score.kind is not ScoreKind.CP or score.cp is None:
        return False
    if score.cp <= -behind_cp(level):
        return True
    return ply >= DEAD_LEVEL_PLIES and abs(score.cp) <= DEAD_LEVEL_CP
