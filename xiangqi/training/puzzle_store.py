"""The puzzle trainer's history (no Qt): every attempt in the profile's training database, and what follows
from it: the player's rating, each puzzle's rating, the streaks, which puzzle comes next.

One table, ``puzzle_attempts``, a row per rated attempt (the first try at a puzzle shown; retries are not
rated): when, solved clean or not, and the player's and the puzzle's Glicko-2 ratings after it. The
current ratings are those of the rows written last (SQLite's row order: the order the attempts were
made, imported rows after them), never of the latest date, which a wrong clock or an edited file could
put a year ahead. A failed puzzle joins the spaced-repetition deck (``CardDeck``, ``DeckKind.PUZZLES``)
in the same transaction as its attempt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from xiangqi.training.cards import CardDeck, CardFace, DeckKind
from xiangqi.training.database import TrainingDatabase
from xiangqi.tactics import Motif, MotifKind
from xiangqi.training.puzzles import Puzzle, Theme
from xiangqi.training.ratings import Rating, after_attempt

ATTEMPTS_TABLE = "puzzle_attempts"
ATTEMPTS_COLUMNS = ("puzzle_id TEXT NOT NULL, at TEXT NOT NULL, solved INTEGER NOT NULL, hints INTEGER NOT NULL, "
                    "player_rating REAL NOT NULL, player_deviation REAL NOT NULL, player_volatility REAL NOT NULL, "
                    "puzzle_rating REAL NOT NULL, puzzle_deviation REAL NOT NULL, puzzle_volatility REAL NOT NULL, "
                    "PRIMARY KEY (puzzle_id, at)")
NEAR_RATING = 200.0   # the next puzzle is chosen among those this close to the player's rating, when any


@dataclass(frozen=True)
class Standing:
    player: Rating
    streak: int          # clean solves in a row, up to now
    best_streak: int
    attempts: int
    solved: int


class PuzzleHistory:
    def __init__(self, db: TrainingDatabase) -> None:
        self.db = db
        db.ensure_table(ATTEMPTS_TABLE, ATTEMPTS_COLUMNS)
        self.deck = CardDeck(db)

    def standing(self) -> Standing:
        rows = self.db.rows(f"SELECT solved, player_rating, player_deviation, player_volatility "
                            f"FROM {ATTEMPTS_TABLE} ORDER BY rowid")
        streak = best = solved = 0
        for row in rows:
            if row["solved"]:
                solved += 1
                streak += 1
                best = max(best, streak)
            else:
                streak = 0
        player = Rating() if not rows else Rating(float(rows[-1]["player_rating"]),
                                                    float(rows[-1]["player_deviation"]),
                                                    float(rows[-1]["player_volatility"])).clamped()
        return Standing(player, streak, best, len(rows), solved)

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        rows = self.db.rows(f"SELECT puzzle_rating, puzzle_deviation, puzzle_volatility FROM {ATTEMPTS_TABLE} "
                            f"WHERE puzzle_id = ? ORDER BY rowid DESC LIMIT 1", (puzzle.puzzle_id,))
        if not rows:
            return Rating.of(puzzle.rating)
        return Rating(float(rows[0][0]), float(rows[0][1]), float(rows[0][2])).clamped()

    def attempted(self) -> set[str]:
        return {str(r[0]) for r in self.db.rows(f"SELECT DISTINCT puzzle_id FROM {ATTEMPTS_TABLE}")}

    def record(self, puzzle: Puzzle, solved: bool, hints: int, title: str,
               now: datetime | None = None) -> tuple[Rating, Rating]:
        """Rate one attempt (both ratings), keep it, and put a failed puzzle in the deck. Returns the
        player's rating before and after."""
        moment = now or datetime.now(UTC)
        before = self.standing().player
        player, rated = after_attempt(before, self.puzzle_rating(puzzle), solved)
        with self.db.write() as connection:     # the attempt and its card: both or neither
            connection.execute(f"INSERT OR REPLACE INTO {ATTEMPTS_TABLE} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               (puzzle.puzzle_id, moment.isoformat(timespec="microseconds"), int(solved), hints,
                                *player.as_tuple(), *rated.as_tuple()))
            if not solved:
                face = CardFace(puzzle.fen, (puzzle.line[0].iccs(),), title, puzzle.source)
                self.deck.add_within(connection, [(DeckKind.PUZZLES, puzzle.puzzle_id, face)], moment)
        return before, player


@dataclass(frozen=True)
class PuzzleMix:
    """The puzzles a user asked for: any of the chosen themes and motifs (none chosen: every puzzle), and of
    the chosen phases (none chosen: any phase). ``phases`` holds Motif.OPENING/MIDDLEGAME/ENDGAME."""

    themes: frozenset[Theme] = frozenset()
    motifs: frozenset[Motif] = frozenset()
    phases: frozenset[Motif] = frozenset()

    def matches(self, puzzle: Puzzle) -> bool:
        if self.phases and not self.phases & puzzle.motifs:
            return False
        if not self.themes and not self.motifs:
            return True
        return bool(self.themes & puzzle.themes or self.motifs & puzzle.motifs)

    @property
    def empty(self) -> bool:
        return not (self.themes or self.motifs or self.phases)


def is_phase(motif: Motif) -> bool:
    return motif.kind is MotifKind.PHASE


def mix_counts(puzzles: Sequence[Puzzle]) -> tuple[dict[Theme, int], dict[Motif, int]]:
    """How many puzzles carry each theme and each motif (the ones no puzzle carries are left out)."""
    themes: dict[Theme, int] = {}
    motifs: dict[Motif, int] = {}
    for puzzle in puzzles:
        for theme in puzzle.themes:
            themes[theme] = themes.get(theme, 0) + 1
        for motif in puzzle.motifs:
            motifs[motif] = motifs.get(motif, 0) + 1
    return themes, motifs


def choose_next(puzzles: Sequence[Puzzle], player: Rating, wanted: PuzzleMix | Theme | None, done: set[str],
                rng: random.Random) -> Puzzle | None:
    """A puzzle of the mix (or of one theme; None: any) not attempted yet, near the player's rating (random
    among the near ones; the nearest when none is near); an attempted one when every one was."""
    mix = PuzzleMix(themes=frozenset({wanted})) if isinstance(wanted, Theme) else wanted or PuzzleMix()
    pool = [p for p in puzzles if mix.matches(p)]
    fresh = [p for p in pool if p.puzzle_id not in done] or pool
    if not fresh:
        return None
    near = [p for p in fresh if abs(p.rating[0] - player.rating) <= NEAR_RATING]
    if near:
        return rng.choice(near)
    return min(fresh, key=lambda p: abs(p.rating[0] - player.rating))
