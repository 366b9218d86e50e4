"""The variations panel's rows as a Qt model: the main line, then every variation under the line it
branches from (parents before children, siblings in order), each indented by how deeply it is nested —
the old tree, always fully expanded, as one list. A list, not a tree model, because a tree view lays out
every expanded row when it is shown (a record of 20,000 variations took 0.2 s, with the window frozen);
a list asks only for the rows on screen, and each row's text (its first moves, "12. 马二进三 …") is
written when it is first shown."""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

from PySide6.QtCore import (QAbstractListModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex,
                            QSize, Qt)
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from xiangqi.record import Game, GameNode

Index = QModelIndex | QPersistentModelIndex
DEPTH_ROLE = Qt.ItemDataRole.UserRole + 1     # how many variations this one is nested in (0: the main line)
PREVIEW_MOVES = 4
INDENT_PX = 16
MAX_INDENT_LEVELS = 12     # deeper variations are indented no further (a record may nest thousands)
# a move (and its ply) as the panel labels it: "12. 马二进三" / "12… 马８进７"
MoveLabel = Callable[[GameNode, int], str]


def variation_starts(record: Game) -> list[tuple[GameNode, int, int]]:
    """(first move of a line, how deeply it is nested, its ply) of the main line (first, depth 0) and every
    variation, each after the line it branches from, siblings in order. Iterative and linear in the moves."""
    if not record.root.children:
        return []
    starts: list[tuple[GameNode, int, int]] = []
    stack: list[tuple[GameNode, int, int]] = [(record.root.children[0], 0, 1)]
    while stack:
        first, depth, first_ply = stack.pop()
        starts.append((first, depth, first_ply))
        found: list[tuple[GameNode, int]] = []
        for index, node in enumerate([first, *first.line()]):
            if index == 0 and depth > 0:
                continue        # a variation's own alternatives belong to the line it left
            siblings = node.parent.children if node.parent is not None else []
            if siblings and siblings[0] is node:
                found.extend((alternative, first_ply + index) for alternative in siblings[1:])
        stack.extend((alternative, depth + 1, ply) for alternative, ply in reversed(found))
    return starts


class VariationListModel(QAbstractListModel):
    """The lines of a record (see the module text); the ones the shown line goes through are bold."""

    def __init__(self, label: MoveLabel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._label = label
        self._rows: list[tuple[GameNode, int, int]] = []     # first move, nesting, ply
        self._row_of: dict[GameNode, int] = {}
        self._texts: dict[int, str] = {}
        self._bold: set[int] = set()

    def show_record(self, record: Game) -> None:
        """Every line anew (another record, its variations changed, another notation or language)."""
        self.beginResetModel()
        self._rows = variation_starts(record)
        self._row_of = {first: row for row, (first, _depth, _ply) in enumerate(self._rows)}
        self._texts, self._bold = {}, set()
        self.endResetModel()

    def first_move(self, row: int) -> GameNode:
        return self._rows[row][0]

    def depth(self, row: int) -> int:
        return self._rows[row][1]

    def row_of(self, first: GameNode) -> int | None:
        """The row of the line that starts with ``first`` (None when no line starts there)."""
        return self._row_of.get(first)

    def set_bold(self, rows: set[int]) -> None:
        """Bold these rows (the lines the shown line goes through); one repaint for all that changed."""
        changed = rows ^ self._bold
        self._bold = rows
        if changed:
            self.dataChanged.emit(self.index(min(changed)), self.index(max(changed)), [Qt.ItemDataRole.FontRole])

    def is_bold(self, row: int) -> bool:
        return row in self._bold

    def text(self, row: int) -> str:
        text = self._texts.get(row)
        if text is None:
            text = self._texts[row] = self._line_text(row)
        return text

    def _line_text(self, row: int) -> str:
        first, depth, ply = self._rows[row]
        if depth == 0:
            return QCoreApplication.translate("CommentPanel", "Main line")
        shown = [first, *islice(first.line(), PREVIEW_MOVES - 1)]
        words = [self._label(shown[0], ply)]
        words += [self._label(node, ply + index).split(" ", 1)[-1] for index, node in enumerate(shown[1:], start=1)]
        more = " …" if len(shown) == PREVIEW_MOVES and shown[-1].children else ""
        return " ".join(words) + more

    # ----------------------------------------------------------------- Qt's model interface
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = index.row()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.text(row)
        if role == Qt.ItemDataRole.FontRole and row in self._bold:
            font = QFont()
            font.setBold(True)
            return font
        if role == DEPTH_ROLE:
            return self._rows[row][1]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("CommentPanel", "Variations")
        return None


class NestingDelegate(QStyledItemDelegate):
    """Draws each line indented by its nesting (as the tree view did), at most ``MAX_INDENT_LEVELS`` deep."""

    @staticmethod
    def indent(index: Index) -> int:
        depth = index.data(DEPTH_ROLE)
        return INDENT_PX * min(depth if isinstance(depth, int) else 0, MAX_INDENT_LEVELS)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        shifted = QStyleOptionViewItem(option)
        shifted.rect = option.rect.adjusted(self.indent(index), 0, 0, 0)
        super().paint(painter, shifted, index)

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802 (Qt's name)
        size = super().sizeHint(option, index)
        return QSize(size.width() + self.indent(index), size.height())
