"""猜谱 (guess the move): replay a master game for one side, guessing each of its moves (no Qt).

At each of the chosen side's moves the trainee guesses; the engine then judges the guess and the master's
move inside one search of the position (``xiangqi.review.judging``: the best lines of a MultiPV search,
and a second search restricted to the moves that are not among them, at the depth the first one
completed). Each move is scored by the mover's winning chances (lichess's Win%,
``xiangqi.review.accuracy``): the guess's and the master's Win% loss against the engine's best, the
guess's loss against the master's move, and the lichess move accuracy of both. ``summarise`` gives the
session's averages (your score vs the master's); ``GuessSessions`` keeps finished sessions in the
training database.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from xiangqi.core import Color, Move, Position
from xiangqi.record import Game
from xiangqi.review.accuracy import lichess_win_percent, move_accuracy
from xiangqi.review.annotate import main_line_positions
from xiangqi.review.evaluation import Evaluation
from xiangqi.review.judging import Line, line_of
from xiangqi.training.database import TrainingDatabase

SESSIONS_TABLE = "guess_sessions"
SESSIONS_COLUMNS = (
    "started_at TEXT NOT NULL, "   # ISO time (UTC)
    "title TEXT NOT NULL, "        # the game: players, event
    "side TEXT NOT NULL, "         # RED / BLACK: the side guessed
    "moves INTEGER NOT NULL, "     # guesses judged
    "matched INTEGER NOT NULL, "   # guesses equal to the master's move
    "your_loss REAL NOT NULL, "    # average Win% loss of the guesses against the engine's best
    "master_loss REAL NOT NULL, "
    "your_accuracy REAL NOT NULL, "
    "master_accuracy REAL NOT NULL, "
    "engine TEXT NOT NULL, "
    "detail TEXT NOT NULL, "       # JSON: one object per move (ply, guess, master, best, win percents)
    "PRIMARY KEY (started_at, title)"
)
GUESS_MULTIPV = 3   # lines of the first search: the guess and the master's move are often among them


class GuessError(ValueError):
    """A game that cannot be replayed for guessing (its message names the game and the move)."""


@dataclass(frozen=True)
class GuessStep:
    """One move to guess: the position before it (with its history), its ply (0 = the game's first move)
    and the master's move."""

    ply: int
    position: Position
    master: Move


def guess_steps(game: Game, side: Color) -> list[GuessStep]:
    """The main-line moves ``side`` played, each with the position it was played in. GuessError naming the
    move when the record's main line has an illegal move."""
    try:
        positions = main_line_positions(game)
    except ValueError as exc:
        raise GuessError(f"{game.headers.get('Event', '') or 'the game'}: {exc}") from None
    moves = game.mainline_moves()
    return [GuessStep(ply, positions[ply], moves[ply]) for ply in range(len(moves))
            if positions[ply].turn is side]


def missing_moves(lines: Sequence[Line], wanted: Sequence[Move]) -> tuple[Move, ...]:
    """The moves of ``wanted`` (each once, in order) that no line of the search starts with: the second
    search is restricted to them."""
    missing: list[Move] = []
    for move in wanted:
        if line_of(tuple(lines), move) is None and move not in missing:
            missing.append(move)
    return tuple(missing)


@dataclass(frozen=True)
class GuessJudgement:
    """One guess judged. Win percents are the mover's (lichess's Win%), all from the same search depth."""

    ply: int
    guess: Move
    master: Move
    best: Move
    best_win: float     # the best of the engine's first line, the guess and the master's move
    guess_win: float
    master_win: float
    depth: int
    best_pv: tuple[Move, ...] = ()   # the engine's line from the position (its first move is ``best``)

    @property
    def matched(self) -> bool:
        return self.guess == self.master

    @property
    def guess_loss(self) -> float:
        """The guess's Win% loss against the engine's best."""
        return max(0.0, self.best_win - self.guess_win)

    @property
    def master_loss(self) -> float:
        return max(0.0, self.best_win - self.master_win)

    @property
    def loss_to_master(self) -> float:
        """How much worse than the master's move the guess was (0 when it was as good or better)."""
        return max(0.0, self.master_win - self.guess_win)

    @property
    def guess_accuracy(self) -> float:
        return move_accuracy(self.best_win, self.guess_win)

    @property
    def master_accuracy(self) -> float:
        return move_accuracy(self.best_win, self.master_win)


def judge_guess(step: GuessStep, guess: Move, lines: Sequence[Line]) -> GuessJudgement | None:
    """Judge ``guess`` and the master's move from the lines of the position's searches (the first search's
    lines, best first, then those of the restricted search). None when a move has no exact line (the
    engine gave no score for it)."""
    if not lines:
        return None
    found = tuple(lines)
    guess_line, master_line = line_of(found, guess), line_of(found, step.master)
    if guess_line is None or master_line is None:
        return None
    turn = step.position.turn
    best = found[0]
    guess_win, master_win = _win(guess_line, turn), _win(master_line, turn)
    best_win = max(_win(best, turn), guess_win, master_win)
    return GuessJudgement(step.ply, guess, step.master, best.move, best_win, guess_win, master_win, best.depth,
                          best.pv)


def _win(line: Line, turn: Color) -> float:
    return lichess_win_percent(Evaluation.from_score(line.score, turn), turn)


@dataclass(frozen=True)
class GuessSummary:
    """A session's score: yours against the master's."""

    moves: int
    matched: int
    your_loss: float          # average Win% loss a move against the engine's best
    master_loss: float
    your_accuracy: float      # mean lichess move accuracy (0..100)
    master_accuracy: float
    loss_to_master: float     # average Win% your guesses lost against the master's moves

    @property
    def match_percent(self) -> float:
        return 100.0 * self.matched / self.moves if self.moves else 0.0


def summarise(judgements: Sequence[GuessJudgement]) -> GuessSummary:
    """The averages of a session (zeros for a session without a judged guess)."""
    count = len(judgements)
    if not count:
        return GuessSummary(0, 0, 0.0, 0.0, 0.0, 0.0, 0.0)

    def mean(values: list[float]) -> float:
        return sum(values) / count

    return GuessSummary(count, sum(j.matched for j in judgements),
                        mean([j.guess_loss for j in judgements]), mean([j.master_loss for j in judgements]),
                        mean([j.guess_accuracy for j in judgements]), mean([j.master_accuracy for j in judgements]),
                        mean([j.loss_to_master for j in judgements]))


class GuessSession:
    """The state of one replay: the steps to guess, the one being guessed and the judgements so far."""

    def __init__(self, game: Game, side: Color, title: str, started_at: datetime | None = None) -> None:
        self.game, self.side, self.title = game, side, title
        self.steps = guess_steps(game, side)
        self.judgements: list[GuessJudgement] = []
        self.skipped = 0                     # steps the engine could not judge
        self.index = 0                       # the step being guessed
        self.started_at = started_at or datetime.now(UTC)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def current(self) -> GuessStep | None:
        return None if self.done else self.steps[self.index]

    def judged(self, judgement: GuessJudgement | None) -> None:
        """The current step's judgement (None: no score came for it); on to the next step."""
        if judgement is None:
            self.skipped += 1
        else:
            self.judgements.append(judgement)
        self.index += 1

    def summary(self) -> GuessSummary:
        return summarise(self.judgements)


@dataclass(frozen=True)
class SavedSession:
    started_at: datetime
    title: str
    side: Color
    summary: GuessSummary
    engine: str


class GuessSessions:
    """Finished sessions in the training database (table ``guess_sessions``)."""

    def __init__(self, db: TrainingDatabase) -> None:
        self.db = db
        db.ensure_table(SESSIONS_TABLE, SESSIONS_COLUMNS)

    def add(self, session: GuessSession, engine: str) -> None:
        s = session.summary()
        detail = json.dumps([_detail(j) for j in session.judgements], ensure_ascii=False)
        with self.db.write() as connection:
            connection.execute(
                f"INSERT OR REPLACE INTO {SESSIONS_TABLE} (started_at, title, side, moves, matched, your_loss, "
                "master_loss, your_accuracy, master_accuracy, engine, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (session.started_at.isoformat(), session.title, session.side.name, s.moves, s.matched, s.your_loss,
                 s.master_loss, s.your_accuracy, s.master_accuracy, engine, detail))

    def recent(self, limit: int = 20) -> list[SavedSession]:
        rows = self.db.rows(f"SELECT * FROM {SESSIONS_TABLE} ORDER BY started_at DESC LIMIT ?", (limit,))
        return [SavedSession(datetime.fromisoformat(str(r["started_at"])), str(r["title"]),
                             Color.BLACK if r["side"] == "BLACK" else Color.RED,
                             GuessSummary(int(r["moves"]), int(r["matched"]), float(r["your_loss"]),
                                          float(r["master_loss"]), float(r["your_accuracy"]),
                                          float(r["master_accuracy"]), _loss_to_master(str(r["detail"]))),
                             str(r["engine"])) for r in rows]


def _detail(j: GuessJudgement) -> dict[str, object]:
    return {"ply": j.ply, "guess": j.guess.iccs(), "master": j.master.iccs(), "best": j.best.iccs(),
            "best_win": round(j.best_win, 2), "guess_win": round(j.guess_win, 2),
            "master_win": round(j.master_win, 2), "depth": j.depth}


def _loss_to_master(detail: str) -> float:
    """The average loss to the master's moves, from the stored per-move detail (0 when unreadable)."""
    try:
        moves = json.loads(detail)
        losses = [max(0.0, float(m["master_win"]) - float(m["guess_win"])) for m in moves]
    except (ValueError, TypeError, KeyError):
        return 0.0
    return sum(losses) / len(losses) if losses else 0.0


__all__ = [
    "GUESS_MULTIPV", "GuessError", "GuessJudgement", "GuessSession", "GuessSessions", "GuessStep", "GuessSummary",
    "SavedSession", "guess_steps", "judge_guess", "missing_moves", "summarise",
]
