"""Clipboard: copy the shown position as FEN, the game as a text record in Chinese notation or as PGN;
paste a FEN, a PGN or a plain move list (any notation, optionally after a FEN line)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence

from xiangqi.core import Color, FenError, Position
from xiangqi.core.notation import Notation, move_to_text
from xiangqi.record import Game, GameNode, PgnError, RecordError, game_to_pgn, read_pgn
from xiangqi.record.dhtmlxq import game_to_dhtmlxq, read_dhtmlxq
from xiangqi.ui.record.record_link import RecordLink


def text_record(record: Game, line: list[GameNode], result: str = "*") -> str:
    """The moves of ``line`` numbered in Chinese notation (xqbase style, full-width digits for black),
    the start FEN first when it is a set-up position, the result last: readable and pasteable."""
    rows: list[str] = [record.start_fen] if record.is_setup else []
    position = record.start_position()
    current = ""
    for node in line:
        assert node.move is not None
        text = move_to_text(position, node.move, Notation.CHINESE, fullwidth_digits=True)
        if position.turn is Color.RED:
            current = f"{position.fullmove_number:>3}. {text}"
        else:
            current = (current or f"{position.fullmove_number:>3}. ……") + f"  {text}"
            rows.append(current)
            current = ""
        position.push(node.move)
    if current:
        rows.append(current)
    rows.append(result)
    return "\n".join(rows) + "\n"


def read_pasted(text: str, source: str) -> Game:
    """A game from pasted text: a lone FEN starts an empty game there; otherwise the first game of a
    PGN text or move list. Raises PgnError when nothing usable is in it (the message names the line)."""
    text = text.strip()
    if not text:
        raise PgnError("there is no text to read", path=source)
    if "\n" not in text:
        try:
            return Game(start_fen=Position.from_fen(text).fen())
        except FenError:
            pass            # not a FEN: read it as moves (a bad FEN line is reported from there)
    is_dhtmlxq = "[dhtmlxq" in text.lower()   # a block copied from a 东萍-style page or a forum post
    games = read_dhtmlxq(text, source) if is_dhtmlxq else read_pgn(text, path=source)
    if not games:
        raise PgnError("no game found", path=source)
    game = games[0]
    if game.errors and not game.root.children and not game.is_setup:
        raise game.errors[0]
    return game


class ClipboardActions(QObject):
    """The Edit menu's clipboard actions for the current record."""

    def __init__(self, link: RecordLink, load: Callable[[Game], None], fail: Callable[[str, str], object],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.link, self._load, self._fail = link, load, fail
        self.copy_fen_action = self._action(self.tr("Copy &FEN"), self.copy_fen, "Ctrl+Shift+C")
        self.copy_text_action = self._action(self.tr("Copy game as &text (Chinese notation)"), self.copy_text)
        self.copy_pgn_action = self._action(self.tr("Copy game as P&GN"), self.copy_pgn,
                                            QKeySequence.StandardKey.Copy)
        self.copy_dhtmlxq_action = self._action(self.tr("Copy game as &DhtmlXQ"), self.copy_dhtmlxq)
        self.paste_action = self._action(self.tr("&Paste FEN, PGN or moves"), self.paste,
                                         QKeySequence.StandardKey.Paste)

    def _action(self, text: str, slot: Callable[[], object],
                key: str | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(text, self)
        if key is not None:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def actions(self) -> list[QAction]:
        return [self.copy_fen_action, self.copy_text_action, self.copy_pgn_action, self.copy_dhtmlxq_action,
                self.paste_action]

    @staticmethod
    def _set_text(text: str) -> None:
        QGuiApplication.clipboard().setText(text)

    def copy_fen(self) -> str:
        fen = self.link.controller.board_position().fen()
        self._set_text(fen)
        return fen

    def copy_text(self) -> str:
        record = self.link.record_for_saving()
        main = record.mainline()
        on_main = len(self.link.line) == len(main) and all(a is b for a, b in zip(self.link.line, main, strict=True))
        text = text_record(record, self.link.line, record.result if on_main else "*")
        self._set_text(text)
        return text

    def copy_pgn(self) -> str | None:
        try:
            text = game_to_pgn(self.link.record_for_saving())
        except PgnError as exc:
            self._fail(self.tr("The game cannot be copied"), str(exc))
            return None
        self._set_text(text)
        return text

    def copy_dhtmlxq(self) -> str | None:
        """The game (variations and comments) as a [DhtmlXQ] block, the form forums and 东萍 pages take."""
        try:
            text = game_to_dhtmlxq(self.link.record_for_saving())
        except RecordError as exc:
            self._fail(self.tr("The game cannot be copied"), str(exc))
            return None
        self._set_text(text)
        return text

    def paste(self) -> Game | None:
        source = QCoreApplication.translate("ClipboardActions", "clipboard")
        try:
            game = read_pasted(QGuiApplication.clipboard().text(), source)
        except RecordError as exc:   # PgnError, or a DhtmlxqError of a pasted block
            self._fail(self.tr("The clipboard holds no FEN, PGN or move list"), str(exc))
            return None
        self._load(game)
        return game
