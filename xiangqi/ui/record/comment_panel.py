"""Beside the move list: the game's players, the comment of the shown move (editable), and the tree of
variations. Choosing a variation shows its line on the board and in the move list; the selected
variation can be made the main line or deleted."""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import cast

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.game.notation_text import NodeTexts
from xiangqi.record import Game, GameNode
from xiangqi.record.comment_commands import join_commands, split_commands
from xiangqi.review.evaluation import EvalCommentError, parse_eval_comment
from xiangqi.ui.common.i18n import traditional_moves
from xiangqi.ui.record.record_link import RecordLink
from xiangqi.ui.engines.score_text import evaluation_text

NODE_ROLE = Qt.ItemDataRole.UserRole
PREVIEW_MOVES = 4


def move_labels(record: Game, notation: Notation, texts: NodeTexts | None = None) -> dict[int, str]:
    """Every move of the tree as "12. 马二进三" / "12… 马８进７", keyed by ``id(node)``; the move texts
    come from (and go to) ``texts``, the cache the move list shares."""
    texts = texts if texts is not None else NodeTexts()
    labels: dict[int, str] = {}
    for node, position in record.walk_positions():
        text = texts.text(node, position, notation, traditional=traditional_moves())
        mark = "." if position.turn is Color.RED else "…"
        labels[id(node)] = f"{position.fullmove_number}{mark} {text}"
    return labels


def variation_starts(record: Game) -> list[tuple[GameNode, GameNode | None]]:
    """(first move of a variation, first move of the line it branches from), parents before children,
    siblings in order; the main line comes first with no parent."""
    if not record.root.children:
        return []
    starts: list[tuple[GameNode, GameNode | None]] = []
    stack: list[tuple[GameNode, GameNode | None]] = [(record.root.children[0], None)]
    while stack:
        first, parent_first = stack.pop()
        starts.append((first, parent_first))
        found = []
        for index, node in enumerate([first, *first.line()]):
            if index == 0 and parent_first is not None:
                continue        # a variation's own alternatives belong to the line it left
            siblings = node.parent.children if node.parent is not None else []
            if siblings and siblings[0] is node:
                found.extend(siblings[1:])
        stack.extend((alternative, first) for alternative in reversed(found))
    return starts


class CommentPanel(QWidget):
    def __init__(self, link: RecordLink, notation: Callable[[], Notation],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link, self._notation = link, notation
        self._labels: dict[int, str] = {}
        self._labels_for: tuple[int, Notation] | None = None
        self._editing: GameNode | None = None
        self._nodes: list[GameNode] = []
        self._items: dict[int, QTreeWidgetItem] = {}    # id(first move of a variation) -> its item
        self._bold: list[QTreeWidgetItem] = []          # the items of the variations the line goes through
        self.players = QLabel(self)
        self.players.setWordWrap(True)
        self.comment_label = QLabel(self)
        self.comment_edit = QPlainTextEdit(self)
        self.comment_edit.setPlaceholderText(self.tr("Type a comment for this move"))
        self.comment_edit.textChanged.connect(self._comment_edited)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels([self.tr("Variations")])
        self.tree.itemClicked.connect(self._variation_clicked)
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.promote_button = QPushButton(self.tr("Make main line"), self)
        self.promote_button.clicked.connect(self.promote_selected)
        self.delete_button = QPushButton(self.tr("Delete variation"), self)
        self.delete_button.clicked.connect(self.delete_selected)
        self._build_layout()
        link.tree_changed.connect(self.rebuild)
        link.node_changed.connect(self.show_node)
        link.state_changed.connect(self._show_players)
        self.rebuild()

    def _build_layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.players)
        layout.addWidget(self.comment_label)
        layout.addWidget(self.comment_edit, 2)
        layout.addWidget(self.tree, 3)
        layout.addLayout(buttons)

    # ----------------------------------------------------------------- showing
    def labels(self) -> dict[int, str]:
        key = (id(self.link.record), self._notation())
        if key != self._labels_for:
            texts = self.link.controller.game.move_texts
            self._labels, self._labels_for = move_labels(self.link.record, key[1], texts), key
        return self._labels

    def rebuild(self) -> None:
        """The tree of variations changed (or another record was loaded, or the moves are written in
        another notation or language)."""
        self._labels_for = None
        self._build_tree()
        self._show_players()
        self.show_node()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.rebuild()   # "Comment after …", the variations and the players in the new language
        super().changeEvent(event)

    def _build_tree(self) -> None:
        self.tree.clear()
        self._nodes, self._bold = [], []
        items = self._items = {}
        for first, parent_first in variation_starts(self.link.record):
            if parent_first is None:
                item = QTreeWidgetItem(self.tree, [self.tr("Main line")])
            else:
                item = QTreeWidgetItem(items[id(parent_first)], [self.variation_text(first)])
            item.setData(0, NODE_ROLE, len(self._nodes))
            self._nodes.append(first)
            items[id(first)] = item
        self.tree.expandAll()

    def variation_text(self, first: GameNode) -> str:
        labels = self.labels()
        shown = [first, *islice(first.line(), PREVIEW_MOVES - 1)]
        words = [labels.get(id(shown[0]), "?")] + [labels.get(id(n), "?").split(" ", 1)[-1] for n in shown[1:]]
        more = " …" if len(shown) == PREVIEW_MOVES and shown[-1].children else ""
        return " ".join(words) + more

    def show_node(self) -> None:
        node = self.link.current_node()
        self._show_comment(node)
        self._mark_current_line()

    def _show_comment(self, node: GameNode) -> None:
        if node.parent is None:
            self.comment_label.setText(self.tr("Comment before the first move:"))
        else:
            label = self.labels().get(id(node), node.move.iccs() if node.move else "")
            self.comment_label.setText(self.tr("Comment after {0}:").format(label))
        commands, words = split_commands(node.comment)
        shown = _shown_eval(commands)
        if shown:   # a reviewed record: the evaluation beside the label, not as text to edit
            self.comment_label.setText(f"{shown} · {self.comment_label.text()}")
        if node is not self._editing or join_commands("", self.comment_edit.toPlainText()) != words:
            self._editing = None
            self.comment_edit.setPlainText(words)
        self._editing = node

    def _mark_current_line(self) -> None:
        """Bold the variations the shown line goes through, the innermost one current. Found from the
        line's nodes, and only the items whose boldness changes are touched: a step along a line
        thousands of variations deep changes no item."""
        inside = [item for node in self.link.line if (item := self._items.get(id(node))) is not None]
        kept, was_bold = {id(item) for item in inside}, {id(item) for item in self._bold}
        changed = [(item, False) for item in self._bold if id(item) not in kept]
        changed += [(item, True) for item in inside if id(item) not in was_bold]
        # One repaint for all of them: the view's own update for each item costs ~50 µs, 0.3 s for
        # thousands of variations entered at once (nothing else listens to the items' changes).
        model = self.tree.model()
        blocked = model.blockSignals(True)
        try:
            for item, bold in changed:
                self._set_bold(item, bold)
        finally:
            model.blockSignals(blocked)
        if changed:
            self.tree.viewport().update()
        self._bold = inside
        blocked = self.tree.blockSignals(True)
        # PySide6's stub leaves out None, which Qt takes as "no current item" (no line of the tree shown).
        self.tree.setCurrentItem(cast(QTreeWidgetItem, inside[-1] if inside else None))
        self.tree.blockSignals(blocked)
        self._update_buttons()

    @staticmethod
    def _set_bold(item: QTreeWidgetItem, bold: bool) -> None:
        font = QFont(item.font(0))
        font.setBold(bold)
        item.setFont(0, font)

    def _show_players(self) -> None:
        record = self.link.record
        red, black = record.headers.get("Red", ""), record.headers.get("Black", "")
        details = [text for text in (record.headers.get("Event", ""), record.headers.get("Date", "")) if text]
        if record.result != "*":
            details.append(record.result)
        lines = [self.tr("{0} (Red) vs {1} (Black)").format(red or "—", black or "—")] if red or black else []
        self.players.setText("\n".join(lines + ([" · ".join(details)] if details else [])))

    def _all_items(self) -> list[QTreeWidgetItem]:
        items: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop()
            if item is None:
                continue
            items.append(item)
            stack.extend(item.child(i) for i in range(item.childCount()))
        return items

    # ----------------------------------------------------------------- user actions
    def _comment_edited(self) -> None:
        if self._editing is not None:
            commands, _words = split_commands(self._editing.comment)   # kept as they were
            self.link.set_comment(self._editing, join_commands(commands, self.comment_edit.toPlainText()))

    def _variation_clicked(self, item: QTreeWidgetItem) -> None:
        self.go_to_variation(self._nodes[item.data(0, NODE_ROLE)], is_main=item.parent() is None)

    def go_to_variation(self, first: GameNode, is_main: bool = False) -> None:
        """Show a variation from its first move (the main line: the main line at the shown ply)."""
        if is_main:
            main = self.link.record.mainline()
            ply = min(max(self.link.shown_ply(), 1), len(main))
            first = main[ply - 1]
        self.link.go_to(first)

    def selected_variation(self) -> GameNode | None:
        item = self.tree.currentItem()
        if item is None or item.parent() is None:
            return None
        return self._nodes[int(item.data(0, NODE_ROLE))]

    def _update_buttons(self) -> None:
        chosen = self.selected_variation() is not None
        self.promote_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)

    def promote_selected(self) -> None:
        node = self.selected_variation()
        if node is not None:
            self.link.promote(node)

    def delete_selected(self) -> None:
        node = self.selected_variation()
        if node is not None:
            self.link.delete(node)


def _shown_eval(commands: str) -> str:
    """``+0.43`` / ``#-5`` from a ``[%eval]`` command (red's point of view), "" when there is none."""
    try:
        evaluation = parse_eval_comment(commands) if commands else None
    except EvalCommentError:
        return ""
    if evaluation is None:
        return ""
    return evaluation_text(evaluation)
