"""The move list's rows as a Qt model: round r is row r, red's move in column 0 and black's in column 1.
Qt asks only for the cells on screen, and each move is written (notation, marks, the tooltip naming the
record's other moves) when it is first shown: a game of 20,000 moves opens as fast as one of 20. When the
game's line changes, only the plies after the last one the two lines share are dropped and the rest
appended (a move played adds a cell, a move taken back removes one); nothing else is rebuilt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QIcon

from xiangqi.core import Color, Move
from xiangqi.core.notation import Notation
from xiangqi.record import GameNode
from xiangqi.record.pgn_reader import SUFFIX_NAGS
from xiangqi.review.annotate import explanation_of
from xiangqi.review.marks import Mark
from xiangqi.review.series import better_move, review_mark
from xiangqi.ui.play.line_positions import PositionWalker, known_positions

if TYPE_CHECKING:
    from xiangqi.game.model import GameModel

Index = QModelIndex | QPersistentModelIndex
PLY_ROLE = Qt.ItemDataRole.UserRole
# the record's other moves where ``node``'s move was played (the variations beside it)
AlternativesFinder = Callable[[GameNode], list[Move]]
MOVE_MARKS = {nag: symbol for symbol, nag in SUFFIX_NAGS.items()}   # NAG 2 -> "?", 4 -> "??", 6 -> "?!"...
# A review's marks in lichess's colours (?! yellow, ? orange, ?? red), dark enough to read on white.
MARK_COLOURS = {Mark.INACCURACY: QColor("#b08800"), Mark.MISTAKE: QColor("#e06c00"), Mark.BLUNDER: QColor("#d02c2c")}


def node_marks(node: GameNode) -> str:
    """The move marks of ``node`` (``?!``, ``?``, ``??``, ``!``…, from the record's NAGs, as a review
    writes them), "" for none."""
    return "".join(MOVE_MARKS.get(nag, "") for nag in node.nags)


class MoveTableModel(QAbstractTableModel):
    """The game's line (root to head) as rounds; see the module text."""

    def __init__(self, branch_icon: QIcon, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._icon = branch_icon
        self.game: GameModel | None = None
        self.nodes: list[GameNode] = []        # the line's moves: ply p is nodes[p - 1]
        self._texts: dict[int, str] = {}       # ply -> its cell's text, once shown
        self._offset = 0                       # 1 when black moves first: the first round's red cell is "…"
        self._first_round = 1
        self._notation, self._traditional = Notation.CHINESE, False
        self.alternatives: AlternativesFinder | None = None
        self._walker: PositionWalker | None = None

    # ----------------------------------------------------------------- the line
    def show_game(self, game: GameModel, notation: Notation, traditional: bool) -> None:
        """Every move written anew: another notation or language, the record's tree changed (marks and
        variations beside the line), or another game (only then are the rows themselves made anew)."""
        if game is self.game:
            self._notation, self._traditional, self._texts = notation, traditional, {}
            self.follow_head()
            if self.rowCount():
                self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 1))
            return
        self.beginResetModel()
        self.game, self._notation, self._traditional = game, notation, traditional
        self.nodes = game.head.path()
        self._texts = {}
        start = game.record.start_position()
        self._offset = 1 if start.turn is Color.BLACK else 0
        self._first_round = start.fullmove_number
        self._walker = PositionWalker(game.record.root, start, lambda: known_positions(game))
        self.endResetModel()

    def follow_head(self) -> None:
        """The game's head moved (same game): keep the plies the new line shares with the shown one, drop
        the others and append the new ones. Costs the plies between the two heads."""
        assert self.game is not None
        node, tail, nodes = self.game.head, [], self.nodes
        ply = node.ply      # counted once: GameNode.ply walks to the root
        while node.parent is not None and not (ply <= len(nodes) and nodes[ply - 1] is node):
            tail.append(node)
            node, ply = node.parent, ply - 1
        keep = ply
        tail.reverse()
        self._replace_after(keep, tail)

    def _replace_after(self, keep: int, tail: list[GameNode]) -> None:
        old_rows, old_plies = self.rowCount(), len(self.nodes)
        new_rows = self._rows_for(keep + len(tail))
        for ply in range(keep + 1, old_plies + 1):
            self._texts.pop(ply, None)
        if new_rows > old_rows:
            self.beginInsertRows(QModelIndex(), old_rows, new_rows - 1)
            self.nodes[keep:] = tail
            self.endInsertRows()
        elif new_rows < old_rows:
            self.beginRemoveRows(QModelIndex(), new_rows, old_rows - 1)
            self.nodes[keep:] = tail
            self.endRemoveRows()
        else:
            self.nodes[keep:] = tail
        first_changed = (keep + self._offset) // 2      # the row of ply keep + 1
        last_kept = min(old_rows, new_rows) - 1
        if first_changed <= last_kept:
            self.dataChanged.emit(self.index(first_changed, 0), self.index(last_kept, 1))

    def _rows_for(self, plies: int) -> int:
        return (plies + self._offset + 1) // 2 if plies else 0

    # ----------------------------------------------------------------- cells
    def ply_at(self, index: Index) -> int | None:
        """The ply whose move the cell shows (None for an empty cell or the "…" before black's first)."""
        ply = index.row() * 2 + index.column() - self._offset + 1
        return ply if 1 <= ply <= len(self.nodes) else None

    def index_for_ply(self, ply: int) -> QModelIndex:
        """The cell of the move that leads to ``ply`` (invalid for the start and past the line)."""
        if not 1 <= ply <= len(self.nodes):
            return QModelIndex()
        cell = ply - 1 + self._offset
        return self.index(cell // 2, cell % 2)

    def text(self, ply: int) -> str:
        """The move's text in the notation, with its marks (written once, when first asked)."""
        text = self._texts.get(ply)
        if text is None:
            node = self.nodes[ply - 1]
            text = self._texts[ply] = self._notate(node, ply) + node_marks(node)
        return text

    def others(self, ply: int) -> list[Move]:
        return self.alternatives(self.nodes[ply - 1]) if self.alternatives is not None else []

    def tooltip(self, ply: int) -> str:
        """Why a move a review marked is one ("丢车（车八进八）") and "炮二平五 was better", and "Other moves
        here: …" when the record has other moves at this ply; "" for none."""
        node = self.nodes[ply - 1]
        lines = []
        why = explanation_of(node.comment)   # the review's sentence: "丢车（车八进八）"
        if why:
            lines.append(why)
        better = self.better_text(ply)
        if better:
            lines.append(better)
        others = self.others(ply)
        if others and node.parent is not None:
            words = [self._notate(other, ply) if (other := node.parent.child_for(move)) is not None
                     else move.iccs() for move in others]
            lines.append(QCoreApplication.translate("MoveList", "Other moves here: {0}").format(", ".join(words)))
        return "\n".join(lines)

    def better_text(self, ply: int) -> str:
        """"炮二平五 was better" (in the list's notation) for a move a review marked, else ""."""
        better = better_move(self.nodes[ply - 1])
        if better is None:
            return ""
        return QCoreApplication.translate("MoveList", "{0} was better").format(self._notate(better, ply))

    def _notate(self, node: GameNode, ply: int) -> str:
        """The text of ``node``'s move, the ``ply``-th of the line (or beside it)."""
        assert self.game is not None and self._walker is not None and node.parent is not None
        before = self._walker.position_at(node.parent, ply - 1)
        return self.game.move_texts.text(node, before, self._notation, traditional=self._traditional)

    # ----------------------------------------------------------------- Qt's model interface
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._rows_for(len(self.nodes))

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def flags(self, index: Index) -> Qt.ItemFlag:
        if self.ply_at(index) is None:
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        ply = self.ply_at(index)
        if ply is None:
            before_first = index.row() * 2 + index.column() - self._offset + 1 < 1
            return "…" if before_first and role == Qt.ItemDataRole.DisplayRole else None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.text(ply)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(ply) or None
        if role == Qt.ItemDataRole.ForegroundRole:
            mark = review_mark(self.nodes[ply - 1])
            return MARK_COLOURS[mark] if mark is not None else None
        if role == Qt.ItemDataRole.DecorationRole:   # the branch mark goes with the tooltip naming them
            return self._icon if self.others(ply) else None
        if role == PLY_ROLE:
            return ply
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if section == 0:
                return QCoreApplication.translate("MoveList", "Red")
            return QCoreApplication.translate("MoveList", "Black")
        return str(self._first_round + section)
