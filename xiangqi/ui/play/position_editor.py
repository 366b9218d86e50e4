"""The position editor: place and remove pieces on the app's own board widget, choose the side to move,
and see at once what the rules core's FEN check says is wrong. Only a position the core accepts can
be used; it then starts a new record from there."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QSize, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QGridLayout, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QRadioButton, QToolButton, QVBoxLayout, QWidget)

from xiangqi.core import Color, FenError, PieceType, Position
from xiangqi.core.fen import board_problems, format_fen
from xiangqi.ui.board.board_view import BoardView
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP
from xiangqi.ui.play.position_problem_text import problem_text
from xiangqi.ui.board.themes import BoardLook, PieceLook

ERASER = 0
PIECE_NAMES = {
    PieceType.KING: QT_TRANSLATE_NOOP("PositionEditor", "king"),
    PieceType.ADVISOR: QT_TRANSLATE_NOOP("PositionEditor", "advisor"),
    PieceType.ELEPHANT: QT_TRANSLATE_NOOP("PositionEditor", "elephant"),
    PieceType.HORSE: QT_TRANSLATE_NOOP("PositionEditor", "horse"),
    PieceType.ROOK: QT_TRANSLATE_NOOP("PositionEditor", "rook"),
    PieceType.CANNON: QT_TRANSLATE_NOOP("PositionEditor", "cannon"),
    PieceType.PAWN: QT_TRANSLATE_NOOP("PositionEditor", "pawn"),
}
PALETTE = [value for sign in (1, -1) for value in (sign * int(p) for p in PieceType)]


class EditedBoard:
    """What the board widget paints: the cells being edited (they may not form a legal position)."""

    def __init__(self, cells: list[int], red_to_move: bool) -> None:
        self.board = cells
        self.red_to_move = red_to_move

    @property
    def turn(self) -> Color:
        return Color.RED if self.red_to_move else Color.BLACK

    def is_check(self) -> bool:
        return False  # an edited position is not judged: the board marks no check

    def king_square(self, color: Color) -> int:
        king = int(PieceType.KING) * (1 if color is Color.RED else -1)
        return self.board.index(king) if king in self.board else -1


class EditorModel(QObject):
    """Stands where the board widget expects its controller: it shows the cells and takes no moves."""

    changed = Signal()
    game = None      # nothing is played here: no move to animate
    hint = None
    view_ply = None

    def __init__(self, fen: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        position = Position.from_fen(fen)
        self.cells: list[int] = [int(v) for v in position.board]
        self.red_to_move = position.turn.name == "RED"
        self.chosen = 1            # the piece a click places (ERASER removes)

    # what the board widget asks
    def board_position(self) -> EditedBoard:
        return EditedBoard(self.cells, self.red_to_move)

    def displayed_last_move(self) -> None:
        return None

    def can_pick(self, sq: int) -> bool:
        return False

    def targets(self, sq: int) -> list[int]:
        return []

    def try_move(self, move: object) -> bool:
        return False

    # editing
    def click(self, sq: int) -> None:
        """Put the chosen piece on ``sq``; the same piece again (or the eraser) empties it. A king moves
        there from where it stood: a side has one king, never a second."""
        value = ERASER if self.chosen == self.cells[sq] else self.chosen
        if abs(value) == PieceType.KING and value in self.cells:
            self.cells[self.cells.index(value)] = ERASER
        self.set_cell(sq, value)

    def set_cell(self, sq: int, value: int) -> None:
        self.cells[sq] = value
        self.changed.emit()

    def set_fen(self, fen: str) -> None:
        """Raises FenError for text that is not a FEN at all (illegal content is fine while editing)."""
        position = Position.from_fen(fen)
        self.cells = [int(v) for v in position.board]
        self.red_to_move = position.turn.name == "RED"
        self.changed.emit()

    def clear(self, keep_kings: bool = False) -> None:
        self.cells = [v if keep_kings and abs(v) == PieceType.KING else 0 for v in self.cells]
        self.changed.emit()

    def set_red_to_move(self, red: bool) -> None:
        self.red_to_move = red
        self.changed.emit()

    def fen(self) -> str:
        return format_fen(self.cells, 0 if self.red_to_move else 1, 0, 1)

    def problem(self) -> str | None:
        """Every objection of the core to the position, one a line, or None when it is a legal start."""
        problems = board_problems(self.cells, 0 if self.red_to_move else 1)
        if problems:   # worded in the UI's language (the core's messages are English, for logs)
            return "\n".join(problem_text(problem) for problem in problems)
        try:
            Position.from_fen(self.fen())
        except FenError as exc:
            return problem_text(exc.problem) if exc.problem is not None else str(exc)
        return None


class PositionEditor(QDialog):
    def __init__(self, fen: str, theme: BoardLook, pieces: PieceLook, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit position"))
        self.model = EditorModel(fen, self)
        self.board = BoardView(self.model, theme, pieces, self)
        self.board.setMinimumSize(360, 400)
        self.board.square_clicked.connect(self.model.click)
        self.pieces = pieces
        self.palette_group = QButtonGroup(self)
        self.red_button = QRadioButton(self.tr("Red to move"), self)
        self.black_button = QRadioButton(self.tr("Black to move"), self)
        self.problem_label = QLabel(self)
        self.problem_label.setWordWrap(True)
        self.fen_edit = QLineEdit(self)
        self.fen_edit.editingFinished.connect(self._fen_typed)
        buttons = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(buttons.Ok | buttons.Cancel, self)
        self.buttons.accepted.connect(self._accept_if_legal)
        self.buttons.rejected.connect(self.reject)
        self._build_layout()
        self.model.changed.connect(self._check)
        self._check()

    def _build_layout(self) -> None:
        side = QVBoxLayout()
        side.addWidget(QLabel(self.tr("Click a piece, then click the board (again to remove it):"), self))
        side.addLayout(self._palette())
        for button in (self.red_button, self.black_button):
            side.addWidget(button)
        self.red_button.toggled.connect(lambda red: self.model.set_red_to_move(red))
        for text, slot in ((self.tr("Clear board"), self.model.clear),
                           (self.tr("Initial position"), lambda: self.model.set_fen(Position.STARTING_FEN))):
            push = QPushButton(text, self)
            push.clicked.connect(lambda _c=False, s=slot: s())
            side.addWidget(push)
        side.addStretch(1)
        side.addWidget(self.problem_label)
        top = QHBoxLayout()
        top.addWidget(self.board, 1)
        top.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        fen_row = QHBoxLayout()
        fen_row.addWidget(QLabel(self.tr("FEN:"), self))
        fen_row.addWidget(self.fen_edit, 1)
        layout.addLayout(fen_row)
        layout.addWidget(self.buttons)

    def _palette(self) -> QGridLayout:
        grid = QGridLayout()
        for index, value in enumerate([*PALETTE, ERASER]):
            button = QToolButton(self)
            button.setCheckable(True)
            button.setIconSize(QSize(34, 34))
            if value == ERASER:
                button.setText(self.tr("Remove"))
            else:
                button.setIcon(QIcon(self.pieces.pixmap(value, 34)))
            button.setToolTip(self._piece_name(value))
            button.clicked.connect(lambda _c=False, v=value: self.choose(v))
            self.palette_group.addButton(button, value + 8)      # ids must not be -1
            grid.addWidget(button, index // 7, index % 7)
        self.palette_group.button(self.model.chosen + 8).setChecked(True)
        return grid

    def _piece_name(self, value: int) -> str:
        if value == ERASER:
            return self.tr("Remove a piece")
        name = QCoreApplication.translate("PositionEditor", PIECE_NAMES[PieceType(abs(value))])
        return (self.tr("Red {0}") if value > 0 else self.tr("Black {0}")).format(name)

    # ----------------------------------------------------------------- state
    def choose(self, value: int) -> None:
        self.model.chosen = value
        self.palette_group.button(value + 8).setChecked(True)

    def fen(self) -> str:
        return self.model.fen()

    def problem(self) -> str | None:
        return self.model.problem()

    def _check(self) -> None:
        """Show the FEN and the core's verdict; OK only for a legal position."""
        for button, red in ((self.red_button, True), (self.black_button, False)):
            blocked = button.blockSignals(True)
            button.setChecked(self.model.red_to_move is red)
            button.blockSignals(blocked)
        self.fen_edit.setText(self.model.fen())
        problem = self.model.problem()
        self.problem_label.setText(self.tr("Not a legal position: {0}").format(problem) if problem
                                   else self.tr("Legal position."))
        self.problem_label.setStyleSheet("color: #b00020;" if problem else "color: #1b5e20;")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def _fen_typed(self) -> None:
        text = self.fen_edit.text().strip()
        if text == self.model.fen():
            return
        try:
            self.model.set_fen(text)
        except FenError as exc:
            problem = problem_text(exc.problem) if exc.problem is not None else str(exc)
            self.problem_label.setText(self.tr("Not a legal position: {0}").format(problem))
            self.problem_label.setStyleSheet("color: #b00020;")

    def _accept_if_legal(self) -> None:
        if self.model.problem() is None:
            self.accept()

