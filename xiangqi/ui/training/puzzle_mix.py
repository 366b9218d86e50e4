"""The puzzle trainer's choice of themes (主题): a button that opens a list of every theme, 杀法, tactic, phase
and endgame type the set holds, each with its count, to tick in any mix; the button says what is chosen and
how many puzzles match. The list stays open while the user ticks (a popup: a click outside closes it)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QPushButton,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from xiangqi.tactics import MOTIF_NAMES, Motif, MotifKind, motif_name, motifs_of_kind
from xiangqi.training.puzzle_store import PuzzleMix, mix_counts
from xiangqi.training.puzzles import Puzzle, Theme

GROUP_ORDER = (MotifKind.PHASE, MotifKind.MATE, MotifKind.TACTIC, MotifKind.ENDGAME)
POPUP_ROWS = 22            # the list's height in rows before it scrolls


def motif_text(motif: Motif) -> str:
    """A motif's name in the UI language; in a UI that is not Chinese the Chinese name follows, because the
    象棋 terms are the names players know (``Horse and cannon mate (马后炮)``)."""
    english = MOTIF_NAMES[motif].english
    name = motif_name(motif, lambda text: QCoreApplication.translate("Motif", text))
    return f"{name} ({MOTIF_NAMES[motif].simplified})" if name == english else name


def motifs_text(motifs: frozenset[Motif]) -> str:
    """The motifs of a solved puzzle, 杀法 and tactics first, then the phase and endgame type."""
    ordered = [m for kind in (MotifKind.MATE, MotifKind.TACTIC, MotifKind.PHASE, MotifKind.ENDGAME)
               for m in motifs_of_kind(kind) if m in motifs]
    return " · ".join(motif_text(m) for m in ordered)


class PuzzleMixChooser(QToolButton):
    mix_changed = Signal(object)     # PuzzleMix

    def __init__(self, theme_names: dict[Theme, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("puzzle_mix")
        self.theme_names = theme_names
        self.puzzles: tuple[Puzzle, ...] = ()
        self.mix = PuzzleMix()
        self._items: list[tuple[QTreeWidgetItem, Theme | Motif]] = []
        self._groups = 0
        self.popup = QFrame(self, Qt.WindowType.Popup)
        self.popup.setObjectName("puzzle_mix_popup")
        self.popup.setFrameShape(QFrame.Shape.StyledPanel)
        self.tree = QTreeWidget(self.popup)
        self.tree.setObjectName("puzzle_mix_list")
        self.tree.setHeaderHidden(True)
        self.tree.itemChanged.connect(self._on_item_changed)
        self.clear_button = QPushButton(self.tr("All puzzles"), self.popup)
        self.clear_button.clicked.connect(self.clear)
        column = QVBoxLayout(self.popup)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.clear_button)
        column.addWidget(self.tree)
        self.clicked.connect(self.open_list)
        self._show_choice()

    # ------------------------------------------------------------------ the set
    def set_puzzles(self, puzzles: Sequence[Puzzle]) -> None:
        self.puzzles = tuple(puzzles)
        self.mix = PuzzleMix()
        themes, motifs = mix_counts(self.puzzles)
        self.tree.blockSignals(True)
        self.tree.clear()
        self._items, self._groups = [], 0
        outcome = self._group(self.tr("Outcome"))
        for theme, name in self.theme_names.items():
            if theme in themes:
                self._item(outcome, f"{name} ({themes[theme]})", theme)
        for kind in GROUP_ORDER:
            present = [m for m in motifs_of_kind(kind) if m in motifs]
            if present:
                group = self._group(self._kind_title(kind))
                for motif in present:
                    self._item(group, f"{motif_text(motif)} ({motifs[motif]})", motif)
        self.tree.expandAll()
        self.tree.blockSignals(False)
        self._show_choice()

    def _kind_title(self, kind: MotifKind) -> str:
        return {MotifKind.PHASE: self.tr("Phase"), MotifKind.MATE: self.tr("Mates (杀法)"),
                MotifKind.TACTIC: self.tr("Tactics"), MotifKind.ENDGAME: self.tr("Endgame types")}[kind]

    def _group(self, title: str) -> QTreeWidgetItem:
        self._groups += 1
        group = QTreeWidgetItem(self.tree, [title])
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = group.font(0)
        font.setBold(True)
        group.setFont(0, font)
        return group

    def _item(self, group: QTreeWidgetItem, text: str, value: Theme | Motif) -> None:
        item = QTreeWidgetItem(group, [text])
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(0, Qt.CheckState.Unchecked)
        item.setData(0, Qt.ItemDataRole.UserRole, value.value)
        self._items.append((item, value))

    # ------------------------------------------------------------------ choosing
    def open_list(self) -> None:
        rows = self._groups + len(self._items)
        row_height = max(self.tree.sizeHintForRow(0), self.fontMetrics().height() + 4)
        height = min(rows, POPUP_ROWS) * row_height + self.clear_button.sizeHint().height() + 24
        width = max(self.width(), self.tree.sizeHintForColumn(0) + 60)
        corner = self.mapToGlobal(QPoint(0, self.height()))
        screen = self.screen().availableGeometry()
        self.popup.resize(width, max(min(height, screen.bottom() - corner.y() - 8), 6 * row_height))
        self.popup.move(corner)
        self.popup.show()
        self.tree.setFocus()

    def entries(self) -> dict[str, QTreeWidgetItem]:
        """The list's rows by their text (``Fork (捉双) (12)``), for the tests and the screen reader walk."""
        return {item.text(0): item for item, _value in self._items}

    def checked(self) -> list[Theme | Motif]:
        return [value for item, value in self._items if item.checkState(0) == Qt.CheckState.Checked]

    def _on_item_changed(self, _item: QTreeWidgetItem, _column: int) -> None:
        chosen = self.checked()
        motifs = frozenset(m for m in chosen if isinstance(m, Motif))
        self.mix = PuzzleMix(themes=frozenset(t for t in chosen if isinstance(t, Theme)),
                             motifs=frozenset(m for m in motifs if m.kind is not MotifKind.PHASE),
                             phases=frozenset(m for m in motifs if m.kind is MotifKind.PHASE))
        self._show_choice()
        self.mix_changed.emit(self.mix)

    def clear(self) -> None:
        self.tree.blockSignals(True)
        for item, _value in self._items:
            item.setCheckState(0, Qt.CheckState.Unchecked)
        self.tree.blockSignals(False)
        self._on_item_changed(QTreeWidgetItem(), 0)

    def _show_choice(self) -> None:
        matching = sum(1 for p in self.puzzles if self.mix.matches(p))
        chosen = self.checked()
        if not chosen:
            self.setText(self.tr("Themes: all ({0}) ▾").format(len(self.puzzles)))
            return
        names = [self.theme_names.get(c, "") if isinstance(c, Theme) else motif_text(c) for c in chosen]
        shown = ", ".join(names[:2]) + ("…" if len(names) > 2 else "")
        self.setText(self.tr("Themes: {0} ({1}) ▾").format(shown, matching))
