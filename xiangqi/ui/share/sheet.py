"""What a printed game sheet holds, without Qt: the header (event, players, date, place, result), the main
line's moves in the chosen notation with their comments (the words only: drawn shapes and other commands
are for programs), and a diagram every N moves, at each move with drawn shapes and at the end. The
painter (``print_sheet``) lays these blocks out on pages."""

from __future__ import annotations

from dataclasses import dataclass, field

from xiangqi.core import Color, Move, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import Game
from xiangqi.record.comment_commands import Shape, comment_words, read_shapes

MAX_DIAGRAM_EVERY = 100
# What one sheet prints at most: a real game is under 400 plies; a record of thousands (hostile, or an
# engine match gone round in circles) prints its first MAX_SHEET_PLIES, and the sheet says where it stops.
MAX_SHEET_PLIES = 1_000
# Diagrams of one sheet (every N moves, at drawn shapes, at the end): each is a picture held until the sheet
# is printed (about 1.4 MB) and a third of a page. Past it the sheet says how many were left out.
MAX_SHEET_DIAGRAMS = 50
MAX_COMMENT_CHARS = 4_000     # of one comment printed (a longer one ends with "…"): a page and a half
HEADER_FIELDS = ("Event", "Round", "Date", "Site", "Opening", "ECCO")
RESULT_WORDS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}


class SheetError(ValueError):
    """A sheet cannot be made as asked; the message names the value."""


@dataclass(frozen=True)
class SheetOptions:
    """How the sheet is made: a diagram every ``diagram_every`` moves (0: only at the end and at drawn
    shapes), the notation, whether comments and the header are printed."""

    diagram_every: int = 10
    notation: Notation = Notation.CHINESE
    comments: bool = True
    header: bool = True
    traditional: bool = False     # Chinese moves in traditional characters (the 繁體 UI)

    def __post_init__(self) -> None:
        if not 0 <= self.diagram_every <= MAX_DIAGRAM_EVERY:
            raise SheetError(f"diagram every {self.diagram_every} moves is outside 0 … {MAX_DIAGRAM_EVERY}")


@dataclass(frozen=True)
class Header:
    title: str                          # the event when the record names no player, else ""
    details: tuple[str, ...]            # event, round, date, place, opening: the ones the record has
    result: str                         # "1-0", "0-1", "½-½" or ""
    red: str = ""                       # the players' names ("" when the record has none)
    black: str = ""


@dataclass(frozen=True)
class MoveText:
    """One move: its number ("12." for red, "12…" for black after a break), text and comment words."""

    ply: int
    number: str
    text: str
    comment: str = ""


@dataclass(frozen=True)
class Moves:
    """A run of moves printed as one paragraph (a comment ends it)."""

    moves: tuple[MoveText, ...]


@dataclass(frozen=True)
class Comment:
    text: str


@dataclass(frozen=True)
class Cut:
    """Where the sheet stops short of the game: ``plies_left`` moves not printed, ``diagrams_left``
    diagrams left out (past ``MAX_SHEET_PLIES`` / ``MAX_SHEET_DIAGRAMS``)."""

    plies_left: int
    diagrams_left: int


@dataclass(frozen=True)
class Diagram:
    """The position after ``ply`` moves (``cells`` as ``Position.cells()``), its move and drawn shapes."""

    ply: int
    cells: tuple[int, ...]
    last_move: Move | None
    check_square: int | None
    caption: str
    shapes: tuple[Shape, ...] = field(default=())


Block = Header | Moves | Comment | Diagram | Cut


def header_of(game: Game) -> Header:
    """The players as the title (a missing name is written as the side, by the painter), else the event;
    the other details once each (one the title or an earlier detail already says is left out: a match's
    event often holds its date)."""
    headers = game.headers
    red, black = headers.get("Red", "").strip(), headers.get("Black", "").strip()
    title = "" if red or black else headers.get("Event", "").strip() or headers.get("Title", "").strip()
    details: list[str] = []
    for key in HEADER_FIELDS:
        value = headers.get(key, "").strip()
        if value and value not in title and not any(value in earlier for earlier in details):
            details.append(value)
    return Header(title, tuple(details), RESULT_WORDS.get(game.result, ""), red, black)


def diagram_at(position: Position, move: MoveText | None, last_move: Move | None,
               shapes: tuple[Shape, ...]) -> Diagram:
    """The position after ``move`` (None: the start), captioned with the move ("10… 炮1进4")."""
    check = position.king_square(position.turn) if position.is_check() else None
    if move is None:
        return Diagram(0, position.cells(), None, check, "", shapes)
    number = f"{(move.ply + 1) // 2}{'.' if move.ply % 2 else '…'}"
    return Diagram(move.ply, position.cells(), last_move, check, f"{number} {move.text}", shapes)


def _wants_diagram(ply: int, last_ply: int, every: int, shapes: tuple[Shape, ...]) -> bool:
    return bool(shapes) or ply == last_ply or (every > 0 and ply > 0 and ply % (2 * every) == 0)


def _comment_words(comment: str, options: SheetOptions) -> str:
    if not options.comments:
        return ""
    words = comment_words(comment)
    return words if len(words) <= MAX_COMMENT_CHARS else words[:MAX_COMMENT_CHARS] + " …"


class _Diagrams:
    """The diagrams a sheet still has room for: the last one is kept for the game's end."""

    def __init__(self) -> None:
        self.drawn = self.left_out = 0

    def take(self, at_end: bool) -> bool:
        if self.drawn < MAX_SHEET_DIAGRAMS - 1 or (at_end and self.drawn < MAX_SHEET_DIAGRAMS):
            self.drawn += 1
            return True
        self.left_out += 1
        return False


def sheet_blocks(game: Game, options: SheetOptions) -> list[Block]:
    """The sheet of ``game``'s main line, top to bottom: at most ``MAX_SHEET_PLIES`` moves and
    ``MAX_SHEET_DIAGRAMS`` diagrams, a ``Cut`` at the end saying what was left out."""
    blocks: list[Block] = [header_of(game)] if options.header else []
    position = game.start_position()
    line = game.mainline()
    printed = line[:MAX_SHEET_PLIES]
    root_comment = _comment_words(game.root.comment, options)
    if root_comment:
        blocks.append(Comment(root_comment))
    diagrams = _Diagrams()
    root_shapes = read_shapes(game.root.comment)
    if (position.fen() != Position.STARTING_FEN or root_shapes or not line) and diagrams.take(not line):
        blocks.append(diagram_at(position, None, None, root_shapes))
    run: list[MoveText] = []
    for ply, node in enumerate(printed, start=1):
        assert node.move is not None
        text = move_to_text(position, node.move, options.notation, traditional=options.traditional)
        number = f"{position.fullmove_number}." if position.turn is Color.RED else (
            f"{position.fullmove_number}…" if not run or run[-1].ply != ply - 1 else "")
        position.push_unchecked(node.move)
        entry = MoveText(ply, number, text, _comment_words(node.comment, options))
        run.append(entry)
        shapes = read_shapes(node.comment)
        diagram = (_wants_diagram(ply, len(printed), options.diagram_every, shapes)
                   and diagrams.take(ply == len(printed)))
        if entry.comment or diagram:
            blocks.append(Moves(tuple(run)))
            run = []
        if entry.comment:
            blocks.append(Comment(entry.comment))
        if diagram:
            blocks.append(diagram_at(position, entry, node.move, shapes))
    if run:
        blocks.append(Moves(tuple(run)))
    if len(line) > len(printed) or diagrams.left_out:
        blocks.append(Cut(len(line) - len(printed), diagrams.left_out))
    return blocks


def move_words(move: MoveText) -> str:
    """"12. 炮二平五", or the move alone when it has no number (black after red on the same line)."""
    return f"{move.number} {move.text}" if move.number else move.text


def moves_line(moves: Moves) -> str:
    """A run of moves as one line of text: "1. 炮二平五 马８进７ 2. 马二进三"."""
    return " ".join(move_words(m) for m in moves.moves)
