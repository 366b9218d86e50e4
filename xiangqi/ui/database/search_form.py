"""The database window's search form: the board's position, players (either colour, as red, as black),
event, date range, result, ECCO code, game length, material and pieces, combined into one ``Query``.
Empty fields do not restrict; the Search button (or Enter in any field) asks for the games."""

from __future__ import annotations

import re

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QWidget)

from xiangqi.core import Position
from xiangqi.database import Query, QueryError
from xiangqi.database.rows import fold
from xiangqi.record.ecco import shipped_names
from xiangqi.ui.common.i18n import QT_TRANSLATE_NOOP

CODE_START = re.compile(r"[A-Ea-e][0-9]{0,2}")   # an ECCO code or its start, as the search takes it
MAX_CODES_NAMED = 12          # codes an ambiguous opening name lists
MAX_PLIES_ASKED = 9999        # the length spin boxes' top (0 there means "no bound")
FIELD_CHARS = 200             # what a text field takes (the query's own bound: search.MAX_QUERY_CHARS)
COLOURS = (QT_TRANSLATE_NOOP("SearchForm", "either colour"), QT_TRANSLATE_NOOP("SearchForm", "as red"),
           QT_TRANSLATE_NOOP("SearchForm", "as black"))
RESULTS = ((QT_TRANSLATE_NOOP("SearchForm", "any result"), None), (QT_TRANSLATE_NOOP("SearchForm", "red won"), "1-0"),
           (QT_TRANSLATE_NOOP("SearchForm", "drawn"), "1/2-1/2"), (QT_TRANSLATE_NOOP("SearchForm", "black won"), "0-1"))


def _text(field: QLineEdit) -> str | None:
    return field.text().strip() or None


def ecco_searched(text: str) -> str:
    """The code (or code start) a typed ECCO field searches: a code as typed (C9, c95); an opening's name
    (中炮, 順炮, "central cannon", in either script) the code of the one opening, or the family all of whose
    codes it names (e.g. C9: C90-C99). QueryError otherwise, naming the codes it would have meant."""
    typed = text.strip()
    if CODE_START.fullmatch(typed):
        return typed.upper()
    wanted = fold(typed)
    names = shipped_names()
    codes = sorted(code for code, opening in names.items()
                   if wanted in fold(opening.name) or wanted in opening.english.casefold())
    if not codes:
        raise QueryError(f"ECCO {typed[:40]!r}: no opening has that name")
    for length in (3, 2, 1):   # the codes of one family, the whole family
        family = {code[:length] for code in codes}
        if len(family) == 1 and len([code for code in names if code.startswith(codes[0][:length])]) == len(codes):
            return codes[0][:length]
    shown = ", ".join(codes[:MAX_CODES_NAMED]) + (" …" if len(codes) > MAX_CODES_NAMED else "")
    raise QueryError(f"ECCO {typed[:40]!r} names {len(codes)} openings ({shown}): type one of the codes")


class SearchForm(QWidget):
    search_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position: Position | None = None
        self.use_position = QCheckBox(self.tr("Games that reached the board's position"), self)
        self.player, self.event_name, self.ecco, self.material, self.pieces = (self._field() for _ in range(5))
        self.player.setPlaceholderText(self.tr("a name or part of it"))
        self.ecco.setPlaceholderText(self.tr("a code or a name, e.g. C9"))
        self.ecco.setToolTip(self.tr("An ECCO code or its start (C9 finds C90 to C99), or an opening's name"))
        self.material.setPlaceholderText(self.tr("e.g. RHC-RC"))
        self.material.setToolTip(self.tr("The rooks (R), horses (H) and cannons (C) of each side at some moment "
                                         "of the game, red first: RHC-RC"))
        self.pieces.setPlaceholderText(self.tr("e.g. Ra0,ce7"))
        self.pieces.setToolTip(self.tr("Pieces on points at one moment: a piece letter (upper case red, lower "
                                       "case black) and a point, e.g. Ra0,ce7"))
        self.colour = QComboBox(self)
        self.colour.addItems([self.tr(text) for text in COLOURS])
        self.date_from, self.date_to = self._field(), self._field()
        self.date_from.setPlaceholderText(self.tr("from YYYY"))
        self.date_to.setPlaceholderText(self.tr("to YYYY"))
        for field in (self.date_from, self.date_to):
            field.setToolTip(self.tr("A year, or a date as YYYY.MM.DD"))
        self.result = QComboBox(self)
        for text, value in RESULTS:
            self.result.addItem(self.tr(text), value)
        self.min_plies, self.max_plies = self._plies(), self._plies()
        self.search_button = QPushButton(self.tr("&Search"), self)
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(lambda _checked=False: self.search_asked.emit())
        self.reset_button = QPushButton(self.tr("&Reset"), self)
        self.reset_button.clicked.connect(lambda _checked=False: self.reset())
        self._lay_out()

    def _field(self) -> QLineEdit:
        field = QLineEdit(self)
        field.setMaxLength(FIELD_CHARS)
        field.setClearButtonEnabled(True)
        field.returnPressed.connect(self.search_asked.emit)
        return field

    def _plies(self) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(0, MAX_PLIES_ASKED)
        box.setSpecialValueText(self.tr("any"))
        return box

    def _row(self, *widgets: QWidget | str) -> QHBoxLayout:
        row = QHBoxLayout()
        for widget in widgets:
            if isinstance(widget, str):
                row.addWidget(QLabel(widget, self))
            else:
                row.addWidget(widget, 1)
        return row

    def _lay_out(self) -> None:
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.use_position)
        form.addRow(self.tr("Player:"), self._row(self.player, self.colour))
        form.addRow(self.tr("Event:"), self.event_name)
        form.addRow(self.tr("Date:"), self._row(self.date_from, "–", self.date_to))
        form.addRow(self.tr("Result:"), self.result)
        form.addRow(self.tr("ECCO:"), self.ecco)
        form.addRow(self.tr("Plies:"), self._row(self.min_plies, "–", self.max_plies))
        form.addRow(self.tr("Material:"), self.material)
        form.addRow(self.tr("Pieces:"), self.pieces)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.reset_button)
        buttons.addWidget(self.search_button)
        form.addRow(buttons)

    def set_position(self, position: Position, use: bool | None = None) -> None:
        """The board's position, searched while the box is ticked (``use``: tick or untick it)."""
        self.position = position.copy()
        if use is not None:
            self.use_position.setChecked(use)

    def reset(self) -> None:
        for field in (self.player, self.event_name, self.ecco, self.material, self.pieces, self.date_from,
                      self.date_to):
            field.clear()
        self.colour.setCurrentIndex(0)
        self.result.setCurrentIndex(0)
        self.min_plies.setValue(0)
        self.max_plies.setValue(0)
        self.use_position.setChecked(False)

    def query(self) -> Query:
        """The fields as a query (each checked by the search, whose QueryError quotes a wrong field; an
        opening's name typed for ECCO is read here: QueryError when it names no family of codes)."""
        player = _text(self.player)
        colour = self.colour.currentIndex()
        result = self.result.currentData()
        fen = self.position.fen() if self.use_position.isChecked() and self.position is not None else None
        ecco = _text(self.ecco)
        return Query(fen=fen, player=player if colour == 0 else None, red=player if colour == 1 else None,
                     black=player if colour == 2 else None, event=_text(self.event_name),
                     ecco=ecco_searched(ecco) if ecco else None,
                     result=result if isinstance(result, str) else None, date_from=_text(self.date_from),
                     date_to=_text(self.date_to), min_plies=self.min_plies.value() or None,
                     max_plies=self.max_plies.value() or None, material=_text(self.material),
                     pieces=_text(self.pieces))


__all__ = ["SearchForm"]
