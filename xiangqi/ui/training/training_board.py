"""The board of the training windows (puzzles, guess-the-move, the opening drill, the mistakes deck).

``TrainingBoard`` is the app's ``BoardView`` over ``TrainingBoardModel``: one position, the side the trainee
may move (None: nobody, e.g. while the other side's reply is on its way), the last move and a hint arrow.
The trainee's legal move comes out as ``move_played(Move)`` *after* it is on the board; the trainer decides
what follows: ``play`` the other side's move, ``take_back`` a wrong one, ``set_hint``, ``show_arrows``
(a refutation or the solution, drawn as the analysis's blue arrows), ``set_banner``.

    board = TrainingBoard(host.board, parent)          # the main board's look (theme, pieces, coordinates)
    board.set_position(Position.from_fen(fen), trainee=Color.RED)
    board.move_played.connect(on_move)
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from xiangqi.core import Color, Move, Position
from xiangqi.record.comment_commands import Brush, Shape
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.board.shapes import GradedArrow


class _Marks:
    """The circles the trainer puts on the board (a hint's piece) and any the user draws (right button)."""

    def __init__(self) -> None:
        self._shapes: tuple[Shape, ...] = ()

    def shapes(self) -> tuple[Shape, ...]:
        return self._shapes

    def set_shapes(self, shapes: tuple[Shape, ...]) -> None:
        self._shapes = shapes


@dataclass(frozen=True)
class _Shown:
    """What the board sees as ``game`` (its ``ply`` tells it a move was played: the piece glides)."""

    ply: int


class TrainingBoardModel(QObject):
    """The ``BoardModel`` behind a training board."""

    changed = Signal()
    move_played = Signal(object)   # Move, already on the board

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.position = Position()
        self.trainee: Color | None = None
        self.last_move: Move | None = None
        self._hint: Move | None = None
        self._shown = _Shown(0)

    # ------------------------------------------------------------------ BoardModel
    @property
    def game(self) -> _Shown:
        return self._shown

    @property
    def view_ply(self) -> int | None:
        return None

    @property
    def hint(self) -> Move | None:
        return self._hint

    def board_position(self) -> Position:
        return self.position

    def displayed_last_move(self) -> Move | None:
        return self.last_move

    def can_pick(self, sq: int) -> bool:
        piece = self.position.piece_at(sq)
        return (self.trainee is not None and self.position.turn is self.trainee and piece != 0
                and (piece > 0) == (self.trainee is Color.RED))

    def targets(self, sq: int) -> list[int]:
        if not self.can_pick(sq):
            return []
        return [m.to_sq for m in self.position.legal_moves() if m.from_sq == sq]

    def try_move(self, move: Move) -> bool:
        if not self.can_pick(move.from_sq) or not self.position.is_legal(move):
            return False
        self._push(move)
        self.move_played.emit(move)
        return True

    # ------------------------------------------------------------------ for the trainer
    def set_position(self, position: Position, trainee: Color | None, last_move: Move | None = None) -> None:
        self.position = position.copy()
        self.trainee = trainee
        self.last_move = last_move
        self._hint = None
        self._shown = _Shown(0)   # a new game for the board: nothing to animate
        self.changed.emit()

    def play(self, move: Move) -> None:
        """Any legal move (the other side's reply); ValueError quoting it when it is illegal here."""
        if not self.position.is_legal(move):
            raise ValueError(f"{move.iccs()!r} is illegal in {self.position.fen()!r}")
        self._push(move)

    def take_back(self) -> Move | None:
        if not self.position.move_stack:
            return None
        move = self.position.pop()
        stack = self.position.move_stack
        self.last_move = stack[-1] if stack else None
        self._hint = None
        self._shown = _Shown(self._shown.ply + 2)   # not one forward: no animation
        self.changed.emit()
        return move

    def set_trainee(self, trainee: Color | None) -> None:
        self.trainee = trainee
        self.changed.emit()

    def set_hint(self, move: Move | None) -> None:
        self._hint = move
        self.changed.emit()

    def _push(self, move: Move) -> None:
        self.position.push(move)
        self.last_move = move
        self._hint = None
        self._shown = _Shown(self._shown.ply + 1)
        self.changed.emit()


class TrainingBoard(QWidget):
    """The board widget with its model; looks like ``like`` (the main window's board)."""

    move_played = Signal(object)   # Move

    def __init__(self, like: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = TrainingBoardModel(self)
        self.view = BoardView(self.model, like.theme, like.pieces, self)
        self.view.set_coordinates(like.coordinates)
        self.view.animate_moves = like.animate_moves
        # (the board view's own minimum: a training dialog with its panels fits 800x600 at 150 % text)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.model.move_played.connect(self.move_played)
        self.marks = _Marks()
        self.view.shapes.store = self.marks

    def set_position(self, position: Position, trainee: Color | None, flipped: bool | None = None) -> None:
        """Show ``position`` for ``trainee`` to move in; the board turns to the trainee's side unless told."""
        self.show_arrows(())
        self.marks.set_shapes(())
        self.view.set_banner(None)
        self.model.set_position(position, trainee)
        self.view.set_flipped(trainee is Color.BLACK if flipped is None else flipped)

    def position(self) -> Position:
        """A copy of the position on the board."""
        return self.model.position.copy()

    def play(self, move: Move) -> None:
        self.model.play(move)

    def take_back(self) -> Move | None:
        return self.model.take_back()

    def set_trainee(self, trainee: Color | None) -> None:
        self.model.set_trainee(trainee)

    def set_hint(self, move: Move | None) -> None:
        self.model.set_hint(move)

    def show_arrows(self, moves: tuple[Move, ...]) -> None:
        """Blue arrows (a refutation, the solution); () takes them away."""
        self.view.shapes.set_analysis(tuple(GradedArrow(m, 1.0) for m in moves))
        self.view.update()

    def mark_square(self, square: int | None) -> None:
        """A green circle on ``square`` (a hint's piece); None takes the marks away."""
        self.marks.set_shapes(() if square is None else (Shape(Brush.GREEN, square, square),))
        self.view.update()

    def set_banner(self, text: str | None) -> None:
        self.view.set_banner(text)
