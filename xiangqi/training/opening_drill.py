"""开局练习 (the opening drill): a repertoire of opening lines, and a drill that asks the trainee for his side's
moves (no Qt).

The repertoire comes from record files (PGN with variations, any kind the record readers take: CCPD's
opening lines, the user's own file) or from an opening book. Either way it answers one question: which
moves does it play in this position, how often, and which of them are on a main line. Positions are keyed
by the core's Zobrist key (side to move included), so lines that transpose merge into one position.

The drill plays the other side's replies, drawn among the repertoire's replies in proportion to how often
the repertoire plays them, and more often into lines where the trainee went wrong before (``trouble``). At
the trainee's turn the accepted moves are the repertoire's moves there (``AcceptMode``); a wrong move is
answered with the expected moves, the trainee then plays one of them to go on, and the position becomes a
spaced-repetition card (``DeckKind.OPENING``, key = trainee's side + position) that comes back when due:
each new line starts with a due position of this repertoire when there is one, reached by the moves that led
to it. A line ends where the repertoire ends (or at the depth the trainee chose).

Reading is linear in the records' moves: one walk of each game tree on one ``Position`` (push and pop), each
(position, move) counted once per record. Records the readers report problems for are skipped and listed
(file, game number, the reader's message); the rest is used.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Protocol

from xiangqi.core.errors import Cancelled
from xiangqi.book import OpeningBook
from xiangqi.core import Color, Move, Position
from xiangqi.core.errors import FenError, XiangqiError
from xiangqi.core.zobrist import BLACK_TO_MOVE, PIECE_KEYS
from xiangqi.file_names import shown_name
from xiangqi.record import Game, GameNode
from xiangqi.record.files import read_records
from xiangqi.resources import assets_dir
from xiangqi.training.cards import CardDeck, CardFace, DeckKind
from xiangqi.training.database import TrainingDatabase

BUNDLED_NAME = "ccpd_openings.pgn"   # assets/openings/: CCPD's 開局 lines (CC BY 4.0, credited in the file)
MAX_READ_PLIES = 40          # a record's moves past this ply are no opening: not read into the repertoire
DUBIOUS_NAGS = frozenset({2, 4, 6})   # "?", "??", "?!": a move the record shows as a mistake is never expected
TROUBLE_WEIGHT = 2           # a reply into a line missed n times weighs (1 + 2 n) times its count ...
TROUBLE_CAP = 4              # ... up to n = 4
LINES_TABLE = "opening_lines"
TROUBLE_TABLE = "opening_trouble"
LINES_COLUMNS = "card_key TEXT PRIMARY KEY, start_fen TEXT NOT NULL, moves TEXT NOT NULL"
TROUBLE_COLUMNS = "side TEXT NOT NULL, position TEXT NOT NULL, misses INTEGER NOT NULL, PRIMARY KEY (side, position)"
_NAME_BREAKS = " \u3000)）]】-—,，、;；:："
ReadProgress = Callable[[int, int], "bool | None"]   # (done, total) -> False to stop reading


class OpeningError(XiangqiError, ValueError):
    """A repertoire source that cannot be used at all (the message names the file)."""


class ReadCancelled(Cancelled):
    """The progress callback asked to stop reading."""


class AcceptMode(Enum):
    """Which of the repertoire's moves count as right at the trainee's turn."""

    ALL = "all"      # any move the repertoire plays there (except those marked ? / ?? / ?!)
    MAIN = "main"    # only the repertoire's main move there: the one most often on a main line, then most played


def bundled_repertoire() -> Path:
    """The opening lines shipped with the program (CCPD's 開局.pgn as ICCS PGN: the file says so)."""
    return assets_dir() / "openings" / BUNDLED_NAME


def position_text(position: Position) -> str:
    """The position as text for keys: the board and the side to move (no move counters)."""
    board, side = position.fen().split()[:2]
    return f"{board} {side}"


def card_key(side: Color, position: Position) -> str:
    """The card of a position the trainee (playing ``side``) missed: side and position."""
    return f"{side.name.lower()}:{position_text(position)}"


# ----------------------------------------------------------------------------------- the repertoire
@dataclass(frozen=True, slots=True)
class RepertoireMove:
    """A move the repertoire plays in a position."""

    move: Move
    count: int          # records (or book games) that play it here
    main: int           # of which on a main line (a book: all of them)
    dubious: bool       # marked "?", "??" or "?!" by a record


class Repertoire(Protocol):
    """What the drill asks of a repertoire (a tree read from records, or an opening book)."""

    @property
    def title(self) -> str:
        """The source as the user knows it (a file name)."""

    def start_fen(self) -> str:
        """Where the drill's lines start."""

    def moves(self, position: Position) -> list[RepertoireMove]:
        """The moves played in ``position`` (legal ones only), most played first."""

    def opening_name(self, position: Position) -> str:
        """The name the records give the opening at ``position`` ("" when they give none)."""

    def lines_through(self, position: Position) -> int:
        """How many records (book: games) reach ``position``."""


@dataclass(frozen=True, slots=True)
class SkippedRecord:
    """A record that was not read into the repertoire, and why (the reader's message names file and line)."""

    path: str
    game: int           # 1-based, in the file
    reason: str

    def __str__(self) -> str:
        if os.path.basename(self.path) in self.reason:
            return self.reason
        return f"{shown_name(self.path)}: game {self.game}: {self.reason}"


def record_name(headers: dict[str, str]) -> str:
    """The name a record gives its line: its Opening (and Variation) tag; else, for a study line without
    players (CCPD's opening lines), its Event. A played game's Event is a tournament, not an opening."""
    opening = headers.get("Opening", "").strip()
    if opening:
        return f"{opening} {headers.get('Variation', '').strip()}".strip()
    if headers.get("Red", "").strip() or headers.get("Black", "").strip():
        return ""
    return headers.get("Event", "").strip()


def tidy_name(prefix: str, whole: bool) -> str:
    """A shared start of several names cut back to where a name's part ends (a space, a closing bracket);
    "" when what is left names nothing (a number, punctuation)."""
    if not whole:
        cut = max(prefix.rfind(mark) for mark in _NAME_BREAKS)
        prefix = prefix[:cut + 1] if cut >= 0 else ""
    prefix = prefix.strip(" \u3000-—,，、;；:：(（")
    return prefix if any(char.isalpha() for char in prefix) else ""


@dataclass
class RepertoireTree:
    """A repertoire read from records: per position, the moves played and how often."""

    title: str
    # position key -> move codes: tuples of ints, which the garbage collector stops tracking (a big tree
    # of lists made every full collection walk them all, pausing the GUI thread as well)
    codes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    counts: Counter[int] = field(default_factory=Counter)             # key << 14 | code -> records
    mains: Counter[int] = field(default_factory=Counter)              # ... of which on a main line
    dubious: set[int] = field(default_factory=set)
    names: dict[int, str] = field(default_factory=dict)               # position key -> shared name start
    partial_names: set[int] = field(default_factory=set)              # keys whose names differ after it
    ecco: dict[int, str] = field(default_factory=dict)                # position key -> shared ECCO code
    reached: Counter[int] = field(default_factory=Counter)            # position key -> records reaching it
    starts: Counter[str] = field(default_factory=Counter)             # start FEN -> records
    records: int = 0
    skipped: list[SkippedRecord] = field(default_factory=list)

    def start_fen(self) -> str:
        """The normal start when lines begin there, else the start most records share."""
        if not self.starts or self.starts[Position.STARTING_FEN]:
            return Position.STARTING_FEN
        return self.starts.most_common(1)[0][0]

    def moves(self, position: Position) -> list[RepertoireMove]:
        key = position.zobrist
        found = []
        for code in self.codes.get(key, ()):
            move = Move(code >> 7, code & 127)
            if position.is_legal(move):   # a key collision cannot bring in a foreign move
                pair = key << 14 | code
                found.append(RepertoireMove(move, self.counts[pair], self.mains[pair], pair in self.dubious))
        return sorted(found, key=lambda entry: (-entry.count, entry.move.iccs()))

    def opening_name(self, position: Position) -> str:
        key = position.zobrist
        name = tidy_name(self.names.get(key, ""), key not in self.partial_names)
        code = self.ecco.get(key, "")
        return f"{code} {name}".strip()

    def lines_through(self, position: Position) -> int:
        return self.reached[position.zobrist]

    @property
    def positions(self) -> int:
        return len(self.codes)


class RepertoireBuilder:
    """Adds records to a ``RepertoireTree`` one at a time (see the module text)."""

    def __init__(self, title: str, max_plies: int = MAX_READ_PLIES) -> None:
        self.tree = RepertoireTree(title)
        self.max_plies = max_plies

    def add_game(self, game: Game, number: int, path: str) -> None:
        """Add record ``number`` (1-based) of ``path``; a record with reading problems or no move is skipped."""
        tree = self.tree
        if game.errors:
            tree.skipped.append(SkippedRecord(path, number, str(game.errors[0])))
            return
        if not game.root.children:
            tree.skipped.append(SkippedRecord(path, number, "no move in the record"))
            return
        tree.records += 1
        tree.starts[game.start_fen] += 1
        self._walk(game, record_name(game.headers), game.headers.get("ECCO", "").strip())

    def _walk(self, game: Game, name: str, ecco: str) -> None:
        """Count each (position, move) of the record's tree once, and name the positions it passes.

        The Zobrist key is kept up to date on a plain list of cells with the core's tables, as the book
        builder does (the reader has checked every move; a ``Position`` would cost as much as the reading)."""
        start = game.start_position()
        cells: list[int] = start.board.tolist()
        key, ply0 = start.zobrist, 0
        seen: set[int] = set()
        named: set[int] = set()
        self._name(key, name, ecco, named)
        # (node, on the main line, ply of the node's move); None marks "undo the move above"
        stack: list[tuple[GameNode, bool, int] | None] = [
            (child, index == 0, ply0) for index, child in reversed(list(enumerate(game.root.children)))]
        undo: list[tuple[int, int, int, int, int]] = []     # src, dst, moved, captured, key before
        while stack:
            item = stack.pop()
            if item is None:
                src, dst, moved, captured, key = undo.pop()
                cells[src], cells[dst] = moved, captured
                continue
            node, main, ply = item
            move = node.move
            assert move is not None
            src, dst = move.from_sq, move.to_sq
            self._count(key << 14 | src << 7 | dst, key, node, main, seen)
            moved, captured = cells[src], cells[dst]
            undo.append((src, dst, moved, captured, key))
            key ^= BLACK_TO_MOVE ^ PIECE_KEYS[moved][src] ^ PIECE_KEYS[moved][dst]
            if captured:
                key ^= PIECE_KEYS[captured][dst]
            cells[dst], cells[src] = moved, 0
            self._name(key, name, ecco, named)
            stack.append(None)
            if ply + 1 < self.max_plies:
                stack.extend((child, main and index == 0, ply + 1)
                             for index, child in reversed(list(enumerate(node.children))))

    def _count(self, pair: int, key: int, node: GameNode, main: bool, seen: set[int]) -> None:
        """``pair`` (key << 14 | move code) once per record, and once more per record on a main line."""
        tree = self.tree
        if pair not in seen:
            seen.add(pair)
            if pair not in tree.counts:
                tree.codes[key] = tree.codes.get(key, ()) + (pair & 0x3FFF,)
            tree.counts[pair] += 1
        if main and ~pair not in seen:
            seen.add(~pair)
            tree.mains[pair] += 1
        if node.nags and any(nag in DUBIOUS_NAGS for nag in node.nags):
            tree.dubious.add(pair)

    def _name(self, key: int, name: str, ecco: str, named: set[int]) -> None:
        """Count the record at ``key`` and let its name and ECCO code vote (a record without either, e.g.
        a played game, names nothing: memory stays with the counts)."""
        if key in named:
            return
        named.add(key)
        tree = self.tree
        tree.reached[key] += 1
        if not name and not ecco:
            return
        known = tree.names.get(key)
        if known is None:
            tree.names[key] = name
            tree.ecco[key] = ecco
            return
        if known != name:
            tree.names[key] = os.path.commonprefix([known, name])
            tree.partial_names.add(key)
        if tree.ecco[key] != ecco:
            tree.ecco[key] = ""


def read_repertoire(paths: Sequence[str | os.PathLike[str]], title: str, progress: ReadProgress | None = None,
                    cancelled: Callable[[], bool] | None = None, max_plies: int = MAX_READ_PLIES) -> RepertoireTree:
    """The repertoire of record files (``progress`` gets the readers' progress). A file that cannot be read
    at all is reported in ``skipped`` like a bad record (game 0); OpeningError when no record could be used;
    ReadCancelled once ``cancelled()`` is true."""
    builder = RepertoireBuilder(title, max_plies)

    def keep_going(done: int, total: int) -> bool:
        if progress is not None:
            progress(done, total)
        return cancelled is None or not cancelled()

    for path in paths:
        name = os.fspath(path)
        try:
            for number, game in enumerate(read_records(name, keep_going), start=1):
                builder.add_game(game, number, name)
                if cancelled is not None and cancelled():
                    break
        except (OSError, ValueError) as exc:   # NotARecordError, RecordError, FenError: the file as a whole
            builder.tree.skipped.append(SkippedRecord(name, 0, _file_problem(name, exc)))
        except RecursionError:
            builder.tree.skipped.append(SkippedRecord(name, 0, f"{name}: nested too deeply to read"))
        if cancelled is not None and cancelled():
            raise ReadCancelled(name)
    tree = builder.tree
    if not tree.records:
        reasons = "; ".join(str(skip) for skip in tree.skipped[:3])
        raise OpeningError(f"{title}: no opening line could be read" + (f" ({reasons})" if reasons else ""))
    return tree


def _file_problem(name: str, exc: Exception) -> str:
    text = str(exc) if not isinstance(exc, OSError) else (exc.strerror or str(exc))
    return text if os.path.basename(name) in text else f"{name}: {text}"


class BookRepertoire:
    """An opening book (built from the user's games) as a repertoire: its moves with their game counts."""

    def __init__(self, book: OpeningBook) -> None:
        self.book = book
        self.title = book.path.name

    def start_fen(self) -> str:
        return Position.STARTING_FEN

    def moves(self, position: Position) -> list[RepertoireMove]:
        return [RepertoireMove(entry.move, entry.games, entry.games, False) for entry in self.book.moves(position)]

    def opening_name(self, position: Position) -> str:
        return ""

    def lines_through(self, position: Position) -> int:
        return sum(entry.games for entry in self.book.moves(position))


def accepted_moves(moves: Sequence[RepertoireMove], mode: AcceptMode) -> tuple[Move, ...]:
    """The moves that count as right among the repertoire's ``moves`` at the trainee's turn."""
    good = [entry for entry in moves if not entry.dubious]
    if mode is AcceptMode.MAIN and good:
        best = max((entry.main, entry.count) for entry in good)
        good = [entry for entry in good if (entry.main, entry.count) == best]
    return tuple(entry.move for entry in good)


def choose_reply(moves: Sequence[RepertoireMove], trouble: Sequence[int], rng: random.Random) -> Move | None:
    """A reply drawn in proportion to its count, boosted into lines the trainee missed (``trouble[i]``:
    misses in the line after ``moves[i]``); None when there is none."""
    if not moves:
        return None
    weights = [entry.count * (1 + TROUBLE_WEIGHT * min(misses, TROUBLE_CAP))
               for entry, misses in zip(moves, trouble, strict=True)]
    if sum(weights) <= 0:
        return None
    return rng.choices([entry.move for entry in moves], weights)[0]


# ----------------------------------------------------------------------------------- the drill's own rows
class DrillHistory:
    """The drill's rows in the training history: the line that led to each card's position (so a due card
    is asked where it arose, after the same moves), and the trainee's misses per line position and side
    (the replies lean into lines he missed)."""

    def __init__(self, db: TrainingDatabase) -> None:
        self.db = db
        db.ensure_table(LINES_TABLE, LINES_COLUMNS)
        db.ensure_table(TROUBLE_TABLE, TROUBLE_COLUMNS)

    def remember_line(self, key: str, start_fen: str, moves: Sequence[Move]) -> None:
        with self.db.write() as connection:
            connection.execute(f"INSERT OR REPLACE INTO {LINES_TABLE} VALUES (?, ?, ?)",
                               (key, start_fen, " ".join(move.iccs() for move in moves)))

    def line_of(self, key: str) -> tuple[str, list[Move]] | None:
        """The start FEN and moves that led to a card's position (None: unknown, or unreadable)."""
        rows = self.db.rows(f"SELECT start_fen, moves FROM {LINES_TABLE} WHERE card_key = ?", [key])
        if not rows:
            return None
        try:
            return str(rows[0]["start_fen"]), [Move.from_iccs(word) for word in str(rows[0]["moves"]).split()]
        except XiangqiError:   # a hand-edited or foreign row: the card is still asked by the deck's own view
            return None

    def trouble(self, side: Color) -> dict[str, int]:
        rows = self.db.rows(f"SELECT position, misses FROM {TROUBLE_TABLE} WHERE side = ? AND misses > 0",
                            [side.name.lower()])
        return {str(row["position"]): int(row["misses"]) for row in rows}

    def add_trouble(self, side: Color, positions: Sequence[str], delta: int) -> None:
        """Add ``delta`` misses to each of ``positions`` (never below 0)."""
        with self.db.write() as connection:
            connection.executemany(
                f"INSERT INTO {TROUBLE_TABLE} VALUES (?, ?, MAX(0, ?)) ON CONFLICT (side, position) "
                "DO UPDATE SET misses = MAX(0, misses + ?)",
                [(side.name.lower(), text, delta, delta) for text in positions])


# ----------------------------------------------------------------------------------- the drill
class Phase(Enum):
    TRAINEE = "trainee"      # the trainee's move is awaited
    RETRY = "retry"          # after a wrong move: the trainee plays one of the expected moves to go on
    OVER = "over"            # the line has ended: the repertoire (or the chosen depth) ends here


class Verdict(Enum):
    RIGHT = "right"
    WRONG = "wrong"
    CORRECTED = "corrected"  # an expected move played after a wrong one (counts neither way)


@dataclass(frozen=True)
class DrillSettings:
    side: Color = Color.RED
    accept: AcceptMode = AcceptMode.ALL
    max_plies: int = 0       # the line ends after this many plies at the latest (0: where the repertoire ends)


@dataclass(frozen=True)
class LineStart:
    """A new line: the moves the program played to reach the trainee's first turn."""

    moves: tuple[Move, ...]
    due_card: bool           # the line brings back a due position (its moves are the ones that led to it)
    line_over: bool          # nothing for the trainee to play (the repertoire has no line for his side)


@dataclass(frozen=True)
class Answer:
    """What a trainee's move did."""

    verdict: Verdict
    expected: tuple[Move, ...]      # the moves that were right there
    reply: Move | None              # the other side's reply, played after a right move
    card_added: bool                # the position became a new card
    next_due: datetime | None       # when the position's card comes back (a card answered or added)
    line_over: bool


class CardWording(Protocol):
    """The words of a card, in the caller's UI language."""

    def title(self, opening: str, move_number: int) -> str: ...

    def source(self, repertoire: str, start: Position, moves: Sequence[Move]) -> str: ...


class PlainWording:
    """English card words (the command line, tests)."""

    def title(self, opening: str, move_number: int) -> str:
        return f"Opening drill: {opening}, move {move_number}" if opening else f"Opening drill: move {move_number}"

    def source(self, repertoire: str, start: Position, moves: Sequence[Move]) -> str:
        return f"{repertoire}: {' '.join(move.iccs() for move in moves)}"


@dataclass(frozen=True)
class _DueLine:
    card_id: int
    start_fen: str
    moves: tuple[Move, ...]


class OpeningDrill:
    """One drill session over a repertoire for one side (see the module text)."""

    def __init__(self, repertoire: Repertoire, settings: DrillSettings, db: TrainingDatabase,
                 rng: random.Random | None = None, clock: Callable[[], datetime] | None = None,
                 wording: CardWording | None = None) -> None:
        self.repertoire = repertoire
        self.settings = settings
        self.deck = CardDeck(db)
        self.history = DrillHistory(db)
        self.rng = rng if rng is not None else random.Random()
        self.clock = clock
        self.wording = wording if wording is not None else PlainWording()
        self.trouble = self.history.trouble(settings.side)
        self.start_fen = repertoire.start_fen()
        self.position = Position.from_fen(self.start_fen)
        self.phase = Phase.OVER
        self.right = 0
        self.wrong = 0
        self.lines = 0
        self._due: _DueLine | None = None          # the due card asked at this turn
        self._due_waiting: list[_DueLine] = []     # due cards of this repertoire and side not asked yet
        self._asked: set[int] = set()

    # ---- reading the state
    @property
    def line(self) -> list[Move]:
        """The moves of the line so far, from ``start_fen``."""
        return self.position.move_stack

    def line_start(self) -> Position:
        return Position.from_fen(self.start_fen)

    def expected(self) -> tuple[Move, ...]:
        """The moves that are right at the trainee's turn (empty when it is not his turn)."""
        if self.phase is Phase.OVER or self.position.turn is not self.settings.side:
            return ()
        return accepted_moves(self.repertoire.moves(self.position), self.settings.accept)

    def opening_name(self) -> str:
        return self.repertoire.opening_name(self.position)

    def in_repertoire(self, move: Move) -> RepertoireMove | None:
        """What the repertoire says of ``move`` here (None: it never plays it)."""
        return next((entry for entry in self.repertoire.moves(self.position) if entry.move == move), None)

    def lines_through(self) -> int:
        return self.repertoire.lines_through(self.position)

    def due_count(self) -> int:
        """Due positions of this repertoire and side still to ask in this session (the one asked now included)."""
        return len(self._due_waiting) + (self._due is not None and self.phase is not Phase.OVER)

    def is_due_card(self) -> bool:
        """Whether the position asked now is a due card."""
        return self._due is not None

    def _now(self) -> datetime | None:
        return self.clock() if self.clock is not None else None

    # ---- a new line
    def start_line(self) -> LineStart:
        """Begin the next line: a due position of this repertoire first (reached by the moves that led to
        it), else a fresh line from the start with the other side's first reply when it moves first."""
        self.lines += 1
        self._due = None
        self._due_waiting = self._due_lines()
        if self._due_waiting:
            due = self._due_waiting.pop(0)
            self._asked.add(due.card_id)
            self._due = due
            self.start_fen = due.start_fen
            self.position = Position.from_fen(due.start_fen)
            for move in due.moves:
                self.position.push(move)
            self.phase = Phase.TRAINEE
            return LineStart(due.moves, True, False)
        self.start_fen = self.repertoire.start_fen()
        self.position = Position.from_fen(self.start_fen)
        self.phase = Phase.TRAINEE
        played: tuple[Move, ...] = ()
        if self.position.turn is not self.settings.side:
            reply = self._play_reply()
            played = (reply,) if reply is not None else ()
        elif not self.expected():
            self.phase = Phase.OVER
        return LineStart(played, False, self.phase is Phase.OVER)

    def _due_lines(self) -> list[_DueLine]:
        """The due cards of the opening deck for this side whose position this repertoire drills, with the
        line that led to each (cards of other repertoires wait for theirs)."""
        found = []
        for card in self.deck.due(self._now(), DeckKind.OPENING):
            if card.card_id in self._asked:
                continue
            try:
                target = Position.from_fen(card.face.fen)
            except FenError:
                continue
            if target.turn is not self.settings.side:
                continue
            line = self.history.line_of(card_key(self.settings.side, target))
            if line is not None and self._drills(line[0], line[1], target):
                found.append(_DueLine(card.card_id, line[0], tuple(line[1])))
        return found

    def _drills(self, start_fen: str, moves: Sequence[Move], target: Position) -> bool:
        try:
            position = Position.from_fen(start_fen)
        except FenError:
            return False
        for move in moves:
            if not position.is_legal(move):
                return False
            position.push_unchecked(move)
        return (position.zobrist == target.zobrist
                and bool(accepted_moves(self.repertoire.moves(position), self.settings.accept)))

    # ---- the trainee's move
    def answer(self, move: Move) -> Answer:
        """Judge the trainee's ``move`` (legal in ``position``) and go on: after a right move the other side
        replies; after a wrong one the position becomes a card and the trainee plays an expected move."""
        if self.phase is Phase.OVER:
            raise OpeningError(f"{move.iccs()!r}: the line is over; start the next one")
        expected = self.expected()
        if move not in expected:
            if self.phase is Phase.RETRY:
                return Answer(Verdict.WRONG, expected, None, False, None, False)
            return self._wrong(expected)
        verdict, next_due = Verdict.CORRECTED, None
        if self.phase is Phase.TRAINEE:
            verdict = Verdict.RIGHT
            self.right += 1
            next_due = self._grade_due(True)
            if self.trouble.get(position_text(self.position), 0) > 0:
                self._add_trouble(-1)
        self._due = None
        self.position.push(move)
        self.phase = Phase.TRAINEE
        reply = self._play_reply()
        return Answer(verdict, expected, reply, False, next_due, self.phase is Phase.OVER)

    def reveal(self) -> Answer:
        """The trainee asks for the move: shown as after a wrong one (the position becomes a card)."""
        expected = self.expected()
        if self.phase is not Phase.TRAINEE or not expected:
            return Answer(Verdict.WRONG, expected, None, False, None, self.phase is Phase.OVER)
        return self._wrong(expected)

    def _wrong(self, expected: tuple[Move, ...]) -> Answer:
        self.wrong += 1
        self.phase = Phase.RETRY
        key = card_key(self.settings.side, self.position)
        face = CardFace(self.position.fen(), tuple(move.iccs() for move in expected),
                        self.wording.title(self.opening_name(), self.position.fullmove_number),
                        self.wording.source(self.repertoire.title, self.line_start(), self.line))
        self.history.remember_line(key, self.start_fen, self.line)
        added = self.deck.add(DeckKind.OPENING, key, face, self._now())
        next_due = self._grade_due(False)
        if added:
            next_due = self.deck.review(self._card_id(face.fen), False, self._now())
        elif next_due is None:     # a card from before, not due yet: the miss reschedules it
            card_id = self._card_id(face.fen)
            next_due = self.deck.review(card_id, False, self._now()) if card_id >= 0 else None
        self._add_trouble(+1)
        return Answer(Verdict.WRONG, expected, None, added, next_due, False)

    def _card_id(self, fen: str) -> int:
        """The id of this side's opening card of ``fen`` (the deck lists every card as due by the end of time)."""
        far = datetime(9999, 1, 1, tzinfo=UTC)
        target = position_text(Position.from_fen(fen))
        for card in self.deck.due(far, DeckKind.OPENING):
            if position_text(Position.from_fen(card.face.fen)) == target:
                return card.card_id
        return -1

    def _grade_due(self, correct: bool) -> datetime | None:
        """Review the due card asked at this turn (once: the first answer counts)."""
        if self._due is None:
            return None
        card_id, self._due = self._due.card_id, None
        return self.deck.review(card_id, correct, self._now())

    def _add_trouble(self, delta: int) -> None:
        """``delta`` misses on every position of the line so far (the replies lean towards them)."""
        position = self.line_start()
        texts = [position_text(position)]
        for move in self.line:
            position.push_unchecked(move)
            texts.append(position_text(position))
        self.history.add_trouble(self.settings.side, texts, delta)
        for text in texts:
            self.trouble[text] = max(0, self.trouble.get(text, 0) + delta)

    # ---- the other side
    def _play_reply(self) -> Move | None:
        """The other side's reply (played), or None when the line ends here; then checks that the trainee
        has a move to play."""
        if self._depth_reached():
            self.phase = Phase.OVER
            return None
        moves = self.repertoire.moves(self.position)
        reply = choose_reply(moves, [self._trouble_after(entry.move) for entry in moves], self.rng)
        if reply is None:
            self.phase = Phase.OVER
            return None
        self.position.push(reply)
        if self._depth_reached() or not self.expected():
            self.phase = Phase.OVER
        return reply

    def _trouble_after(self, move: Move) -> int:
        self.position.push_unchecked(move)
        misses = self.trouble.get(position_text(self.position), 0)
        self.position.pop()
        return misses

    def _depth_reached(self) -> bool:
        return 0 < self.settings.max_plies <= self.position.ply
