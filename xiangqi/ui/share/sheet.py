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
    title: str                          # "红方 vs 黑方" or the event when there are no players
    details: tuple[str, ...]            # event, round, date, place, opening: the ones the record has
    result: str                         # "1-0", "0-1", "½-½" or ""


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
class Diagram:
    """The position after ``ply`` moves (``cells`` as ``Position.cells()``), its move and drawn shapes."""

    ply: int
    cells: tuple[int, ...]
    last_move: Move | None
    check_square: int | None
    caption: str
    shapes: tuple[Shape, ...] = field(default=())


Block = Header | Moves | Comment | Diagram


def header_of(game: Game) -> Header:
    headers = game.headers
    red, black = headers.get("Red", "").strip(), headers.get("Black", "").strip()
    players = f"{red or '?'} — {black or '?'}" if red or black else ""
    details = tuple(headers[key].strip() for key in HEADER_FIELDS if headers.get(key, "").strip())
    title = players or headers.get("Event", "").strip() or headers.get("Title", "").strip()
    return Header(title, details, RESULT_WORDS.get(game.result, ""))


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


def sheet_blocks(game: Game, options: SheetOptions) -> list[Block]:
    """The sheet of ``game``'s main line, top to bottom."""
    blocks: list[Block] = [header_of(game)] if options.header else []
    position = game.start_position()
    line = game.mainline()
    root_comment = comment_words(game.root.comment) if options.comments else ""
    if root_comment:
        blocks.append(Comment(root_comment))
    root_shapes = read_shapes(game.root.comment)
    if position.fen() != Position.STARTING_FEN or root_shapes or not line:
        blocks.append(diagram_at(position, None, None, root_shapes))
    run: list[MoveText] = []
    for ply, node in enumerate(line, start=1):
        assert node.move is not None
        mover = position.turn
        text = move_to_text(position, node.move, options.notation, traditional=options.traditional)
        number = f"{position.fullmove_number}." if mover is Color.RED else (
            f"{position.fullmove_number}…" if not run or run[-1].ply != ply - 1 else "")
        position.push_unchecked(node.move)
        words = comment_words(node.comment) if options.comments else ""
        entry = MoveText(ply, number, text, words)
        run.append(entry)
        shapes = read_shapes(node.comment)
        if words or _wants_diagram(ply, len(line), options.diagram_every, shapes):
            blocks.append(Moves(tuple(run)))
            run = []
        if words:
            blocks.append(Comment(words))
        if _wants_diagram(ply, len(line), options.diagram_every, shapes):
            blocks.append(diagram_at(position, entry, node.move, shapes))
    if run:
        blocks.append(Moves(tuple(run)))
    return blocks


def moves_line(moves: Moves) -> str:
    """A run of moves as one line of text: "1. 炮二平五 马８进７ 2. 马二进三"."""
    return " ".join(f"{m.number} {m.text}" if m.number else m.text for m in moves.moves)
