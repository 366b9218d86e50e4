"""Game › Engine match…: the dialog that sets up a match between two engines.

Two engines (the built-in levels and every engine the registry knows), a time control (per move, or a
clock with increment), the number of games, the openings (none, a record or FEN-list file, or the open
book for the first N plies), the optional adjudications and the PGN file the games are appended to.
Colours alternate (``xiangqi.match.schedule``). ``settings()`` gives the ``MatchSettings`` the match
runner plays; the dialog only closes once they are usable (a message says what is wrong otherwise).

The kind of test: a match of N games, an SPRT (elo0, elo1, alpha, beta: the match stops once the LLR reaches
a bound, the games count being the most it plays; ``sprt()``), or a tournament (round-robin or gauntlet of the
engines ticked in the list, the first ticked being the gauntlet's tested engine, ``rounds`` games an
encounter, twice as many with "each opening with both colours"; ``tournament()``).
"""

from __future__ import annotations

import dataclasses

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from xiangqi.core import Move, Position
from xiangqi.core.notation import Notation
from xiangqi.engine.registry import BUILTIN_FAMILY, EngineSpec
from xiangqi.engine.naming import BUILTIN_LEVELS, TimeControl, builtin_spec
from xiangqi.match.referee import Adjudication
from xiangqi.match.runner import MatchSettings, TournamentSettings
from xiangqi.match.schedule import Opening, book_openings, load_openings, shipped_suite, shipped_suites
from xiangqi.match.sprt import EloModel, SprtSettings
from xiangqi.match.tournament import TournamentKind
from xiangqi.ui.common.file_dialogs import FileKind, prepare_file_dialog

BookMove = Callable[[Position, int], Move | None]   # BookPlayer.move_for of the open book
DEFAULT_PGN = "match.pgn"
MODE_MATCH, MODE_SPRT, MODE_TOURNAMENT = range(3)
OPENINGS_NONE, OPENINGS_FILE, OPENINGS_BOOK = range(3)   # then one entry per shipped suite
SPRT_DEFAULT_GAMES = 1000   # the most games an SPRT plays when set up here (the bound is usually met first)


class MatchSetupError(ValueError):
    """A field of the match dialog that cannot be used (the message names it)."""


def match_engines(engines: list[EngineSpec]) -> list[EngineSpec]:
    """The built-in engine at each level, then every other engine the registry found."""
    specs = [builtin_spec(str(level)) for level in BUILTIN_LEVELS]
    return specs + [spec for spec in engines if spec.family != BUILTIN_FAMILY]


class MatchDialog(QDialog):
    def __init__(self, engines: list[EngineSpec], book_move: BookMove | None, notation: Notation,
                 parent: QWidget | None = None, pgn: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Engine match"))
        # The built-in levels are named in the UI's language: the name goes into the match dock, the
        # results table and the PGN headers (it was "Built-in engine level 2" in the Chinese UI).
        self.engines = [self._named(spec) for spec in match_engines(engines)]
        self.book_move, self.notation = book_move, notation
        self._sprt: SprtSettings | None = None
        self._tournament: TournamentSettings | None = None
        self.engine_a, self.engine_b = self._engine_box(0), self._engine_box(min(1, len(self.engines) - 1))
        self._build_mode()
        self._build_time()
        self.games = _spin(1, 100_000, 2)
        self._build_openings()
        self._build_adjudication()
        self.pgn = QLineEdit(pgn or str(Path.home() / DEFAULT_PGN), self)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Start"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = self.form = QFormLayout()
        form.addRow(self.tr("Test"), self.mode)
        form.addRow(self.tr("Engine A"), self.engine_a)
        form.addRow(self.tr("Engine B"), self.engine_b)
        form.addRow(self.tr("Engines"), self.engine_list)
        self.tournament_row = self._row(self.tournament_kind, self.rounds, self.repeat)
        self.sprt_row = self._row(self.elo0, self.elo1, self.alpha, self.beta, self.elo_model)
        form.addRow(self.tr("Tournament"), self.tournament_row)
        form.addRow(self.tr("SPRT"), self.sprt_row)
        form.addRow(self.tr("Time control"), self._row(self.time_kind, self.movetime, self.base, self.increment))
        form.addRow(self.tr("Games"), self.games)
        form.addRow(self.tr("Openings"), self._row(self.opening_kind, self.opening_file, self.browse_openings,
                                                   self.book_plies))
        form.addRow(self.tr("Adjudication"), self._row(self.score_check, self.score_pawns, self.score_moves))
        form.addRow("", self._row(self.length_check, self.length_moves))
        form.addRow(self.tr("Save games to"), self._row(self.pgn, self._browse_button(self._choose_pgn)))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Colours alternate: each opening is played once with each colour."), self))
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._update_enabled()

    # ----------------------------------------------------------------- building
    def _named(self, spec: EngineSpec) -> EngineSpec:
        level = spec.options.get("level") if spec.family == BUILTIN_FAMILY else None
        if level is None:
            return spec
        return dataclasses.replace(spec, name=self.tr("Built-in engine level {0}").format(level))

    def _engine_box(self, index: int) -> QComboBox:
        box = QComboBox(self)
        for spec in self.engines:
            box.addItem(spec.name)
        box.setCurrentIndex(index)
        return box

    def _build_mode(self) -> None:
        self.mode = QComboBox(self)
        self.mode.addItems([self.tr("Match"), self.tr("SPRT"), self.tr("Tournament")])
        self.engine_list = QListWidget(self)
        for index, spec in enumerate(self.engines):
            item = QListWidgetItem(spec.name, self.engine_list)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if index < 3 else Qt.CheckState.Unchecked)
        self.engine_list.setMaximumHeight(5 * self.engine_list.fontMetrics().lineSpacing() + 12)
        self.tournament_kind = QComboBox(self)
        self.tournament_kind.addItems([self.tr("Round-robin"), self.tr("Gauntlet (the first plays the others)")])
        self.rounds = _spin(1, 1000, 1, prefix=self.tr("rounds "))
        self.repeat = QCheckBox(self.tr("Each opening with both colours"), self)
        self.repeat.setChecked(True)
        self.elo0 = _number(-1000, 1000, 0, 1, self.tr("elo0 "))
        self.elo1 = _number(-1000, 1000, 5, 1, self.tr("elo1 "))
        self.alpha = _number(0.001, 0.5, 0.05, 3, self.tr("alpha "))
        self.beta = _number(0.001, 0.5, 0.05, 3, self.tr("beta "))
        self.elo_model = QComboBox(self)
        self.elo_model.addItems([self.tr("normalized Elo"), self.tr("logistic Elo")])
        self.mode.currentIndexChanged.connect(self._mode_changed)

    def _mode_changed(self) -> None:
        if self.mode.currentIndex() == MODE_SPRT and self.games.value() < SPRT_DEFAULT_GAMES:
            self.games.setValue(SPRT_DEFAULT_GAMES)
        self._update_enabled()

    def _build_time(self) -> None:
        self.time_kind = QComboBox(self)
        self.time_kind.addItems([self.tr("Per move"), self.tr("Clock")])
        self.movetime = _spin(10, 600_000, 1000, self.tr(" ms a move"))
        self.base = _seconds(1, 36_000, 60, self.tr(" s"))
        self.increment = _seconds(0, 600, 0.5, self.tr(" s a move"), prefix="+ ")
        self.time_kind.currentIndexChanged.connect(self._update_enabled)

    def _build_openings(self) -> None:
        self.opening_kind = QComboBox(self)
        self.opening_kind.addItems([self.tr("None"), self.tr("From a file"), self.tr("From the opening book")])
        for name in shipped_suites():
            self.opening_kind.addItem(self.tr("Suite: {0}").format(name), name)
        self.opening_file = QLineEdit(self)
        self.opening_file.setPlaceholderText(self.tr("PGN, other record or FEN list"))
        self.browse_openings = self._browse_button(self._choose_openings)
        self.book_plies = _spin(1, 60, 8, self.tr(" plies"))
        self.opening_kind.currentIndexChanged.connect(self._update_enabled)

    def _build_adjudication(self) -> None:
        self.score_check = QCheckBox(self.tr("Win when both engines agree on"), self)
        # pawns, like every score the program shows (the referee counts centipawns)
        self.score_pawns = _seconds(0.1, 1000, 10, self.tr(" pawns"))
        self.score_moves = _spin(1, 100, 3, self.tr(" moves"), prefix=self.tr("for "))
        self.length_check = QCheckBox(self.tr("Draw after"), self)
        self.length_moves = _spin(1, 1000, 150, self.tr(" moves"))
        self.score_check.toggled.connect(self._update_enabled)
        self.length_check.toggled.connect(self._update_enabled)

    def _browse_button(self, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(self.tr("Browse…"), self)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _row(self, *widgets: QWidget) -> QWidget:
        holder = QWidget(self)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            row.addWidget(widget)
        return holder

    def _update_enabled(self) -> None:
        mode = self.mode.currentIndex()
        for widget, shown in ((self.engine_a, mode != MODE_TOURNAMENT), (self.engine_b, mode != MODE_TOURNAMENT),
                              (self.engine_list, mode == MODE_TOURNAMENT),
                              (self.tournament_row, mode == MODE_TOURNAMENT),
                              (self.sprt_row, mode == MODE_SPRT), (self.games, mode != MODE_TOURNAMENT)):
            self.form.setRowVisible(widget, shown)
        self.games.setPrefix(self.tr("at most ") if mode == MODE_SPRT else "")
        clock = self.time_kind.currentIndex() == 1
        self.movetime.setVisible(not clock)
        self.base.setVisible(clock)
        self.increment.setVisible(clock)
        kind = self.opening_kind.currentIndex()
        self.opening_file.setVisible(kind == OPENINGS_FILE)
        self.browse_openings.setVisible(kind == OPENINGS_FILE)
        self.book_plies.setVisible(kind == OPENINGS_BOOK)
        self.score_pawns.setEnabled(self.score_check.isChecked())
        self.score_moves.setEnabled(self.score_check.isChecked())
        self.length_moves.setEnabled(self.length_check.isChecked())

    # ----------------------------------------------------------------- files (non-blocking dialogs)
    def _choose_openings(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Openings"), "", self.tr("Openings ({0});;All files (*)").format(
            "*.pgn *.xqf *.cbr *.cbl *.fen *.epd *.txt"))
        prepare_file_dialog(dialog, FileKind.OPENINGS, self.opening_file.text() or None)
        dialog.fileSelected.connect(self.opening_file.setText)
        dialog.open()
        return dialog

    def _choose_pgn(self) -> QFileDialog:
        dialog = QFileDialog(self, self.tr("Save games to"), self.pgn.text(), "PGN (*.pgn)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("pgn")
        prepare_file_dialog(dialog, FileKind.MATCH_GAMES, self.pgn.text() or None)
        dialog.fileSelected.connect(self.pgn.setText)
        dialog.open()
        return dialog

    # ----------------------------------------------------------------- the result
    def accept(self) -> None:
        try:
            self._settings = self._read_settings()
        except (ValueError, OSError) as exc:
            self.error.setText(str(exc))
            return
        super().accept()

    def settings(self) -> MatchSettings:
        """The match as set up (only after the dialog was accepted); a tournament's encounters replace
        its engines."""
        return self._settings

    def sprt(self) -> SprtSettings | None:
        """The SPRT chosen, None for a plain match or a tournament (after the dialog was accepted)."""
        return self._sprt

    def tournament(self) -> TournamentSettings | None:
        """The tournament chosen, None for a match or an SPRT (after the dialog was accepted)."""
        return self._tournament

    def _read_settings(self) -> MatchSettings:
        mode = self.mode.currentIndex()
        settings = self._read_match()
        self._sprt = self._tournament = None
        if mode == MODE_SPRT:
            model = EloModel.NORMALIZED if self.elo_model.currentIndex() == 0 else EloModel.LOGISTIC
            self._sprt = SprtSettings(self.elo0.value(), self.elo1.value(), self.alpha.value(), self.beta.value(),
                                      model)
            settings = dataclasses.replace(settings, games=settings.games + settings.games % 2)
        elif mode == MODE_TOURNAMENT:
            specs = tuple(self.engines[row] for row in range(self.engine_list.count())
                          if self.engine_list.item(row).checkState() == Qt.CheckState.Checked)
            if len(specs) < 2:
                raise MatchSetupError(self.tr("Tick two or more engines for the tournament."))
            kind = TournamentKind.ROUND_ROBIN if self.tournament_kind.currentIndex() == 0 else TournamentKind.GAUNTLET
            settings = dataclasses.replace(settings, specs=(specs[0], specs[1]), event=self.tr("Engine tournament"))
            self._tournament = TournamentSettings(settings, specs, kind, self.rounds.value(), self.repeat.isChecked())
        return settings

    def _read_match(self) -> MatchSettings:
        pgn = self.pgn.text().strip()
        if not pgn:
            raise MatchSetupError(self.tr("Choose the file the games are saved to."))
        if self.time_kind.currentIndex() == 1:
            time = TimeControl(base_ms=round(self.base.value() * 1000),
                               increment_ms=round(self.increment.value() * 1000))
        else:
            time = TimeControl(movetime_ms=self.movetime.value())
        score_cp = round(self.score_pawns.value() * 100)
        adjudication = Adjudication(score_cp if self.score_check.isChecked() else None,
                                    self.score_moves.value(),
                                    2 * self.length_moves.value() if self.length_check.isChecked() else None)
        specs = (self.engines[self.engine_a.currentIndex()], self.engines[self.engine_b.currentIndex()])
        return MatchSettings(specs=specs, time=time, games=self.games.value(), openings=self._openings(),
                             adjudication=adjudication, pgn=Path(pgn).expanduser(), notation=self.notation,
                             event=self.tr("Engine match"))   # the Event tag in the player's language

    def _openings(self) -> tuple[Opening, ...]:
        kind = self.opening_kind.currentIndex()
        suite = self.opening_kind.currentData()
        if isinstance(suite, str) and shipped_suite(suite) is not None:
            return tuple(load_openings(shipped_suite(suite) or suite))
        if kind == OPENINGS_FILE:
            path = self.opening_file.text().strip()
            errors: list[str] = []
            openings = load_openings(path, errors) if path else []
            if not openings:
                raise MatchSetupError(self.tr("No usable opening in {0}.").format(repr(path[:80]))
                                      + (f" {errors[0]}" if errors else ""))
            return tuple(openings)
        if kind == OPENINGS_BOOK:
            if self.book_move is None:
                raise MatchSetupError(self.tr("No opening book is open (Book › Open book…)."))
            return tuple(book_openings(self.book_move, self.book_plies.value(), (self.games.value() + 1) // 2))
        return ()


def _spin(low: int, high: int, value: int, suffix: str = "", prefix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setSuffix(suffix)
    box.setPrefix(prefix)
    return box


def _number(low: float, high: float, value: float, decimals: int, prefix: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setSingleStep(10 ** -decimals if decimals > 1 else 1)
    box.setValue(value)
    box.setPrefix(prefix)
    return box


def _seconds(low: float, high: float, value: float, suffix: str, prefix: str = "") -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(1)
    box.setValue(value)
    box.setSuffix(suffix)
    box.setPrefix(prefix)
    return box
