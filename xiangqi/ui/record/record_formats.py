"""The record formats beyond PGN/XQF in the app: File › Open by content (CCBridge CBL/CBR/CBF, DhtmlXQ
pages; a CBL library shows its game list like a PGN collection), Save As WinBoard PGN or XQF, and the
Open dialog's filters. Files of these kinds are read-only in place: Save offers Save As.

    formats = RecordFormats(records, parent)   # record_actions.RecordUi makes one; ``RecordHost``: what it uses
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox

from xiangqi.atomic import atomic_write
from xiangqi.record import Game, RecordError
from xiangqi.record.collection import RecordCollection
from xiangqi.record.pgn_writer import encode_text
from xiangqi.record.winboard import game_to_winboard
from xiangqi.record.xqf_writer import game_to_xqf
from xiangqi.ui.record.game_list_dialog import GameListDialog
from xiangqi.ui.record.record_link import RecordLink, RecordSource

RECORD_PATTERNS = "*.pgn *.xqf *.cbl *.cbr *.cbf *.html *.htm *.txt"
SUFFIXES = (".pgn", ".xqf", ".txt", ".cbl", ".cbr", ".cbf", ".html", ".htm")


def _patterns(lower: str) -> str:
    """Both cases: Windows programs write .PGN/.XQF/.CBL, and Linux file dialogs match case-sensitively."""
    return " ".join(f"{pattern} *.{pattern[2:].upper()}" for pattern in lower.split())


class RecordHost(Protocol):
    """What the formats use of the record feature (``record_actions.RecordUi``)."""

    link: RecordLink

    def show_error(self, title: str, text: str, details: list[str] | None = None,
                   icon: QMessageBox.Icon = QMessageBox.Icon.Critical) -> QMessageBox: ...

    def load_game(self, game: Game, source: RecordSource | None, path: Path | None) -> bool: ...

    def show_game_list(self, path: Path) -> GameListDialog: ...

    def report_save_failure(self, path: Path, exc: Exception) -> None: ...

    def mark_saved(self, source: RecordSource) -> None: ...


class RecordFormats(QObject):
    """Opening the CCBridge/DhtmlXQ kinds and exporting WinBoard PGN/XQF for the record feature."""

    def __init__(self, ui: RecordHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ui = ui

    # ----------------------------------------------------------------- opening
    def open_filters(self) -> list[str]:
        return [
            self.tr("Game records ({0})").format(_patterns(RECORD_PATTERNS)),
            self.tr("PGN, WinBoard PGN ({0})").format(_patterns("*.pgn")),
            self.tr("XQF (象棋演播室, 象棋巫师) ({0})").format(_patterns("*.xqf")),
            self.tr("CCBridge (象棋桥) ({0})").format(_patterns("*.cbl *.cbr *.cbf")),
            self.tr("DhtmlXQ web pages and texts ({0})").format(_patterns("*.html *.htm *.txt")),
            self.tr("All files (*)"),
        ]

    def choose(self, path: Path, collection: RecordCollection, index: int) -> bool:
        """Game ``index`` of a collection, shown read-only (Save offers Save As), with the file's own
        problems (a record cut short) before its own."""
        game = collection.game(index)
        game.errors[:0] = collection.problems
        return self.ui.load_game(game, RecordSource(path, writable=False), path)

    # ----------------------------------------------------------------- exporting
    def save_filters(self) -> dict[str, str]:
        """Save As file types beyond the PGN ones: filter text -> kind."""
        return {
            self.tr("WinBoard/XBoard PGN, for XBoard and pychess (*.pgn)"): "winboard",
            self.tr("XQF, for 象棋巫师 and 象棋演播室 (*.xqf)"): "xqf",
        }

    def prepare_save_dialog(self, dialog: QFileDialog) -> None:
        """The suffix added to a typed name follows the file type chosen."""
        kinds = self.save_filters()
        def follow(picked: str) -> None:
            dialog.setDefaultSuffix("xqf" if kinds.get(picked) == "xqf" else "pgn")

        dialog.filterSelected.connect(follow)

    def export(self, path: Path, kind: str) -> bool:
        """Write the game as WinBoard PGN or XQF (atomically); the app keeps it as a read-only source."""
        record = self.ui.link.record_for_saving()
        try:
            data = game_to_xqf(record) if kind == "xqf" else encode_text(game_to_winboard(record), "utf-8")
            atomic_write(path, data)
        except (RecordError, OSError) as exc:
            self.ui.report_save_failure(path, exc)
            return False
        self.ui.mark_saved(RecordSource(path, writable=False))
        return True
