"""The new-game dialog: side, opponent, strength, time control and start position. It is opened with
``open()`` and reports through ``accepted``; ``setup()`` reads the choice (tests fill it directly)."""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QLabel, QLineEdit, QSizePolicy, QSpinBox, QStackedWidget,
                               QVBoxLayout, QWidget)

from xiangqi.core import Color, FenError, Position
from xiangqi.engine.builtin.calibration import approximate_elo
from xiangqi.engine.registry import EngineSpec, builtin_engine_spec, load_families, strongest_engine
from xiangqi.game.clock import TimeControl, TimeControlKind
from xiangqi.play.engine_list import engine_display_name
from xiangqi.ui.common.dialog_fit import fit_to_screen, scrolling, show_whole
from xiangqi.game.setup import GameSetup, Strength, is_builtin


def seconds_box(value: float, maximum: float, suffix: str, decimals: int = 1) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setDecimals(decimals)
    box.setRange(0, maximum)
    box.setValue(value)
    box.setSuffix(suffix)
    return box


class NewGameDialog(QDialog):
    def __init__(self, engines: list[EngineSpec], initial: GameSetup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.engines = engines
        self.player = initial.player   # set in Settings › Game, kept for the game's headers
        page = QWidget(self)   # scrolls on a small screen with larger text, the buttons staying in view
        sections = QVBoxLayout(page)
        sections.setContentsMargins(0, 0, 0, 0)
        sections.addWidget(self._players_box(initial, page))
        sections.addWidget(self._time_box(initial.time_control, page))
        sections.addWidget(self._start_box(None, page))   # a new game starts from the opening unless a FEN is pasted
        layout = QVBoxLayout(self)
        self.area = scrolling(page, self)
        layout.addWidget(self.area)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._update_strength()
        self._check_fen()
        show_whole(self, self.area)

    # ----------------------------------------------------------------- sections
    def _players_box(self, initial: GameSetup, page: QWidget) -> QGroupBox:
        box = QGroupBox(self.tr("Players"), page)
        form = QFormLayout(box)
        self.side = QComboBox(box)
        self.side.addItem(self.tr("Red (moves first)"), Color.RED)
        self.side.addItem(self.tr("Black"), Color.BLACK)
        self.side.addItem(self.tr("Neither: the engine plays both sides"), None)
        self.side.setCurrentIndex(2 if initial.engine_both else 0 if initial.human is Color.RED else 1)
        self.opponent = QComboBox(box)
        for spec in self.engines:
            self.opponent.addItem(engine_display_name(spec), spec)
        self.opponent.addItem(self.tr("Nobody (two players on this board)"), None)
        self.opponent.setCurrentIndex(self._engine_index(initial.engine))
        self.opponent.currentIndexChanged.connect(self._update_strength)
        self.strongest = QLabel(self._strongest_text(), box)   # which engine to pick for a real fight
        self.level = QSpinBox(box)
        self.level.setRange(1, 5)
        self.level.setValue(initial.strength.level or 3)
        self.level_elo = QLabel(box)   # the level's measured strength (engines/builtin.md)
        self.level.valueChanged.connect(self._show_level_elo)
        self._show_level_elo(self.level.value())
        self.depth_box = QSpinBox(box)
        self.depth_box.setRange(0, 99)
        self.depth_box.setSpecialValueText(self.tr("no limit"))
        self.depth_box.setValue(initial.strength.depth or 0)
        self.limit_elo = QCheckBox(self.tr("Limit strength to Elo (if the engine supports it)"), box)
        self.elo = QSpinBox(box)
        self.elo.setRange(500, 3000)
        self.elo.setSingleStep(50)
        self.elo.setValue(initial.strength.elo or 1500)
        self.limit_elo.setChecked(initial.strength.elo is not None)
        self.limit_elo.toggled.connect(self._update_strength)
        for label, widget in ((self.tr("You play"), self.side), (self.tr("Opponent"), self.opponent),
                              (self.tr("Level (1-5)"), self.level), ("", self.level_elo),
                              (self.tr("Depth"), self.depth_box),
                              ("", self.limit_elo), (self.tr("Elo"), self.elo)):
            form.addRow(label, widget)
            if widget is self.opponent:
                form.addRow(self.strongest)   # the whole width: a wrapped line a form would squeeze
        return box

    def _strongest_text(self) -> str:
        """Which engine found is the strongest (families.toml's ranks), and what the built-in one is for. Two
        short lines, not wrapped: a form squeezes a wrapped label."""
        strongest = strongest_engine(self.engines, load_families())
        builtin = self.tr("The built-in engine is always there, with measured levels")
        if strongest is None or is_builtin(strongest):
            return self.tr("Only the built-in engine was found") + "\n" + builtin
        return self.tr("Strongest: {0}").format(engine_display_name(strongest)) + "\n" + builtin

    def _show_level_elo(self, level: int) -> None:
        elo = approximate_elo(level)
        self.level_elo.setText(self.tr("about {0} Elo (measured against Fairy-Stockfish)").format(elo) if elo else "")

    def _time_box(self, control: TimeControl, page: QWidget) -> QGroupBox:
        box = QGroupBox(self.tr("Time control"), page)
        form = QFormLayout(box)
        self.time_kind = QComboBox(box)
        # The same words as the settings dialog's (settings_dialog.py) for the same time controls.
        for text, kind in ((self.tr("No time limit"), TimeControlKind.NONE),
                           (self.tr("Fixed time per engine move"), TimeControlKind.MOVE),
                           (self.tr("Game clock"), TimeControlKind.CLOCK)):
            self.time_kind.addItem(text, kind)
        self.time_kind.setCurrentIndex(self.time_kind.findData(control.kind))
        self.move_time = seconds_box(control.move_time_ms / 1000, 3600, self.tr(" s"))
        self.total = seconds_box(control.total_ms / 60000, 600, self.tr(" min"))
        self.increment = seconds_box(control.increment_ms / 1000, 600, self.tr(" s"))
        self.moves_per_period = QSpinBox(box)
        self.moves_per_period.setRange(0, 200)
        self.moves_per_period.setSpecialValueText(self.tr("whole game"))
        self.moves_per_period.setValue(control.moves_per_period)
        self.byoyomi = seconds_box(control.byoyomi_ms / 1000, 600, self.tr(" s"))
        self.time_pages = QStackedWidget(box)
        self.time_pages.addWidget(QLabel(self.tr("The engine thinks about 3 s per move."), box))
        self.time_pages.addWidget(self._form_page((self.tr("Seconds per engine move"), self.move_time)))
        self.time_pages.addWidget(self._form_page(
            (self.tr("Clock: minutes per side"), self.total), (self.tr("Clock: increment (seconds)"), self.increment),
            (self.tr("Clock: moves per period (0 = whole game)"), self.moves_per_period),
            (self.tr("Clock: byoyomi (seconds)"), self.byoyomi)))
        self.time_kind.currentIndexChanged.connect(self._show_time_page)
        self._show_time_page(self.time_kind.currentIndex())
        form.addRow(self.tr("Kind"), self.time_kind)
        form.addRow(self.time_pages)
        return box

    def _show_time_page(self, index: int) -> None:
        """The time control's page, as tall as its own rows (a stack is as tall as its tallest page: the
        clock's four rows left a blank under the other kinds); the open dialog grows to show it whole."""
        self.time_pages.setCurrentIndex(index)
        for number in range(self.time_pages.count()):
            policy = QSizePolicy.Policy.Preferred if number == index else QSizePolicy.Policy.Ignored
            page = self.time_pages.widget(number)
            if page is not None:
                page.setSizePolicy(policy, policy)
        self.time_pages.adjustSize()
        if self.isVisible():
            show_whole(self, self.area)
            fit_to_screen(self)

    @staticmethod
    def _form_page(*rows: tuple[str, QWidget]) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        for label, widget in rows:
            form.addRow(label, widget)
        return page

    def _start_box(self, fen: str | None, page: QWidget) -> QGroupBox:
        box = QGroupBox(self.tr("Start position"), page)
        form = QFormLayout(box)
        self.fen = QLineEdit(fen or "", box)
        self.fen.setPlaceholderText(self.tr("empty: the initial position; or paste a FEN"))
        self.fen.textChanged.connect(self._check_fen)
        self.fen_error = QLabel(box)
        self.fen_error.setWordWrap(True)
        self.fen_error.setStyleSheet("color: #b00020")
        form.addRow(self.tr("FEN"), self.fen)
        form.addRow(self.fen_error)
        return box

    # ----------------------------------------------------------------- behaviour
    def _engine_index(self, spec: EngineSpec | None) -> int:
        if spec is None:
            return self.opponent.count() - 1
        for index, candidate in enumerate(self.engines):
            if candidate == spec or (is_builtin(spec) and is_builtin(candidate)):
                return index
        return 0

    def _update_strength(self) -> None:
        spec = self.opponent.currentData()
        builtin = is_builtin(spec)
        self.level.setEnabled(builtin)
        self.level_elo.setEnabled(builtin)
        self.depth_box.setEnabled(spec is not None and not builtin)
        self.limit_elo.setEnabled(spec is not None and not builtin)
        self.elo.setEnabled(self.limit_elo.isEnabled() and self.limit_elo.isChecked())

    def _check_fen(self) -> None:
        text = self.fen.text().strip()
        error = ""
        if text:
            try:
                Position.from_fen(text)
            except FenError as exc:
                error = str(exc)
        self.fen_error.setText(error)
        self.fen_error.setVisible(bool(error))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not error)

    def setup(self) -> GameSetup:
        """The game the dialog describes now."""
        spec: EngineSpec | None = self.opponent.currentData()
        builtin = is_builtin(spec)
        if builtin:
            spec = builtin_engine_spec(self.level.value())
        strength = Strength(level=self.level.value() if builtin else None,
                            depth=(self.depth_box.value() or None) if spec and not builtin else None,
                            elo=self.elo.value() if self.elo.isEnabled() else None)
        control = TimeControl(self.time_kind.currentData(), round(self.move_time.value() * 1000),
                              round(self.total.value() * 60000), round(self.increment.value() * 1000),
                              self.moves_per_period.value(), round(self.byoyomi.value() * 1000))
        fen = self.fen.text().strip() or None
        side: Color | None = self.side.currentData()
        return GameSetup(human=side or Color.RED, engine=spec, strength=strength, time_control=control,
                         start_fen=fen, engine_both=side is None and spec is not None, player=self.player)
