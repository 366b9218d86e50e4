"""XQF import: the decoded file (see ``xqf_format``) replayed into a Game.

The start position comes from the 32 piece squares, the side to move from the piece of the first move
(XQF does not store it reliably). Every move of the tree is checked; an illegal or impossible move is
reported as an XqfError (file, byte offset, the move and the line before it) and its subtree is left
out, the rest of the tree is kept. A file that is not XQF or has no full header raises XqfError.
"""

from __future__ import annotations

import os
from pathlib import Path

from xiangqi.core import FenError, Move, Position
from xiangqi.core.position import MOVES
from xiangqi.record.board import CheckedBoard
from xiangqi.record.errors import RecordError, XqfError
from xiangqi.record.game import Game, GameNode, clean_comment
from xiangqi.record.xqf_format import PIECE_ORDER, XqfFile, XqfRecord, parse_xqf

_OPTIONAL_TAGS = ("TimeControl", "RedTime", "BlackTime", "Annotator", "Author")


def _square(xqf_square: int) -> int | None:
    """XQF ``file * 10 + rank`` to the core's ``rank * 9 + file``; None when off the board."""
    if xqf_square > 89:
        return None
    file, rank = divmod(xqf_square, 10)
    return rank * 9 + file


def board_letters(pieces: list[int], path: str | None) -> list[str]:
    """90 cells of FEN letters ('' for empty) from the 32 XQF piece squares."""
    cells = [""] * 90
    for index, xqf_square in enumerate(pieces):
        sq = _square(xqf_square)
        if sq is None:
            continue
        letter = PIECE_ORDER[index % 16]
        if cells[sq]:
            raise XqfError(f"two pieces on one square ({xqf_square})", path=path, offset=0x10 + index)
        cells[sq] = letter if index < 16 else letter.lower()
    return cells


def letters_to_fen(cells: list[str], black_to_move: bool) -> str:
    ranks = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for letter in cells[rank * 9 : rank * 9 + 9]:
            if not letter:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + (" b" if black_to_move else " w")


def _headers(xqf: XqfFile) -> dict[str, str]:
    tags = xqf.tags
    headers = {"Game": "Chinese Chess", "Event": tags["Event"] or tags["Title"]}
    if tags["Title"] and tags["Title"] != headers["Event"]:
        headers["Title"] = tags["Title"]
    headers.update({name: tags[name] for name in ("Date", "Site", "Red", "Black")})
    headers.update({name: tags[name] for name in _OPTIONAL_TAGS if tags[name]})
    return headers


def _start_fen(xqf: XqfFile, path: str | None) -> str:
    cells = board_letters(xqf.pieces, path)
    first = xqf.root.children[0] if xqf.root.children else None
    source = _square(first.source) if first is not None else None
    black_first = source is not None and cells[source].islower()
    fen = letters_to_fen(cells, black_first)
    try:
        return Position.from_fen(fen).fen()
    except FenError as exc:
        if xqf.setup_type < 2:  # a full game or an opening: the pieces are the usual ones
            return Position.STARTING_FEN
        raise XqfError(f"the set-up position is not legal: {exc}", path=path, offset=0x10) from exc


def _checked_move(
    record: XqfRecord, node: GameNode, board: CheckedBoard, path: str | None, error: type[RecordError]
) -> Move:
    """The record's move if it is legal after ``node`` (on ``board``); ``error`` (XqfError...) otherwise."""
    src, dst = _square(record.source), _square(record.target)
    if src is None or dst is None or src == dst:
        raise error(
            f"impossible squares in a move after {_line_text(node)} (this line is cut here)",
            path=path, offset=record.offset, text=f"{record.source}->{record.target}",
        )  # fmt: skip
    move = MOVES[src << 7 | dst]
    if not board.is_legal(src, dst):
        where = "main line" if node.is_main_line() and not node.children else "variation"
        raise error(
            f"illegal move at ply {node.ply + 1} ({where}) after {_line_text(node)} (this line is cut here)",
            path=path, offset=record.offset, text=move.iccs(),
        )  # fmt: skip
    return move


def _line_text(node: GameNode) -> str:
    moves = [move.iccs() for move in node.moves()]
    if not moves:
        return "the start"
    shown = " ".join(moves[-6:])
    return shown if len(moves) <= 6 else f"... {shown}"


def replay_tree(
    root: XqfRecord, game: Game, path: str | None, error: type[RecordError] = XqfError
) -> None:
    """Copy a record tree (XQF squares; CCBridge readers build the same) into the game, checking every
    move; depth first, without recursion. Bad moves are reported as ``error`` and their subtree skipped.
    A line is followed without the stack (a move's variations and the way back out of it, an entry with
    the piece it took, 0 for none, wait there): real records are long lines with few variations."""
    board = CheckedBoard(game.start_fen)
    stack: list[tuple[XqfRecord, GameNode, int | None]] = [(child, game.root, None)
                                                           for child in reversed(root.children)]
    while stack:
        record, node, captured = stack.pop()
        if captured is not None:
            assert node.move is not None
            board.undo(node.move.from_sq, node.move.to_sq, captured)
            continue
        while True:
            try:
                move = _checked_move(record, node, board, path, error)
            except RecordError as problem:
                game.errors.append(problem)
                break
            node = node.add_child(move, clean_comment(record.comment) if record.comment else "")
            stack.append((record, node, board.play(move.from_sq, move.to_sq)))
            children = record.children
            if not children:
                break
            if len(children) > 1:
                stack.extend((variation, node, None) for variation in reversed(children[1:]))
            record = children[0]


def read_xqf(data: bytes, path: str | None = None) -> Game:
    """The game of an XQF file's bytes. Raises XqfError for a file that cannot be read at all; move
    trouble is listed in ``game.errors`` with the moves before it kept."""
    xqf = parse_xqf(data, path)
    game = Game(headers=_headers(xqf), result=xqf.result)
    game.source = path
    game.root.comment = clean_comment(xqf.root.comment)
    game.errors.extend(xqf.problems)
    try:
        game.start_fen = _start_fen(xqf, path)
    except XqfError as error:
        game.errors.append(error)
        return game
    replay_tree(xqf.root, game, path)
    return game


def load_xqf(path: str | os.PathLike[str]) -> Game:
    return read_xqf(Path(path).read_bytes(), str(path))
