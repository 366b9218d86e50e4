"""What a screen reader says about the game: each move as text with its side, capture and check, the
engine's reply, the square under the keyboard cursor and the whole position read out by side.

Qt-free: the sentences are English templates marked for lupdate (context ``Announce``) and turned into the
UI language by the ``translate`` function the caller passes (the UI passes Qt's translator), so the wording
is tested without a window. Moves are written in the notation the player reads (Chinese in traditional
characters for a 繁體 interface).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xiangqi.core import Color, Move, PieceType, Position, color_of, square_name, type_of
from xiangqi.core.notation import Notation, NotationError, move_to_text
from xiangqi.core.notation.tables import CN_PIECE_WRITE, CN_PIECE_WRITE_TRADITIONAL

CONTEXT = "Announce"   # the tables below spell it out: lupdate reads only literals

Translate = Callable[[str], str]   # an English template -> the same in the UI language


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Marks ``text`` for lupdate; the same as ``xiangqi.ui.common.i18n``'s, which this Qt-free module may
    not import."""
    return text


SIDE_NAMES: dict[Color, str] = {
    Color.RED: QT_TRANSLATE_NOOP("Announce", "Red"),
    Color.BLACK: QT_TRANSLATE_NOOP("Announce", "Black"),
}
SIDE_LISTS: dict[Color, str] = {
    Color.RED: QT_TRANSLATE_NOOP("Announce", "Red: {0}"),
    Color.BLACK: QT_TRANSLATE_NOOP("Announce", "Black: {0}"),
}
PIECE_WORDS: dict[PieceType, str] = {   # for a notation without piece characters (WXF, ICCS)
    PieceType.KING: QT_TRANSLATE_NOOP("Announce", "king"),
    PieceType.ADVISOR: QT_TRANSLATE_NOOP("Announce", "advisor"),
    PieceType.ELEPHANT: QT_TRANSLATE_NOOP("Announce", "elephant"),
    PieceType.HORSE: QT_TRANSLATE_NOOP("Announce", "horse"),
    PieceType.ROOK: QT_TRANSLATE_NOOP("Announce", "rook"),
    PieceType.CANNON: QT_TRANSLATE_NOOP("Announce", "cannon"),
    PieceType.PAWN: QT_TRANSLATE_NOOP("Announce", "pawn"),
}
PIECE_ORDER = (PieceType.KING, PieceType.ROOK, PieceType.HORSE, PieceType.CANNON, PieceType.ADVISOR,
               PieceType.ELEPHANT, PieceType.PAWN)   # the strong pieces first: what a player asks for
SIDE_MOVE = QT_TRANSLATE_NOOP("Announce", "{0} {1}")
CAPTURE = QT_TRANSLATE_NOOP("Announce", "{0}, takes {1}")
CHECK = QT_TRANSLATE_NOOP("Announce", "{0}, check")
ENGINE_REPLY = QT_TRANSLATE_NOOP("Announce", "Engine: {0}")
LIST_SEPARATOR = QT_TRANSLATE_NOOP("Announce", ", ")
SIDE_SEPARATOR = QT_TRANSLATE_NOOP("Announce", "; ")
TO_MOVE = QT_TRANSLATE_NOOP("Announce", "{0} to move")
NO_PIECES = QT_TRANSLATE_NOOP("Announce", "no pieces")
SQUARE_PIECE = QT_TRANSLATE_NOOP("Announce", "{0}, {1} {2}")
SQUARE_EMPTY = QT_TRANSLATE_NOOP("Announce", "{0}, empty")
PICKED = QT_TRANSLATE_NOOP("Announce", "Picked up {0}")
CANNOT_MOVE = QT_TRANSLATE_NOOP("Announce", "{0} cannot move there")
START = QT_TRANSLATE_NOOP("Announce", "Start position")
STEP = QT_TRANSLATE_NOOP("Announce", "Move {0}: {1}")


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Wording:
    """Sentences in one language and notation (``translate`` defaults to English, the templates)."""

    notation: Notation = Notation.CHINESE
    traditional: bool = False
    translate: Translate = _same

    def side(self, color: Color) -> str:
        return self.translate(SIDE_NAMES[color])

    def piece(self, value: int) -> str:
        """A piece's name: its character in Chinese notation (帅/将, 仕/士…), else the word (king…)."""
        color, kind = color_of(value), type_of(value)
        if color is None or kind is None:
            raise ValueError(f"no piece in cell value {value!r}")
        if self.notation is Notation.CHINESE:
            return (CN_PIECE_WRITE_TRADITIONAL if self.traditional else CN_PIECE_WRITE)[color][kind]
        return self.translate(PIECE_WORDS[kind])

    def move_text(self, before: Position, move: Move) -> str:
        """``move`` as the move list writes it (its ICCS if the notation cannot write it)."""
        try:
            return move_to_text(before, move, self.notation, traditional=self.traditional)
        except NotationError:
            return move.iccs()

    def move(self, before: Position, move: Move, *, by_engine: bool = False) -> str:
        """"红方 炮二平五，将军": the side, the move, what it takes and whether it checks; the engine's
        reply says so first."""
        t = self.translate
        text = t(SIDE_MOVE).format(self.side(before.turn), self.move_text(before, move))
        taken = before.piece_at(move.to_sq)
        if taken:
            text = t(CAPTURE).format(text, self.piece(taken))
        if before.gives_check(move):
            text = t(CHECK).format(text)
        return t(ENGINE_REPLY).format(text) if by_engine else text

    def step(self, shown: Position, ply: int) -> str:
        """Stepping through a game to the position after ``ply`` moves: "Move 3: 红方 炮二平五" (its round and
        the move that led there), "Start position" at the start."""
        if ply == 0:
            return self.translate(START)
        if not shown.move_stack:   # a position set up without its moves: say the whole of it
            return self.position(shown)
        before = shown.copy()
        move = before.pop()
        return self.translate(STEP).format((ply + 1) // 2, self.move(before, move))

    def square(self, position: Position, sq: int) -> str:
        """The point under the keyboard cursor: "e0, 红方 帅" or "e5, empty"."""
        value = position.piece_at(sq)
        color = color_of(value)
        if color is None:
            return self.translate(SQUARE_EMPTY).format(square_name(sq))
        return self.translate(SQUARE_PIECE).format(square_name(sq), self.side(color), self.piece(value))

    def picked(self, position: Position, sq: int) -> str:
        return self.translate(PICKED).format(self.square(position, sq))

    def cannot_move(self, from_sq: int, to_sq: int) -> str:
        return self.translate(CANNOT_MOVE).format(f"{square_name(from_sq)}–{square_name(to_sq)}")

    def position(self, position: Position) -> str:
        """"红方：帅 e0，车 a0 …；黑方：将 e9 …；红方走": every piece by side, strong pieces first."""
        t = self.translate
        sides = [t(SIDE_LISTS[color]).format(self._pieces(position, color) or t(NO_PIECES))
                 for color in (Color.RED, Color.BLACK)]
        sides.append(t(TO_MOVE).format(self.side(position.turn)))
        return t(SIDE_SEPARATOR).join(sides)

    def _pieces(self, position: Position, color: Color) -> str:
        cells = position.cells()
        found: list[tuple[int, int, str]] = []
        for sq, value in enumerate(cells):
            kind = type_of(value)
            if kind is not None and color_of(value) is color:
                found.append((PIECE_ORDER.index(kind), sq, f"{self.piece(value)} {square_name(sq)}"))
        return self.translate(LIST_SEPARATOR).join(text for _order, _sq, text in sorted(found))
