"""Beside the move list: the game's players, the comment of the shown move (editable), and the
variations (the main line and each variation under the line it leaves, indented: ``variation_model``).
Choosing a variation shows its line on the board and in the move list; the selected variation can be
made the main line or deleted. Moves are written only when shown: a record of thousands of moves and
variations opens without writing them all."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QTimer
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QLabel, QListView, QPlainTextEdit, QPushButton,
                               QVBoxLayout, QWidget)

from xiangqi.core import Color
from xiangqi.core.notation import Notation
from xiangqi.record import Game, GameNode
from xiangqi.record.comment_commands import join_commands, split_commands
from xiangqi.review.evaluation import EvalCommentError, parse_eval_comment
from xiangqi.review.series import better_move, review_mark
from xiangqi.ui.common.contrast import mark_colour
from xiangqi.ui.common.i18n import current_language, traditional_moves
from xiangqi.ui.record.opening_text import opening_line
from xiangqi.ui.record.record_link import RecordLink
from xiangqi.ui.engines.score_text import evaluation_text
from xiangqi.ui.play.line_positions import PositionWalker, known_positions
from xiangqi.ui.record.variation_model import NestingDelegate, VariationListModel

SHOWN_TAG_CHARS = 120     # real names and events are far shorter
LAYOUT_BATCH = 1000       # lines of the variations list laid out per event-loop turn (a few ms)


class CommentPanel(QWidget):
    def __init__(self, link: RecordLink, notation: Callable[[], Notation],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link, self._notation = link, notation
        self._labels: dict[GameNode, str] = {}
        self._walker: PositionWalker | None = None
        self._editing: GameNode | None = None
        self._inside: tuple[GameNode, list[int]] | None = None    # the head, and _lines_to_head's rows
        self._record: Game | None = None        # the record the variations are of
        self._scroll_row: int | None = None     # the line to show once the list has laid it out
        self.players = QLabel(self)
        self.players.setWordWrap(True)
        self.comment_label = QLabel(self)
        self.review_label = QLabel(self)   # "?? 炮二平五 was better" under a move a review marked
        self.review_label.setWordWrap(True)
        self.review_label.hide()
        self.comment_edit = QPlainTextEdit(self)
        self.comment_edit.setPlaceholderText(self.tr("Type a comment for this move"))
        self.comment_edit.textChanged.connect(self._comment_edited)
        self.variations = VariationListModel(self.label, self)
        self.tree = self._make_tree()
        self.promote_button = QPushButton(self.tr("Make main line"), self)
        self.promote_button.clicked.connect(self.promote_selected)
        self.delete_button = QPushButton(self.tr("Delete variation"), self)
        self.delete_button.clicked.connect(self.delete_selected)
        self._build_layout()
        link.tree_changed.connect(self.rebuild)
        link.move_added.connect(self.rebuild)      # a move played may start a variation of the record
        link.record_replaced.connect(self.rebuild)
        link.node_changed.connect(self.show_node)
        link.state_changed.connect(self._show_players)
        self.rebuild()

    def _make_tree(self) -> QListView:
        # A list view: a tree view lays out every row before it scrolls to one (each a call into the
        # Python model: 50 ms for 20,000 variations, with the window frozen); a list of uniform rows
        # does not, and the delegate indents each line by its nesting.
        tree = QListView(self)
        tree.setModel(self.variations)
        tree.setItemDelegate(NestingDelegate(tree))
        tree.setUniformItemSizes(True)      # Qt never measures the rows (a record may have 20,000)
        # Laid out a batch per event-loop turn: a new record's 20,000 lines cost 2 calls into the model
        # each (0.1 s in one go); see _scroll_to.
        tree.setLayoutMode(QListView.LayoutMode.Batched)
        tree.setBatchSize(LAYOUT_BATCH)
        tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        tree.setAccessibleName(self.tr("Variations"))
        tree.clicked.connect(self._variation_clicked)
        tree.activated.connect(self._variation_clicked)      # Enter on the current line
        tree.selectionModel().currentChanged.connect(lambda *_: self._update_buttons())
        return tree

    def _build_layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.players)
        layout.addWidget(self.review_label)
        layout.addWidget(self.comment_label)
        layout.addWidget(self.comment_edit, 2)
        layout.addWidget(self.tree, 3)
        layout.addLayout(buttons)

    # ----------------------------------------------------------------- showing
    def label(self, node: GameNode, ply: int | None = None) -> str:
        """The move of ``node`` (at ``ply``, when the caller knows it) as "12. 马二进三" / "12… 马８进７"
        (written when first asked)."""
        label = self._labels.get(node)
        if label is None:
            assert node.move is not None and node.parent is not None and self._walker is not None
            before = self._walker.position_at(node.parent, (node.ply if ply is None else ply) - 1)
            text = self.link.controller.game.move_texts.text(node, before, self._notation(),
                                                             traditional=traditional_moves())
            mark = "." if before.turn is Color.RED else "…"
            label = self._labels[node] = f"{before.fullmove_number}{mark} {text}"
        return label

    def rebuild(self) -> None:
        """The tree of variations changed (or another record was loaded, or the moves are written in
        another notation or language)."""
        game = self.link.controller.game
        self._labels, self._inside, self._record = {}, None, game.record
        self._walker = PositionWalker(game.record.root, game.record.start_position(),
                                      lambda: known_positions(game))
        self.variations.show_record(game.record)
        self._show_players()
        self.show_node()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.tree.setAccessibleName(self.tr("Variations"))
            self.rebuild()   # "Comment after …", the variations and the players in the new language
        elif event.type() == QEvent.Type.PaletteChange:   # high contrast on or off: the mark's colour for it
            self._show_review_words(self.link.current_node())
        super().changeEvent(event)

    def show_node(self) -> None:
        node = self.link.current_node()
        self._show_comment(node)
        if self.link.record is self._record:   # (another record: its rebuild, which comes next, marks it)
            self._mark_current_line()

    def _show_comment(self, node: GameNode) -> None:
        if node.parent is None:
            self.comment_label.setText(self.tr("Comment before the first move:"))
        else:
            label = self.label(node)
            self.comment_label.setText(self.tr("Comment after {0}:").format(label))
        commands, words = split_commands(node.comment)
        shown = _shown_eval(commands)
        if shown:   # a reviewed record: the evaluation beside the label, not as text to edit
            self.comment_label.setText(f"{shown} · {self.comment_label.text()}")
        self._show_review_words(node)
        if node is not self._editing or join_commands("", self.comment_edit.toPlainText()) != words:
            self._editing = None
            self.comment_edit.setPlainText(words)
        self._editing = node

    def _show_review_words(self, node: GameNode) -> None:
        """A move a review marked: its mark and the better move in words, in the mark's colour."""
        better, mark = better_move(node), review_mark(node)
        self.review_label.setVisible(better is not None and mark is not None)
        if better is None or mark is None:
            return
        move = self.label(better).split(" ", 1)[-1]   # the move alone, without its number
        self.review_label.setText(f"{mark.symbol} " + self.tr("{0} was better").format(move))
        colour = mark_colour(mark.symbol, self.palette().color(self.backgroundRole()))
        self.review_label.setStyleSheet(f"color: {colour.name()}; font-weight: bold")

    def _mark_current_line(self) -> None:
        """Bold the variations the shown line goes through, the innermost one current (the model repaints
        only the rows whose boldness changed)."""
        model = self.variations
        inside = self._lines_to_head()
        model.set_bold(set(inside))
        selection = self.tree.selectionModel()
        if inside:
            selection.setCurrentIndex(model.index(inside[-1]), QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self._scroll_to(inside[-1])
        else:
            selection.clear()
        self._update_buttons()

    def _scroll_to(self, row: int, turns: int | None = None) -> None:
        """Show line ``row``, once the list has laid it out: a list laid out in batches has no place for a
        row yet to come, so this looks again on the next event-loop turns (as many as the batches)."""
        self._scroll_row = row
        index = self.variations.index(row)
        if not index.isValid():
            return
        if self.tree.visualRect(index).isValid() or not self.tree.isVisible():
            self.tree.scrollTo(index)
            return
        left = turns if turns is not None else self.variations.rowCount() // LAYOUT_BATCH + 2
        if left > 0:
            QTimer.singleShot(0, self, lambda: self._scroll_again(row, left - 1))

    def _scroll_again(self, row: int, turns: int) -> None:
        if self._scroll_row == row:     # no newer line to show came meanwhile
            self._scroll_to(row, turns)

    def _lines_to_head(self) -> list[int]:
        """The rows of the lines the game's line goes through, outermost first. The line is the path to the
        head and its continuation, which follows first moves only: every line it enters starts on the path
        (at a move that is not its parent's first). Found once per head (moving the view along the line
        finds nothing anew); a tree change rebuilds the panel and forgets it."""
        head = self.link.controller.game.head
        if self.variations.rowCount() <= 1 or head.parent is None:   # no variation, or at the start: the
            return [0] if self.variations.rowCount() else []          # continuation is the main line
        if self._inside is None or self._inside[0] is not head:
            model, rows, node = self.variations, [], head
            while node.parent is not None:
                if node.parent.children[0] is not node or node.parent.parent is None:
                    row = model.row_of(node)
                    if row is not None:
                        rows.append(row)
                node = node.parent
            rows.reverse()
            self._inside = (head, rows)
        return self._inside[1]

    def _show_players(self) -> None:
        record = self.link.record
        red, black = (shown_tag(record.headers.get(name, "")) for name in ("Red", "Black"))
        details = [shown_tag(text) for text in (record.headers.get("Event", ""), record.headers.get("Date", ""))
                   if text]
        if record.result != "*":
            details.append(record.result)
        lines = [self.tr("{0} (Red) vs {1} (Black)").format(red or "—", black or "—")] if red or black else []
        lines += [" · ".join(details)] if details else []
        opening = shown_tag(opening_line(record, current_language()))   # the ECCO code and name, if known
        lines += [opening] if opening else []
        self.players.setText("\n".join(lines))

    # ----------------------------------------------------------------- user actions
    def _comment_edited(self) -> None:
        if self._editing is not None:
            commands, _words = split_commands(self._editing.comment)   # kept as they were
            self.link.set_comment(self._editing, join_commands(commands, self.comment_edit.toPlainText()))

    def _variation_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.go_to_variation(self.variations.first_move(index.row()), is_main=index.row() == 0)

    def go_to_variation(self, first: GameNode, is_main: bool = False) -> None:
        """Show a variation from its first move (the main line: the main line at the shown ply)."""
        if is_main:
            main = self.link.record.mainline()
            ply = min(max(self.link.shown_ply(), 1), len(main))
            first = main[ply - 1]
        self.link.go_to(first)

    def selected_variation(self) -> GameNode | None:
        index = self.tree.currentIndex()
        if not index.isValid() or index.row() == 0:
            return None
        return self.variations.first_move(index.row())

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


def shown_tag(value: str) -> str:
    """A tag as the panel shows it: at most ``SHOWN_TAG_CHARS`` characters, then "…". The label wraps its
    text, and wrapping one of the 10,000-character tags a file may hold took 0.4 s, with the window frozen
    (the record keeps the whole value, and Save writes it)."""
    return value if len(value) <= SHOWN_TAG_CHARS else value[:SHOWN_TAG_CHARS] + "…"


def _shown_eval(commands: str) -> str:
    """``+0.43`` / ``#-5`` from a ``[%eval]`` command (red's point of view), "" when there is none."""
    try:
        evaluation = parse_eval_comment(commands) if commands else None
    except EvalCommentError:
        return ""
    if evaluation is None:
        return ""
    return evaluation_text(evaluation)
