"""Importing a training history with every field checked, a backup first, and a way back (no Qt).

``import_history_file`` reads and checks the whole file before it writes anything (the database's generic
rules: size, JSON, types, finite numbers within 64 bits; and here, per known table, each field: dates that
parse and are not in the future, ratings within Glicko-2's sane range, known deck kinds, answers as a JSON
list of moves, a card state fsrs reads ...) and refuses the whole file naming the table, the row and the
field, or a table it does not know (a newer version's); then it copies the history beside it
(``training.sqlite.before-import``) and merges the rows in one transaction. ``undo_import`` puts that copy
back. It runs on any thread with its own connection, reporting progress and stopping (nothing imported)
when ``keep_going`` answers False.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

from fsrs import Card

from xiangqi.core import FenError, Move, Position
from xiangqi.core.errors import XiangqiError
from xiangqi.training import endgame, guess, opening_drill
from xiangqi.training.cards import CARDS_COLUMNS, CARDS_TABLE, REVIEWS_COLUMNS, REVIEWS_TABLE, DeckKind
from xiangqi.training.database import (ColumnCheck, ImportCancelled, ImportStage, ImportSummary, KeepGoing,
                                       TableRules, TrainingDatabase, TrainingError, Value, read_history_file)
from xiangqi.training.puzzle_store import ATTEMPTS_COLUMNS, ATTEMPTS_TABLE
from xiangqi.training.ratings import DEVIATION_RANGE, RATING_RANGE, VOLATILITY_RANGE

BACKUP_SUFFIX = ".before-import"      # the history as it was before the last import, beside it
CLOCK_SKEW = timedelta(hours=1)       # a date this far ahead of the clock is still taken (another computer's clock)
MAX_ANSWERS = 64                      # moves a card accepts
MAX_COUNT = 1_000_000                 # hints, plies, misses, moves of one row


def backup_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + BACKUP_SUFFIX)


# ----------------------------------------------------------------------------------------------- the checks
def text(value: Value) -> str | None:
    return None if isinstance(value, str) else "expected text"


def word(value: Value) -> str | None:
    return None if isinstance(value, str) and value.strip() else "expected text that is not empty"


def past_moment(value: Value) -> str | None:
    """An ISO date and time, not in the future."""
    moment = _moment(value)
    if moment is None:
        return "expected a date and time (ISO 8601, e.g. 2026-01-31T09:00:00+00:00)"
    if moment > datetime.now(UTC) + CLOCK_SKEW:
        return "a date in the future"
    return None


def any_moment(value: Value) -> str | None:
    """An ISO date and time (a schedule: may be ahead)."""
    return None if _moment(value) is not None else "expected a date and time (ISO 8601)"


def _moment(value: Value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
        return moment if moment.tzinfo is not None else moment.astimezone()
    except (ValueError, OverflowError):
        return None


def flag(value: Value) -> str | None:
    return None if value in (0, 1) and not isinstance(value, float) else "expected 0 or 1"


def count(value: Value) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT
    return None if ok else f"expected a whole number from 0 to {MAX_COUNT:,}"


def row_id(value: Value) -> str | None:
    return None if value is None or isinstance(value, int) and value >= 1 else "expected a row number (1 or more)"


def number_in(low: float, high: float) -> ColumnCheck:
    def check(value: Value) -> str | None:
        ok = isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high
        return None if ok else f"expected a number from {low:g} to {high:g}"
    return check


def one_of(*allowed: str) -> ColumnCheck:
    def check(value: Value) -> str | None:
        return None if value in allowed else f"expected one of {', '.join(allowed)}"
    return check


def fen(value: Value) -> str | None:
    if not isinstance(value, str):
        return "expected a position (FEN)"
    try:
        Position.from_fen(value)
    except (FenError, XiangqiError, ValueError) as error:
        return f"not a position: {str(error)[:120]}"
    return None


def answers(value: Value) -> str | None:
    """A JSON list of 1 to MAX_ANSWERS moves (ICCS)."""
    try:
        moves = json.loads(value) if isinstance(value, str) else None
    except (ValueError, RecursionError):
        moves = None
    if not isinstance(moves, list) or not 1 <= len(moves) <= MAX_ANSWERS or not all(isinstance(m, str) for m in moves):
        return f"expected a JSON list of 1 to {MAX_ANSWERS} moves, e.g. [\"h2e2\"]"
    try:
        for move in moves:
            Move.from_iccs(move)
    except (ValueError, XiangqiError) as error:
        return f"not a move: {str(error)[:80]}"
    return None


def card_state(value: Value) -> str | None:
    """fsrs's card state (JSON) with a due date it reads."""
    try:
        record = json.loads(value) if isinstance(value, str) else None
        if not isinstance(record, dict):
            return "expected fsrs's card state (a JSON object)"
        Card.from_json(value if isinstance(value, str) else "")
    except (ValueError, TypeError, KeyError, RecursionError, OverflowError) as error:
        return f"not a card state fsrs reads ({type(error).__name__}: {str(error)[:80]})"
    return None


def json_list(value: Value) -> str | None:
    try:
        ok = isinstance(json.loads(value), list) if isinstance(value, str) else False
    except (ValueError, RecursionError):
        ok = False
    return None if ok else "expected a JSON list"


_KINDS = one_of(*(k.value for k in DeckKind))
_RATING, _DEVIATION = number_in(*RATING_RANGE), number_in(*DEVIATION_RANGE)
_VOLATILITY = number_in(*VOLATILITY_RANGE)
_ANY_NUMBER = number_in(-1e9, 1e9)

KNOWN_TABLES: Mapping[str, TableRules] = {
    CARDS_TABLE: TableRules(CARDS_COLUMNS, {
        "card_id": row_id, "kind": _KINDS, "key": word, "fen": fen, "answers": answers, "title": text,
        "source": text, "added": past_moment, "due": any_moment, "state": card_state}),
    REVIEWS_TABLE: TableRules(REVIEWS_COLUMNS, {
        "kind": _KINDS, "key": word, "reviewed": past_moment, "correct": flag, "next_due": any_moment}),
    ATTEMPTS_TABLE: TableRules(ATTEMPTS_COLUMNS, {
        "puzzle_id": word, "at": past_moment, "solved": flag, "hints": count,
        "player_rating": _RATING, "player_deviation": _DEVIATION, "player_volatility": _VOLATILITY,
        "puzzle_rating": _RATING, "puzzle_deviation": _DEVIATION, "puzzle_volatility": _VOLATILITY}),
    endgame.ATTEMPTS_TABLE: TableRules(endgame.ATTEMPTS_COLUMNS, {
        "position": word, "finished_at": past_moment, "title": text,
        "goal": one_of("red-win", "red-draw", "black-win", "black-draw"),
        "verdict": one_of(*(v.value for v in endgame.Verdict)), "met": flag, "plies": count,
        "termination": text, "engine": text}),
    endgame.FILES_TABLE: TableRules(endgame.FILES_COLUMNS, {"path": word, "opened_at": past_moment}),
    guess.SESSIONS_TABLE: TableRules(guess.SESSIONS_COLUMNS, {
        "started_at": past_moment, "title": text, "side": one_of("RED", "BLACK"), "moves": count,
        "matched": count, "your_loss": _ANY_NUMBER, "master_loss": _ANY_NUMBER, "your_accuracy": _ANY_NUMBER,
        "master_accuracy": _ANY_NUMBER, "engine": text, "detail": json_list}),
    opening_drill.LINES_TABLE: TableRules(opening_drill.LINES_COLUMNS, {
        "card_key": word, "start_fen": fen, "moves": text}),
    opening_drill.TROUBLE_TABLE: TableRules(opening_drill.TROUBLE_COLUMNS, {
        "side": one_of("red", "black"), "position": word, "misses": number_in(-MAX_COUNT, MAX_COUNT)}),
}


# ----------------------------------------------------------------------------------------------- import, undo
def import_history_file(db_path: Path, path: Path, keep_going: KeepGoing | None = None,
                        rules: Mapping[str, TableRules] = KNOWN_TABLES) -> ImportSummary:
    """Check the whole file, copy the history at ``db_path`` to ``backup_path(db_path)``, merge the file.
    Opens its own connection (any thread). TrainingError (ImportCancelled) with nothing changed."""
    tables = read_history_file(path, rules, keep_going, known_only=True)
    db = TrainingDatabase(db_path)
    try:
        db.check_writable()      # a read-only history is refused before the copy is made
        if keep_going is not None and not keep_going(ImportStage.BACKUP, 0, 1):
            raise ImportCancelled(f"{path}: import cancelled: nothing was imported")
        db.backup_to(backup_path(db_path))
        return db.merge_history(path, tables, keep_going)
    finally:
        db.close()


def can_undo_import(db_path: Path) -> bool:
    return backup_path(db_path).is_file()


def undo_import(db: TrainingDatabase) -> Path:
    """The history as it was before the last import (the copy is then removed); the copy's path.
    TrainingError when there is none or it cannot be read."""
    copy = backup_path(db.path)
    if not copy.is_file():
        raise TrainingError(f"{copy}: no copy from before an import: nothing to undo")
    db.restore_from(copy)
    copy.unlink(missing_ok=True)
    return copy

