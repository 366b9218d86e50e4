"""Engine lines in a narrow column: each variation wraps at the spaces between its moves over as many text
lines as it needs (a 250 px column shows a whole 12-move line, not its first three moves), and a column of
secondary figures (nodes per second) gives way while the tree is narrow. Used by the opponent's panel, the
analysis panel and a match's engine panels."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QTextLayout, QTextLine, QTextOption
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget

TEXT_MARGIN = 3            # px the item view keeps on each side of a text
UNLIMITED_HEIGHT = 100_000
NARROW_TREE = 420          # px: a narrower tree hides its spare column
WORD_JOINER = "\u2060"     # no line break here (Unicode WJ)


def unbreakable_moves(text: str) -> str:
    """``text`` (moves between spaces) with a word joiner between the characters of each move: Chinese
    text may otherwise wrap between any two characters, cutting "车1平4" into "车1平" and "4"."""
    return " ".join(WORD_JOINER.join(move) for move in text.split(" "))


class WrappedLineDelegate(QStyledItemDelegate):
    """Draws a variation wrapped at the spaces between moves, and asks for the height that takes at the
    column's present width (Qt's tree asks its delegates without a width, so rows stay one line high)."""

    def __init__(self, tree: QTreeWidget, column: int) -> None:
        super().__init__(tree)
        self.tree, self.column = tree, column
        self.wrap = True   # False: every line on one text line, cut with … (the lines did not all fit wrapped)

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt's name)
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.text = unbreakable_moves(option.text)
        if not self.wrap:
            option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText
            option.textElideMode = Qt.TextElideMode.ElideRight

    def wrapped_height(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> int:
        hint = super().sizeHint(option, index)
        width = self.tree.header().sectionSize(self.column) - 2 * TEXT_MARGIN
        text = unbreakable_moves(str(index.data() or ""))
        if width <= 0 or not text:
            return hint.height()
        bounds = option.fontMetrics.boundingRect(QRect(0, 0, width, UNLIMITED_HEIGHT),
                                                 int(Qt.TextFlag.TextWordWrap), text)
        return max(hint.height(), bounds.height() + 2 * TEXT_MARGIN)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), self.wrapped_height(option, index)) if self.wrap else hint

    def choose_wrap(self) -> bool:
        """Wrap while every line fits the view wrapped; else one text line each (cut with …, whole in the
        tooltip), so all of them show without scrolling. True when the choice changed."""
        option = QStyleOptionViewItem()
        option.initFrom(self.tree)
        model = self.tree.model()
        rows = [model.index(row, self.column) for row in range(model.rowCount())]
        wrap = sum(self.wrapped_height(option, index) for index in rows) <= self.tree.viewport().height()
        changed, self.wrap = wrap != self.wrap, wrap
        return changed


def move_at(tree: QTreeWidget, column: int, cell: QRect, moves: list[str], point: QPoint) -> int | None:
    """Which of ``moves`` (a line's moves as drawn in ``cell`` of ``column``) lies under ``point``: the text is
    laid out as the delegate draws it (wrapped between moves, or one line) and the character under the point
    counted back to its move. None off the text."""
    delegate = tree.itemDelegateForColumn(column)
    wrap = not isinstance(delegate, WrappedLineDelegate) or delegate.wrap
    text = unbreakable_moves(" ".join(moves))
    layout = QTextLayout(text, tree.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap if wrap else QTextOption.WrapMode.NoWrap)
    layout.setTextOption(option)
    width = cell.width() - 2 * TEXT_MARGIN
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(line)
    layout.endLayout()
    height = sum(line.height() for line in lines)
    x = point.x() - cell.left() - TEXT_MARGIN
    y = point.y() - cell.top() - (cell.height() - height) / 2   # the text is centred in its cell
    top = 0.0
    for line in lines:
        if top <= y < top + line.height():
            if not 0 <= x <= line.naturalTextWidth():
                return None
            cursor = line.xToCursor(x, QTextLine.CursorPosition.CursorOnCharacter)
            index = text.count(" ", 0, max(0, min(cursor, len(text) - 1)))
            return index if index < len(moves) else None
        top += line.height()
    return None


class SpareColumn(QObject):
    """Hides a column of secondary figures (nodes per second) while the tree is narrow: the moves get it."""

    def __init__(self, tree: QTreeWidget, column: int) -> None:
        super().__init__(tree)
        self.tree, self.column = tree, column
        tree.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.tree and event.type() == QEvent.Type.Resize:
            narrow = self.tree.width() < NARROW_TREE
            if self.tree.isColumnHidden(self.column) != narrow:
                self.tree.setColumnHidden(self.column, narrow)
        return False


class ResizeWatch(QObject):
    """Lays the tree's rows out again when its height changes (wrapped or cut lines: see ``choose_wrap``)."""

    def __init__(self, tree: QTreeWidget, relayout: QTimer) -> None:
        super().__init__(tree)
        self.relayout = relayout
        tree.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self.relayout.start()
        return False


def wrap_lines(tree: QTreeWidget, column: int, spare: int | None = None) -> None:
    """The variation in ``column`` is wrapped over as many text lines as it needs in the width the column
    has (a narrow column shows the whole line instead of its first three moves); rows are laid out again
    when the column's width or a text changes. The ``spare`` column is hidden while the tree is narrow."""
    if spare is not None:
        SpareColumn(tree, spare)
    tree.setWordWrap(True)
    tree.setUniformRowHeights(False)
    tree.setTextElideMode(Qt.TextElideMode.ElideNone)
    tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    tree.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    delegate = WrappedLineDelegate(tree, column)
    tree.setItemDelegateForColumn(column, delegate)
    relayout = QTimer(tree, singleShot=True, interval=0)

    def lay_out() -> None:
        delegate.choose_wrap()
        tree.doItemsLayout()

    relayout.timeout.connect(lay_out)
    ResizeWatch(tree, relayout)
    tree.header().sectionResized.connect(lambda _column, _old, _new: relayout.start())
    tree.model().dataChanged.connect(lambda *_args: relayout.start())
