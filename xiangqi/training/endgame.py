"""残局挑战 (endgame challenge): play a position against an engine with a declared goal (no Qt).

A challenge is a position (a CCPD 残局 record, a study such as 七星聚会, a set-up position, a FEN) and a
``Goal``: the side the trainee plays and what it must reach, e.g. 红先胜 (red moves first and wins) or
红先和 (red moves first and draws). The goal is read from the record's title where it says one
(``parse_goal``), else from its result with the side to move (``goal_from_result``: CCPD records carry
the master game's result), else the trainee picks it. The game is played on the main board under our
rules; its ``GameResult`` is turned into the trainee's ``Verdict`` and judged against the goal
(``goal_met``: a draw goal is met by a draw or a win). Every attempt is kept in the training database
(``EndgameRecords``), keyed by the position (``position_key``: board and side to move), with the best
result per position for the chooser.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from datetime import UTC, datetime
from enum import Enum

from xiangqi.core import Color, FenError, Position, Termination
from xiangqi.game.result import GameResult
from xiangqi.record import PgnFile, RecordError
from xiangqi.record.collection import RecordCollection
from xiangqi.training.database import TrainingDatabase

ATTEMPTS_TABLE = "endgame_attempts"
ATTEMPTS_COLUMNS = (
    "position TEXT NOT NULL, "          # position_key: board and side to move
    "finished_at TEXT NOT NULL, "       # ISO time (UTC) the attempt ended
    "title TEXT NOT NULL, "
    "goal TEXT NOT NULL, "              # Goal.code, e.g. "red-win"
    "verdict TEXT NOT NULL, "           # Verdict.value
    "met INTEGER NOT NULL, "
    "plies INTEGER NOT NULL, "
    "termination TEXT NOT NULL, "       # Termination name, "" when unfinished
    "engine TEXT NOT NULL, "
    "PRIMARY KEY (position, finished_at)"
)
# The tags a goal is looked for in, in this order (PGN tags; XQF titles arrive as Event/Title).
TITLE_TAGS = ("Title", "Event", "Round", "Opening", "Variation", "Site")
FILES_TABLE = "endgame_files"      # the record files positions were chosen from, the latest first
FILES_COLUMNS = "path TEXT PRIMARY KEY, opened_at TEXT NOT NULL"
_CN_GOAL = re.compile(r"([红紅黑])(?:方)?先(?:走|行)?\s*([胜勝和])")
_EN_GOAL = re.compile(r"\b(red|black)\s+(?:to\s+)?(?:plays?|moves?)\s*(?:first)?\s*(?:and|,)?\s*(wins?|draws?)\b",
                      re.IGNORECASE)


class GoalKind(Enum):
    WIN = "win"
    DRAW = "draw"   # a draw, or better


@dataclass(frozen=True)
class Goal:
    """What the trainee must reach playing ``side``: 红先胜 is ``Goal(Color.RED, GoalKind.WIN)``."""

    side: Color
    kind: GoalKind

    @property
    def code(self) -> str:
        """Stored form: ``red-win``, ``black-draw``."""
        return f"{self.side.name.lower()}-{self.kind.value}"

    @classmethod
    def from_code(cls, code: str) -> Goal:
        side, _, kind = code.partition("-")
        try:
            return cls(Color[side.upper()], GoalKind(kind))
        except (KeyError, ValueError):
            raise ValueError(f"endgame goal: expected red-win, red-draw, black-win or black-draw, got {code!r:.80}") \
                from None

    def chinese(self) -> str:
        """The usual short form, 红先胜 / 黑先和 (simplified; the UI translates its own wording)."""
        return ("红" if self.side is Color.RED else "黑") + "先" + ("胜" if self.kind is GoalKind.WIN else "和")


def parse_goal(text: str) -> Goal | None:
    """The goal a title declares: 红先胜, 紅先勝, 黑先和, 红方先行和, "Red to play and win"; None when it says none."""
    match = _CN_GOAL.search(text)
    if match is not None:
        side = Color.BLACK if match.group(1) == "黑" else Color.RED
        return Goal(side, GoalKind.DRAW if match.group(2) == "和" else GoalKind.WIN)
    english = _EN_GOAL.search(text)
    if english is not None:
        side = Color.BLACK if english.group(1).lower() == "black" else Color.RED
        return Goal(side, GoalKind.DRAW if english.group(2).lower().startswith("draw") else GoalKind.WIN)
    return None


def goal_from_result(result: str, turn: Color) -> Goal | None:
    """The goal a record's result implies for the side to move: it won (1-0 with red to move: 红先胜) or
    drew (红先和). None when the side to move lost or the result is unknown: then nothing is implied."""
    if result.strip() in ("1/2-1/2", "½-½"):
        return Goal(turn, GoalKind.DRAW)
    winner = {"1-0": Color.RED, "0-1": Color.BLACK}.get(result.strip())
    return Goal(turn, GoalKind.WIN) if winner is turn else None


def goal_of_record(tags: Mapping[str, str], turn: Color) -> Goal | None:
    """A record's goal: declared in a title tag, else implied by its result."""
    for name in TITLE_TAGS:
        goal = parse_goal(tags.get(name, ""))
        if goal is not None:
            return goal
    return goal_from_result(tags.get("Result", ""), turn)


def position_key(fen: str) -> str:
    """The position a challenge is remembered by: board and side to move (not the move counters), in our
    own FEN writing. Raises FenError (quoting the FEN) for a FEN that is no position."""
    return " ".join(Position.from_fen(fen).fen().split()[:2])


class Verdict(Enum):
    """How an attempt ended for the trainee, best first (``rank``)."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    UNFINISHED = "unfinished"   # left before the game ended (another game, the window closed)

    @property
    def rank(self) -> int:
        return _RANKS[self]


_RANKS = {Verdict.WON: 3, Verdict.DRAWN: 2, Verdict.LOST: 1, Verdict.UNFINISHED: 0}


def verdict_of(result: GameResult | None, trainee: Color) -> Verdict:
    """The trainee's verdict on a game's result (None: the game did not end)."""
    if result is None:
        return Verdict.UNFINISHED
    if result.winner is None:
        return Verdict.DRAWN
    return Verdict.WON if result.winner is trainee else Verdict.LOST


def goal_met(goal: Goal, verdict: Verdict) -> bool:
    """A win goal needs a win; a draw goal is met by a draw or a win."""
    if goal.kind is GoalKind.WIN:
        return verdict is Verdict.WON
    return verdict in (Verdict.WON, Verdict.DRAWN)


@dataclass(frozen=True)
class Attempt:
    """One attempt at a challenge, as it is stored."""

    position: str                 # position_key
    title: str
    goal: Goal
    verdict: Verdict
    plies: int                    # moves played in the attempt (both sides)
    termination: Termination | None
    engine: str
    finished_at: datetime

    @property
    def met(self) -> bool:
        return goal_met(self.goal, self.verdict)


def attempt_of(fen: str, title: str, goal: Goal, result: GameResult | None, plies: int, engine: str,
               now: datetime | None = None) -> Attempt:
    """The attempt a game made: its result judged for the goal's side."""
    return Attempt(position_key(fen), title, goal, verdict_of(result, goal.side), plies,
                   result.reason if result is not None else None, engine, now or datetime.now(UTC))


@dataclass(frozen=True)
class Standing:
    """What the trainee did with one position so far."""

    attempts: int = 0
    met: int = 0                    # attempts that met their goal
    best: Verdict | None = None     # the best verdict of any attempt (None: never tried)
    best_plies: int | None = None   # the fewest plies the goal was met in

    @property
    def solved(self) -> bool:
        return self.met > 0


class EndgameRecords:
    """The attempts in the training database (table ``endgame_attempts``)."""

    def __init__(self, db: TrainingDatabase) -> None:
        self.db = db
        db.ensure_table(ATTEMPTS_TABLE, ATTEMPTS_COLUMNS)
        db.ensure_table(FILES_TABLE, FILES_COLUMNS)

    def remember_file(self, path: str, now: datetime | None = None) -> None:
        """``path`` is where the chooser's positions came from (offered again next time)."""
        with self.db.write() as connection:
            connection.execute(f"INSERT OR REPLACE INTO {FILES_TABLE} (path, opened_at) VALUES (?, ?)",
                               (path, (now or datetime.now(UTC)).isoformat()))

    def last_file(self) -> str | None:
        rows = self.db.rows(f"SELECT path FROM {FILES_TABLE} ORDER BY opened_at DESC LIMIT 1")
        return str(rows[0]["path"]) if rows else None

    def add(self, attempt: Attempt) -> None:
        with self.db.write() as connection:
            connection.execute(
                f"INSERT OR REPLACE INTO {ATTEMPTS_TABLE} (position, finished_at, title, goal, verdict, met, plies, "
                "termination, engine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (attempt.position, attempt.finished_at.isoformat(), attempt.title, attempt.goal.code,
                 attempt.verdict.value, int(attempt.met), attempt.plies,
                 attempt.termination.name if attempt.termination is not None else "", attempt.engine))

    def standings(self, keys: Iterable[str] | None = None) -> dict[str, Standing]:
        """Each position's standing (every position tried when ``keys`` is None)."""
        wanted = None if keys is None else set(keys)
        rows = self.db.rows(f"SELECT position, verdict, met, plies FROM {ATTEMPTS_TABLE}")
        tally: dict[str, list[tuple[Verdict, bool, int]]] = {}
        for row in rows:
            key = str(row["position"])
            if wanted is None or key in wanted:
                tally.setdefault(key, []).append((_verdict(str(row["verdict"])), bool(row["met"]), int(row["plies"])))
        return {key: standing_of(items) for key, items in tally.items()}

    def standing(self, key: str) -> Standing:
        return self.standings([key]).get(key, Standing())

    def tried(self, limit: int = 200) -> list[Challenge]:
        """The positions attempted, the latest first, each with its latest title and goal."""
        rows = self.db.rows(f"SELECT position, title, goal, MAX(finished_at) AS latest FROM {ATTEMPTS_TABLE} "
                            "GROUP BY position ORDER BY latest DESC LIMIT ?", (limit,))
        found: list[Challenge] = []
        for row in rows:
            try:
                goal = Goal.from_code(str(row["goal"]))
                Position.from_fen(str(row["position"]))
            except (ValueError, FenError):
                continue   # a row another version wrote: not offered again
            found.append(Challenge(str(row["position"]), str(row["title"]), "", goal))
        return found

    def history(self, key: str) -> list[Attempt]:
        """Every attempt at one position, the latest first."""
        rows = self.db.rows(f"SELECT * FROM {ATTEMPTS_TABLE} WHERE position = ? ORDER BY finished_at DESC", (key,))
        return [Attempt(str(r["position"]), str(r["title"]), Goal.from_code(str(r["goal"])),
                        _verdict(str(r["verdict"])), int(r["plies"]),
                        Termination[str(r["termination"])] if r["termination"] else None, str(r["engine"]),
                        datetime.fromisoformat(str(r["finished_at"]))) for r in rows]


def standing_of(items: Iterable[tuple[Verdict, bool, int]]) -> Standing:
    """The standing from (verdict, met, plies) of each attempt."""
    attempts = list(items)
    if not attempts:
        return Standing()
    best = max((verdict for verdict, _, _ in attempts), key=lambda v: v.rank)
    met_plies = [plies for _, met, plies in attempts if met]
    return Standing(len(attempts), len(met_plies), best, min(met_plies) if met_plies else None)


def _verdict(value: str) -> Verdict:
    try:
        return Verdict(value)
    except ValueError:
        return Verdict.UNFINISHED   # a value a later version wrote: counted as tried, nothing more


@dataclass(frozen=True)
class Challenge:
    """A position offered in the chooser: its FEN, title, where it came from and the goal it declares."""

    fen: str
    title: str
    source: str
    goal: Goal | None

    @cached_property
    def key(self) -> str:
        return position_key(self.fen)

    @property
    def turn(self) -> Color:
        return Color.BLACK if self.fen.split()[1:2] == ["b"] else Color.RED

    def with_goal(self, goal: Goal) -> Challenge:
        return Challenge(self.fen, self.title, self.source, goal)


def challenge_title(tags: Mapping[str, str]) -> str:
    """A record's title for the list: its Title or Event, with the players when it has them."""
    title = tags.get("Title", "").strip() or tags.get("Event", "").strip()
    players = " – ".join(name for name in (tags.get("Red", "").strip(), tags.get("Black", "").strip()) if name)
    if title and players:
        return f"{title} ({players})"
    return title or players


@dataclass(frozen=True)
class ChallengeList:
    """The positions of a record file, and the records that could not be offered (file, record, why)."""

    challenges: tuple[Challenge, ...]
    problems: tuple[str, ...]


def challenges_of(games: PgnFile, source: str) -> ChallengeList:
    """Every record of an opened file as a challenge: its start position (``[FEN]``, or the first
    position of a game in another format), title and goal. Runs off the GUI thread (a collection that is
    not PGN text reads each game, which is what holds its start)."""
    challenges: list[Challenge] = []
    problems: list[str] = []
    for entry in games:
        try:
            fen = entry.tag("FEN").strip()
            if not fen and isinstance(games, RecordCollection):
                fen = games.game(entry.index).start_fen
            challenge = Challenge(fen or Position.STARTING_FEN, challenge_title(entry.tags), source, None)
            goal = goal_of_record(entry.tags, Position.from_fen(challenge.fen).turn)
        except (FenError, RecordError) as error:
            problems.append(f"{source}: record {entry.index + 1} (line {entry.line}): {error}")
            continue
        challenge = Challenge(challenge.fen, challenge.title or f"#{entry.index + 1}", source, goal)
        _ = challenge.key    # worked out here, off the GUI thread
        challenges.append(challenge)
    return ChallengeList(tuple(challenges), tuple(problems))


def challenge_of_fen(fen: str, title: str, source: str) -> Challenge:
    """A challenge from a FEN typed or set up (FenError quoting it when it is no position); its goal is
    read from the title, else the trainee picks it."""
    position = Position.from_fen(fen.strip())
    return Challenge(position.fen(), title, source, parse_goal(title))


__all__ = [
    "ChallengeList", "FILES_TABLE", "challenge_of_fen", "challenges_of",
    "ATTEMPTS_TABLE", "Attempt", "Challenge", "EndgameRecords", "Goal", "GoalKind", "Standing", "Verdict",
    "attempt_of", "challenge_title", "goal_from_result", "goal_met", "goal_of_record", "parse_goal",
    "position_key", "standing_of", "verdict_of",
]
